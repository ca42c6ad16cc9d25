// mate-tree -- how large a total mate search's tree is, level by level, and how much of
// it a table that forgets no proven result could spare: the upper bound of what a larger
// table of proven results (asm/logic/matetable.asm) can give.
//   npm run --silent bench -- --mate-tree N FEN    one position's levels
//   npm run --silent bench -- --mate-tree N        the proofs of "no mate in N" of the
//                                                  mate set's mates in N + 1
// The walk is the oracle's own (its move generator, make and attack test), in the
// order of its findMate: the attacker's checks first, the defender's reply that last
// refuted at its ply first; lengths 1 .. N in turn, as mate_find tries them. It is run
// twice, without a table and with one keyed by the position (the FEN's first four
// fields) that keeps every result: the fewest moves a position mates in, and the most
// it does not.
import { MATE_SET } from "./mate-set.ts";
import { fenPosition, inCheck, toFen, type Position } from "../../oracle/index.ts";
import { makeCode, unmakeCode } from "../../oracle/make.ts";
import { generateLegal, hasLegalMove, MAX_MOVES } from "../../oracle/movegen.ts";

/** Counts of one walk, indexed by k, the attacker's moves left. */
export interface TreeCounts {
  /** Attacker's nodes searched (their moves generated). */
  readonly searched: number[];
  /** Attacker's nodes answered by the table. */
  readonly known: number[];
  /** The length of the mate found, or null. */
  readonly length: number | null;
}

interface Known {
  mates: number;
  fails: number;
}

/** The total search for a mate in 1 .. n moves of the side to move, counted. */
export function mateTree(fen: string, n: number, table: boolean): TreeCounts {
  const pos: Position = fenPosition(fen);
  const searched = new Array<number>(n + 1).fill(0);
  const known = new Array<number>(n + 1).fill(0);
  const lists: Int32Array[] = [];
  const lastRefutation = new Int32Array(2 * n + 2);
  const proven = new Map<string, Known>();
  const list = (ply: number) => (lists[ply] ??= new Int32Array(MAX_MOVES));
  const checks = (code: number) => {
    makeCode(pos, code);
    const check = inCheck(pos);
    unmakeCode(pos);
    return check;
  };

  const attacker = (k: number, ply: number): boolean => {
    const key = table && ply > 0 ? toFen(pos).split(" ").slice(0, 4).join(" ") : "";
    const entry = key ? proven.get(key) : undefined;
    if (entry && (entry.mates <= k || entry.fails >= k)) {
      known[k]!++;
      return entry.mates <= k;
    }
    searched[k]!++;
    const moves = list(ply);
    const count = generateLegal(pos, moves, 0);
    let first = 0;
    for (let i = 0; i < count; i++) {
      const code = moves[i]!;
      if (!checks(code)) continue;
      moves[i] = moves[first]!;
      moves[first++] = code;
    }
    let mates = false;
    for (let i = 0; i < (k === 1 ? first : count) && !mates; i++) {
      makeCode(pos, moves[i]!);
      mates = defender(k, ply + 1);
      unmakeCode(pos);
    }
    if (key) {
      const e = proven.get(key) ?? { mates: Infinity, fails: 0 };
      if (mates) e.mates = Math.min(e.mates, k);
      else e.fails = Math.max(e.fails, k);
      proven.set(key, e);
    }
    return mates;
  };

  const defender = (k: number, ply: number): boolean => {
    if (k === 1) return inCheck(pos) && !hasLegalMove(pos);
    const replies = list(ply);
    const count = generateLegal(pos, replies, 0);
    if (count === 0) return inCheck(pos);
    const at = replies.subarray(0, count).indexOf(lastRefutation[ply]!);
    if (at > 0) [replies[0], replies[at]] = [replies[at]!, replies[0]!];
    for (let i = 0; i < count; i++) {
      makeCode(pos, replies[i]!);
      const mated = attacker(k - 1, ply + 1);
      unmakeCode(pos);
      if (!mated) {
        lastRefutation[ply] = replies[i]!;
        return false;
      }
    }
    return true;
  };

  for (let k = 1; k <= n; k++) if (attacker(k, 0)) return { searched, known, length: k };
  return { searched, known, length: null };
}

/** Both walks side by side, a row a level, deepest first. */
export function mateTreeTable(fen: string, n: number): string {
  const plain = mateTree(fen, n, false);
  const kept = mateTree(fen, n, true);
  const rows = [
    ["k", "searched, no table", "searched, full table", "answered by the table", "spared"],
  ];
  for (let k = n; k >= 1; k--) {
    const before = plain.searched[k]!;
    const after = kept.searched[k]!;
    rows.push([
      String(k),
      String(before),
      String(after),
      String(kept.known[k]),
      before ? `${(100 * (1 - after / before)).toFixed(1)}%` : "",
    ]);
  }
  const answer = (t: TreeCounts) => (t.length === null ? `no mate in ${n}` : `mate in ${t.length}`);
  rows.push(["", answer(plain), answer(kept), "", ""]);
  return rows.map((r) => r.map((c) => c.padStart(22)).join("")).join("\n");
}

/** The proofs that no mate in n exists, on the mate set's mates in n + 1: a row a
 *  position (the attacker's nodes searched without and with the full table, and their
 *  ratio), then the ratios' geometric mean and median and the sums. */
export function mateTreeSetTable(n: number): string {
  const set = MATE_SET.filter((m) => m.length === n + 1);
  if (set.length === 0) throw new Error(`mate-tree: no mate in ${n + 1} in the set`);
  const total = (t: TreeCounts) => t.searched.reduce((a, b) => a + b, 0);
  const rows: string[] = [];
  const ratios: number[] = [];
  let before = 0;
  let after = 0;
  for (const m of set) {
    const plain = mateTree(m.fen, n, false);
    const kept = mateTree(m.fen, n, true);
    if (plain.length !== null || kept.length !== null)
      throw new Error(`mate-tree: a mate in ${n} found in ${m.fen}, proven a mate in ${n + 1}`);
    ratios.push(total(kept) / total(plain));
    before += total(plain);
    after += total(kept);
    rows.push(
      `${String(total(plain)).padStart(9)} ${String(total(kept)).padStart(9)} ${ratios[ratios.length - 1]!.toFixed(3).padStart(7)}  ${m.fen}`,
    );
  }
  const sorted = [...ratios].sort((a, b) => a - b);
  const median = (sorted[(sorted.length - 1) >> 1]! + sorted[sorted.length >> 1]!) / 2;
  const geometric = Math.exp(ratios.reduce((a, r) => a + Math.log(r), 0) / ratios.length);
  rows.push(
    "",
    `${set.length} positions: full table / none, geometric mean ${geometric.toFixed(3)}, median ${median.toFixed(3)}, from ${sorted[0]!.toFixed(3)} to ${sorted[sorted.length - 1]!.toFixed(3)}; nodes ${before} -> ${after}`,
  );
  return rows.join("\n");
}
