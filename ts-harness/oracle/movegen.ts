// movegen -- every legal move of the side to move, as move codes (see move.ts).
//
// Legality by trying each move: generate the pseudo-legal moves (pseudo.ts), make each,
// and keep those after which the own king is not attacked (attacks.ts, Moreland's
// delta tables); unmake. The method shares nothing with the assembly's, which finds
// the checkers and the pins first; movegen-pins.ts does it that way too, as a second
// implementation that the tests hold against this one.

import * as attacksModule from "./attacks.ts";
import * as makeModule from "./make.ts";
import * as moveModule from "./move.ts";
import * as positionModule from "./position.ts";
import type { Position } from "./position.ts";
import * as pseudoModule from "./pseudo.ts";
import type { Move } from "./types.ts";

// Imported names copied into module constants, for speed (see index.ts).
const { isAttacked } = attacksModule;
const { makeCode, unmakeCode } = makeModule;
const { codeMatches } = moveModule;
const { opponent } = positionModule;
const { MAX_MOVES, generatePseudo } = pseudoModule;

export { MAX_MOVES };

/** Writes the legal move codes of the side to move into `out` from index `start`;
 *  returns the index past the last one. `out` needs MAX_MOVES free entries. */
export function generateLegal(pos: Position, out: Int32Array, start: number): number {
  const us = pos.turn;
  const them = opponent(us);
  const end = generatePseudo(pos, out, start);
  let n = start;
  for (let i = start; i < end; i++) {
    const code = out[i];
    makeCode(pos, code);
    const exposed = isAttacked(pos, pos.kings[us], them);
    unmakeCode(pos);
    if (!exposed) out[n++] = code;
  }
  return n;
}

/** Scratch list for hasLegalMove, which never recurses. */
const anyMoves = new Int32Array(MAX_MOVES);

/** Whether the side to move has a legal move: the first one found ends the search, as
 *  the mate search asks it at every leaf. */
export function hasLegalMove(pos: Position): boolean {
  const us = pos.turn;
  const them = opponent(us);
  const end = generatePseudo(pos, anyMoves, 0);
  for (let i = 0; i < end; i++) {
    makeCode(pos, anyMoves[i]);
    const exposed = isAttacked(pos, pos.kings[us], them);
    unmakeCode(pos);
    if (!exposed) return true;
  }
  return false;
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
