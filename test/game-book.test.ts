// The opening book in the game (asm/game/game.asm): on at the start, the computer answers
// from it at once while the game follows one of its lines; O switches it off and the
// search answers. The book's moves are taken from its source lines as chess.js reads
// them (test/book-answers.ts); the search's move from a `go` job of the same depth.
import { describe, expect, test } from "vitest";
import { runBatch } from "../ts-harness/core/asm-engine.ts";
import { continuations } from "./book-answers.ts";
import { TEST_MS, gameSession } from "./game-oracle.ts";

const games = gameSession();

describe("the opening book in the game", () => {
  test(
    "on at the start: the computer answers 1. e4 and the next move of a line with moves of the book's lines, and says so",
    async () => {
      const game = await games.start();
      expect((await game.waitLog("the game", () => true)).book).toBe(true);
      await game.type("e2e4\n");
      const first = await game.waitLog("the computer's reply", (l) => l.moves.length === 2);
      expect([...continuations(["e2e4"])]).toContain(first.moves[1]);
      expect(first.message).toBe("Book move");
      const next = [...continuations(first.moves)][0]!; // white goes on along a line
      await game.type(next + "\n");
      const second = await game.waitLog("the computer's second reply", (l) => l.moves.length === 4);
      expect([...continuations([...first.moves, next])]).toContain(second.moves[3]);
      expect(second.message).toBe("Book move");
    },
    TEST_MS,
  );

  test(
    "O switches it off (the message says so): the computer's reply to 1. e4 is the search's",
    async () => {
      const game = await games.start("", { level: 1 });
      await game.letter("o");
      const off = await game.waitLog("the book off", (l) => !l.book);
      expect(off.message).toBe("Opening book off");
      await game.type("e2e4\n");
      const reply = await game.waitLog("the computer's reply", (l) => l.moves.length === 2);
      expect(reply.message).not.toContain("Book move"); // the search's thinking stands there instead
      // Level 1 is depth 1 with the mate logic's mate in one (asm/game/game.asm, game_limits).
      const [, go] = await runBatch(["position startpos moves e2e4", "go depth 1 matelogic 1"], {
        timeoutMs: 30_000,
      });
      expect(reply.moves[1]).toBe(go!.lines.find((w) => w[0] === "bestmove")![1]);
      await game.letter("o");
      expect((await game.waitLog("the book on again", (l) => l.book)).message).toBe(
        "Opening book on",
      );
    },
    TEST_MS,
  );
});
