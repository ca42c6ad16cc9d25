// exchange -- Liberman's material exchange, the core of his positional logic (1997,
// part 5: NOIR3, BLANC2 ...), written from his description and list of values: take
// the piece that attracts you most, minus what the other side takes back in its turn.
//
//   value(m) = the value of the piece m captures (en passant takes a pawn; 0 for a quiet
//              move), plus, for a promotion, the promoted piece's value minus a pawn's
//   X(P, 0)  = 0
//   X(P, d)  = the largest value(m) - X(P after m, d - 1) over the legal moves m of P;
//              with no legal move, minus the king's value in check, 0 in stalemate
//
// The assembly reports the first best move in its own generation order, which the
// oracle cannot know, so the oracle gives every move that reaches the best value.

import * as attacksModule from "./attacks.ts";
import * as boardModule from "./board.ts";
import * as makeModule from "./make.ts";
import * as moveModule from "./move.ts";
import * as movegenModule from "./movegen.ts";
import type { Position } from "./position.ts";
import type { Move, Role } from "./types.ts";

// Imported names copied into module constants, for speed (see index.ts).
const { inCheck } = attacksModule;
const { EMPTY, PAWN, roleLetter, roleOf } = boardModule;
const { makeCode, unmakeCode } = makeModule;
const { MOVE_EN_PASSANT, codeToMove, moveKind, movePromotion, moveTo } = moveModule;
const { MAX_MOVES, generateLegal, legalCodes } = movegenModule;

/** Liberman's "list of value" (part 5). */
export const EXCHANGE_VALUES: Readonly<Record<Role, number>> = {
  p: 2000,
  n: 4800,
  b: 4825,
  r: 9100,
  q: 18000,
  k: 80000,
};

export interface ExchangeResult {
  /** X(position, depth) as defined above. */
  readonly value: number;
  /** Every legal move whose term equals the value; empty when there is no legal move. */
  readonly moves: Move[];
}

const plyMoves: Int32Array[] = [];

function value(role: number): number {
  return EXCHANGE_VALUES[roleLetter(role)];
}

/** What the move takes, with a promotion's gain; read before the move is made. */
function moveValue(pos: Position, code: number): number {
  const victim = moveKind(code) === MOVE_EN_PASSANT ? PAWN : roleOf(pos.board[moveTo(code)]);
  const promotion = movePromotion(code);
  return (victim === EMPTY ? 0 : value(victim)) + (promotion ? value(promotion) - value(PAWN) : 0);
}

/** value(m) - X(P after m, d - 1): what the move finally gives its side. */
function term(pos: Position, code: number, depth: number, ply: number): number {
  const gain = moveValue(pos, code);
  if (depth === 1) return gain;
  makeCode(pos, code);
  const reply = best(pos, depth - 1, ply + 1);
  unmakeCode(pos);
  return gain - reply;
}

function noMoveValue(pos: Position): number {
  return inCheck(pos) ? -EXCHANGE_VALUES.k : 0;
}

function best(pos: Position, depth: number, ply: number): number {
  const moves = (plyMoves[ply] ??= new Int32Array(MAX_MOVES));
  const n = generateLegal(pos, moves, 0);
  if (n === 0) return noMoveValue(pos);
  let top = -Infinity;
  for (let i = 0; i < n; i++) top = Math.max(top, term(pos, moves[i], depth, ply));
  return top;
}

/** Liberman's exchange value of the side to move, `depth` plies deep, and its moves. */
export function exchange(pos: Position, depth: number): ExchangeResult {
  if (!Number.isInteger(depth) || depth < 1)
    throw new RangeError(`an exchange depth is 1 ply or more, not ${depth}`);
  const root = legalCodes(pos);
  if (root.length === 0) return { value: noMoveValue(pos), moves: [] };
  const terms = root.map((code) => term(pos, code, depth, 0));
  const top = Math.max(...terms);
  return { value: top, moves: root.filter((_, i) => terms[i] === top).map(codeToMove) };
}
