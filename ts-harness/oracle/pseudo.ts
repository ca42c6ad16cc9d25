// pseudo -- every pseudo-legal move of the side to move, as move codes (see move.ts):
// each piece's moves by the rules of its kind, whether or not they leave the own king
// attacked. Only castling is checked here, because its legality is about squares the
// king passes, not where it ends: the right held, the squares between empty, the king
// not in check and the square it crosses not attacked. movegen.ts keeps what is legal.
//
// Los Alamos chess (6x6) runs through the same code: its board is the a1..f6 corner of
// the 0x88 board, `outside` stops a step that leaves it, its pawns have no double step
// (so no en passant) and promote on rank 6 to a queen, rook or knight; no castling
// rights can be set for it, so addCastling finds none.

import * as boardModule from "./board.ts";
import type { Side } from "./board.ts";
import * as attacksModule from "./attacks.ts";
import * as moveModule from "./move.ts";
import * as positionModule from "./position.ts";
import type { Position } from "./position.ts";

// Imported names copied into module constants, for speed (see index.ts).
const {
  BISHOP,
  BISHOP_DIRS,
  BOARD_SIZE,
  EMPTY,
  KING,
  KNIGHT,
  KNIGHT_JUMPS,
  OFF_BOARD,
  PAWN,
  QUEEN,
  QUEEN_DIRS,
  RANK_STEP,
  ROOK,
  ROOK_DIRS,
  WHITE,
  rankOf,
  roleOf,
  sideOf,
} = boardModule;
const { isAttacked } = attacksModule;
const { MOVE_CASTLE, MOVE_DOUBLE_PUSH, MOVE_EN_PASSANT, MOVE_NORMAL, encodeMove } = moveModule;
const { CASTLE_BLACK_KING, CASTLE_BLACK_QUEEN, CASTLE_WHITE_KING, CASTLE_WHITE_QUEEN, opponent } =
  positionModule;

/** Room for the moves of any position the FEN parser accepts: at most a(64-a) <= 1024
 *  from-to pairs, plus three extra promotions for each of at most 24 pawn moves. */
export const MAX_MOVES = 1024 + 3 * 24;

const PROMOTIONS = [QUEEN, ROOK, BISHOP, KNIGHT] as const;
const LOS_ALAMOS_PROMOTIONS = [QUEEN, ROOK, KNIGHT] as const;
/** File steps of a pawn capture, added to the square in front of the pawn. */
const CAPTURE_SIDES = [-1, 1] as const;
/** Castling rights of WHITE and BLACK, by side of the board. */
const KING_SIDE = [CASTLE_WHITE_KING, CASTLE_BLACK_KING] as const;
const QUEEN_SIDE = [CASTLE_WHITE_QUEEN, CASTLE_BLACK_QUEEN] as const;

// The geometry of the position being generated (see board.ts); generation never
// recurses, so module scope serves without allocating per node.
let outside: Uint8Array = new Uint8Array(BOARD_SIZE);
let lastRank = 7;
let promotions: readonly number[] = PROMOTIONS;
let doubleStep = true;

/** Whether a step landed off the board (off 0x88, or outside a smaller variant's). */
function offBoard(sq: number): boolean {
  return (sq & OFF_BOARD) !== 0 || outside[sq] !== 0;
}

function addPawnMove(out: Int32Array, n: number, from: number, to: number, kind: number): number {
  const rank = rankOf(to);
  if (rank === 0 || rank === lastRank) {
    for (const role of promotions) out[n++] = encodeMove(from, to, role, MOVE_NORMAL);
  } else {
    out[n++] = encodeMove(from, to, 0, kind);
  }
  return n;
}

function addPawnMoves(pos: Position, out: Int32Array, n: number, from: number, us: Side): number {
  const board = pos.board;
  const forward = us === WHITE ? RANK_STEP : -RANK_STEP;
  const startRank = us === WHITE ? 1 : lastRank - 1;
  const to = from + forward;
  if (board[to] === EMPTY) {
    n = addPawnMove(out, n, from, to, MOVE_NORMAL);
    const two = to + forward;
    if (doubleStep && rankOf(from) === startRank && board[two] === EMPTY) {
      out[n++] = encodeMove(from, two, 0, MOVE_DOUBLE_PUSH);
    }
  }
  for (const side of CAPTURE_SIDES) {
    const target = to + side;
    if (offBoard(target)) continue;
    const victim = board[target];
    if (victim !== EMPTY) {
      if (sideOf(victim) !== us) n = addPawnMove(out, n, from, target, MOVE_NORMAL);
    } else if (target === pos.ep) {
      out[n++] = encodeMove(from, target, 0, MOVE_EN_PASSANT);
    }
  }
  return n;
}

function addLeaperMoves(
  board: Uint8Array,
  out: Int32Array,
  n: number,
  from: number,
  us: Side,
  jumps: readonly number[],
): number {
  for (const jump of jumps) {
    const to = from + jump;
    if (offBoard(to)) continue;
    const victim = board[to];
    if (victim === EMPTY || sideOf(victim) !== us) out[n++] = encodeMove(from, to, 0, MOVE_NORMAL);
  }
  return n;
}

function addSliderMoves(
  board: Uint8Array,
  out: Int32Array,
  n: number,
  from: number,
  us: Side,
  dirs: readonly number[],
): number {
  for (const dir of dirs) {
    for (let to = from + dir; !offBoard(to); to += dir) {
      const victim = board[to];
      if (victim !== EMPTY && sideOf(victim) === us) break;
      out[n++] = encodeMove(from, to, 0, MOVE_NORMAL);
      if (victim !== EMPTY) break;
    }
  }
  return n;
}

/** Castling, checked but for the king's landing square (the caller's make-and-test).
 *  Rights imply king and rook are home. */
function addCastling(pos: Position, out: Int32Array, n: number, us: Side): number {
  const board = pos.board;
  const them = opponent(us);
  const king = pos.kings[us];
  const kingSide =
    (pos.castling & KING_SIDE[us]) !== 0 && board[king + 1] === EMPTY && board[king + 2] === EMPTY;
  const queenSide =
    (pos.castling & QUEEN_SIDE[us]) !== 0 &&
    board[king - 1] === EMPTY &&
    board[king - 2] === EMPTY &&
    board[king - 3] === EMPTY;
  if ((!kingSide && !queenSide) || isAttacked(pos, king, them)) return n;
  if (kingSide && !isAttacked(pos, king + 1, them))
    out[n++] = encodeMove(king, king + 2, 0, MOVE_CASTLE);
  if (queenSide && !isAttacked(pos, king - 1, them))
    out[n++] = encodeMove(king, king - 2, 0, MOVE_CASTLE);
  return n;
}

/** Writes the pseudo-legal move codes of the side to move into `out` from index
 *  `start`; returns the index past the last one. `out` needs MAX_MOVES free entries. */
export function generatePseudo(pos: Position, out: Int32Array, start: number): number {
  const board = pos.board;
  const us = pos.turn;
  const geometry = pos.geometry;
  outside = geometry.outside;
  lastRank = geometry.size - 1;
  doubleStep = geometry.variant === "chess";
  promotions = doubleStep ? PROMOTIONS : LOS_ALAMOS_PROMOTIONS;
  let n = addCastling(pos, out, start, us);
  const list = pos.list[us];
  for (let i = 0, count = pos.count[us]; i < count; i++) {
    const from = list[i];
    switch (roleOf(board[from])) {
      case PAWN:
        n = addPawnMoves(pos, out, n, from, us);
        break;
      case KNIGHT:
        n = addLeaperMoves(board, out, n, from, us, KNIGHT_JUMPS);
        break;
      case BISHOP:
        n = addSliderMoves(board, out, n, from, us, BISHOP_DIRS);
        break;
      case ROOK:
        n = addSliderMoves(board, out, n, from, us, ROOK_DIRS);
        break;
      case QUEEN:
        n = addSliderMoves(board, out, n, from, us, QUEEN_DIRS);
        break;
      case KING:
        n = addLeaperMoves(board, out, n, from, us, QUEEN_DIRS);
        break;
    }
  }
  return n;
}
