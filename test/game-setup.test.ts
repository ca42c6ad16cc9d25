// The set-up board (P): pieces placed and removed with the keys and the mouse on both
// boards, the position checked by the FEN rules on leaving -- refused with the reason
// on the panel and nothing lost, then fixed and played -- and a mate asked for.
import { afterEach, describe, expect, test } from "vitest";
import { GameDriver } from "../ts-harness/core/game-driver.ts";
import { TEST_MS } from "./game-oracle.ts";

let game: GameDriver | null = null;
afterEach(async () => {
  await game?.close();
  game = null;
});

/** Put a piece on a square: the cursor there, then its letter (Shift for white). */
async function place(g: GameDriver, square: string, letter: string): Promise<void> {
  await g.cursorTo(square);
  if (letter === letter.toUpperCase()) await g.session.chord("leftShift", letter.charCodeAt(0));
  else await g.letter(letter);
}

describe("the set-up board", () => {
  test("a pawn on the last rank is refused with the reason, the set-up kept; moved off it, the position is played", async () => {
    game = await GameDriver.start();
    await game.letter("p");
    await game.waitLog("the set-up", (l) => l.message === "Set-up: Enter plays");
    await game.letter("c");
    await game.waitView("an empty board", (v) => v.boardFen === "8/8/8/8/8/8/8/8");
    await place(game, "e1", "K");
    await place(game, "e8", "k");
    await place(game, "a8", "P");
    await game.waitView("the pieces placed", (v) => v.boardFen === "P3k3/8/8/8/8/8/8/4K3");
    await game.press("enter");
    const refused = await game.waitLog("the refusal", (l) => l.message.startsWith("Refused"));
    expect(refused.message).toBe("Refused: pawn on an end rank");
    await game.waitView("the set-up still there", (v) => v.boardFen === "P3k3/8/8/8/8/8/8/4K3");
    await game.cursorTo("a8");
    await game.letter("x");
    await place(game, "a7", "P");
    await game.click("h1"); // a click puts the piece last placed: another white pawn... on rank 1
    await game.click("h1"); // and a second click takes it off again
    await game.waitView("the fixed set-up", (v) => v.boardFen === "4k3/P7/8/8/8/8/8/4K3");
    await game.press("enter");
    const played = await game.waitLog("the position in play", (l) => l.fen === "4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    expect(played.moves).toEqual([]);
    await game.type("a7a8q\n");
    const moved = await game.waitLog("a move from the set-up", (l) => l.moves.length >= 1);
    expect(moved.moves[0]).toBe("a7a8q");
  }, TEST_MS);

  test("a 6x6 set-up with a bishop asks for a mate in 1 and is played", async () => {
    game = await GameDriver.start();
    await game.letter("p");
    await game.letter("v");
    await game.waitView("the 6x6 start in the set-up", (v) => v.size === 6);
    await game.letter("c");
    await place(game, "d4", "K");
    await place(game, "d6", "k");
    await place(game, "a1", "R");
    await place(game, "c3", "B");
    await game.waitView("the 6x6 set-up", (v) => v.size === 6 && v.boardFen === "3k2/6/3K2/2B3/6/R5");
    await game.letter("m");
    await game.letter("1");
    const asked = await game.waitLog("the mate found", (l) => l.message.startsWith("Mate in"));
    expect(asked.message).toBe("Mate in 1: Ra6"); // the oracle's only mate in 1 here (a1a6)
    expect(asked.fen).toBe("3k2/6/3K2/2B3/6/R5 w - - 0 1");
  }, TEST_MS);
});
