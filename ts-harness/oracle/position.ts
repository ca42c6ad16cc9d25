// position -- the mutable game state around the 0x88 board.
//
// Besides the board, each side keeps an unordered list of its piece squares (with
// `slot` mapping a square back to its place in the list), so attack tests can loop
// over the enemy's pieces and ask the delta tables about each one (see deltas.ts).

import * as boardModule from "./board.ts";
import type { Geometry, Side } from "./board.ts";

// Imported names copied into module constants, for speed (see index.ts).
const { BLACK, BOARD_SIZE, CHESS, EMPTY, NO_SQUARE, SQ, SQUARE_COUNT, WHITE, sideOf } = boardModule;

export const CASTLE_WHITE_KING = 1;
export const CASTLE_WHITE_QUEEN = 2;
export const CASTLE_BLACK_KING = 4;
export const CASTLE_BLACK_QUEEN = 8;
export const CASTLE_ALL = 15;

/** The castling rights that survive a move from or to each square (indexed by square). */
export const CASTLE_KEEP = new Uint8Array(BOARD_SIZE).fill(CASTLE_ALL);
CASTLE_KEEP[SQ.a1] = CASTLE_ALL & ~CASTLE_WHITE_QUEEN;
CASTLE_KEEP[SQ.h1] = CASTLE_ALL & ~CASTLE_WHITE_KING;
CASTLE_KEEP[SQ.e1] = CASTLE_ALL & ~(CASTLE_WHITE_KING | CASTLE_WHITE_QUEEN);
CASTLE_KEEP[SQ.a8] = CASTLE_ALL & ~CASTLE_BLACK_QUEEN;
CASTLE_KEEP[SQ.h8] = CASTLE_ALL & ~CASTLE_BLACK_KING;
CASTLE_KEEP[SQ.e8] = CASTLE_ALL & ~(CASTLE_BLACK_KING | CASTLE_BLACK_QUEEN);

/** Numbers pushed on the undo stack per move: code, captured piece, castling, ep, halfmove. */
export const UNDO_ENTRY_SIZE = 5;

export class Position {
  /** The board the game is played on (the variant). */
  readonly geometry: Geometry;
  /** Piece code per 0x88 square (see board.ts). */
  readonly board = new Uint8Array(BOARD_SIZE);
  /** Piece squares of WHITE and BLACK, the first `count[side]` entries in use. */
  readonly list: readonly [Uint8Array, Uint8Array] = [
    new Uint8Array(SQUARE_COUNT),
    new Uint8Array(SQUARE_COUNT),
  ];
  readonly count = new Int32Array(2);
  /** Index of an occupied square in its side's list. */
  readonly slot = new Uint8Array(BOARD_SIZE);
  readonly kings = new Int32Array([NO_SQUARE, NO_SQUARE]);
  turn: Side = WHITE;
  /** CASTLE_* bits. */
  castling = 0;
  /** Square a pawn may capture en passant onto, or NO_SQUARE. */
  ep = NO_SQUARE;
  halfmove = 0;
  fullmove = 1;
  /** UNDO_ENTRY_SIZE numbers per move made (see make.ts). */
  readonly undo: number[] = [];
  /** Repetition keys of the positions before each move made through game.ts. */
  readonly history: string[] = [];

  constructor(geometry: Geometry = CHESS) {
    this.geometry = geometry;
  }

  put(sq: number, code: number): void {
    const side = sideOf(code);
    const n = this.count[side];
    this.board[sq] = code;
    this.list[side][n] = sq;
    this.slot[sq] = n;
    this.count[side] = n + 1;
  }

  remove(sq: number): void {
    const side = sideOf(this.board[sq]);
    const list = this.list[side];
    const last = --this.count[side];
    const moved = list[last];
    list[this.slot[sq]] = moved;
    this.slot[moved] = this.slot[sq];
    this.board[sq] = EMPTY;
  }

  relocate(from: number, to: number): void {
    const code = this.board[from];
    const i = this.slot[from];
    this.list[sideOf(code)][i] = to;
    this.slot[to] = i;
    this.board[to] = code;
    this.board[from] = EMPTY;
  }
}

export function opponent(side: Side): Side {
  return side === WHITE ? BLACK : WHITE;
}
