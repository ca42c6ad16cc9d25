// attacks -- "is this square attacked", Moreland's way: for each enemy piece ask
// ATTACK_MASK whether its kind could reach the square at all, and only then walk the
// STEP line to see whether the path is empty.

import * as boardModule from "./board.ts";
import type { Side } from "./board.ts";
import * as deltasModule from "./deltas.ts";
import * as positionModule from "./position.ts";
import type { Position } from "./position.ts";

// Imported names copied into module constants, for speed (see index.ts).
const { EMPTY } = boardModule;
const { ATTACK_BIT, ATTACK_MASK, DELTA_OFFSET, SLIDER_BITS, STEP } = deltasModule;
const { opponent } = positionModule;

/** True when the side `by` attacks `sq` (its own pieces' squares included). */
export function isAttacked(pos: Position, sq: number, by: Side): boolean {
  const board = pos.board;
  const list = pos.list[by];
  for (let i = 0, n = pos.count[by]; i < n; i++) {
    const from = list[i];
    const delta = sq - from + DELTA_OFFSET;
    const kinds = ATTACK_MASK[delta] & ATTACK_BIT[board[from]];
    if (kinds === 0) continue;
    if ((kinds & SLIDER_BITS) === 0) return true;
    const step = STEP[delta];
    let t = from + step;
    while (t !== sq && board[t] === EMPTY) t += step;
    if (t === sq) return true;
  }
  return false;
}

/** True when the side to move is in check. */
export function inCheck(pos: Position): boolean {
  return isAttacked(pos, pos.kings[pos.turn], opponent(pos.turn));
}
