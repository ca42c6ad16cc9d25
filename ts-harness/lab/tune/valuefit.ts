// valuefit -- what the engine's own games say the pieces are worth: every position from
// the tenth ply on of the games in the PGN files (not in check, each position once) is
// scored by the program's `eval` job, and a logistic fit predicts each game's result
// from that score, each kind of piece's count (white's less black's) and which side the
// engine played.  A piece's fitted weight over the score's weight is what the results
// add to its value on our scale; ± is the standard deviation over games drawn again
// (the bootstrap), since the positions of one game are not independent.
//   npm run valuefit -- [--reps 40] [--name Liberman] [--com FILE] GAMES.pgn ...
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { Chess } from "chess.js";
import { runBatch } from "../../core/asm-engine.ts";
import { isMain } from "../../core/build.ts";

/** The piece kinds in the order of the fit: rook, knight, bishop, queen, pawn. */
export const KINDS = ["r", "n", "b", "q", "p"] as const;
/** The values the program's evaluation gives them (asm/eval/eval.inc), in centipawns. */
export const PROGRAM_VALUES = [500, 320, 330, 900, 100];
const FIRST_PLY = 10;
const SCORE_MAX = 1500;
const NEWTON_STEPS = 12;

export interface Sample {
  /** The evaluation, white's view, in centipawns. */
  score: number;
  /** White's less black's count of each of KINDS. */
  counts: number[];
  /** 1 if the engine played white, -1 if black. */
  ourWhite: number;
  /** The game's result for white: 1, 0.5 or 0. */
  result: number;
  /** Which game the position comes from. */
  game: number;
}

/** Solves A x = b by Gaussian elimination with partial pivoting (A is changed). */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[p]![c]!)) p = r;
    [m[c], m[p]] = [m[p]!, m[c]!];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const k = m[r]![c]! / m[c]![c]!;
      for (let j = c; j <= n; j++) m[r]![j]! -= k * m[c]![j]!;
    }
  }
  return m.map((row, i) => row[n]! / row[i]!);
}

/** The logistic regression's weights (Newton's method): the score per 100 cp, KINDS, ourWhite, a constant. */
export function logisticWeights(samples: Sample[]): number[] {
  const rows = samples.map((s) => [s.score / 100, ...s.counts, s.ourWhite, 1]);
  const p = rows[0]!.length;
  let w = new Array<number>(p).fill(0);
  for (let step = 0; step < NEWTON_STEPS; step++) {
    const g = new Array<number>(p).fill(0);
    const h = Array.from({ length: p }, () => new Array<number>(p).fill(0));
    rows.forEach((x, i) => {
      let z = 0;
      for (let j = 0; j < p; j++) z += w[j]! * x[j]!;
      const q = 1 / (1 + Math.exp(-z));
      const e = q - samples[i]!.result;
      for (let j = 0; j < p; j++) {
        if (x[j] === 0) continue;
        g[j]! += e * x[j]!;
        for (let k = 0; k < p; k++) h[j]![k]! += q * (1 - q) * x[j]! * x[k]!;
      }
    });
    for (let j = 0; j < p; j++) h[j]![j]! += 1e-6;
    const d = solve(h, g);
    w = w.map((v, j) => v - d[j]!);
  }
  return w;
}

/** Each kind's value on our scale: the program's value plus its weight over the score's. */
export function fittedValues(samples: Sample[], base = PROGRAM_VALUES): number[] {
  const w = logisticWeights(samples);
  return base.map((v, j) => v + (100 * w[j + 1]!) / w[0]!);
}

/** The values' standard deviations over `reps` draws of whole games with replacement. */
export function bootstrapSd(samples: Sample[], reps: number, seed = 12345): number[] {
  const games = new Map<number, Sample[]>();
  for (const s of samples) {
    if (!games.has(s.game)) games.set(s.game, []);
    games.get(s.game)!.push(s);
  }
  const ids = [...games.keys()];
  let state = seed;
  const random = () => (state = (state * 1103515245 + 12345) & 0x7fffffff) / 0x80000000;
  const draws: number[][] = [];
  for (let r = 0; r < reps; r++) {
    const drawn: Sample[] = [];
    for (let i = 0; i < ids.length; i++)
      drawn.push(...games.get(ids[Math.floor(random() * ids.length)]!)!);
    const v = fittedValues(drawn);
    draws.push([...v, ...[1, 2, 0, 3].map((j) => v[j]! / v[4]!)]);
  }
  return draws[0]!.map((_, k) => {
    const mean = draws.reduce((a, d) => a + d[k]!, 0) / reps;
    return Math.sqrt(draws.reduce((a, d) => a + (d[k]! - mean) ** 2, 0) / (reps - 1));
  });
}

/** White's less black's count of each of KINDS in a FEN. */
export function materialCounts(fen: string): number[] {
  const counts = KINDS.map(() => 0);
  for (const ch of fen.split(" ")[0]!) {
    const k = KINDS.indexOf(ch.toLowerCase() as (typeof KINDS)[number]);
    if (k >= 0) counts[k]! += ch === ch.toLowerCase() ? -1 : 1;
  }
  return counts;
}

interface GamePosition {
  fen: string;
  ourWhite: number;
  result: number;
  game: number;
}

function positionsOf(files: string[], name: string): GamePosition[] {
  const seen = new Set<string>();
  const out: GamePosition[] = [];
  let game = 0;
  for (const file of files) {
    for (const text of readFileSync(file, "utf8").split(/\n(?=\[Event )/)) {
      const tag = (t: string) => new RegExp(`\\[${t} "([^"]*)"\\]`).exec(text)?.[1];
      const result = { "1-0": 1, "0-1": 0, "1/2-1/2": 0.5 }[tag("Result") ?? ""];
      if (result === undefined) continue;
      const replay = new Chess();
      try {
        replay.loadPgn(text);
      } catch {
        continue;
      }
      game++;
      const ourWhite = (tag("White") ?? "").startsWith(name) ? 1 : -1;
      const board = new Chess(tag("FEN"));
      replay.history().forEach((san, ply) => {
        board.move(san);
        if (ply + 1 < FIRST_PLY || board.inCheck() || board.isGameOver()) return;
        const fen = board.fen();
        const key = fen.split(" ").slice(0, 4).join(" ");
        if (seen.has(key)) return;
        seen.add(key);
        out.push({ fen, ourWhite, result, game });
      });
    }
  }
  return out;
}

async function main(): Promise<void> {
  const { values: opts, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      reps: { type: "string", default: "40" },
      name: { type: "string", default: "Liberman" },
      com: { type: "string" },
    },
  });
  if (positionals.length === 0)
    throw new Error(
      "usage: npm run valuefit -- [--reps 40] [--name Liberman] [--com FILE] GAMES.pgn ...",
    );
  const programBytes = opts.com ? new Uint8Array(readFileSync(opts.com)) : undefined;
  const positions = positionsOf(positionals, opts.name!);
  const samples: Sample[] = [];
  const CHUNK = 2000;
  for (let i = 0; i < positions.length; i += CHUNK) {
    const part = positions.slice(i, i + CHUNK);
    const results = await runBatch(
      part.map((p) => `eval ${p.fen}`),
      { programBytes, timeoutMs: 600_000 },
    );
    part.forEach((p, k) => {
      const line = results[k]!.lines[0]!;
      if (line[0] !== "eval") throw new Error(`eval ${p.fen}: ${line.join(" ")}`);
      const score = Number(line[1]) * (p.fen.split(" ")[1] === "w" ? 1 : -1);
      if (Math.abs(score) <= SCORE_MAX)
        samples.push({
          score,
          counts: materialCounts(p.fen),
          ourWhite: p.ourWhite,
          result: p.result,
          game: p.game,
        });
    });
  }
  const values = fittedValues(samples);
  const sd = bootstrapSd(samples, Number(opts.reps));
  const games = new Set(samples.map((s) => s.game)).size;
  console.log(`${games} games, ${samples.length} positions`);
  console.log("| kind | the program's value | fitted on our scale | ± | against a pawn | ± |");
  console.log("| --- | --- | --- | --- | --- | --- |");
  const ratio: Record<number, number> = { 0: 7, 1: 5, 2: 6, 3: 8 };
  KINDS.forEach((k, j) => {
    const r = j === 4 ? "1" : (values[j]! / values[4]!).toFixed(2);
    const rs = j === 4 ? "" : sd[ratio[j]!]!.toFixed(2);
    console.log(
      `| ${k.toUpperCase()} | ${PROGRAM_VALUES[j]} | ${values[j]!.toFixed(0)} | ${sd[j]!.toFixed(0)} | ${r} | ${rs} |`,
    );
  });
}

if (isMain(import.meta.url)) await main();
