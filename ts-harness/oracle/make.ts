// make -- play and take back a move code on a Position, fast enough for perft.
// The move must be legal; nothing is checked. unmakeCode restores everything makeCode
// changed (castling rights, en-passant square, clocks) from the position's undo stack.

import * as boardModule from "./board.ts";
import * as moveModule from "./move.ts";
import * as positionModule from "./position.ts";
import type { Position } from "./position.ts";

// Imported names copied into module constants, for speed (see index.ts).
const { BLACK, EMPTY, KING, NO_SQUARE, PAWN, RANK_STEP, WHITE, pieceCode, roleOf } = boardModule;
const {
  MOVE_CASTLE,
  MOVE_DOUBLE_PUSH,
  MOVE_EN_PASSANT,
  moveFrom,
  moveKind,
  movePromotion,
  moveTo,
} = moveModule;
const { CASTLE_KEEP, opponent } = positionModule;

/** Square of the pawn an en-passant capture onto `to` removes. */
function epVictim(to: number, mover: number): number {
  return mover === WHITE ? to - RANK_STEP : to + RANK_STEP;
}

/** The castling rook's corner: h-file when the king goes to g, a-file when it goes to c. */
function castleRookFrom(kingFrom: number, kingTo: number): number {
  return kingTo > kingFrom ? kingFrom + 3 : kingFrom - 4;
}

/** The castling rook lands on the square the king passes over. */
function castleRookTo(kingFrom: number, kingTo: number): number {
  return (kingFrom + kingTo) >> 1;
}

export function makeCode(pos: Position, code: number): void {
  const board = pos.board;
  const from = moveFrom(code);
  const to = moveTo(code);
  const kind = moveKind(code);
  const promotion = movePromotion(code);
  const us = pos.turn;
  const role = roleOf(board[from]);
  const captureSquare = kind === MOVE_EN_PASSANT ? epVictim(to, us) : to;
  const captured = board[captureSquare];

  pos.undo.push(code, captured, pos.castling, pos.ep, pos.halfmove);
  if (captured !== EMPTY) pos.remove(captureSquare);
  pos.relocate(from, to);
  if (promotion) board[to] = pieceCode(us, promotion);
  if (kind === MOVE_CASTLE) {
    pos.relocate(castleRookFrom(from, to), castleRookTo(from, to));
  }
  if (role === KING) pos.kings[us] = to;
  pos.castling &= CASTLE_KEEP[from] & CASTLE_KEEP[to];
  pos.ep = kind === MOVE_DOUBLE_PUSH ? (from + to) >> 1 : NO_SQUARE;
  pos.halfmove = captured !== EMPTY || role === PAWN ? 0 : pos.halfmove + 1;
  if (us === BLACK) pos.fullmove++;
  pos.turn = opponent(us);
}

export function unmakeCode(pos: Position): void {
  const undo = pos.undo;
  pos.halfmove = undo.pop()!;
  pos.ep = undo.pop()!;
  pos.castling = undo.pop()!;
  const captured = undo.pop()!;
  const code = undo.pop()!;
  const from = moveFrom(code);
  const to = moveTo(code);
  const kind = moveKind(code);
  const us = opponent(pos.turn);

  pos.turn = us;
  if (us === BLACK) pos.fullmove--;
  pos.relocate(to, from);
  if (movePromotion(code)) pos.board[from] = pieceCode(us, PAWN);
  if (kind === MOVE_CASTLE) {
    pos.relocate(castleRookTo(from, to), castleRookFrom(from, to));
  }
  if (roleOf(pos.board[from]) === KING) pos.kings[us] = from;
  if (captured !== EMPTY) pos.put(kind === MOVE_EN_PASSANT ? epVictim(to, us) : to, captured);
}
