// CHESS.COM on the processors before the Pentium: a 386 and a 486 without CPUID's
// time-stamp counter (DOSBox's cputype=386 and 486_slow, where rdtsc is an invalid
// opcode). A sample of the batch jobs runs in native DOSBox, the game in js-dos; the
// answers come from published numbers and the oracle. The hash table in extended memory
// (XMS and unreal mode) on both, with XMS and without, and so the mate logic's table of
// proven results.
import { describe, expect, test } from "vitest";
import { JOBS_FILE, parseResult, RESULT_FILE } from "../ts-harness/core/asm-engine.ts";
import { CHESS, program } from "../ts-harness/core/build.ts";
import { KIWIPETE } from "../ts-harness/fixtures/perft.ts";
import { BENCH_PROBLEMS } from "../ts-harness/fixtures/mate-bench.ts";
import { dosboxInstalled, runDosNative } from "../ts-harness/core/dosbox-native.ts";
import { GameDriver } from "../ts-harness/core/game-driver.ts";
import {
  findMate,
  isMateIn,
  legalMoves,
  moveToUci,
  parseUci,
  toFen,
} from "../ts-harness/oracle/index.ts";
import { boardOf, play, position, readAs, START } from "./game-oracle.ts";

const dosboxReady = dosboxInstalled();
if (!dosboxReady)
  console.warn("386/486 batch tests skipped: DOSBox is missing and setup.mjs could not install it");

const CPUS = [
  { name: "386", conf: "harness-386.conf" },
  { name: "486", conf: "harness-486.conf" },
] as const;

const BACK_RANK = "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1";
const OPEN_GAME = "r1bqkbnr/pppp1ppp/2n5/4p3/3PP3/5N2/PPP2PPP/RNBQKB1R b KQkq - 0 3";
const BIOS_TICK_MS = 1000 / 18.2065;
const BEST_MS = 200;

/** Runs CHESS.COM's batch jobs on the configured machine in native DOSBox, with any
 *  further files in its folder, and returns its result file's text; the program must
 *  end with exit code 0 within timeoutMs. */
async function runJobs(
  conf: string,
  jobs: readonly string[],
  timeoutMs: number,
  more: Record<string, string> = {},
): Promise<string> {
  const r = await runDosNative({
    program: "CHESS.COM",
    programBytes: await program(CHESS),
    args: `/jobs ${JOBS_FILE} ${RESULT_FILE}`,
    files: {
      [JOBS_FILE]: jobs.join("\r\n") + "\r\n",
      [RESULT_FILE]: "FAIL native DOSBox: the program did not write its result file\r\n",
      ...more,
    },
    conf,
    timeoutMs,
  });
  expect(r.exitCode).toBe(0);
  return Buffer.from(r.files.get(RESULT_FILE) ?? []).toString("latin1");
}

describe.skipIf(!dosboxReady).each(CPUS)("CHESS.COM on a $name in native DOSBox", ({ conf }) => {
  test("perft, mate and best answer, in real time, and the result lines say there is no rdtsc", async () => {
    const jobs = [
      `perft 3 ${START}`,
      `perft 2 ${KIWIPETE}`,
      `mate 2 ${BACK_RANK}`,
      `best ${BEST_MS} ${OPEN_GAME}`,
    ];
    const [perftStart, perftKiwi, mate, best] = parseResult(
      await runJobs(conf, jobs, 30_000),
      jobs,
    ).map((g) => g.lines[0]!);
    // Published perft numbers (Chess Programming Wiki).
    expect(perftStart!.slice(0, 3)).toEqual(["perft", "3", "8902"]);
    expect(perftKiwi!.slice(0, 3)).toEqual(["perft", "2", "2039"]);
    const mateAnswer = findMate(position(BACK_RANK), 2)!;
    expect(mate!.slice(0, 2)).toEqual(["mate", String(mateAnswer.length)]);
    expect(mateAnswer.moves.map(moveToUci)).toContain(mate![2]);
    const open = position(OPEN_GAME);
    expect(legalMoves(open).map(moveToUci)).toContain(best![1]);
    // (best may end with `limit time` after them: its last iteration stopped at the budget)
    for (const line of [perftStart, perftKiwi, mate, best])
      expect(line!.slice(line!.indexOf("tsc"), line!.indexOf("tsc") + 2)).toEqual(["tsc", "none"]);
    // Without rdtsc the budget is time: at most BEST_MS of the emulated machine's time,
    // which the BIOS ticks measure (deterministic at fixed cycles).
    const ticks = Number(best![best!.indexOf("ticks") + 1]);
    expect(ticks * BIOS_TICK_MS).toBeLessThan(BEST_MS + 2 * BIOS_TICK_MS);
  }, 40_000);
});

const MEMORIES = [
  { name: "386 with XMS", conf: "harness-386.conf", place: ["extended"] },
  { name: "486 with XMS", conf: "harness-486.conf", place: ["extended"] },
  { name: "386 without XMS", conf: "harness-386-noxms.conf", place: ["conventional", "no-xms"] },
  { name: "486 without XMS", conf: "harness-486-noxms.conf", place: ["conventional", "no-xms"] },
  { name: "386 of 2 MiB", conf: "harness-386-2mib.conf", place: ["conventional", "no-memory"] },
] as const;

describe.skipIf(!dosboxReady).each(MEMORIES)(
  "the hash table on a $name in native DOSBox",
  ({ conf, place }) => {
    test("hash 16 takes extended memory where XMS is and stays in 128 KiB where not; a second search of the same position finds the first's results in it", async () => {
      const jobs = [
        "hash 16",
        `position ${OPEN_GAME}`,
        "go depth 6",
        "go depth 6",
        "hash 0",
        `position ${OPEN_GAME}`,
        "go depth 6",
      ];
      const answers = parseResult(await runJobs(conf, jobs, 60_000), jobs).map((g) =>
        g.lines.at(-1)!,
      );
      const [size, , first, second, conventional, , third] = answers;
      // DOSBox's 16 MiB machine has less than 16 MiB free: the largest power of two that is.
      const kib = Number(size![1]);
      if (place[0] === "extended") expect([1024, 2048, 4096, 8192]).toContain(kib);
      else expect(kib).toBe(128);
      expect(size!.slice(2)).toEqual(["KiB", ...place]);
      expect(conventional!.slice(1)).toEqual(["128", "KiB", "conventional"]);
      const legal = legalMoves(position(OPEN_GAME)).map(moveToUci);
      const nodes = (line: string[]) => Number(line[line.indexOf("nodes") + 1]);
      for (const line of [first, second, third]) expect(legal).toContain(line![1]);
      expect(nodes(second!)).toBeLessThan(nodes(first!) / 2);
    }, 70_000);
  },
);

/** A published problem of the mate benchmark's set, by its collection's line. */
function problem(line: number) {
  const found = BENCH_PROBLEMS.find((p) => p.source.includes(`matetrack.epd, line ${line} `));
  if (!found) throw new Error(`no problem of matetrack.epd's line ${line} in the set`);
  return found;
}

// Two published mates in 4 (vondele/matetrack, from Chest's ChestUCI.epd).
const MATE_A = problem(49);
const MATE_B = problem(58);

/** The positions a `mate` result line says its search visited. */
function mateNodes(line: readonly string[]): number {
  return Number(line[line.indexOf("nodes") + 1]);
}

describe.skipIf(!dosboxReady).each(MEMORIES)(
  "the mate table on a $name in native DOSBox",
  ({ conf }) => {
    test("mates in 4 answer with their published length and a key the oracle proves, and a mate asked again after another costs what it cost the first time", async () => {
      const jobs = [MATE_A, MATE_B, MATE_A].map((p) => `mate ${p.length} ${p.fen}`);
      const [first, other, again] = parseResult(await runJobs(conf, jobs, 60_000), jobs).map(
        (g) => g.lines[0]!,
      );
      for (const [line, p] of [
        [first, MATE_A],
        [other, MATE_B],
        [again, MATE_A],
      ] as const) {
        expect(line.slice(0, 2)).toEqual(["mate", String(p.length)]);
        const pos = position(p.fen);
        const move = parseUci(pos, line[2]!);
        expect(move.ok && isMateIn(pos, move.move, p.length)).toBe(true);
      }
      // Each mate job forgets the table (in extended memory by its salt, not by clearing).
      expect(mateNodes(again!)).toBe(mateNodes(first!));
    }, 70_000);
  },
);

describe.skipIf(!dosboxReady)("the mate table in native DOSBox", () => {
  test("in extended memory a mate in 4 visits fewer positions than in the 64 KiB segment, with the same key", async () => {
    const jobs = [`mate ${MATE_B.length} ${MATE_B.fen}`];
    const [extended, segment] = await Promise.all(
      ["harness-386.conf", "harness-386-noxms.conf"].map(
        async (conf) => parseResult(await runJobs(conf, jobs, 60_000), jobs)[0]!.lines[0]!,
      ),
    );
    expect(extended!.slice(0, 3)).toEqual(segment!.slice(0, 3));
    expect(mateNodes(extended!)).toBeLessThan(mateNodes(segment!));
  }, 70_000);
});

describe.skipIf(!dosboxReady).each(CPUS)(
  "the watch file on a $name in native DOSBox",
  ({ conf }) => {
    // Without rdtsc the watch job's file is read before each iteration only: a `1` there
    // stops the thinking as a key does, between iterations too.
    async function jobsWithStop(jobs: string[]): Promise<string[]> {
      return (await runJobs(conf, jobs, 30_000, { "STOP.TXT": "1" })).split("\r\n");
    }

    test("go infinite stops after its first iteration with limit key", async () => {
      const lines = await jobsWithStop(["position startpos", "watch STOP.TXT", "go infinite"]);
      expect(lines.filter((l) => l.startsWith("3 info depth "))).toHaveLength(1);
      expect(lines.find((l) => l.startsWith("3 bestmove "))).toMatch(/ limit key$/);
    }, 40_000);

    test("selfplay plays the one move so stopped and ends with key", async () => {
      const lines = await jobsWithStop([
        "position startpos",
        "watch STOP.TXT",
        "selfplay 5 infinite",
      ]);
      expect(lines.filter((l) => l.startsWith("3 ply "))).toHaveLength(1);
      expect(lines.find((l) => l.startsWith("3 selfplay "))).toMatch(/^3 selfplay 1 key /);
    }, 40_000);
  },
);

describe.each(CPUS)("the game on a $name under js-dos", ({ conf }) => {
  test("starts, takes the player's move and answers with a legal move at level 3 (a second a move)", async () => {
    const game = await GameDriver.start("", { conf, timeoutMs: 50_000, level: 3 });
    try {
      await game.waitView("the board", (v) => v.boardFen === boardOf(START));
      await game.type("e2e4");
      await game.press("enter");
      const pos = position(START);
      play(pos, "e2e4");
      const log = await game.waitLog("the computer's reply", (l) => l.moves.length === 2);
      expect(legalMoves(pos).map(moveToUci)).toContain(log.moves[1]);
      play(pos, log.moves[1]!);
      expect(log.fen).toBe(toFen(pos));
      await game.waitView("the reply on the screen", (v) => v.boardFen === boardOf(toFen(pos)));
    } finally {
      await game.close();
    }
  }, 60_000);
});

// The game asks for GAME_HASH_MIB (game/game.inc) of extended memory at the start, and the
// move list's last line, while no move fills it, says what it has.
const GAME_MEMORIES = [
  { name: "386 with XMS", conf: "harness-386.conf", says: "Hash 4 MiB" },
  { name: "386 without XMS", conf: "harness-386-noxms.conf", says: "Hash 128 KiB" },
] as const;

describe.each(GAME_MEMORIES)("the game on a $name under js-dos", ({ conf, says }) => {
  test(`says "${says}" on the move list's last line, until the moves fill it`, async () => {
    const game = await GameDriver.start("", { conf, timeoutMs: 50_000, level: 1 });
    try {
      await game.waitView("the board", (v) => v.boardFen === boardOf(START));
      expect(game.layout.constants.get("GAME_HASH_MIB")).toBe(4);
      const last = game.panel("PANEL_MOVES") + game.panel("MOVE_LIST_LINES") - 1;
      expect(readAs((await game.panelLine(last)).trimEnd(), says)).toBe(says);
      expect(await game.panelLine(last - 1)).toBe("");
    } finally {
      await game.close();
    }
  }, 60_000);
});
