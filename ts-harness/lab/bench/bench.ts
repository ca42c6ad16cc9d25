// bench -- perft speed of the chess engines on the same positions, as a table.
//   npx tsx ts-harness/lab/bench/bench.ts        (npm run bench)
// Each engine is a BenchSection; an engine joins the table by pushing its section onto
// SECTIONS before main() runs. Figures only: the node counts are not checked here.
// chess.js appears twice: its own perft() (make, test, unmake on its internal moves) and
// the public moves({verbose: true})/move/undo, which builds SAN and FENs for every move
// and is so slow that it runs on shallower cases.
import { Chess } from "chess.js";
import { PUBLISHED_MATES } from "../../fixtures/mates.ts";
import { KIWIPETE, POSITION_3, START } from "../../fixtures/perft.ts";
import { programLimits, runBatch } from "../../core/asm-engine.ts";
import { isMain } from "../../core/build.ts";
import { asmEngine } from "../../core/engines.ts";
import { GameDriver } from "../../core/game-driver.ts";
import { OPENINGS } from "../../formats/positions.ts";
import { eloForNodes, STRENGTH_POINTS } from "../../frontends/uci-strength.ts";
import { mateTreeSetTable, mateTreeTable } from "../mates/mate-tree.ts";
import { hashBench } from "./bench-hash.ts";
import { mateBench, mateSetTable } from "./bench-mate.ts";
import { ponderTable } from "./bench-uci.ts";
import { stackTable } from "./stack.ts";
import { LOS_ALAMOS_PERFT } from "../../fixtures/losalamos.ts";
import { fenPosition, generateLegalByPins, perft } from "../../oracle/index.ts";

export interface BenchCase {
  readonly name: string;
  readonly fen: string;
  readonly depth: number;
}

export interface BenchRow {
  readonly engine: string;
  readonly position: string;
  readonly depth: number;
  /** Leaves of the perft tree. */
  readonly nodes: number;
  readonly seconds: number;
  /** Anything engine-specific worth a column, such as emulated instructions. */
  readonly note?: string;
}

export interface BenchSection {
  readonly engine: string;
  /** The section's own cases, when BENCH_CASES would take too long. */
  readonly cases?: readonly BenchCase[];
  run(cases: readonly BenchCase[]): Promise<BenchRow[]>;
}

export const BENCH_CASES: readonly BenchCase[] = [
  { name: "start", fen: START, depth: 4 },
  { name: "start", fen: START, depth: 5 },
  { name: "kiwipete", fen: KIWIPETE, depth: 3 },
  { name: "kiwipete", fen: KIWIPETE, depth: 4 },
];

/** Times `count` on every case, after one untimed run of the first case to warm the JIT. */
function timeCases(
  engine: string,
  cases: readonly BenchCase[],
  count: (c: BenchCase) => number,
): BenchRow[] {
  if (cases[0]) count(cases[0]);
  return cases.map((c) => {
    const started = performance.now();
    const nodes = count(c);
    const seconds = (performance.now() - started) / 1000;
    return { engine, position: c.name, depth: c.depth, nodes, seconds };
  });
}

/** The oracle's legality method: each pseudo-legal move made and tested. */
export const oracleSection: BenchSection = {
  engine: "oracle",
  async run(cases) {
    return timeCases(this.engine, cases, (c) => perft(fenPosition(c.fen), c.depth));
  },
};

/** The oracle's second legality method (checkers and pins first), the one the tests
 *  hold the first against. */
export const oraclePinsSection: BenchSection = {
  engine: "oracle, pins",
  async run(cases) {
    return timeCases(this.engine, cases, (c) =>
      perft(fenPosition(c.fen), c.depth, generateLegalByPins),
    );
  },
};

/** Counted like the oracle: the last ply is the length of the move list. */
function chessJsVerbosePerft(chess: Chess, depth: number): number {
  const moves = chess.moves({ verbose: true });
  if (depth <= 1) return depth === 1 ? moves.length : 1;
  let nodes = 0;
  for (const move of moves) {
    chess.move(move);
    nodes += chessJsVerbosePerft(chess, depth - 1);
    chess.undo();
  }
  return nodes;
}

export const chessJsSection: BenchSection = {
  engine: "chess.js perft()",
  async run(cases) {
    return timeCases(this.engine, cases, (c) => new Chess(c.fen).perft(c.depth));
  },
};

export const chessJsVerboseSection: BenchSection = {
  engine: "chess.js moves/move/undo",
  cases: [
    { name: "start", fen: START, depth: 3 },
    { name: "kiwipete", fen: KIWIPETE, depth: 2 },
  ],
  async run(cases) {
    return timeCases(this.engine, cases, (c) => chessJsVerbosePerft(new Chess(c.fen), c.depth));
  },
};

/** DOSBox's default speed for real-mode programs (about a 286): the speed a user who
 *  just types `dosbox CHESS.COM` gets. Emulated seconds there = instructions / this. */
export const DEFAULT_DOSBOX_IPS = 3_000_000;

/** The assembly under js-dos, one emulator boot per case so the wall time is the case's
 *  (start-up of about 0.3 s included). The note gives the emulated instructions per
 *  node (rdtsc) and what the case would take on a default 3000-cycle DOSBox. */
export const asmSection: BenchSection = {
  engine: "asm (js-dos)",
  async run(cases) {
    const rows: BenchRow[] = [];
    for (const c of cases) {
      const started = performance.now();
      const [answer] = await asmEngine.perft([{ fen: c.fen, depth: c.depth, divide: false }], {
        timeoutMs: 900_000,
      });
      const seconds = (performance.now() - started) / 1000;
      if (!answer || !answer.ok)
        throw new Error(
          `bench: the assembly failed on ${c.name}: ${answer && !answer.ok ? answer.message : "no answer"}`,
        );
      const tsc = answer.tsc ?? NaN;
      const note = `${(tsc / answer.nodes).toFixed(1)} instr/node, ${(tsc / DEFAULT_DOSBOX_IPS).toFixed(1)} s at 3000 cycles`;
      rows.push({
        engine: this.engine,
        position: c.name,
        depth: c.depth,
        nodes: answer.nodes,
        seconds,
        note,
      });
    }
    return rows;
  },
};

export const SECTIONS: BenchSection[] = [
  asmSection,
  oracleSection,
  oraclePinsSection,
  chessJsSection,
  chessJsVerboseSection,
];

export function formatTable(rows: readonly BenchRow[]): string {
  const header = ["engine", "position", "depth", "nodes", "seconds", "nodes/s", "note"];
  const cells = rows.map((r) => [
    r.engine,
    r.position,
    String(r.depth),
    String(r.nodes),
    r.seconds.toFixed(3),
    String(Math.round(r.nodes / r.seconds)),
    r.note ?? "",
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((row) => row[i].length)));
  const numeric = new Set([2, 3, 4, 5]);
  const line = (row: string[]) =>
    row
      .map((cell, i) => (numeric.has(i) ? cell.padStart(widths[i]) : cell.padEnd(widths[i])))
      .join("  ")
      .trimEnd();
  return [line(header), ...cells.map(line)].join("\n");
}

/** How long the assembly thinks, in emulated seconds of a default 3000-cycle DOSBox: the
 *  mate logic on the first published mate of each length, and one `best` move at the
 *  game's default level. All in one emulator boot; figures from rdtsc, not wall time. */
async function thinkingTable(): Promise<string> {
  const mates = [2, 3, 4].map((n) => PUBLISHED_MATES.find((m) => m.length === n)!);
  const mateAnswers = await asmEngine.mate(
    mates.map((m) => ({ fen: m.fen, moves: m.length })),
    { timeoutMs: 900_000 },
  );
  const bests = BENCH_CASES.filter((c) => c.depth === 4);
  const levelMs = (await programLimits()).defaultBudgetMs;
  const bestAnswers = await asmEngine.best(
    bests.map((c) => ({ fen: c.fen, ms: levelMs })),
    { timeoutMs: 900_000 },
  );
  const rows: string[][] = [
    ["job", "position", "answer", "nodes", "instructions", "instr/node", "s at 3000 cycles"],
  ];
  const perNode = (a: { nodes?: number; tsc?: number }) =>
    ((a.tsc ?? NaN) / (a.nodes ?? NaN)).toFixed(0);
  mateAnswers.forEach((a, i) => {
    if (!a.ok) throw new Error(`bench: mate failed on ${mates[i]!.source}: ${a.message}`);
    rows.push([
      `mate ${mates[i]!.length}`,
      mates[i]!.source,
      `mate ${a.length} ${a.firstMoves[0]}`,
      String(a.nodes),
      String(a.tsc),
      perNode(a),
      ((a.tsc ?? NaN) / DEFAULT_DOSBOX_IPS).toFixed(2),
    ]);
  });
  bestAnswers.forEach((a, i) => {
    if (!a.ok) throw new Error(`bench: best failed on ${bests[i]!.name}: ${a.message}`);
    rows.push([
      `best ${levelMs}`,
      bests[i]!.name,
      `${a.move} depth ${a.depth}`,
      String(a.nodes),
      String(a.tsc),
      perNode(a),
      ((a.tsc ?? NaN) / DEFAULT_DOSBOX_IPS).toFixed(2),
    ]);
  });
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  return rows
    .map((r) =>
      r
        .map((cell, c) => (c >= 3 ? cell.padStart(widths[c]!) : cell.padEnd(widths[c]!)))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

/** The median of a list of numbers (the mean of the middle two for an even count). */
function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The perft figures the README's tables quote: the assembly alone, on the deepest case of
 *  each chess position and on the published Los Alamos counts. */
export const PERFT_CASES: readonly BenchCase[] = [
  ...BENCH_CASES.filter((c) => !BENCH_CASES.some((d) => d.name === c.name && d.depth > c.depth)),
  ...LOS_ALAMOS_PERFT.map(([name, fen, depth]) => ({ name, fen, depth })),
];

/** The search's cost a node on positions of each phase at a fixed depth (the tree does
 *  not depend on the node's cost, so its nodes, move and score must stay as they are
 *  when only the cost changes): the start position with the mate logic, the others
 *  without it. */
export const NODE_CASES: readonly (BenchCase & { readonly job: string })[] = [
  { name: "start", fen: START, depth: 5, job: "best 65535" },
  { name: "kiwipete", fen: KIWIPETE, depth: 4, job: "best 65535 matelogic 0" },
  {
    name: "queen's gambit middle game",
    fen: "r1bq1rk1/pp1nbppp/2p1pn2/3p2B1/2PP4/2NBPN2/PP3PPP/R2QK2R w KQ - 0 8",
    depth: 4,
    job: "best 65535 matelogic 0",
  },
  {
    name: "rook ending",
    fen: "8/5pk1/6p1/R7/5P2/r5P1/6K1/8 w - - 0 1",
    depth: 6,
    job: "best 65535 matelogic 0",
  },
  {
    name: "K+R v K",
    fen: "8/8/8/4k3/8/8/8/R3K3 w - - 0 1",
    depth: 6,
    job: "best 65535 matelogic 0",
  },
  { name: "position 3", fen: POSITION_3, depth: 6, job: "best 65535 matelogic 0" },
];

/** Instructions a search node: `best` at the game's default level on the start position
 *  and Kiwipete (thinkingTable's rows), then NODE_CASES at their fixed depths and their
 *  mean (`npm run bench -- --node`). */
async function nodeCostTable(): Promise<string> {
  const levelMs = (await programLimits()).defaultBudgetMs;
  const jobs = [
    ...[START, KIWIPETE].map((fen) => `best ${levelMs} ${fen}`),
    ...NODE_CASES.map((c) => `${c.job} depth ${c.depth} ${c.fen}`),
  ];
  const names = [
    "start, default level",
    "kiwipete, default level",
    ...NODE_CASES.map((c) => `${c.name}, depth ${c.depth}`),
  ];
  const results = await runBatch(jobs, { timeoutMs: 900_000 });
  const perNode: number[] = [];
  const rows = results.map((r, i) => {
    const words = r.lines[r.lines.length - 1] ?? [];
    const field = (name: string) => Number(words[words.indexOf(name) + 1]);
    if (words[0] !== "best" || !(field("nodes") > 0))
      throw new Error(`bench: ${jobs[i]}: ${words.join(" ")}`);
    perNode.push(field("tsc") / field("nodes"));
    return `${names[i]!.padEnd(36)} ${words.slice(0, 8).join(" ").padEnd(48)} ${perNode[i]!.toFixed(1).padStart(7)} instr/node`;
  });
  const fixed = perNode.slice(2);
  rows.push(
    `${"mean of the fixed-depth positions".padEnd(85)} ${(fixed.reduce((a, b) => a + b, 0) / fixed.length).toFixed(1).padStart(7)} instr/node`,
  );
  return rows.join("\n");
}

/** What the thinking on the panel costs (asm/game/thinking.asm): the game's own count of
 *  the instructions and positions of the computer's reply to d2d3 (no book move), with
 *  the thinking shown and hidden (CHESS.CFG), at a depth level and at a level of seconds
 *  (`npm run bench -- --think`). */
async function thinkShownTable(): Promise<string> {
  const rows: string[] = [];
  for (const level of [2, 4]) {
    const perNode: Record<string, number> = {};
    for (const shown of [0, 1]) {
      const game = await GameDriver.start("", {
        level,
        timeoutMs: 120_000,
        files: { "CHESS.CFG": `think ${shown} sound 0\r\n` },
      });
      try {
        await game.type("d2d3\n");
        const log = await game.waitLog("the computer's reply", (l) => l.moves.length === 2);
        if (log.think.shown !== (shown === 1) || !(log.think.nodes > 0))
          throw new Error(`bench: level ${level}: ${JSON.stringify(log.think)}`);
        perNode[shown] = log.think.instructions / log.think.nodes;
        rows.push(
          `level ${level}, thinking ${shown ? "shown " : "hidden"}  ${String(log.think.nodes).padStart(9)} nodes ${String(log.think.instructions).padStart(12)} instr ${perNode[shown]!.toFixed(1).padStart(8)} instr/node`,
        );
      } finally {
        await game.close();
      }
    }
    rows.push(
      `level ${level}: the thinking shown costs ${((perNode[1]! / perNode[0]! - 1) * 100).toFixed(2)}% instructions a node`,
    );
  }
  return rows.join("\n");
}

/** The game's levels on the CCRL Blitz scale (`npm run bench -- --levels`): each level's
 *  limit (level_limits, read through the map) thought on the ten balanced openings as the
 *  game thinks it on a 3000-cycle DOSBox (a level of seconds as that many emulated
 *  seconds, a level by depth with the mate logic's mate in one only), and the median
 *  positions a move rated by the UCI_Elo calibration (uci-strength.ts, eloForNodes). */
async function levelsTable(): Promise<string> {
  const limits = await programLimits();
  const level0 = limits.levelMs.length;
  const jobs: string[] = [];
  for (const o of OPENINGS)
    for (let i = 0; i < level0; i++) {
      const ms = limits.levelMs[i]!;
      jobs.push(
        "newgame",
        `position startpos moves ${o.moves.join(" ")}`,
        ms > 0 ? `go budget ${ms}` : `go depth ${limits.levelDepth[i]} matelogic 1`,
      );
    }
  const results = await runBatch(jobs, { timeoutMs: 3_600_000 });
  const nodes: number[][] = limits.levelMs.map(() => []);
  results.forEach((r, j) => {
    if (j % 3 !== 2) return;
    const words = r.lines.find((l) => l[0] === "bestmove");
    const n = words ? Number(words[words.indexOf("nodes") + 1]) : NaN;
    if (!(n > 0))
      throw new Error(`bench: ${jobs[j]}: ${r.lines.map((l) => l.join(" ")).join(" / ")}`);
    nodes[Math.floor(j / 3) % level0]!.push(n);
  });
  const rows = [["level", "thinks", "nodes a move (median, min-max)", "CCRL Blitz"]];
  nodes.forEach((ns, i) => {
    const ms = limits.levelMs[i]!;
    const mid = Math.round(median(ns));
    const r = eloForNodes(mid);
    const rating =
      r.bound === "full"
        ? `${r.elo} or more (full strength)`
        : r.bound === "below"
          ? `under ${Math.ceil(STRENGTH_POINTS[0]!.elo / 100) * 100}`
          : `about ${Math.round(r.elo / 10) * 10}`;
    rows.push([
      String(limits.levelMin + i),
      ms > 0 ? `${ms / 1000} s` : `depth ${limits.levelDepth[i]}`,
      `${mid} (${Math.min(...ns)}-${Math.max(...ns)})`,
      rating,
    ]);
  });
  return rows
    .map((r) => r.map((c, k) => (k === 2 ? c.padEnd(32) : c.padEnd(14))).join(""))
    .join("\n");
}

async function main(): Promise<void> {
  if (process.argv.includes("--levels")) {
    console.log(await levelsTable());
    return;
  }
  if (process.argv.includes("--think")) {
    console.log(await thinkShownTable());
    return;
  }
  if (process.argv.includes("--stack")) {
    console.log(await stackTable());
    return;
  }
  if (process.argv.includes("--ponder")) {
    console.log(await ponderTable());
    return;
  }
  if (process.argv.includes("--hash")) {
    console.log(await hashBench(process.argv));
    return;
  }
  if (process.argv.includes("--node")) {
    console.log(await nodeCostTable());
    return;
  }
  if (process.argv.includes("--perft")) {
    console.log(formatTable(await asmSection.run(PERFT_CASES)));
    return;
  }
  const tree = process.argv.indexOf("--mate-tree");
  if (tree >= 0) {
    const [length, ...fen] = process.argv.slice(tree + 1);
    if (!/^[1-8]$/.test(length ?? "")) throw new Error("bench: --mate-tree N [FEN], N from 1 to 8");
    console.log(
      fen.length > 0
        ? mateTreeTable(fen.join(" "), Number(length))
        : mateTreeSetTable(Number(length)),
    );
    return;
  }
  if (process.argv.includes("--mate")) {
    console.log(await mateBench(process.argv));
    return;
  }
  const rows: BenchRow[] = [];
  for (const section of SECTIONS) rows.push(...(await section.run(section.cases ?? BENCH_CASES)));
  console.log(formatTable(rows));
  console.log("");
  console.log(await thinkingTable());
  console.log("");
  console.log(await thinkShownTable());
  console.log("");
  console.log(await mateSetTable());
}

if (isMain(import.meta.url)) await main();
