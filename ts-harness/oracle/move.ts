// move -- the oracle's internal move code, one number per move:
//   bits 0-6 from square, bits 7-13 to square (0x88), bits 14-16 promotion role
//   (0 if none), bits 17-18 kind (MOVE_NORMAL, MOVE_DOUBLE_PUSH, MOVE_EN_PASSANT,
//   MOVE_CASTLE). Numbers let perft keep its move lists in typed arrays.

import { parseSquare, roleFromLetter, roleLetter, squareName } from "./board.ts";
import type { Move, PromotionRole } from "./types.ts";

export const MOVE_NORMAL = 0;
export const MOVE_DOUBLE_PUSH = 1;
export const MOVE_EN_PASSANT = 2;
export const MOVE_CASTLE = 3;

const TO_SHIFT = 7;
const PROMOTION_SHIFT = 14;
const KIND_SHIFT = 17;
const SQUARE_MASK = 0x7f;
const PROMOTION_MASK = 7;

export function encodeMove(from: number, to: number, promotion: number, kind: number): number {
  return from | (to << TO_SHIFT) | (promotion << PROMOTION_SHIFT) | (kind << KIND_SHIFT);
}

export function moveFrom(code: number): number {
  return code & SQUARE_MASK;
}

export function moveTo(code: number): number {
  return (code >> TO_SHIFT) & SQUARE_MASK;
}

export function movePromotion(code: number): number {
  return (code >> PROMOTION_SHIFT) & PROMOTION_MASK;
}

export function moveKind(code: number): number {
  return code >> KIND_SHIFT;
}

export function codeToMove(code: number): Move {
  const from = squareName(moveFrom(code));
  const to = squareName(moveTo(code));
  const promotion = movePromotion(code);
  return promotion ? { from, to, promotion: roleLetter(promotion) as PromotionRole } : { from, to };
}

export function codeToUci(code: number): string {
  const promotion = movePromotion(code);
  return (
    squareName(moveFrom(code)) + squareName(moveTo(code)) + (promotion ? roleLetter(promotion) : "")
  );
}

export function moveToUci(move: Move): string {
  return move.from + move.to + (move.promotion ?? "");
}

/** True when the code is the move the caller named (kind is implied by the board). */
export function codeMatches(code: number, move: Move): boolean {
  return (
    moveFrom(code) === parseSquare(move.from) &&
    moveTo(code) === parseSquare(move.to) &&
    movePromotion(code) === (move.promotion ? roleFromLetter(move.promotion) : 0)
  );
}
