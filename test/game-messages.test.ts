// What the panel says when a key or a typed move cannot do what it asks: a take-back
// with nothing to take back, a promotion letter on a move that is none, a piece the
// board in play does not promote to; the set-up's words gone once it is left; and a
// message longer than a panel line broken between words, not inside one.
import { describe, expect, test } from "vitest";
import { TEST_LEVEL } from "../ts-harness/core/game-driver.ts";
import { readAs, TEST_MS, twoPlayers, gameSession } from "./game-oracle.ts";

const games = gameSession();

describe("the panel's messages", () => {
  test.each([
    ["/level 8", "a level past 7"],
    ["/level x", "a level that is no number"],
    ["/frob", "an unknown switch"],
  ])(
    "%s (%s) says Bad option, and the game keeps the level given before it",
    async (args) => {
      const game = await games.start(args);
      const log = (await game.log())!;
      expect(log.message).toBe("Bad option");
      expect(log.level).toBe(TEST_LEVEL);
    },
    TEST_MS,
  );

  test(
    "T at the start says there is nothing to take back, over two lines broken between words",
    async () => {
      const game = await games.start();
      await game.letter("t");
      const log = await game.waitLog("the refusal", (l) => l.message !== "");
      expect(log.message).toBe("Nothing to take back");
      expect(log.moves).toEqual([]);
      const line = game.panel("PANEL_MESSAGE");
      expect(readAs((await game.panelLine(line)).trimEnd(), "Nothing to take")).toBe(
        "Nothing to take",
      );
      expect(readAs((await game.panelLine(line + 1)).trimEnd(), "back")).toBe("back");
    },
    TEST_MS,
  );

  test(
    "T when the computer's first move is the only one says there is nothing to take back and keeps it",
    async () => {
      const game = await games.start();
      await game.letter("m");
      await game.letter("m");
      const moved = await game.waitLog(
        "the computer's first move as white",
        (l) => l.players === "ch" && l.moves.length === 1,
      );
      await game.letter("t");
      const log = await game.waitLog("the refusal", (l) => l.message === "Nothing to take back");
      expect(log.moves).toEqual(moved.moves);
    },
    TEST_MS,
  );

  test(
    "a typed promotion letter on a move that is no promotion is an illegal move",
    async () => {
      const game = await games.start("/fen 4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
      await twoPlayers(game);
      await game.type("e1e2q\n");
      const log = await game.waitLog("the refusal", (l) => l.message === "Illegal move");
      expect(log.moves).toEqual([]);
      await game.type("e1e2\n");
      expect((await game.waitLog("the king's step", (l) => l.moves.length === 1)).moves).toEqual([
        "e1e2",
      ]);
    },
    TEST_MS,
  );

  test(
    "a typed bishop promotion in Los Alamos chess asks for the pieces it has, and N then promotes",
    async () => {
      const game = await games.start("/fen 3k2/P5/6/6/6/3K2 w - - 0 1");
      await twoPlayers(game);
      await game.type("a5a6b\n");
      const log = await game.waitLog("the question", (l) => l.message === "Promote: Q R N");
      expect(log.moves).toEqual([]);
      await game.letter("n");
      expect((await game.waitLog("the promotion", (l) => l.moves.length === 1)).moves).toEqual([
        "a5a6n",
      ]);
    },
    TEST_MS,
  );

  test(
    "leaving the set-up, by Enter or by Esc, takes its words off the panel",
    async () => {
      const game = await games.start();
      await game.letter("p");
      await game.waitLog("the set-up", (l) => l.message === "Set-up: Enter plays");
      await game.press("enter");
      await game.waitLog(
        "the set-up left by Enter",
        (l) => l.message === "" && l.status === "playing",
      );
      await game.letter("p");
      await game.waitLog("the set-up again", (l) => l.message === "Set-up: Enter plays");
      await game.press("esc");
      const log = await game.waitLog("the set-up left by Esc", (l) => l.message === "");
      expect(log.moves).toEqual([]);
    },
    TEST_MS,
  );
});
