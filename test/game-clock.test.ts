// The game's chess clocks (asm/chessclock.asm) and the computer's thinking in real time,
// read from the screen and the game log under js-dos (fixed cycles: the emulated time
// the clocks count is exact).
import { afterEach, describe, expect, test } from "vitest";
import { GameDriver } from "../ts-harness/game-driver.ts";
import { legalMoves, moveToUci } from "../ts-harness/oracle/index.ts";
import { play, position, readAs, START, TEST_MS } from "./game-oracle.ts";

/** 5+0: five minutes a side (issue 11's first time control). */
const BLITZ_MS = 5 * 60_000;

let game: GameDriver | null = null;
afterEach(async () => {
  await game?.close();
  game = null;
});

describe("chess clocks", () => {
  test("K chooses 5+0: both clocks on the panel; Space makes the thinking computer move at once; its clock ran, take-back stops both", async () => {
    game = await GameDriver.start("", { level: 3 });
    await game.letter("k");
    const chosen = await game.waitLog("a time control", (l) => l.clock.control === 1);
    expect(chosen.clock).toEqual({ control: 1, white: BLITZ_MS, black: BLITZ_MS, flag: "0" });
    expect(readAs(await game.panelLine(game.panel("PANEL_LEVEL")), "Clock 5+0")).toBe("Clock 5+0");
    expect(readAs(await game.panelLine(game.panel("PANEL_THINKING")), "W 5:00 B 5:00")).toBe("W 5:00 B 5:00");

    await game.type("e2e4\n");
    await game.session.waitUntil("the computer thinking", async () => /^Thinking/.test(await game!.panelLine(game!.panel("PANEL_THINKING"))));
    game.session.press("space"); // move now: its 5+0 share would be seconds of emulated time
    const replied = await game.waitLog("the computer's reply", (l) => l.moves.length === 2);
    const pos = position(START);
    play(pos, "e2e4");
    expect(legalMoves(pos).map(moveToUci)).toContain(replied.moves[1]);
    // White's clock ran while white typed; black's while it thought, less than its share
    // (a thirtieth of the time left, PROTOCOL.md's clock mode) as Space cut it short.
    expect(replied.clock.white).toBeLessThan(BLITZ_MS);
    expect(replied.clock.black).toBeLessThan(BLITZ_MS);
    expect(BLITZ_MS - replied.clock.black).toBeLessThan(BLITZ_MS / 30);

    await game.letter("t");
    const back = await game.waitLog("the take-back", (l) => l.moves.length === 0);
    await new Promise((r) => setTimeout(r, 1500));
    await game.letter("l"); // any change writes the log again: the clocks must not have moved
    const later = await game.waitLog("the next log", (l) => l.level !== back.level);
    expect(later.clock).toEqual(back.clock);
  }, TEST_MS);
});
