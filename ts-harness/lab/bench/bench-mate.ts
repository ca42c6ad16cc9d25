// bench-mate -- the mate solver's speed (npm run bench -- --mate): each position asked
// for a mate in its proven length, per length the positions, those answered with the
// proven length, the median and the worst emulated seconds at 3000 cycles (the job's tsc
// / 3,000,000). Two sets: the published problems (ts-harness/fixtures/mate-bench.ts, the
// held-out quarter in its own rows) and the older set of ts-harness/lab/mates/mate-set.ts.
//   --set problems | old   one set only
//   --length N             one length only
//   --held-out             the held-out quarter only
//   --tuning               the other three quarters only (what a candidate is tuned on)
//   --each                 a line a position too: seconds, nodes, source and FEN
//   --program FILE         another build's CHESS.COM
//   --native               in native DOSBox (Debian's dosbox) instead of js-dos: the same
//                          emulated counts, a whole set in minutes instead of hours
import { readFileSync } from "node:fs";
import { BENCH_PROBLEMS } from "../../fixtures/mate-bench.ts";
import type { BatchOptions } from "../../core/asm-engine.ts";
import { asmEngine } from "../../core/engines.ts";
import { isMateIn, parseFen, parseUci } from "../../oracle/index.ts";
import { MATE_SET } from "../mates/mate-set.ts";
import { DEFAULT_DOSBOX_IPS } from "./bench.ts";

/** A position of a benchmark set, with the row it counts in. */
interface MatePosition {
  readonly source: string;
  readonly fen: string;
  readonly length: number;
  readonly key: string;
  readonly heldOut?: boolean;
}

/** What one position cost, and whether it was answered with its proven length. */
interface MateCost {
  readonly seconds: number;
  /** Stopped by the job's limit: the cost so far, a lower bound. */
  readonly stopped: boolean;
  readonly answered: boolean;
}

/** Which part of a set to run, and whether to show each position's cost. */
export interface MateSetFilter {
  /** Only the mates of this length. */
  readonly length?: number;
  /** Only the held-out quarter. */
  readonly heldOut?: boolean;
  /** Only the three quarters not held out. */
  readonly tuning?: boolean;
  /** A line a position too: seconds, nodes, source and FEN. */
  readonly each?: boolean;
}

/** The median of a list of numbers (the mean of the middle two for an even count). */
function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Runs the positions and checks every answer: a length other than the proven one, or
 *  a first move the oracle's isMateIn does not accept, stops the benchmark. A job
 *  stopped by the mate job's default limit (asm/batch/PROTOCOL.md: ten minutes at 3000
 *  cycles) counts as its cost so far and as not answered. */
async function runSet(
  set: readonly MatePosition[],
  opts: BatchOptions,
): Promise<{ costs: MateCost[]; each: string[] }> {
  const answers = await asmEngine.mate(
    set.map((m) => ({ fen: m.fen, moves: m.length })),
    { timeoutMs: 12 * 3_600_000, ...opts },
  );
  const costs: MateCost[] = [];
  const each: string[] = [];
  answers.forEach((a, i) => {
    const m = set[i]!;
    const stopped = !a.ok && a.code === "limit" ? /\btsc (\d+)/.exec(a.message) : null;
    if (!a.ok && !stopped) throw new Error(`bench: mate failed on ${m.source}: ${a.message}`);
    if (a.ok) {
      const parsed = parseFen(m.fen);
      const move = parsed.ok && a.length !== null ? parseUci(parsed.pos, a.firstMoves[0]!) : null;
      if (
        a.length !== m.length ||
        !parsed.ok ||
        !move?.ok ||
        !isMateIn(parsed.pos, move.move, m.length)
      ) {
        throw new Error(
          `bench: wrong mate on ${m.source} (${m.fen}): ${a.length === null ? "no mate" : `mate ${a.length} ${a.firstMoves[0]}`}, proven: mate ${m.length}`,
        );
      }
    }
    const tsc = a.ok ? (a.tsc ?? NaN) : Number(stopped![1]);
    const seconds = tsc / DEFAULT_DOSBOX_IPS;
    each.push(
      `mate ${m.length}  ${seconds.toFixed(2).padStart(7)} s  ${String(a.ok ? a.nodes : "stopped").padStart(9)} nodes  ${m.heldOut ? "held out  " : ""}${m.source}: ${m.fen}`,
    );
    costs.push({ seconds, stopped: !a.ok, answered: a.ok });
  });
  return { costs, each };
}

/** One row a length (and a held-out row a length when the set has them): positions,
 *  answered with the proven length, median and worst seconds; a figure a stopped job
 *  reaches is shown as a lower bound (">="). */
function costTable(set: readonly MatePosition[], costs: readonly MateCost[]): string {
  const shown = (cost: { seconds: number; stopped: boolean }) =>
    `${cost.stopped ? ">=" : ""}${cost.seconds.toFixed(2)}`;
  const rows = [["mate in", "positions", "answered", "median s", "worst s"]];
  const groups = new Map<string, MateCost[]>();
  set.forEach((m, i) => {
    const name = `${m.length}${m.heldOut ? " held out" : ""}`;
    groups.set(name, [...(groups.get(name) ?? []), costs[i]!]);
  });
  const order = (name: string) => parseInt(name) * 2 + (name.includes("held") ? 1 : 0);
  for (const [name, list] of [...groups].sort((a, b) => order(a[0]) - order(b[0]))) {
    const sorted = [...list].sort((a, b) => a.seconds - b.seconds);
    const middle = sorted.slice((sorted.length - 1) >> 1, (sorted.length >> 1) + 1);
    const mid = {
      seconds: median(list.map((c) => c.seconds)),
      stopped: middle.some((c) => c.stopped),
    };
    rows.push([
      name,
      String(list.length),
      String(list.filter((c) => c.answered).length),
      shown(mid),
      shown(sorted[sorted.length - 1]!),
    ]);
  }
  return rows
    .map((r) => r.map((cell, c) => (c === 0 ? cell.padEnd(11) : cell.padStart(9))).join("  "))
    .join("\n");
}

/** The table of one set, filtered. */
async function setTable(
  set: readonly MatePosition[],
  opts: BatchOptions,
  filter: MateSetFilter,
): Promise<string> {
  const chosen = set.filter(
    (m) =>
      (filter.length === undefined || m.length === filter.length) &&
      (!filter.heldOut || m.heldOut) &&
      (!filter.tuning || !m.heldOut),
  );
  if (chosen.length === 0) throw new Error("bench: no position of the set fits the filter");
  const { costs, each } = await runSet(chosen, opts);
  const table = costTable(chosen, costs);
  return filter.each ? [...each, "", table].join("\n") : table;
}

/** The older set (ts-harness/lab/mates/mate-set.ts) alone, as `npm run bench` shows it. */
export async function mateSetTable(
  opts: BatchOptions = {},
  filter: MateSetFilter = {},
): Promise<string> {
  return setTable(MATE_SET, opts, filter);
}

/** `npm run bench -- --mate [--set problems|old] [--length N] [--held-out|--tuning] [--each]
 *  [--program FILE] [--native]`: the published problems' table, then the older set's. */
export async function mateBench(argv: readonly string[]): Promise<string> {
  const value = (flag: string) => {
    const at = argv.indexOf(flag);
    return at >= 0 ? argv[at + 1] : undefined;
  };
  const program = value("--program");
  const opts: BatchOptions = {
    ...(program ? { programBytes: new Uint8Array(readFileSync(program)) } : {}),
    native: argv.includes("--native"),
  };
  const lengthArg = value("--length");
  const length = lengthArg === undefined ? undefined : Number(lengthArg);
  if (lengthArg !== undefined && !/^[1-8]$/.test(lengthArg))
    throw new Error(`bench: --length takes 1 to 8, not ${lengthArg}`);
  const filter = {
    length,
    heldOut: argv.includes("--held-out"),
    tuning: argv.includes("--tuning"),
    each: argv.includes("--each"),
  };
  const which = value("--set");
  if (which !== undefined && which !== "problems" && which !== "old")
    throw new Error(`bench: --set takes problems or old, not ${which}`);
  const out: string[] = [];
  if (which !== "old") {
    out.push(
      "published problems (ts-harness/fixtures/mate-bench.ts)",
      await setTable(BENCH_PROBLEMS, opts, filter),
    );
  }
  if (which !== "problems" && !filter.heldOut && !filter.tuning) {
    if (out.length) out.push("");
    out.push(
      "the older set (ts-harness/lab/mates/mate-set.ts)",
      await setTable(MATE_SET, opts, filter),
    );
  }
  return out.join("\n");
}
