// game-oracle -- what the game tests ask the oracle: a position from a FEN, a move
// played by its UCI name, the FEN board field the screen reader gives back.
import { fenPosition as position, makeMove, parseUci, type Position, san } from "../ts-harness/oracle/index.ts";

export { START } from "../ts-harness/fixtures/perft.ts";
export { position };

/** Each game test boots its own emulator; none may take longer. */
export const TEST_MS = 60_000;

/** The board field of a FEN, as ScreenView.boardFen reads it off the screen. */
export const boardOf = (fen: string) => fen.split(" ")[0]!;

/** Play a UCI move on the oracle's position; returns its SAN. */
export function play(pos: Position, uci: string): string {
  const r = parseUci(pos, uci);
  if (!r.ok) throw new Error(r.error.message);
  const text = san(pos, r.move);
  makeMove(pos, r.move);
  return text;
}
