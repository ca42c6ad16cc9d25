// mate -- Liberman's mate solving logic (1997, part 4: WHITEJOUE5PAS and its family),
// written from his description: the side to move (the attacker) mates in k moves when
// one of its moves leaves the defender no legal move while in check, or leaves it only
// replies after each of which a mate in k - 1 still follows. No legal move without
// check is stalemate, never a mate.
//
// The search is total: every move is looked at. The only cuts are those that cannot
// change the answer: a defender's node stops at its first refutation, an attacker's
// node (below the root) at its first mating move; the attacker's last move must give
// check; checking moves are tried first, and the defender tries first the reply that
// refuted a sibling (the refutation is still searched in full).

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
const { MAX_MOVES, generateLegal, hasLegalMove, legalCode, legalCodes } = movegenModule;

/** The longest mate the protocol asks for (asm/batch/PROTOCOL.md, `mate N FEN`). */
export const MATE_MAX_MOVES = 8;

export interface MateFound {
  /** The length of the shortest forced mate, in moves of the attacker. */
  readonly length: number;
  /** Every first move that forces mate in `length` moves. */
  readonly moves: Move[];
}

/** One move list per ply, reused so the search allocates nothing per node. */
const plyMoves: Int32Array[] = [];
/** The reply that last refuted an attacker's move, per ply (0 = none yet). */
const refutation = new Int32Array(2 * MATE_MAX_MOVES + 2);

function movesAt(ply: number): Int32Array {
  return (plyMoves[ply] ??= new Int32Array(MAX_MOVES));
}

/** True when the move gives check; the position is left as it was. */
function givesCheck(pos: Position, code: number): boolean {
  makeCode(pos, code);
  const check = inCheck(pos);
  unmakeCode(pos);
  return check;
}

/** The side to move mates in at most k moves. */
function attackerMates(pos: Position, k: number, ply: number): boolean {
  const moves = movesAt(ply);
  const n = generateLegal(pos, moves, 0);
  if (k === 1) {
    for (let i = 0; i < n; i++) if (moveMates(pos, moves[i], 1, ply)) return true;
    return false;
  }
  // Checks first, quiet moves after: a reordering, so the answer is the same.
  let checks = 0;
  for (let i = 0; i < n; i++) {
    const code = moves[i];
    if (givesCheck(pos, code)) {
      moves[i] = moves[checks];
      moves[checks++] = code;
    }
  }
  for (let i = 0; i < n; i++) if (moveMates(pos, moves[i], k, ply)) return true;
  return false;
}

/** The attacker's move forces mate in at most k moves (the last one must check). */
function moveMates(pos: Position, code: number, k: number, ply: number): boolean {
  makeCode(pos, code);
  const mates = (k > 1 || inCheck(pos)) && defenderLost(pos, k, ply + 1);
  unmakeCode(pos);
  return mates;
}

/** The defender, to move, is mated now, or every reply allows a mate in k - 1. */
function defenderLost(pos: Position, k: number, ply: number): boolean {
  if (k === 1) return !hasLegalMove(pos) && inCheck(pos);
  const replies = movesAt(ply);
  const n = generateLegal(pos, replies, 0);
  if (n === 0) return inCheck(pos);
  const known = refutation[ply];
  for (let i = 1; i < n; i++) {
    if (replies[i] === known) {
      replies[i] = replies[0];
      replies[0] = known;
      break;
    }
  }
  for (let i = 0; i < n; i++) {
    makeCode(pos, replies[i]);
    const mated = attackerMates(pos, k - 1, ply + 1);
    unmakeCode(pos);
    if (!mated) {
      refutation[ply] = replies[i];
      return false;
    }
  }
  return true;
}

function checkLength(k: number): void {
  if (!Number.isInteger(k) || k < 1 || k > MATE_MAX_MOVES) {
    throw new RangeError(`a mate length is 1..${MATE_MAX_MOVES} moves, not ${k}`);
  }
}

/** The shortest forced mate in at most n moves for the side to move, with all its
 *  first moves; null when there is none (a position already over has none). */
export function findMate(pos: Position, n: number): MateFound | null {
  checkLength(n);
  refutation.fill(0);
  const root = legalCodes(pos);
  for (let k = 1; k <= n; k++) {
    const mating = root.filter((code) => moveMates(pos, code, k, 0));
    if (mating.length > 0) return { length: k, moves: mating.map(codeToMove) };
  }
  return null;
}

export interface MateKey {
  readonly move: Move;
  /** The fewest moves it forces mate in. */
  readonly length: number;
}

/** Every first move that forces mate in at most n moves, each with the fewest moves it
 *  forces mate in, in legal-move order: a problem with two keys is cooked. */
export function findKeys(pos: Position, n: number): MateKey[] {
  checkLength(n);
  refutation.fill(0);
  const keys: MateKey[] = [];
  for (const code of legalCodes(pos)) {
    for (let k = 1; k <= n; k++) {
      if (moveMates(pos, code, k, 0)) {
        keys.push({ move: codeToMove(code), length: k });
        break;
      }
    }
  }
  return keys;
}

/** The move is legal and forces mate in at most k moves. */
export function isMateIn(pos: Position, move: Move, k: number): boolean {
  checkLength(k);
  const code = legalCode(pos, move);
  return code !== undefined && moveMates(pos, code, k, 0);
}
