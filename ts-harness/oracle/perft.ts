// perft -- count the leaves of the legal move tree, whole or split by root move.

import * as makeModule from "./make.ts";
import * as moveModule from "./move.ts";
import * as movegenModule from "./movegen.ts";
import type { Position } from "./position.ts";

// Imported names copied into module constants, for speed (see index.ts).
const { makeCode, unmakeCode } = makeModule;
const { codeToUci } = moveModule;
const { MAX_MOVES, generateLegal, legalCodes } = movegenModule;

/** One move list per ply, reused across calls so counting allocates nothing per node. */
const plyMoves: Int32Array[] = [];

function countLeaves(pos: Position, depth: number, ply: number): number {
  const moves = (plyMoves[ply] ??= new Int32Array(MAX_MOVES));
  const n = generateLegal(pos, moves, 0);
  if (depth === 1) return n;
  let leaves = 0;
  for (let i = 0; i < n; i++) {
    makeCode(pos, moves[i]);
    leaves += countLeaves(pos, depth - 1, ply + 1);
    unmakeCode(pos);
  }
  return leaves;
}

/** Leaf count of the legal move tree `depth` plies deep (1 at depth 0). */
export function perft(pos: Position, depth: number): number {
  return depth < 1 ? 1 : countLeaves(pos, depth, 0);
}

/** perft(depth - 1) after each legal root move, as [uci, leaves] sorted by uci. */
export function divide(pos: Position, depth: number): [uci: string, leaves: number][] {
  if (depth < 1) throw new RangeError(`divide needs depth 1 or more, not ${depth}`);
  const rows = legalCodes(pos).map((code): [string, number] => {
    makeCode(pos, code);
    const leaves = perft(pos, depth - 1);
    unmakeCode(pos);
    return [codeToUci(code), leaves];
  });
  return rows.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}
