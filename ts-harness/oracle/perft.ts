// perft -- count the leaves of the legal move tree, whole or split by root move. The
// move generator is movegen.ts's unless another is given (the tests give the second
// implementation, movegen-pins.ts, to hold the two against each other).

import * as makeModule from "./make.ts";
import * as moveModule from "./move.ts";
import * as movegenModule from "./movegen.ts";
import type { Position } from "./position.ts";

// Imported names copied into module constants, for speed (see index.ts).
const { makeCode, unmakeCode } = makeModule;
const { codeToUci } = moveModule;
const { MAX_MOVES, generateLegal } = movegenModule;

/** Writes the legal move codes of the side to move into `out` from `start`; returns
 *  the index past the last one (generateLegal's signature). */
export type MoveGenerator = (pos: Position, out: Int32Array, start: number) => number;

/** One move list per ply, reused across calls so counting allocates nothing per node. */
const plyMoves: Int32Array[] = [];

function countLeaves(pos: Position, depth: number, ply: number, generate: MoveGenerator): number {
  const moves = (plyMoves[ply] ??= new Int32Array(MAX_MOVES));
  const n = generate(pos, moves, 0);
  if (depth === 1) return n;
  let leaves = 0;
  for (let i = 0; i < n; i++) {
    makeCode(pos, moves[i]);
    leaves += countLeaves(pos, depth - 1, ply + 1, generate);
    unmakeCode(pos);
  }
  return leaves;
}

/** Leaf count of the legal move tree `depth` plies deep (1 at depth 0). */
export function perft(
  pos: Position,
  depth: number,
  generate: MoveGenerator = generateLegal,
): number {
  return depth < 1 ? 1 : countLeaves(pos, depth, 0, generate);
}

/** perft(depth - 1) after each legal root move, as [uci, leaves] sorted by uci. */
export function divide(
  pos: Position,
  depth: number,
  generate: MoveGenerator = generateLegal,
): [uci: string, leaves: number][] {
  if (depth < 1) throw new RangeError(`divide needs depth 1 or more, not ${depth}`);
  const codes = new Int32Array(MAX_MOVES);
  const rows = Array.from(codes.subarray(0, generate(pos, codes, 0)), (code): [string, number] => {
    makeCode(pos, code);
    const leaves = perft(pos, depth - 1, generate);
    unmakeCode(pos);
    return [codeToUci(code), leaves];
  });
  return rows.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}
