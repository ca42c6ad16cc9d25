// san -- Standard Algebraic Notation of a legal move: piece letter, the least
// disambiguation that works (file, else rank, else both), x for captures, =Q for
// promotions, O-O / O-O-O, and + or # when the move checks or mates.

import { EMPTY, PAWN, fileOf, rankOf, roleLetter, roleOf, squareName } from "./board.ts";
import { inCheck } from "./attacks.ts";
import { makeCode, unmakeCode } from "./make.ts";
import {
  MOVE_CASTLE,
  MOVE_EN_PASSANT,
  moveFrom,
  moveKind,
  movePromotion,
  moveTo,
  moveToUci,
} from "./move.ts";
import { legalCode, legalCodes } from "./movegen.ts";
import type { Position } from "./position.ts";
import type { Move } from "./types.ts";

function disambiguation(pos: Position, code: number, others: number[]): string {
  const from = moveFrom(code);
  const rivals = others.filter(
    (c) =>
      c !== code &&
      moveTo(c) === moveTo(code) &&
      moveFrom(c) !== from &&
      pos.board[moveFrom(c)] === pos.board[from],
  );
  if (rivals.length === 0) return "";
  const name = squareName(from);
  if (!rivals.some((c) => fileOf(moveFrom(c)) === fileOf(from))) return name[0];
  if (!rivals.some((c) => rankOf(moveFrom(c)) === rankOf(from))) return name[1];
  return name;
}

function checkSuffix(pos: Position, code: number): string {
  makeCode(pos, code);
  const suffix = !inCheck(pos) ? "" : legalCodes(pos).length === 0 ? "#" : "+";
  unmakeCode(pos);
  return suffix;
}

/** SAN of `move` in `pos`; throws if the move is not legal there. */
export function san(pos: Position, move: Move): string {
  const code = legalCode(pos, move);
  if (code === undefined) throw new Error(`san: ${moveToUci(move)} is not legal here`);
  const from = moveFrom(code);
  const to = moveTo(code);
  const role = roleOf(pos.board[from]);
  const capture = pos.board[to] !== EMPTY || moveKind(code) === MOVE_EN_PASSANT;
  let text: string;
  if (moveKind(code) === MOVE_CASTLE) {
    text = to > from ? "O-O" : "O-O-O";
  } else if (role === PAWN) {
    const promotion = movePromotion(code);
    text =
      (capture ? squareName(from)[0] + "x" : "") +
      squareName(to) +
      (promotion ? "=" + roleLetter(promotion).toUpperCase() : "");
  } else {
    text =
      roleLetter(role).toUpperCase() +
      disambiguation(pos, code, legalCodes(pos)) +
      (capture ? "x" : "") +
      squareName(to);
  }
  return text + checkSuffix(pos, code);
}
