// bench-clock -- the real-time thinking of CHESS.COM, measured in emulated time in
// native DOSBox (the BIOS tick count and the PIT clock are exact at fixed cycles; at a
// fixed count DOSBox also runs in real time, so this bench takes minutes):
//   1. each game level's thinking time at 3000 and at 40000 cycles (the `go` job with
//      the level's limits: movetime for the levels in seconds, depth for the weak ones);
//   2. `mate 5` on Kiwipete under `movetime 10000`: it must stop within the 10 s;
//   3. a 5+0 game the engine plays against itself through `position` and `go wtime
//      btime`, each side's clock charged with the emulated time its moves took: no flag
//      may fall.
//   npm run bench-clock [-- levels|mate|game]
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { JOBS_FILE, parseResult, programLimits, RESULT_FILE } from "../../core/asm-engine.ts";
import { CHESS, isMain, program, ROOT } from "../../core/build.ts";
import { runDosNative } from "../../core/dosbox-native.ts";
import { positionJob } from "../../formats/positions.ts";
import {
  legalMoves,
  makeMove,
  parseFen,
  parseUci,
  START_FEN as START,
  status,
  type Position,
} from "../../oracle/index.ts";

const KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const TICK_MS = 1000 / 18.2065;
/** The game's levels (asm/game/game.asm, level_limits) as `go` limits. */
const LEVELS = [
  "depth 1",
  "depth 3",
  "movetime 1000",
  "movetime 3000",
  "movetime 10000",
  "movetime 30000",
  "movetime 60000",
];

const confDir = mkdtempSync(join(tmpdir(), "chess-bench-clock-"));
/** harness.conf at another fixed cycle count. */
function confAt(cycles: number): string {
  const path = join(confDir, `cycles-${cycles}.conf`);
  const text = readFileSync(join(ROOT, "dosbox-config/harness.conf"), "utf8").replace(
    /cycles=fixed \d+/,
    `cycles=fixed ${cycles}`,
  );
  writeFileSync(path, text);
  return path;
}

async function batch(jobs: string[], cycles: number, timeoutMs: number): Promise<string[][][]> {
  const r = await runDosNative({
    program: "CHESS.COM",
    programBytes: await program(CHESS),
    args: `/jobs ${JOBS_FILE} ${RESULT_FILE}`,
    files: { [JOBS_FILE]: jobs.join("\r\n") + "\r\n" },
    conf: confAt(cycles),
    timeoutMs,
  });
  return parseResult(Buffer.from(r.files.get(RESULT_FILE) ?? []).toString("latin1"), jobs).map(
    (g) => g.lines,
  );
}

const field = (w: string[], name: string) => w[w.indexOf(name) + 1];

async function levels(): Promise<void> {
  console.log("| level | limit | position | s at 3000 cycles | s at 40000 cycles |");
  console.log("| --- | --- | --- | --- | --- |");
  const rows: string[][] = [];
  for (const [name, fen] of [
    ["start", START],
    ["Kiwipete", KIWIPETE],
  ] as const) {
    for (const [i, limit] of LEVELS.entries())
      rows.push([String(i + 1), limit, name, `position ${fen}`, `go ${limit}`]);
  }
  const seconds = new Map<number, string[]>();
  for (const cycles of [3000, 40000]) {
    const jobs = rows.flatMap((r) => [r[3]!, r[4]!]);
    const lines = await batch(jobs, cycles, 900_000);
    seconds.set(
      cycles,
      rows.map((_, i) => {
        const best = lines[2 * i + 1]!.at(-1)!;
        return `${((Number(field(best, "ticks")) * TICK_MS) / 1000).toFixed(2)} (${field(best, "time")} ms, depth ${field(best, "depth")})`;
      }),
    );
  }
  rows.forEach((r, i) =>
    console.log(
      `| ${r[0]} | ${r[1]} | ${r[2]} | ${seconds.get(3000)![i]} | ${seconds.get(40000)![i]} |`,
    ),
  );
}

async function mate(): Promise<void> {
  for (const cycles of [3000, 40000]) {
    const [[line]] = (await batch([`mate 5 movetime 10000 ${KIWIPETE}`], cycles, 120_000)) as [
      [string[]],
    ];
    console.log(
      `mate 5, Kiwipete, movetime 10000, ${cycles} cycles: "${line!.join(" ")}" = ${((Number(field(line!, "ticks")) * TICK_MS) / 1000).toFixed(2)} s`,
    );
  }
}

/** A 5+0 game of the engine against itself, each move a `go` with both clocks. */
async function game(cycles = 3000, baseMs = 300_000): Promise<void> {
  const pos = parseFen(START);
  if (!pos.ok) throw new Error("start FEN");
  const p: Position = pos.pos;
  const clock = { w: baseMs, b: baseMs };
  const { lineMax } = await programLimits();
  const moves: string[] = [];
  let longest = 0;
  for (let ply = 0; ply < 300; ply++) {
    const st = status(p);
    if (st !== "playing") {
      console.log(`game over after ${ply} plies: ${st}`);
      break;
    }
    const side = p.turn === 0 ? "w" : "b";
    const lines = await batch(
      [
        positionJob(START, moves, lineMax),
        `go wtime ${Math.max(0, Math.round(clock.w))} btime ${Math.max(0, Math.round(clock.b))}`,
      ],
      cycles,
      400_000,
    );
    const best = lines[1]!.at(-1)!;
    const spent = Number(field(best, "ticks")) * TICK_MS;
    longest = Math.max(longest, spent);
    clock[side] -= spent;
    if (clock[side] <= 0) {
      console.log(`FLAG: ${side} lost on time at ply ${ply}`);
      break;
    }
    const m = parseUci(p, best[1]!);
    if (!m.ok) throw new Error(`illegal ${best[1]}`);
    makeMove(p, m.move);
    moves.push(best[1]!);
    if (ply % 10 === 0)
      console.log(
        `ply ${ply}: ${best[1]} took ${(spent / 1000).toFixed(2)} s; clocks w ${(clock.w / 1000).toFixed(1)} b ${(clock.b / 1000).toFixed(1)}`,
      );
  }
  console.log(
    `5+0 at ${cycles} cycles: clocks left w ${(clock.w / 1000).toFixed(1)} s, b ${(clock.b / 1000).toFixed(1)} s; longest move ${(longest / 1000).toFixed(2)} s; legal moves left ${legalMoves(p).length}`,
  );
}

if (isMain(import.meta.url)) {
  const what = process.argv[2] ?? "all";
  try {
    if (what === "levels" || what === "all") await levels();
    if (what === "mate" || what === "all") await mate();
    if (what === "game" || what === "all") await game();
  } finally {
    rmSync(confDir, { recursive: true, force: true });
  }
}
