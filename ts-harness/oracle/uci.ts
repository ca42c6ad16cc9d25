// uci -- read a UCI long-algebraic move (e2e4, e7e8q, e1g1) against a position.

import { toFen } from "./fen.ts";
import { legalCode, legalCodes } from "./movegen.ts";
import { codeToMove, moveFrom, movePromotion, moveTo } from "./move.ts";
import { parseSquare } from "./board.ts";
import type { Position } from "./position.ts";
import type { Failure, Move, PromotionRole, SquareName, UciErrorCode } from "./types.ts";

export type UciResult = { readonly ok: true; readonly move: Move } | Failure<UciErrorCode>;

export { moveToUci } from "./move.ts";

const UCI_PATTERN = /^([a-h][1-8])([a-h][1-8])([nbrq]?)$/;

/** The legal move `text` names, or an error: 'uci' for bad syntax, 'illegal' otherwise. */
export function parseUci(pos: Position, text: string): UciResult {
  const match = UCI_PATTERN.exec(text);
  if (!match) {
    return {
      ok: false,
      error: { code: "uci", message: `'${text}' is not a UCI move (like e2e4 or e7e8q)` },
    };
  }
  const [, from, to, promotion] = match as unknown as [
    string,
    SquareName,
    SquareName,
    PromotionRole | "",
  ];
  const move: Move = promotion ? { from, to, promotion } : { from, to };
  const code = legalCode(pos, move);
  if (code !== undefined) return { ok: true, move: codeToMove(code) };
  const needsPromotion =
    !promotion &&
    legalCodes(pos).some(
      (c) =>
        movePromotion(c) !== 0 &&
        moveFrom(c) === parseSquare(from) &&
        moveTo(c) === parseSquare(to),
    );
  const why = needsPromotion ? "needs a promotion letter (q, r, b or n)" : "is not legal";
  return { ok: false, error: { code: "illegal", message: `${text} ${why} in ${toFen(pos)}` } };
}
