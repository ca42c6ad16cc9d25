// movegen-pins -- the legal moves found the other way, as a second implementation to
// hold movegen.ts against (the tests compare their perft and divide): checkers and pins
// first, the assembly's method, so a disagreement points at one of the two.
//
// Before filtering, one pass over the enemy pieces with the delta tables finds the
// pieces giving check and the friendly pieces pinned to the king. Then a pseudo-legal
// piece move (pseudo.ts) is legal when it stays on its pin line and, in check,
// captures the checker or blocks its line; a king move is legal when its destination
// is not attacked with the king lifted off the board. Only en passant, which empties
// two squares of one rank at once, is made and tested.

import * as boardModule from "./board.ts";
import type { Side } from "./board.ts";
import * as attacksModule from "./attacks.ts";
import * as deltasModule from "./deltas.ts";
import * as makeModule from "./make.ts";
import * as moveModule from "./move.ts";
import * as positionModule from "./position.ts";
import type { Position } from "./position.ts";
import * as pseudoModule from "./pseudo.ts";

// Imported names copied into module constants, for speed (see index.ts).
const { BOARD_SIZE, EMPTY, NO_SQUARE, sideOf } = boardModule;
const { isAttacked } = attacksModule;
const { ATTACK_BIT, ATTACK_MASK, DELTA_OFFSET, SLIDER_BITS, STEP } = deltasModule;
const { makeCode, unmakeCode } = makeModule;
const { MOVE_EN_PASSANT, moveFrom, moveKind, moveTo } = moveModule;
const { opponent } = positionModule;
const { generatePseudo } = pseudoModule;

// State of the position being filtered; module scope serves as scratch space without
// allocating per node.
/** Direction from our king towards the pinning piece, per pinned square; 0 elsewhere. */
const pinLine = new Int8Array(BOARD_SIZE);
const pinnedSquares = new Int32Array(8);
let king = NO_SQUARE;
let checkerSquare = NO_SQUARE;
/** Direction from our king to a sliding checker, 0 for a knight or pawn checker. */
let checkLine = 0;
let checkCount = 0;

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
  if (checkCount > 1) return false;
  const line = STEP[to - king + DELTA_OFFSET];
  if (pinLine[from] !== 0 && line !== pinLine[from]) return false;
  if (checkCount === 0 || to === checkerSquare) return true;
  return (
    checkLine !== 0 && line === checkLine && Math.abs(to - king) < Math.abs(checkerSquare - king)
  );
}

/** Whether the king may step to `to`: not attacked there with the king lifted off. */
function kingStepSafe(pos: Position, to: number, them: Side): boolean {
  const board = pos.board;
  const kingCode = board[king];
  board[king] = EMPTY;
  const safe = !isAttacked(pos, to, them);
  board[king] = kingCode;
  return safe;
}

/** Whether en passant leaves the king safe: made and tested, as it empties two squares. */
function enPassantSafe(pos: Position, code: number, us: Side): boolean {
  makeCode(pos, code);
  const exposed = isAttacked(pos, pos.kings[us], opponent(us));
  unmakeCode(pos);
  return !exposed;
}

/** Writes the legal move codes of the side to move into `out` from index `start`;
 *  returns the index past the last one. `out` needs MAX_MOVES free entries. */
export function generateLegalByPins(pos: Position, out: Int32Array, start: number): number {
  const us = pos.turn;
  const them = opponent(us);
  const pins = scanKing(pos, us);
  const end = generatePseudo(pos, out, start);
  let n = start;
  for (let i = start; i < end; i++) {
    const code = out[i];
    const from = moveFrom(code);
    const to = moveTo(code);
    const legal =
      from === king
        ? kingStepSafe(pos, to, them)
        : moveKind(code) === MOVE_EN_PASSANT
          ? enPassantSafe(pos, code, us)
          : keepsKingSafe(from, to);
    if (legal) out[n++] = code;
  }
  for (let i = 0; i < pins; i++) pinLine[pinnedSquares[i]] = 0;
  return n;
}
