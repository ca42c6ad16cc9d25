// stipulations -- the problemists' other two aims, beside the direct mate of mate.ts,
// written from their definitions alone (the World Federation for Chess Composition's
// Codex, as Popeye and yacpdb read it):
//   - a helpmate in n (h#n): the side to move begins, both sides cooperate, and the side
//     that began is mated by the other side's n-th move. A solution is one full line of
//     2n plies; the answer counts the distinct lines of the shortest length;
//   - a selfmate in n (s#n): the side to move (the attacker) forces the other side to
//     give mate within n moves, whatever it plays: after each of the attacker's moves
//     the defender has a move, and every defender's move either mates the attacker or
//     (while moves are left) lets the attacker force it again.
// Both are total searches with no cut that could change the answer: the first success
// ends an existence question; the count visits every line.

import * as attacksModule from "./attacks.ts";
import * as makeModule from "./make.ts";
import * as moveModule from "./move.ts";
import * as movegenModule from "./movegen.ts";
import type { Position } from "./position.ts";
import type { Move } from "./types.ts";

// Imported names copied into module constants, for speed (see index.ts).
const { inCheck } = attacksModule;
const { makeCode, unmakeCode } = makeModule;
const { codeToMove } = moveModule;
const { MAX_MOVES, generateLegal, hasLegalMove } = movegenModule;

/** The longest helpmate and selfmate the oracle is asked for (the batch protocol's range). */
export const STIPULATION_MAX_MOVES = 5;
/** The helpmate's count of solutions stops here: "1,000 or more". */
export const HELPMATE_COUNT_CAP = 1000;

export interface HelpmateFound {
  /** The shortest length, in moves of each side. */
  readonly length: number;
  /** The distinct full lines of that length, HELPMATE_COUNT_CAP at most. */
  readonly solutions: number;
  /** The first line found (in generation order), 2 * length plies. */
  readonly line: Move[];
}

export interface SelfmateFound {
  /** The shortest length, in moves of the attacker. */
  readonly length: number;
  /** Every key: each first move that forces mate within `length` moves. */
  readonly keys: Move[];
}

const plyMoves: Int32Array[] = [];
function movesAt(ply: number): Int32Array {
  return (plyMoves[ply] ??= new Int32Array(MAX_MOVES));
}

/** The side to move is checkmated. */
function mated(pos: Position): boolean {
  return inCheck(pos) && !hasLegalMove(pos);
}

function checkLength(k: number): void {
  if (!Number.isInteger(k) || k < 1 || k > STIPULATION_MAX_MOVES) {
    throw new RangeError(
      `a helpmate or selfmate length is 1..${STIPULATION_MAX_MOVES} moves, not ${k}`,
    );
  }
}

/** The state of a helpmate count: the lines found so far, the first one, the line being walked. */
interface HelpCount {
  count: number;
  first: number[] | null;
  path: number[];
  /** Stop at the first line (an existence question). */
  stopAtOne: boolean;
}

/** Walks the helpmate lines of k more moves each side from here (the side that began to
 *  move); counts them into `c`. Returns true when the walk may stop. */
function helpLines(pos: Position, k: number, ply: number, c: HelpCount): boolean {
  const own = movesAt(ply);
  const n = generateLegal(pos, own, 0);
  for (let i = 0; i < n; i++) {
    makeCode(pos, own[i]);
    c.path.push(own[i]);
    const replies = movesAt(ply + 1);
    const m = generateLegal(pos, replies, 0);
    for (let j = 0; j < m; j++) {
      makeCode(pos, replies[j]);
      c.path.push(replies[j]);
      let stop = false;
      if (k === 1) {
        if (mated(pos)) {
          c.first ??= [...c.path];
          c.count++;
          stop = c.stopAtOne || c.count >= HELPMATE_COUNT_CAP;
        }
      } else {
        stop = helpLines(pos, k - 1, ply + 2, c);
      }
      c.path.pop();
      unmakeCode(pos);
      if (stop) {
        c.path.pop();
        unmakeCode(pos);
        return true;
      }
    }
    c.path.pop();
    unmakeCode(pos);
  }
  return false;
}

/** The shortest helpmate in at most n moves: its length, its number of solutions (up to
 *  HELPMATE_COUNT_CAP) and a line; null when there is none. */
export function findHelpmate(pos: Position, n: number): HelpmateFound | null {
  checkLength(n);
  for (let k = 1; k <= n; k++) {
    const probe: HelpCount = { count: 0, first: null, path: [], stopAtOne: true };
    helpLines(pos, k, 0, probe);
    if (probe.count === 0) continue;
    const all: HelpCount = { count: 0, first: null, path: [], stopAtOne: false };
    helpLines(pos, k, 0, all);
    return { length: k, solutions: all.count, line: all.first!.map(codeToMove) };
  }
  return null;
}

/** After the attacker's move: the defender, to move, has a move and each of its moves
 *  mates the attacker, or (k > 1) leaves the attacker a selfmate in k - 1. */
function defenderForced(pos: Position, k: number, ply: number): boolean {
  const replies = movesAt(ply);
  const n = generateLegal(pos, replies, 0);
  if (n === 0) return false;
  for (let i = 0; i < n; i++) {
    makeCode(pos, replies[i]);
    const forced = mated(pos) || (k > 1 && attackerForces(pos, k - 1, ply + 1));
    unmakeCode(pos);
    if (!forced) return false;
  }
  return true;
}

/** The attacker, to move, forces a selfmate within k moves. */
function attackerForces(pos: Position, k: number, ply: number): boolean {
  const moves = movesAt(ply);
  const n = generateLegal(pos, moves, 0);
  for (let i = 0; i < n; i++) {
    makeCode(pos, moves[i]);
    const forces = defenderForced(pos, k, ply + 1);
    unmakeCode(pos);
    if (forces) return true;
  }
  return false;
}

/** The shortest selfmate in at most n moves for the side to move, with all its keys;
 *  null when there is none. */
/** The move forces a selfmate in at most k moves (the defender forced to give mate). */
export function isSelfmateIn(pos: Position, code: number, k: number): boolean {
  makeCode(pos, code);
  const forced = defenderForced(pos, k, 1);
  unmakeCode(pos);
  return forced;
}

export function findSelfmate(pos: Position, n: number): SelfmateFound | null {
  checkLength(n);
  const root = new Int32Array(MAX_MOVES);
  const count = generateLegal(pos, root, 0);
  for (let k = 1; k <= n; k++) {
    const keys: number[] = [];
    for (let i = 0; i < count; i++) {
      makeCode(pos, root[i]);
      if (defenderForced(pos, k, 1)) keys.push(root[i]);
      unmakeCode(pos);
    }
    if (keys.length > 0) return { length: k, keys: keys.map(codeToMove) };
  }
  return null;
}
