// movegen -- every legal move of the side to move, as move codes (see move.ts).
//
// Legality without trying each move: before generating, one pass over the enemy pieces
// with the delta tables finds the pieces giving check and the friendly pieces pinned
// to the king. Then a piece move is legal when it stays on its pin line and, in
// check, captures the checker or blocks its line; a king move is legal when its
// destination is not attacked with the king lifted off the board. Only en passant,
// which empties two squares of one rank at once, is made and tested.
//
// Los Alamos chess (6x6) runs through the same code: its board is the a1..f6 corner of
// the 0x88 board, `outside` stops a step that leaves it, its pawns have no double step
// (so no en passant) and promote on rank 6 to a queen, rook or knight; no castling
// rights can be set for it, so addCastling finds none.

import * as boardModule from "./board.ts";
import type { Side } from "./board.ts";
import * as attacksModule from "./attacks.ts";
import * as deltasModule from "./deltas.ts";
import * as makeModule from "./make.ts";
import * as moveModule from "./move.ts";
import * as positionModule from "./position.ts";
import type { Position } from "./position.ts";
import type { Move } from "./types.ts";

// Imported names copied into module constants, for speed (see index.ts).
const {
  BISHOP, BISHOP_DIRS, BOARD_SIZE, EMPTY, KING, KNIGHT, KNIGHT_JUMPS, NO_SQUARE, OFF_BOARD, PAWN,
  QUEEN, QUEEN_DIRS, RANK_STEP, ROOK, ROOK_DIRS, WHITE, rankOf, roleOf, sideOf,
} = boardModule;
const { isAttacked } = attacksModule;
const { ATTACK_BIT, ATTACK_MASK, DELTA_OFFSET, SLIDER_BITS, STEP } = deltasModule;
const { makeCode, unmakeCode } = makeModule;
const {
  MOVE_CASTLE, MOVE_DOUBLE_PUSH, MOVE_EN_PASSANT, MOVE_NORMAL, codeMatches, encodeMove,
} = moveModule;
const {
  CASTLE_BLACK_KING, CASTLE_BLACK_QUEEN, CASTLE_WHITE_KING, CASTLE_WHITE_QUEEN, opponent,
} = positionModule;

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

// State of the position being generated; generation never recurses, so module scope
// serves as scratch space without allocating per node.
/** Direction from our king towards the pinning piece, per pinned square; 0 elsewhere. */
const pinLine = new Int8Array(BOARD_SIZE);
const pinnedSquares = new Int32Array(8);
let king = NO_SQUARE;
let checkerSquare = NO_SQUARE;
/** Direction from our king to a sliding checker, 0 for a knight or pawn checker. */
let checkLine = 0;
let checkCount = 0;
/** The geometry of the position being generated (see board.ts). */
let outside: Uint8Array = new Uint8Array(BOARD_SIZE);
let lastRank = 7;
let promotions: readonly number[] = PROMOTIONS;
let doubleStep = true;

/** Finds the checkers and the pins against the side to move's king. */
function scanKing(pos: Position, us: Side): number {
  const board = pos.board;
  const them = opponent(us);
  const list = pos.list[them];
  let pins = 0;
  king = pos.kings[us];
  checkCount = 0;
  for (let i = 0, n = pos.count[them]; i < n; i++) {
    const from = list[i];
    const delta = king - from + DELTA_OFFSET;
    const kinds = ATTACK_MASK[delta] & ATTACK_BIT[board[from]];
    if (kinds === 0) continue;
    if ((kinds & SLIDER_BITS) === 0) {
      checkCount++;
      checkerSquare = from;
      checkLine = 0;
      continue;
    }
    const step = STEP[delta];
    let between = 0;
    let blocker = NO_SQUARE;
    for (let t = from + step; t !== king; t += step) {
      if (board[t] === EMPTY) continue;
      between++;
      blocker = t;
      if (between > 1 || sideOf(board[t]) !== us) break;
    }
    if (between === 0) {
      checkCount++;
      checkerSquare = from;
      checkLine = -step;
    } else if (between === 1 && sideOf(board[blocker]) === us) {
      pinLine[blocker] = -step;
      pinnedSquares[pins++] = blocker;
    }
  }
  return pins;
}

/** Whether a non-king move from `from` to `to` keeps the king safe (pins and check). */
function keepsKingSafe(from: number, to: number): boolean {
  const line = STEP[to - king + DELTA_OFFSET];
  if (pinLine[from] !== 0 && line !== pinLine[from]) return false;
  if (checkCount === 0 || to === checkerSquare) return true;
  return checkLine !== 0 && line === checkLine && Math.abs(to - king) < Math.abs(checkerSquare - king);
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

function addEnPassant(pos: Position, out: Int32Array, n: number, from: number): number {
  const code = encodeMove(from, pos.ep, 0, MOVE_EN_PASSANT);
  const us = pos.turn;
  makeCode(pos, code);
  const exposed = isAttacked(pos, pos.kings[us], opponent(us));
  unmakeCode(pos);
  if (!exposed) out[n++] = code;
  return n;
}

function addPawnMoves(pos: Position, out: Int32Array, n: number, from: number, us: Side): number {
  const board = pos.board;
  const forward = us === WHITE ? RANK_STEP : -RANK_STEP;
  const startRank = us === WHITE ? 1 : lastRank - 1;
  const to = from + forward;
  if (board[to] === EMPTY) {
    if (keepsKingSafe(from, to)) n = addPawnMove(out, n, from, to, MOVE_NORMAL);
    const two = to + forward;
    if (doubleStep && rankOf(from) === startRank && board[two] === EMPTY && keepsKingSafe(from, two)) {
      out[n++] = encodeMove(from, two, 0, MOVE_DOUBLE_PUSH);
    }
  }
  for (const side of CAPTURE_SIDES) {
    const target = to + side;
    if ((target & OFF_BOARD) !== 0 || outside[target] !== 0) continue;
    const victim = board[target];
    if (victim !== EMPTY) {
      if (sideOf(victim) !== us && keepsKingSafe(from, target)) {
        n = addPawnMove(out, n, from, target, MOVE_NORMAL);
      }
    } else if (target === pos.ep) {
      n = addEnPassant(pos, out, n, from);
    }
  }
  return n;
}

function addLeaperMoves(
  board: Uint8Array, out: Int32Array, n: number, from: number, us: Side, jumps: readonly number[],
): number {
  for (const jump of jumps) {
    const to = from + jump;
    if ((to & OFF_BOARD) !== 0 || outside[to] !== 0) continue;
    const victim = board[to];
    if ((victim === EMPTY || sideOf(victim) !== us) && keepsKingSafe(from, to)) {
      out[n++] = encodeMove(from, to, 0, MOVE_NORMAL);
    }
  }
  return n;
}

function addSliderMoves(
  board: Uint8Array, out: Int32Array, n: number, from: number, us: Side, dirs: readonly number[],
): number {
  for (const dir of dirs) {
    for (let to = from + dir; (to & OFF_BOARD) === 0 && outside[to] === 0; to += dir) {
      const victim = board[to];
      if (victim !== EMPTY && sideOf(victim) === us) break;
      if (keepsKingSafe(from, to)) out[n++] = encodeMove(from, to, 0, MOVE_NORMAL);
      if (victim !== EMPTY) break;
    }
  }
  return n;
}

function addKingMoves(pos: Position, out: Int32Array, n: number, us: Side): number {
  const board = pos.board;
  const them = opponent(us);
  const kingCode = board[king];
  board[king] = EMPTY;
  for (const dir of QUEEN_DIRS) {
    const to = king + dir;
    if ((to & OFF_BOARD) !== 0 || outside[to] !== 0) continue;
    const victim = board[to];
    if ((victim === EMPTY || sideOf(victim) !== us) && !isAttacked(pos, to, them)) {
      out[n++] = encodeMove(king, to, 0, MOVE_NORMAL);
    }
  }
  board[king] = kingCode;
  return n;
}

/** Castling: the right held, the squares between empty, the king not in check and not
 *  passing or landing on an attacked square. Rights imply king and rook are home. */
function addCastling(pos: Position, out: Int32Array, n: number, us: Side): number {
  const board = pos.board;
  const them = opponent(us);
  if (
    pos.castling & KING_SIDE[us] &&
    board[king + 1] === EMPTY && board[king + 2] === EMPTY &&
    !isAttacked(pos, king + 1, them) && !isAttacked(pos, king + 2, them)
  ) {
    out[n++] = encodeMove(king, king + 2, 0, MOVE_CASTLE);
  }
  if (
    pos.castling & QUEEN_SIDE[us] &&
    board[king - 1] === EMPTY && board[king - 2] === EMPTY && board[king - 3] === EMPTY &&
    !isAttacked(pos, king - 1, them) && !isAttacked(pos, king - 2, them)
  ) {
    out[n++] = encodeMove(king, king - 2, 0, MOVE_CASTLE);
  }
  return n;
}

/** Writes the legal move codes of the side to move into `out` from index `start`;
 *  returns the index past the last one. `out` needs MAX_MOVES free entries. */
export function generateLegal(pos: Position, out: Int32Array, start: number): number {
  const board = pos.board;
  const us = pos.turn;
  const geometry = pos.geometry;
  outside = geometry.outside;
  lastRank = geometry.size - 1;
  doubleStep = geometry.variant === "chess";
  promotions = doubleStep ? PROMOTIONS : LOS_ALAMOS_PROMOTIONS;
  const pins = scanKing(pos, us);
  let n = addKingMoves(pos, out, start, us);
  if (checkCount < 2) {
    if (checkCount === 0) n = addCastling(pos, out, n, us);
    const list = pos.list[us];
    for (let i = 0, count = pos.count[us]; i < count; i++) {
      const from = list[i];
      switch (roleOf(board[from])) {
        case PAWN: n = addPawnMoves(pos, out, n, from, us); break;
        case KNIGHT: n = addLeaperMoves(board, out, n, from, us, KNIGHT_JUMPS); break;
        case BISHOP: n = addSliderMoves(board, out, n, from, us, BISHOP_DIRS); break;
        case ROOK: n = addSliderMoves(board, out, n, from, us, ROOK_DIRS); break;
        case QUEEN: n = addSliderMoves(board, out, n, from, us, QUEEN_DIRS); break;
        case KING: break;
      }
    }
  }
  for (let i = 0; i < pins; i++) pinLine[pinnedSquares[i]] = 0;
  return n;
}

/** The legal move codes of the side to move, in a fresh array. */
export function legalCodes(pos: Position): number[] {
  const out = new Int32Array(MAX_MOVES);
  return Array.from(out.subarray(0, generateLegal(pos, out, 0)));
}

/** The legal move code for a move named by the caller, if it is legal here. */
export function legalCode(pos: Position, move: Move): number | undefined {
  return legalCodes(pos).find((code) => codeMatches(code, move));
}
