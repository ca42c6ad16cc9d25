// The thinking jobs of the batch (asm/batch/PROTOCOL.md): `position` keeps a position and its
// moves for the `go` jobs after it; `go` thinks within its limits, writes an info line
// an iteration (on disk at once) and a bestmove line; mate and exchange stop at a limit
// and say so. Moves are checked with the oracle; times with the emulated clock (BIOS
// ticks and the instruction count, both exact at fixed cycles).
import { beforeAll, describe, expect, test } from "vitest";
import {
  JOBS_FILE,
  parseResult,
  RESULT_FILE,
  runBatch,
  type JobLines,
} from "../ts-harness/core/asm-engine.ts";
import { assembleVariant, chessProgram, CHESS, program } from "../ts-harness/core/build.ts";
import { KIWIPETE } from "../ts-harness/fixtures/perft.ts";
import {
  fenPosition,
  findMate,
  legalMoves,
  makeMove,
  moveToUci,
  parseUci,
} from "../ts-harness/oracle/index.ts";
import { DosSession } from "../ts-harness/core/runner.ts";
import { play, position, START } from "./game-oracle.ts";

/** harness.conf: fixed 100000 cycles, so an emulated ms is 100000 instructions. */
const INSTRUCTIONS_PER_MS = 100_000;
const BIOS_TICK_MS = 1000 / 18.2065;
/** A knight dance that repeats, 18 times over: 72 plies, a position line of 384
 *  characters, more than the 255 a job line could have before. */
const DANCE = Array.from({ length: 18 }, () => "g1f3 g8f6 f3g1 f6g8").join(" ");

const JOBS = [
  "go depth 2", // 1: no position yet
  "position startpos moves e2e4 e7e5 g1f3",
  "go depth 4",
  "go nodes 3000",
  "position startpos moves e2e4 e2e4", // 5: the second e2e4 is illegal
  "go movetime 300", // still after 1.e4 e5 2.Nf3
  "go wtime 5000 btime 900 winc 0 binc 0",
  "go depth 3 frobnicate",
  `position ${KIWIPETE} moves e2a6 b4c3`,
  "go budget 200",
  `position startpos moves ${DANCE}`,
  "go depth 2",
  `mate 5 movetime 500 ${KIWIPETE}`,
  `exchange 4 nodes 1000 ${KIWIPETE}`,
  "position 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
  "go mate 2",
  `position fen ${START}`, // 17: a word before the FEN
  "position 8/8/8 w - - moves e2e4", // 18: a bad FEN with moves after it
  "moves 8/8/8 w - -",
  "go depth 1", // 20: still on job 15's position
];

let groups: JobLines[];
beforeAll(async () => {
  groups = await runBatch(JOBS, { timeoutMs: 110_000 });
}, 120_000);

const lines = (job: number, verb: string) => groups[job - 1]!.lines.filter((w) => w[0] === verb);
const only = (job: number) => {
  expect(groups[job - 1]!.lines.filter((w) => w[0] !== "info")).toHaveLength(1);
  return groups[job - 1]!.lines.at(-1)!;
};
const field = (words: string[], name: string) => {
  const i = words.indexOf(name);
  return i > 0 ? words[i + 1] : undefined;
};

function legalUci(fen: string, moves: string[]): string[] {
  const pos = position(fen);
  for (const m of moves) play(pos, m);
  return legalMoves(pos).map(moveToUci);
}

describe("position and go", () => {
  test("go before any position is an error", () => {
    expect(only(1).slice(0, 2)).toEqual(["error", "position"]);
  });

  test("position startpos with moves answers ok, and go depth 4 reports depths 1 to 4 and a legal move", () => {
    expect(only(2)).toEqual(["position", "ok"]);
    const infos = lines(3, "info");
    expect(infos.map((w) => Number(field(w, "depth")))).toEqual([1, 2, 3, 4]);
    for (const w of infos) {
      expect(w.slice(0, 1)).toEqual(["info"]);
      expect(field(w, "score")).toMatch(/^(cp|mate)$/);
      expect(Number(field(w, "nodes"))).toBeGreaterThan(0);
      expect(Number(field(w, "time"))).toBeGreaterThanOrEqual(0);
    }
    const best = only(3);
    expect(best[0]).toBe("bestmove");
    expect(legalUci(START, ["e2e4", "e7e5", "g1f3"])).toContain(best[1]);
    expect(field(infos.at(-1)!, "pv")).toBe(best[1]);
    expect(field(best, "depth")).toBe("4");
  });

  test("an info line's pv is the principal line: from depth 3 more than one move, each legal where the oracle plays it", () => {
    const infos = lines(3, "info").filter((w) => Number(field(w, "depth")) >= 3);
    expect(infos.length).toBeGreaterThan(0);
    for (const w of infos) {
      const pv = w.slice(w.indexOf("pv") + 1);
      expect(pv.length, w.join(" ")).toBeGreaterThan(1);
      expect(pv.length).toBeLessThanOrEqual(6);
      const pos = fenPosition(START);
      for (const uci of ["e2e4", "e7e5", "g1f3", ...pv]) {
        const move = parseUci(pos, uci);
        expect(move.ok, `${uci} in ${w.join(" ")}`).toBe(true);
        if (move.ok) makeMove(pos, move.move);
      }
    }
  });

  test("go nodes stops at the node limit and says so", () => {
    const best = only(4);
    expect(field(best, "limit")).toBe("nodes");
    expect(Number(field(best, "nodes"))).toBeLessThanOrEqual(3000);
    expect(legalUci(START, ["e2e4", "e7e5", "g1f3"])).toContain(best[1]);
  });

  test("an illegal move in a position job is named, and the position before it stays", () => {
    expect(only(5)).toEqual([
      "error",
      "move",
      "not",
      "a",
      "legal",
      "move",
      "in",
      "the",
      "position:",
      "e2e4",
    ]);
    const best = only(6);
    expect(legalUci(START, ["e2e4", "e7e5", "g1f3"])).toContain(best[1]);
  });

  test("a bad FEN in a position job gets the readable error a moves job gives it, and the position before it stays", () => {
    const printable = (words: string[]) => words.every((w) => /^[\x21-\x7e]+$/.test(w));
    const fenError = only(19);
    expect(fenError[0]).toBe("error");
    expect(printable(fenError)).toBe(true);
    expect(printable(only(18))).toBe(true);
    expect(only(18).slice(0, 2)).toEqual(fenError.slice(0, 2));
    expect(printable(only(17))).toBe(true);
    expect(only(17).slice(0, 2)).toEqual(["error", "fields"]); // seven words: PROTOCOL.md wants 4 or 6
    expect(legalUci("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", [])).toContain(only(20)[1]);
  });

  test("go movetime keeps to its time in emulated milliseconds", () => {
    const best = only(6);
    expect(Number(field(best, "time"))).toBeLessThanOrEqual(300);
    expect(Number(field(best, "tsc"))).toBeLessThanOrEqual(310 * INSTRUCTIONS_PER_MS);
  });

  test("in the clock mode the side to move (black, 900 ms left) spends well under its time", () => {
    const best = only(7);
    expect(legalUci(START, ["e2e4", "e7e5", "g1f3"])).toContain(best[1]);
    expect(Number(field(best, "time"))).toBeLessThan(900 / 2);
  });

  test("a word that is no limit is an error naming it", () => {
    expect(only(8).slice(0, 2)).toEqual(["error", "arg"]);
    expect(only(8).at(-1)).toBe("frobnicate");
  });

  test("a position from a FEN with moves is taken, and go within a budget plays a legal move there", () => {
    expect(only(9)).toEqual(["position", "ok"]);
    const best = only(10);
    expect(legalUci(KIWIPETE, ["e2a6", "b4c3"])).toContain(best[1]);
    expect(Number(field(best, "tsc"))).toBeLessThanOrEqual(200 * 3000 * 1.1 + 100_000);
  });

  test("a position line of 72 plies is taken whole", () => {
    expect(only(11)).toEqual(["position", "ok"]);
    expect(legalUci(START, DANCE.split(" "))).toContain(only(12)[1]);
  });

  test("mate 5 on Kiwipete under movetime 500 stops within it and says so", () => {
    const line = only(13);
    expect(line.slice(0, 3)).toEqual(["stopped", "mate", "5"]);
    expect(field(line, "limit")).toBe("time");
    expect(Number(field(line, "ticks")) * BIOS_TICK_MS).toBeLessThanOrEqual(500 + 2 * BIOS_TICK_MS);
  });

  test("exchange under a node limit stops and says so", () => {
    const line = only(14);
    expect(line.slice(0, 3)).toEqual(["stopped", "exchange", "4"]);
    expect(field(line, "limit")).toBe("nodes");
  });

  test("go mate finds the back-rank mate", () => {
    expect(only(16).slice(0, 5)).toEqual(["bestmove", "d1d8", "score", "mate", "1"]);
  });
});

describe("a key stops go infinite", () => {
  test("the info lines reach the disk while it thinks; a key then gives the best move so far", async () => {
    const session = await DosSession.start({
      program: "CHESS.COM",
      programBytes: await program(CHESS),
      args: `/jobs ${JOBS_FILE} ${RESULT_FILE}`,
      files: { [JOBS_FILE]: `position ${KIWIPETE}\r\ngo infinite\r\n` },
      timeoutMs: 40_000,
    });
    try {
      await session.waitUntil("an info line of depth 3 on disk", async () => {
        const text = Buffer.from((await session.readFile(RESULT_FILE)) ?? []).toString("latin1");
        return /^2 info depth 3 /m.test(text);
      });
      session.press("space");
      const r = await session.finish();
      const [, go] = parseResult(Buffer.from(r.files.get(RESULT_FILE)!).toString("latin1"), [
        `position ${KIWIPETE}`,
        "go infinite",
      ]);
      const best = go!.lines.at(-1)!;
      expect(best[0]).toBe("bestmove");
      expect(field(best, "limit")).toBe("key");
      expect(legalUci(KIWIPETE, [])).toContain(best[1]);
    } finally {
      await session.close();
    }
  }, 50_000);
});

describe("the last iteration, cut off by the budget", () => {
  // A position of a game against stockfish: the search's depth 6 chose a4b3, which lets
  // white mate in five (Qh6+); the depth 7 iteration that the budget cuts off finds it
  // out, and a later move beats a4b3 in its null window before the budget runs out.
  const FEN = "4rk2/2p1np2/p3pp1p/3pP3/b2b2P1/1R1B3P/3Q4/7K b - - 1 34";
  let cut: JobLines[];
  beforeAll(async () => {
    cut = await runBatch(["newgame", `position ${FEN}`, "go budget 12000"], {
      timeoutMs: 60_000,
    });
  }, 70_000);

  test("a move that walks into a mate is not played when a move searched after it beat it, though the budget cut that move's full search off", () => {
    const words = cut[2]!.lines;
    const infos = words.filter((w) => w[0] === "info");
    const last = words.at(-1)!;
    const finished = infos.at(-1)!;
    expect(last.at(-2)).toBe("limit");
    expect(field(last, "depth"), "the bestmove's depth is the last finished iteration's").toBe(
      field(finished, "depth"),
    );
    const chosen = field(finished, "pv")!;
    const pos = fenPosition(FEN);
    const move = parseUci(pos, chosen);
    if (!move.ok) throw new Error(`${chosen}: ${move.error.message}`);
    makeMove(pos, move.move);
    expect(findMate(pos, 5), `after ${chosen} white has a mate in five`).not.toBeNull();
    expect(legalUci(FEN, [])).toContain(last[1]);
    expect(last[1]).not.toBe(chosen);
  }, 120_000);
});

describe("the hash table kept between go jobs", () => {
  const KEEP = [
    `position ${KIWIPETE}`,
    "go depth 5",
    "go depth 5", // 3: the table the first left
    "newgame",
    "go depth 5", // 5: afresh
    `best 65535 depth 5 ${KIWIPETE}`, // 6: always afresh
    "newgame now",
    "wait later",
  ];
  let keep: JobLines[];
  beforeAll(async () => {
    keep = await runBatch(KEEP, { timeoutMs: 60_000 });
  }, 70_000);
  const nodes = (job: number) => Number(field(keep[job - 1]!.lines.at(-1)!, "nodes"));

  test("a second go on the same position searches fewer nodes than the first", () => {
    expect(nodes(3)).toBeLessThan(nodes(2));
  });

  test("after newgame go searches exactly the first search's nodes, as the best job does", () => {
    expect(keep[3]!.lines).toEqual([["newgame", "ok"]]);
    expect(nodes(5)).toBe(nodes(2));
    expect(nodes(6)).toBe(nodes(2));
  });

  test("newgame and wait take no words", () => {
    expect(keep[6]!.lines[0]!.slice(0, 2)).toEqual(["error", "arg"]);
    expect(keep[6]!.lines[0]!.at(-1)).toBe("now");
    expect(keep[7]!.lines[0]!.slice(0, 2)).toEqual(["error", "arg"]);
  });
});

describe("the wait job", () => {
  test("waits for the jobs the host adds, drops a key pressed meanwhile, and runs them on the table kept", async () => {
    const first = ["position startpos moves e2e4", "go depth 4", "wait"];
    const session = await DosSession.start({
      program: "CHESS.COM",
      programBytes: await program(CHESS),
      args: `/jobs ${JOBS_FILE} ${RESULT_FILE}`,
      files: { [JOBS_FILE]: first.join("\r\n") + "\r\n", [RESULT_FILE]: "" },
      timeoutMs: 40_000,
    });
    try {
      await session.waitUntil("the wait job's line on disk", async () => {
        const text = Buffer.from((await session.readFile(RESULT_FILE)) ?? []).toString("latin1");
        return /^3 wait ok/m.test(text);
      });
      session.press("space");
      await new Promise((r) => setTimeout(r, 500));
      expect(await session.programEnded()).toBe(false);
      const all = [...first, "go depth 4"];
      await session.writeFile(JOBS_FILE, all.join("\r\n") + "\r\n");
      const r = await session.finish();
      const text = Buffer.from(r.files.get(RESULT_FILE)!).toString("latin1");
      const [, go, wait, again] = parseResult(text, all);
      expect(wait!.lines).toEqual([["wait", "ok"]]);
      const best = again!.lines.at(-1)!;
      expect(best[0]).toBe("bestmove");
      expect(field(best, "depth")).toBe("4");
      expect(field(best, "limit")).toBeUndefined();
      expect(Number(field(best, "nodes"))).toBeLessThan(Number(field(go!.lines.at(-1)!, "nodes")));
      expect(text).toMatch(/^end 4\r?$/m);
    } finally {
      await session.close();
    }
  }, 50_000);
});

// The limit words' numbers at and past 2^31 and 2^32, and clock words that bound
// nothing (asm/batch/PROTOCOL.md, Limits): a clock of up to 2^32 - 1 ms is a clock, a
// number past it is the `arg` error, and a job no word bounds gets the default budget.
describe("limit numbers at the edges of 32 bits", () => {
  // Each clock job after a newgame: a hash table filled before could answer it at once.
  const EDGE_JOBS = [
    "position startpos moves e2e4",
    "go wtime 2147483647 btime 2147483647 depth 3",
    "newgame",
    "go wtime 2147483648 btime 2147483648 depth 3",
    "newgame", // 5
    "go wtime 4294967295 btime 4294967295 depth 3",
    "newgame",
    "go wtime 3000000000 btime 3000000000 movestogo 1 depth 3", // 8: soft x 3 past 2^32
    "go nodes 4294967295 depth 2",
    "go nodes 4294967296", // 10
    "go wtime 4294967297 btime 1000",
    "go depth 00000000000000000002",
    `mate 1 nodes 4294967297 ${KIWIPETE}`,
    `exchange 1 budget 99999999999999999999 ${KIWIPETE}`,
    `best 4294967297 ${KIWIPETE}`, // 15
  ];
  let edge: JobLines[];
  beforeAll(async () => {
    edge = await runBatch(EDGE_JOBS, { timeoutMs: 150_000 });
  }, 160_000);
  const last = (job: number) => edge[job - 1]!.lines.at(-1)!;

  test.each([2, 4, 6, 8])(
    "job %i: a clock of 2^31 ms and more is read unsigned, and the search goes to its depth",
    (job) => {
      const best = last(job);
      expect(best[0]).toBe("bestmove");
      expect(field(best, "depth")).toBe("3");
      expect(field(best, "limit")).toBeUndefined();
      expect(legalUci(START, ["e2e4"])).toContain(best[1]);
    },
  );

  test("2^32 - 1 nodes is in range, and a number with leading zeros is its value", () => {
    expect(field(last(9), "depth")).toBe("2");
    expect(field(last(12), "depth")).toBe("2");
  });

  test.each([10, 11, 13, 14, 15])(
    "job %i: a number past 2^32 - 1 is the arg error, not saturated",
    (job) => {
      expect(edge[job - 1]!.lines).toHaveLength(1);
      expect(last(job).slice(0, 2)).toEqual(["error", "arg"]);
    },
  );

  // The default budget is ten minutes at 3000 cycles; a build with a default of
  // SHORT_DEFAULT_MS shows the bound within seconds.
  test("go words that set no limit (winc, binc, movestogo; only the other side's time) get the default budget, in a build with a short one", async () => {
    const SHORT_DEFAULT_MS = 200;
    const shortDefault = await assembleVariant("short-default", [
      `SHORT_DEFAULT_MS=${SHORT_DEFAULT_MS}`,
    ]);
    const { map } = await chessProgram();
    const jobs = [
      "position startpos",
      "go winc 1000 binc 1000 movestogo 5",
      "go movestogo 5",
      "go btime 1000",
      "go",
    ];
    const groups = await runBatch(jobs, { timeoutMs: 60_000, programBytes: shortDefault.bytes });
    for (const g of groups.slice(1)) {
      const best = g.lines.at(-1)!;
      expect(best[0], jobs[g.job - 1]).toBe("bestmove");
      expect(field(best, "limit"), jobs[g.job - 1]).toBe("budget");
      expect(Number(field(best, "tsc"))).toBeGreaterThanOrEqual(
        SHORT_DEFAULT_MS * map.constant("CYCLES_PER_MS"),
      );
    }
  }, 120_000);
});
