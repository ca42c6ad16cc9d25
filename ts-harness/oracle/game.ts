// game -- the oracle as a caller plays it: moves named as Move values, the history
// kept for repetition, and the state of the game (mate, stalemate, draws).

import {
  BISHOP,
  EMPTY,
  KING,
  KNIGHT,
  NO_SQUARE,
  colorName,
  fileOf,
  parseSquare,
  rankOf,
  roleOf,
  toPiece,
} from "./board.ts";
import { inCheck } from "./attacks.ts";
import { boardFen, castlingFen, toFen } from "./fen.ts";
import { makeCode, unmakeCode } from "./make.ts";
import { MOVE_EN_PASSANT, codeToMove, moveKind, moveToUci } from "./move.ts";
import { legalCode, legalCodes } from "./movegen.ts";
import { UNDO_ENTRY_SIZE, type Position } from "./position.ts";
import { parseUci } from "./uci.ts";
import type { Color, Move, Piece, SquareName, Status } from "./types.ts";

const FIFTY_MOVE_PLIES = 100;

export function sideToMove(pos: Position): Color {
  return colorName(pos.turn);
}

export function pieceAt(pos: Position, sq: SquareName): Piece | undefined {
  const code = pos.board[parseSquare(sq)!];
  return code === EMPTY ? undefined : toPiece(code);
}

export function legalMoves(pos: Position): Move[] {
  return legalCodes(pos).map(codeToMove);
}

/** Plays a legal move (throws on an illegal one) and records the position left behind. */
export function makeMove(pos: Position, move: Move): void {
  const code = legalCode(pos, move);
  if (code === undefined)
    throw new Error(`makeMove: ${moveToUci(move)} is not legal in ${toFen(pos)}`);
  pos.history.push(positionKey(pos));
  makeCode(pos, code);
}

/** Plays moves named in UCI one after another (throws on the first that is not legal
 *  here); returns the position. */
export function playUci(pos: Position, moves: readonly string[]): Position {
  for (const text of moves) {
    const parsed = parseUci(pos, text);
    if (!parsed.ok) throw new Error(`${text}: ${parsed.error.message}`);
    makeMove(pos, parsed.move);
  }
  return pos;
}

/** Takes back the last move made with makeMove and returns it; undefined if none. */
export function unmakeMove(pos: Position): Move | undefined {
  if (pos.history.length === 0) return undefined;
  const code = pos.undo[pos.undo.length - UNDO_ENTRY_SIZE];
  pos.history.pop();
  unmakeCode(pos);
  return codeToMove(code);
}

/** Identity of a position for repetition: board, side, castling rights, and the
 *  en-passant square only when an en-passant capture is actually legal. */
export function positionKey(pos: Position): string {
  const epCapture =
    pos.ep !== NO_SQUARE && legalCodes(pos).some((c) => moveKind(c) === MOVE_EN_PASSANT);
  const ep = epCapture ? String(pos.ep) : "-";
  return `${boardFen(pos)} ${colorName(pos.turn)} ${castlingFen(pos)} ${ep}`;
}

/** The current position has stood on the board twice before in this game. */
export function isThreefold(pos: Position): boolean {
  const key = positionKey(pos);
  return pos.history.filter((k) => k === key).length >= 2;
}

export function isFiftyMoveDraw(pos: Position): boolean {
  return pos.halfmove >= FIFTY_MOVE_PLIES;
}

/** No mate is possible: kings alone, one minor piece, or only bishops all on one colour. */
export function isInsufficientMaterial(pos: Position): boolean {
  const minors: number[] = [];
  for (const sq of pos.geometry.squares) {
    const role = roleOf(pos.board[sq]);
    if (role === EMPTY || role === KING) continue;
    if (role !== KNIGHT && role !== BISHOP) return false;
    minors.push(sq);
  }
  if (minors.length <= 1) return true;
  const shade = (sq: number) => (fileOf(sq) + rankOf(sq)) & 1;
  return minors.every((sq) => roleOf(pos.board[sq]) === BISHOP && shade(sq) === shade(minors[0]));
}

/** Mate and stalemate first, then the draws by material, repetition and the 50-move rule. */
export function status(pos: Position): Status {
  if (legalCodes(pos).length === 0) return inCheck(pos) ? "checkmate" : "stalemate";
  if (isInsufficientMaterial(pos)) return "insufficient-material";
  if (isThreefold(pos)) return "threefold";
  if (isFiftyMoveDraw(pos)) return "fifty-move";
  return "playing";
}
