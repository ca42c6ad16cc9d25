// bench-hash -- what the hash table's size is worth at the depth of a 60+0.6 game
//   npm run bench -- --hash [--depth D] [--native]
// Two games' positions (agree-positions.json: every fifth ply of a game, the first ten
// of one and twelve of another) are searched one after another to a fixed depth, as a
// game's moves are: the table kept from move to move, emptied at each game's start. The
// same searches run with the table at 128 KiB of conventional memory (`hash 0`) and at
// each size of extended memory asked for; the positions and instructions each size takes
// to reach the depth, against 128 KiB's, are the time it saves on the clock.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { runBatch } from "../../core/asm-engine.ts";
import { ROOT } from "../../core/build.ts";

/** Depth 9 visits some 190,000 positions a search here: a 60+0.6 move's count. */
export const HASH_BENCH_DEPTH = 9;
/** The sizes asked for, in MiB (0: the 128 KiB of conventional memory). */
export const HASH_BENCH_SIZES = [0, 1, 4, 16] as const;
/** [first, end) of each game's positions in agree-positions.json. */
const GAMES: readonly (readonly [number, number])[] = [
  [0, 10],
  [26, 38],
];

interface SizeResult {
  readonly answer: string;
  readonly nodes: number;
  readonly instructions: number;
  /** Each search's instructions, in the order of the jobs. */
  readonly each: readonly number[];
}

/** The bootstrap's resamples of the searches. */
const RESAMPLES = 4000;

/** The ratio of two sizes' instructions over the searches, and its 95% interval from
 *  resampling the searches (seeded: the same figures on every run). */
export function pairedRatio(
  size: readonly number[],
  base: readonly number[],
): { ratio: number; low: number; high: number } {
  const sum = (xs: readonly number[], at: readonly number[]) => at.reduce((a, i) => a + xs[i]!, 0);
  const all = base.map((_, i) => i);
  let seed = 0x9e3779b9;
  const next = () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) / 2 ** 32;
  };
  const ratios: number[] = [];
  for (let k = 0; k < RESAMPLES; k++) {
    const at = all.map(() => Math.floor(next() * all.length));
    ratios.push(sum(size, at) / sum(base, at));
  }
  ratios.sort((a, b) => a - b);
  return {
    ratio: sum(size, all) / sum(base, all),
    low: ratios[Math.floor(RESAMPLES * 0.025)]!,
    high: ratios[Math.floor(RESAMPLES * 0.975)]!,
  };
}

/** The jobs of one size: the table's size, then each game afresh, a search a position. */
export function hashBenchJobs(size: number, fens: readonly string[], depth: number): string[] {
  const jobs = [`hash ${size}`];
  for (const [first, end] of GAMES) {
    jobs.push("newgame");
    for (let i = first; i < end; i++) jobs.push(`position ${fens[i]}`, `go depth ${depth}`);
  }
  return jobs;
}

async function runSize(
  size: number,
  fens: readonly string[],
  depth: number,
  native: boolean,
): Promise<SizeResult> {
  const jobs = hashBenchJobs(size, fens, depth);
  const results = await runBatch(jobs, { native, timeoutMs: 3_600_000 });
  let nodes = 0;
  let instructions = 0;
  let answer = "";
  const each: number[] = [];
  results.forEach((r, i) => {
    const words = r.lines[r.lines.length - 1] ?? [];
    if (i === 0) {
      if (words[0] !== "hash") throw new Error(`bench: ${jobs[0]}: ${words.join(" ")}`);
      answer = words.slice(1).join(" ");
    }
    if (!jobs[i]!.startsWith("go ")) return;
    const field = (name: string) => Number(words[words.indexOf(name) + 1]);
    if (words[0] !== "bestmove" || !(field("nodes") > 0))
      throw new Error(`bench: ${jobs[i]}: ${words.join(" ")}`);
    nodes += field("nodes");
    instructions += field("tsc");
    each.push(field("tsc"));
  });
  return { answer, nodes, instructions, each };
}

/** The table of `npm run bench -- --hash`. */
export async function hashBench(argv: readonly string[]): Promise<string> {
  const at = argv.indexOf("--depth");
  const depth = at >= 0 ? Number(argv[at + 1]) : HASH_BENCH_DEPTH;
  if (!Number.isInteger(depth) || depth < 1 || depth > 48)
    throw new Error("bench: --depth D, D from 1 to 48");
  const native = argv.includes("--native");
  const positions = JSON.parse(
    readFileSync(join(ROOT, "ts-harness/fixtures/agree-positions.json"), "utf8"),
  ) as { fen: string }[];
  const fens = positions.map((p) => p.fen);
  const searches = GAMES.reduce((n, [first, end]) => n + end - first, 0);
  const rows = [
    ["asked", "the program's table", "positions", "instructions", "against 128 KiB (95%)"],
  ];
  let base: SizeResult | null = null;
  for (const size of HASH_BENCH_SIZES) {
    const r = await runSize(size, fens, depth, native);
    base ??= r;
    const { ratio, low, high } = pairedRatio(r.each, base.each);
    const percent = (x: number) => `${((x - 1) * 100).toFixed(1)}%`;
    rows.push([
      `hash ${size}`,
      r.answer,
      r.nodes.toLocaleString("en-US"),
      r.instructions.toLocaleString("en-US"),
      `${percent(ratio)} (${percent(low)} to ${percent(high)})`,
    ]);
  }
  return [
    `${searches} searches to depth ${depth}, two games' positions one after another`,
    ...rows.map((r) => r.map((c, k) => c.padEnd(k === 1 ? 26 : 16)).join("")),
  ].join("\n");
}
