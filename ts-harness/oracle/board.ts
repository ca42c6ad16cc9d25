// board -- the 0x88 board: squares, piece codes and the names callers use.
//
// 128 squares, rank-major from a1, each rank 16 wide; the right half of every rank
// is off the board, so `sq & 0x88` is non-zero exactly when a step left the board.
//
//        a    b    c    d    e    f    g    h   | off board
//   8   0x70 0x71 0x72 0x73 0x74 0x75 0x76 0x77 | 0x78..0x7f
//   7   0x60 ...                          0x67 | 0x68..0x6f
//   ...
//   2   0x10 ...                          0x17 | 0x18..0x1f
//   1   0x00 0x01 0x02 0x03 0x04 0x05 0x06 0x07 | 0x08..0x0f
//
// A square byte is 0 when empty, otherwise a piece code:
//   bits 0-2  role (PAWN=1 .. KING=6)      bit 3  colour (0 white, 1 black)

import type { Color, Piece, Role, SquareName, Variant } from "./types.ts";

export const WHITE = 0;
export const BLACK = 1;
/** Colour index: WHITE or BLACK. */
export type Side = 0 | 1;

export const EMPTY = 0;
export const PAWN = 1;
export const KNIGHT = 2;
export const BISHOP = 3;
export const ROOK = 4;
export const QUEEN = 5;
export const KING = 6;

export const ROLE_MASK = 7;
export const COLOR_SHIFT = 3;

/** Squares in the 0x88 array, the off-board half included. */
export const BOARD_SIZE = 128;
/** Squares on the board, so also the most pieces a side can have. */
export const SQUARE_COUNT = 64;
export const OFF_BOARD = 0x88;
export const NO_SQUARE = -1;

export const RANK_STEP = 16;

export const SQ = {
  a1: 0x00,
  b1: 0x01,
  c1: 0x02,
  d1: 0x03,
  e1: 0x04,
  f1: 0x05,
  g1: 0x06,
  h1: 0x07,
  a8: 0x70,
  b8: 0x71,
  c8: 0x72,
  d8: 0x73,
  e8: 0x74,
  f8: 0x75,
  g8: 0x76,
  h8: 0x77,
} as const;

/** Ray directions: orthogonal first, then diagonal. */
export const ROOK_DIRS = [16, -16, 1, -1] as const;
export const BISHOP_DIRS = [17, 15, -15, -17] as const;
export const QUEEN_DIRS = [...ROOK_DIRS, ...BISHOP_DIRS] as const;
export const KNIGHT_JUMPS = [33, 31, 18, 14, -14, -18, -31, -33] as const;

export function pieceCode(side: Side, role: number): number {
  return role | (side << COLOR_SHIFT);
}

export function roleOf(code: number): number {
  return code & ROLE_MASK;
}

export function sideOf(code: number): Side {
  return (code >> COLOR_SHIFT) as Side;
}

export function fileOf(sq: number): number {
  return sq & 7;
}

export function rankOf(sq: number): number {
  return sq >> 4;
}

export function square(file: number, rank: number): number {
  return rank * RANK_STEP + file;
}

/** The board a variant plays on: its first `size` files and ranks of the 0x88 board.
 *  Los Alamos chess (MANIAC I, 1956) uses a1..f6; `outside` marks the 0x88 squares
 *  beyond it, so a step that stays inside 0x88 but leaves a1..f6 is seen as off. */
export interface Geometry {
  readonly variant: Variant;
  /** Files and ranks: 8, or 6 for Los Alamos. */
  readonly size: number;
  /** Its squares in a1, b1, .. order. */
  readonly squares: readonly number[];
  /** 1 for every 0x88 index (0..127) not on this board. */
  readonly outside: Uint8Array;
}

function geometry(variant: Variant, size: number): Geometry {
  const squares: number[] = [];
  const outside = new Uint8Array(BOARD_SIZE).fill(1);
  for (let rank = 0; rank < size; rank++) {
    for (let file = 0; file < size; file++) {
      squares.push(square(file, rank));
      outside[square(file, rank)] = 0;
    }
  }
  return { variant, size, squares, outside };
}

export const CHESS = geometry("chess", 8);
export const LOS_ALAMOS = geometry("losalamos", 6);

export function squareName(sq: number): SquareName {
  return `${"abcdefgh"[fileOf(sq)]}${rankOf(sq) + 1}` as SquareName;
}

const CHAR_FILE_A = "a".charCodeAt(0);
const CHAR_RANK_1 = "1".charCodeAt(0);

export function parseSquare(name: string): number | undefined {
  if (!/^[a-h][1-8]$/.test(name)) return undefined;
  return square(name.charCodeAt(0) - CHAR_FILE_A, name.charCodeAt(1) - CHAR_RANK_1);
}

const ROLE_LETTERS = " pnbrqk";

export function roleLetter(role: number): Role {
  return ROLE_LETTERS[role] as Role;
}

export function roleFromLetter(letter: string): number {
  const i = ROLE_LETTERS.indexOf(letter);
  return i > 0 && letter.length === 1 ? i : EMPTY;
}

export function colorName(side: Side): Color {
  return side === WHITE ? "w" : "b";
}

/** FEN letter of a piece code: upper case white, lower case black. */
export function fenLetter(code: number): string {
  const letter = ROLE_LETTERS[roleOf(code)];
  return sideOf(code) === WHITE ? letter.toUpperCase() : letter;
}

export function toPiece(code: number): Piece {
  return { color: colorName(sideOf(code)), role: roleLetter(roleOf(code)) };
}
