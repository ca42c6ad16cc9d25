// book-lines -- what the opening book may answer, from its source lines as chess.js (a
// program nobody here wrote) reads their SAN: the tests of asm/engine/book.asm, the game's O
// switch and the UCI OwnBook option take their expected moves from here.
import { Chess } from "chess.js";
import { BOOK_LINES } from "../ts-harness/fixtures/book-lines.ts";

/** Each source line in UCI. */
export const LINES: string[][] = BOOK_LINES.map((l) => {
  const game = new Chess();
  for (const san of l.san.split(/\s+/)) game.move(san);
  return game.history({ verbose: true }).map((m) => m.from + m.to + (m.promotion ?? ""));
});

/** The moves the lines give after a game from the start position (UCI moves). */
export function continuations(moves: readonly string[]): Set<string> {
  return new Set(
    LINES.filter((l) => l.length > moves.length && moves.every((m, i) => l[i] === m)).map(
      (l) => l[moves.length]!,
    ),
  );
}
