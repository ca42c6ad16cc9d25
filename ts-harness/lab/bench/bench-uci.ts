// bench-uci -- what the UCI executable (bin/liberman-uci) does with a GUI's time, as
// figures (a benchmark, not a test):
//   npx tsx ts-harness/lab/bench/bench-uci.ts speed    nodes a second of `go movetime 5000` on
//                                                three positions, Backend dosbox and jsdos;
//                                                the start to uciok; stop to bestmove
//   npx tsx ts-harness/lab/bench/bench-uci.ts clock [NAME] games of the executable against itself
//                                                (Backend auto) under GUI clocks (10+0.1,
//                                                40 moves in 1 minute), the clocks kept
//                                                here as a GUI keeps them: flag falls and
//                                                the time a move
//   npm run bench -- --ponder                    each Backend on one Ruy Lopez's positions
//                                                at one clock, each searched unpondered and
//                                                pondered: the ms from ponderhit to bestmove
//                                                against the unpondered move's
//   npx tsx ts-harness/lab/bench/bench-uci.ts lifecycle [RUNS] each Backend ended during
//                                                `go infinite` by quit, a closed stdin,
//                                                SIGTERM, SIGINT and SIGHUP, RUNS times
//                                                (5): the ms to its exit, median and worst
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isMain, ROOT } from "../../core/build.ts";
import { UciClient } from "../../core/uci-client.ts";
import * as oracle from "../../oracle/index.ts";

const BIN = join(ROOT, "bin/liberman-uci");
const POSITIONS: [string, string][] = [
  ["start position", "startpos"],
  ["Kiwipete", "fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"],
  ["an endgame (Fine 70)", "fen 8/k7/3p4/p2P1p2/P2P1P2/8/8/K7 w - - 0 1"],
];
const MOVETIME_MS = 5000;
const STOP_TRIALS = 5;

async function engine(backend: string): Promise<{ uci: UciClient; uciokMs: number }> {
  const t0 = Date.now();
  const uci = new UciClient(BIN, [], { cwd: "/tmp" });
  uci.send("uci");
  await uci.waitFor(/^uciok$/, 30_000);
  const uciokMs = Date.now() - t0;
  uci.send(`setoption name Backend value ${backend}`);
  uci.send("setoption name OwnBook value false");
  uci.send("isready");
  await uci.waitFor(/^readyok$/, 300_000);
  return { uci, uciokMs };
}

async function speed(): Promise<void> {
  const rows: string[] = [];
  const nps = new Map<string, number[]>();
  // Both engines at once, the positions taken in turn by each, so that a change of the
  // host's load falls on both.
  const backends = ["dosbox", "jsdos"];
  const engines = [];
  for (const backend of backends) {
    const e = await engine(backend);
    console.log(`${backend}: uciok ${e.uciokMs} ms after the start`);
    engines.push(e.uci);
  }
  for (const [name, pos] of POSITIONS) {
    for (const [i, uci] of engines.entries()) {
      uci.send("ucinewgame");
      uci.send(`position ${pos}`);
      const t0 = Date.now();
      uci.send(`go movetime ${MOVETIME_MS}`);
      const lines = await uci.waitFor(/^bestmove /, MOVETIME_MS + 20_000);
      const wall = Date.now() - t0;
      const last = lines.filter((l) => /^info depth/.test(l)).at(-1) ?? "";
      const nodes = Number(/ nodes (\d+)/.exec(last)?.[1] ?? 0);
      const depth = Number(/^info depth (\d+)/.exec(last)?.[1] ?? 0);
      // Every node of the search (the last info counts them all) over its wall time.
      nps.set(name, [...(nps.get(name) ?? []), Math.round((nodes * 1000) / wall)]);
      rows.push(
        `| ${backends[i]} | ${name} | ${depth} | ${nodes} | ${wall} | ${Math.round((nodes * 1000) / wall)} |`,
      );
    }
  }
  for (const [i, uci] of engines.entries()) {
    const waits: number[] = [];
    for (let t = 0; t < STOP_TRIALS; t++) {
      uci.send(`position ${POSITIONS[1]![1]}`);
      uci.send("go infinite");
      await uci.waitFor(/^info depth 4 /, 30_000);
      await new Promise((r) => setTimeout(r, 300 + 137 * t));
      const t0 = Date.now();
      uci.send("stop");
      await uci.waitFor(/^bestmove /, 10_000);
      waits.push(Date.now() - t0);
    }
    console.log(`${backends[i]}: stop to bestmove, ${STOP_TRIALS} trials: ${waits.join(", ")} ms`);
    await uci.quit();
  }
  console.log(
    `\n| backend | position | depth | nodes | wall ms | nodes/s |\n| --- | --- | --- | --- | --- | --- |\n${rows.join("\n")}`,
  );
  for (const [name, [native, js]] of nps)
    console.log(`${name}: dosbox / jsdos = ${(native! / js!).toFixed(2)}`);
}

interface Clock {
  name: string;
  baseMs: number;
  incMs: number;
  /** Moves to a control (the clock gets baseMs again), or none: sudden death. */
  moves?: number;
  /** The game is cut after this many plies (the benchmark stays short). */
  maxPlies: number;
}

const CLOCKS: Clock[] = [
  { name: "10+0.1", baseMs: 10_000, incMs: 100, maxPlies: 160 },
  { name: "10+0.1", baseMs: 10_000, incMs: 100, maxPlies: 160 },
  { name: "40 moves in 1 min", baseMs: 60_000, incMs: 0, moves: 40, maxPlies: 160 },
  { name: "60+0.6", baseMs: 60_000, incMs: 600, maxPlies: 60 },
];

async function clockGame(
  c: Clock,
): Promise<{ plies: number; flags: number; meanMs: number; minLeft: number; end: string }> {
  const sides = [await engine("auto"), await engine("auto")].map((e) => e.uci);
  const left = [c.baseMs, c.baseMs];
  const pos = oracle.fenPosition("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  const moves: string[] = [];
  let flags = 0;
  let spent = 0;
  let minLeft = Infinity;
  for (const s of sides) s.send("ucinewgame");
  while (oracle.status(pos) === "playing" && moves.length < c.maxPlies) {
    const turn = moves.length % 2;
    const me = sides[turn]!;
    const togo = c.moves ? ` movestogo ${c.moves - (Math.floor(moves.length / 2) % c.moves)}` : "";
    me.send(`position startpos${moves.length ? " moves " + moves.join(" ") : ""}`);
    const t0 = Date.now();
    me.send(`go wtime ${left[0]} btime ${left[1]} winc ${c.incMs} binc ${c.incMs}${togo}`);
    const lines = await me.waitFor(/^bestmove /, left[turn]! + 10_000);
    const took = Date.now() - t0;
    spent += took;
    left[turn]! -= took;
    if (left[turn]! <= 0) {
      flags++;
      console.log(
        `flag fall at ply ${moves.length + 1}: ${took} ms taken, ${left[turn]} left${togo}`,
      );
    }
    minLeft = Math.min(minLeft, left[turn]!);
    left[turn]! += c.incMs;
    // At the control both clocks get the base time again, on top of what is left.
    if (c.moves && turn === 1 && (moves.length + 1) % (2 * c.moves) === 0)
      for (const i of [0, 1]) left[i]! += c.baseMs;
    const m = lines.at(-1)!.split(" ")[1]!;
    const u = oracle.parseUci(pos, m);
    if (!u.ok) throw new Error(`illegal ${m} after ${moves.join(" ")}`);
    oracle.makeMove(pos, u.move);
    moves.push(m);
  }
  await Promise.all(sides.map((s) => s.quit()));
  return {
    plies: moves.length,
    flags,
    meanMs: Math.round(spent / moves.length),
    minLeft,
    end: oracle.status(pos),
  };
}

async function clock(only?: string): Promise<void> {
  const rows: string[] = [];
  for (const c of CLOCKS.filter((k) => !only || k.name === only)) {
    const r = await clockGame(c);
    rows.push(`| ${c.name} | ${r.plies} | ${r.end} | ${r.flags} | ${r.meanMs} | ${r.minLeft} |`);
    console.log(rows.at(-1));
  }
  console.log(
    `\n| clock | plies | end | flag falls | mean ms a move | least left (ms) |\n| --- | --- | --- | --- | --- | --- |\n${rows.join("\n")}`,
  );
}

/** The Closed Ruy Lopez (Breyer) to move 12; the positions after plies 4 to 23 are the
 *  ponder benchmark's, the last quarter held out. */
const RUY_LOPEZ =
  "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7 f1e1 b7b5 a4b3 d7d6 c2c3 e8g8 h2h3 c6b8 d2d4 b8d7 b1d2 c8b7 b3c2 f8e8".split(
    " ",
  );
const PONDER_PLIES = { first: 4, last: 23, heldOut: 5 };
const PONDER_CLOCK = "wtime 60000 btime 60000 winc 600 binc 600";

/** The wall ms of `go` to `bestmove`, or of `ponderhit` to `bestmove` after pondering
 *  for `ponderMs`; each search from an empty hash table. */
async function timedMove(uci: UciClient, moves: string[], ponderMs?: number): Promise<number> {
  uci.send("ucinewgame");
  uci.send(`position startpos moves ${moves.join(" ")}`);
  uci.send(`go${ponderMs === undefined ? "" : " ponder"} ${PONDER_CLOCK}`);
  if (ponderMs !== undefined) {
    await new Promise((r) => setTimeout(r, ponderMs));
    uci.send("ponderhit");
  }
  const t0 = Date.now();
  await uci.waitFor(/^bestmove /, 60_000);
  return Date.now() - t0;
}

/** Pondering's gain (`npm run bench -- --ponder`): under each Backend, every position of
 *  RUY_LOPEZ's plies searched at PONDER_CLOCK unpondered (`go` to `bestmove`), then
 *  pondered as long as that took (`ponderhit` to `bestmove`); the means, the held-out
 *  positions in a row of their own. Aim: the pondered mean at most half the other. */
export async function ponderTable(): Promise<string> {
  const line = oracle.fenPosition(oracle.START_FEN);
  for (const m of RUY_LOPEZ) {
    const u = oracle.parseUci(line, m);
    if (!u.ok) throw new Error(`bench: the Ruy Lopez's ${m}: ${u.error.message}`);
    oracle.makeMove(line, u.move);
  }
  const rows = [
    "| backend | positions | unpondered mean (ms) | pondered mean (ms) | pondered / unpondered |",
    "| --- | --- | --- | --- | --- |",
  ];
  const mean = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0) / xs.length);
  for (const backend of ["dosbox", "jsdos"]) {
    const { uci } = await engine(backend);
    uci.send("setoption name Ponder value true");
    const plain: number[] = [];
    const pondered: number[] = [];
    for (let ply = PONDER_PLIES.first; ply <= PONDER_PLIES.last; ply++) {
      const moves = RUY_LOPEZ.slice(0, ply);
      plain.push(await timedMove(uci, moves));
      pondered.push(await timedMove(uci, moves, plain.at(-1)));
      console.error(`${backend}, ply ${ply}: ${plain.at(-1)} ms, pondered ${pondered.at(-1)} ms`);
    }
    await uci.quit();
    const tuned = plain.length - PONDER_PLIES.heldOut;
    for (const [name, from, to] of [
      [`plies ${PONDER_PLIES.first}-${PONDER_PLIES.last - PONDER_PLIES.heldOut}`, 0, tuned],
      [
        `held out: plies ${PONDER_PLIES.last - PONDER_PLIES.heldOut + 1}-${PONDER_PLIES.last}`,
        tuned,
        plain.length,
      ],
    ] as const) {
      const u = mean(plain.slice(from, to));
      const p = mean(pondered.slice(from, to));
      rows.push(`| ${backend} | ${name} | ${u} | ${p} | ${(p / u).toFixed(2)} |`);
    }
  }
  return rows.join("\n");
}

const ENDINGS = ["quit", "stdin closed", "SIGTERM", "SIGINT", "SIGHUP"] as const;

/** The engine under `backend`, thinking under `go infinite` on Kiwipete, ended by
 *  `ending`: the ms from the ending to its exit, and what it left in its temp folder. */
async function endOnce(
  backend: string,
  ending: (typeof ENDINGS)[number],
): Promise<{ ms: number; left: number }> {
  const temp = mkdtempSync(join(tmpdir(), "bench-uci-lifecycle-"));
  try {
    const uci = new UciClient("env", [`TMPDIR=${temp}`, BIN], { cwd: "/tmp" });
    await uci.handshake({ Backend: backend, OwnBook: "false" }, 300_000);
    uci.send(`position ${POSITIONS[1]![1]}`);
    uci.send("go infinite");
    await uci.waitFor(/^info depth 3 /, 30_000);
    const t0 = performance.now();
    if (ending === "quit") uci.send("quit");
    else if (ending === "stdin closed") uci.closeInput();
    else uci.signal(ending);
    if (!(await uci.exitWithin(10_000))) {
      uci.signal("SIGKILL");
      throw new Error(`${backend}, ${ending}: still running after 10 s`);
    }
    return { ms: Math.round(performance.now() - t0), left: readdirSync(temp).length };
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

/** Every Backend and ending `runs` times, the endings taken in turn so that a change of
 *  the host's load falls on all; a table of the ms to exit. */
async function lifecycle(runs: number): Promise<void> {
  const rows: string[] = [];
  for (const backend of ["dosbox", "jsdos"]) {
    const ms = new Map<string, number[]>(ENDINGS.map((e) => [e, []]));
    let left = 0;
    for (let i = 0; i < runs; i++)
      for (const ending of ENDINGS) {
        const r = await endOnce(backend, ending);
        ms.get(ending)!.push(r.ms);
        left += r.left;
        console.log(`${backend}, ${ending}: ${r.ms} ms${r.left ? `, ${r.left} left` : ""}`);
      }
    for (const [ending, m] of ms) {
      const sorted = [...m].sort((a, b) => a - b);
      const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
      rows.push(`| ${backend} | ${ending} | ${median} | ${sorted.at(-1)} | ${m.join(", ")} |`);
    }
    if (left) console.log(`${backend}: ${left} files left in temp folders`);
  }
  console.log(
    `\n| backend | ending | median ms | worst ms | runs (ms) |\n| --- | --- | --- | --- | --- |\n${rows.join("\n")}`,
  );
}

if (isMain(import.meta.url)) {
  const what = process.argv[2];
  if (what === "speed") await speed();
  else if (what === "clock") await clock(process.argv[3]);
  else if (what === "lifecycle") await lifecycle(Number(process.argv[3] ?? 5));
  else {
    console.error("usage: bench-uci.ts speed|clock [NAME]|lifecycle [RUNS]");
    process.exit(1);
  }
  process.exit(0);
}
