// The match's PGN writer (ts-harness/formats/pgn.ts) read back by chess.js: a game from a set-up
// position with black to move, long enough to wrap.
import { Chess } from "chess.js";
import { expect, test } from "vitest";
import { writePgn } from "../ts-harness/formats/pgn.ts";

test("a PGN the match writes loads in chess.js: SetUp/FEN, `12... Kb7`, lines of at most 80 characters", () => {
  const fen = "k7/8/8/8/8/8/8/KR6 b - - 0 12";
  const moves = [
    "a8a7",
    "b1b2",
    "a7a6",
    "b2b3",
    "a6a5",
    "b3b4",
    "a5a6",
    "b4b5",
    "a6a7",
    "b5b6",
    "a7a8",
    "a1a2",
    "a8a7",
    "a2a3",
    "a7a8",
    "a3a4",
    "a8a7",
    "a4a5",
  ];
  const pgn = writePgn({
    tags: { Event: "test", White: "w", Black: "b" },
    fen,
    moves,
    result: "*",
  });
  expect(pgn).toMatch(
    /^\[Event "test"\]\n\[Site "\?"\]\n\[Date "\?"\]\n\[Round "\?"\]\n\[White "w"\]\n\[Black "b"\]\n\[Result "\*"\]\n\[SetUp "1"\]\n\[FEN "k7\/8\/8\/8\/8\/8\/8\/KR6 b - - 0 12"\]\n\n12\.\.\. Ka7 13\. Rb2 /,
  );
  for (const line of pgn.split("\n")) expect(line.length).toBeLessThanOrEqual(80);
  expect(pgn.split("\n\n")[1]!.trim().split("\n").length).toBeGreaterThan(1);
  const chess = new Chess();
  chess.loadPgn(pgn);
  expect(chess.history({ verbose: true }).map((m) => m.lan)).toEqual(moves);
});
