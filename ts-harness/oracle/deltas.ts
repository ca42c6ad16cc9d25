// deltas -- Bruce Moreland's two 256-entry tables for the 0x88 board
// (seed 004: "Re: 0x88", CCC, January 1999).
//
// Both are indexed by `to - from + DELTA_OFFSET`; on a 16-wide board every pair of
// squares has a delta that no other geometric relation shares.
//   ATTACK_MASK  which kinds of piece could, on an empty board, go from `from` to `to`
//                (one bit per kind, pawns by colour because they attack forwards)
//   STEP         the increment that walks from `from` to `to` along a line, 0 if the
//                squares share no rank, file or diagonal
// ATTACK_BIT gives the kind bit of a piece code, so a piece can reach a square only if
// `ATTACK_MASK[i] & ATTACK_BIT[code]`; a slider then still needs an empty path.

import {
  BISHOP,
  BISHOP_DIRS,
  BLACK,
  KING,
  KNIGHT,
  KNIGHT_JUMPS,
  PAWN,
  QUEEN,
  ROOK,
  ROOK_DIRS,
  WHITE,
  pieceCode,
} from "./board.ts";

export const DELTA_OFFSET = 128;

export const BIT_WHITE_PAWN = 1;
export const BIT_BLACK_PAWN = 2;
export const BIT_KNIGHT = 4;
export const BIT_BISHOP = 8;
export const BIT_ROOK = 16;
export const BIT_QUEEN = 32;
export const BIT_KING = 64;
export const SLIDER_BITS = BIT_BISHOP | BIT_ROOK | BIT_QUEEN;

const DELTA_TABLE_SIZE = 2 * DELTA_OFFSET;
export const ATTACK_MASK = new Uint8Array(DELTA_TABLE_SIZE);
export const STEP = new Int8Array(DELTA_TABLE_SIZE);
/** Kind bit of each piece code (0..15); 0 for the empty square. */
export const ATTACK_BIT = new Uint8Array(16);

const WHITE_PAWN_CAPTURES = [15, 17];

function fillTables(): void {
  for (const [dirs, bit] of [
    [ROOK_DIRS, BIT_ROOK],
    [BISHOP_DIRS, BIT_BISHOP],
  ] as const) {
    for (const dir of dirs) {
      for (let distance = 1; distance <= 7; distance++) {
        const i = dir * distance + DELTA_OFFSET;
        ATTACK_MASK[i] |= bit | BIT_QUEEN | (distance === 1 ? BIT_KING : 0);
        STEP[i] = dir;
      }
    }
  }
  for (const jump of KNIGHT_JUMPS) ATTACK_MASK[jump + DELTA_OFFSET] |= BIT_KNIGHT;
  for (const capture of WHITE_PAWN_CAPTURES) {
    ATTACK_MASK[capture + DELTA_OFFSET] |= BIT_WHITE_PAWN;
    ATTACK_MASK[-capture + DELTA_OFFSET] |= BIT_BLACK_PAWN;
  }
  for (const side of [WHITE, BLACK] as const) {
    ATTACK_BIT[pieceCode(side, PAWN)] = side === WHITE ? BIT_WHITE_PAWN : BIT_BLACK_PAWN;
    ATTACK_BIT[pieceCode(side, KNIGHT)] = BIT_KNIGHT;
    ATTACK_BIT[pieceCode(side, BISHOP)] = BIT_BISHOP;
    ATTACK_BIT[pieceCode(side, ROOK)] = BIT_ROOK;
    ATTACK_BIT[pieceCode(side, QUEEN)] = BIT_QUEEN;
    ATTACK_BIT[pieceCode(side, KING)] = BIT_KING;
  }
}

fillTables();
