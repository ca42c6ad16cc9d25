import { describe, expect, test } from "vitest";
import { legalMoves, moveToUci, san } from "../ts-harness/oracle/index.ts";
import { boardOf, play, position, readAs, START, TEST_MS, gameSession } from "./game-oracle.ts";

// The hint (H), the thinking on the panel (I), analysis mode (A) and the sounds (Z),
// driven by the game's keys and read from the screen; the oracle says what is legal.

const games = gameSession();

/** The depth at the start of the thinking's first panel line ("3 +0.35 812"). */
const depthOf = (line: string) => Number(/^(\d+) /.exec(line)?.[1] ?? NaN);

describe("the hint", () => {
  test(
    "H lights a legal move of the side to move, names it on the panel, and changes nothing in the game",
    async () => {
      const game = await games.start();
      const before = await game.waitLog("the start", () => true);
      await game.letter("h");
      const v = await game.waitView("the hint's squares lit", (x) => x.hinted.length === 2);
      const pos = position(START);
      const move = legalMoves(pos).find(
        (m) => [m.from, m.to].sort().join() === [...v.hinted].sort().join(),
      );
      expect(move, `a legal move between ${v.hinted.join(" and ")}`).toBeDefined();
      const log = await game.waitLog("the hint in the log", (l) => l.hint !== null);
      expect(log.hint).toBe(moveToUci(move!));
      expect(log.fen).toBe(before.fen);
      expect(log.moves).toEqual([]);
      expect(v.boardFen).toBe(boardOf(START));
      const text = `Hint: ${san(pos, move!)}`;
      expect(readAs(await game.panelLine(game.panel("PANEL_MESSAGE")), text)).toBe(text);
      await game.press("right"); // any key puts the light out
      await game.waitView("the hint's light out", (x) => x.hinted.length === 0);
      expect((await game.waitLog("no hint", (l) => l.hint === null)).fen).toBe(before.fen);
    },
    TEST_MS,
  );

  test(
    "h2h4 typed is still a move: the h waits for its rank",
    async () => {
      const game = await games.start();
      await game.type("h2h4\n");
      const log = await game.waitLog("h4", (l) => l.moves.length >= 1);
      expect(log.moves[0]).toBe("h2h4");
      expect(log.hint).toBeNull();
    },
    TEST_MS,
  );
});

describe("the thinking on the panel", () => {
  test(
    "while the computer thinks, a line an iteration: its depth grows, and the line's first move is legal",
    async () => {
      const game = await games.start("", { level: 4 });
      await game.type("d2d3\n"); // out of the opening book: the computer thinks
      const line = game.panel("PANEL_MESSAGE");
      const depths: number[] = [];
      await game.session.waitUntil("two depths of the thinking", async () => {
        const d = depthOf(await game!.panelLine(line));
        if (!Number.isNaN(d) && d !== depths.at(-1)) depths.push(d);
        return depths.length >= 2 ? true : null;
      });
      expect(depths[1]!).toBeGreaterThan(depths[0]!);
      await game.waitLog("the computer's reply", (l) => l.moves.length === 2);
      const pos = position(START);
      play(pos, "d2d3");
      const first = (await game.panelLine(line + 1)).split(" ")[0]!; // the line of the last iteration that ended
      const sans = legalMoves(pos).map((m) => san(pos, m));
      expect(sans.filter((s) => readAs(first, s) === s)).toHaveLength(1);
    },
    TEST_MS,
  );

  test(
    "I hides the thinking and shows it again; the log says which",
    async () => {
      const game = await games.start();
      expect((await game.log())!.think.shown).toBe(true);
      await game.letter("i");
      await game.waitLog("the thinking hidden", (l) => !l.think.shown);
      await game.type("d2d3\n");
      await game.waitLog("the computer's reply", (l) => l.moves.length === 2);
      expect(depthOf(await game.panelLine(game.panel("PANEL_MESSAGE")))).toBeNaN();
      await game.letter("i");
      await game.waitLog("the thinking shown", (l) => l.think.shown);
    },
    TEST_MS,
  );
});

describe("analysis mode", () => {
  test(
    "A thinks about the position with deeper and deeper lines, plays nothing, and a key stops it",
    async () => {
      const game = await games.start();
      await game.letter("a");
      await game.waitLog("analysis mode", (l) => l.analysis);
      const line = game.panel("PANEL_MESSAGE");
      const depths: number[] = [];
      await game.session.waitUntil("the analysis going deeper", async () => {
        const d = depthOf(await game!.panelLine(line));
        if (!Number.isNaN(d) && d !== depths.at(-1)) depths.push(d);
        return depths.length >= 2 ? true : null;
      });
      expect(depths[1]!).toBeGreaterThan(depths[0]!);
      const thinking = game.panel("PANEL_THINKING");
      expect(await game.panelLine(thinking)).toMatch(/^Thinking/);
      await game.press("up");
      await game.session.waitUntil("the thinking stopped", async () =>
        (await game!.panelLine(thinking)) === "" ? true : null,
      );
      const log = await game.waitLog("the cursor moved up", () => true);
      expect(log.moves).toEqual([]);
      expect(log.fen).toBe(START);
      // Both sides are the player's: e4, then e5, each starting the analysis again.
      await game.type("e2e4\n");
      await game.waitLog("e4", (l) => l.moves.length === 1);
      await game.session.waitUntil("the analysis of the position after e4", async () =>
        /^Thinking/.test(await game!.panelLine(thinking)) ? true : null,
      );
      await game.type("e7e5\n");
      const after = await game.waitLog("e5 played by the player", (l) => l.moves.length === 2);
      expect(after.moves).toEqual(["e2e4", "e7e5"]);
    },
    TEST_MS,
  );
});

describe("the sounds", () => {
  test(
    "a move programs the PIT's channel 2 and opens port 61h to the speaker; Z switches the sounds off",
    async () => {
      const game = await games.start();
      const quiet = await game.waitLog("the start", () => true);
      expect(quiet.sound.on).toBe(true);
      expect(quiet.sound.notes).toBe(0);
      await game.type("e2e4\n");
      const moved = await game.waitLog(
        "the click of e4",
        (l) => l.moves.length >= 1 && l.sound.notes > 0,
      );
      expect(moved.sound.gate).toBe(3); // port 61h read back: the gate and the speaker's data bits
      expect(moved.sound.divisor).toBeGreaterThan(0);
      await game.waitLog("the computer's reply", (l) => l.moves.length === 2);
      await game.letter("z");
      const off = await game.waitLog("the sounds off", (l) => !l.sound.on);
      await game.type("d2d4\n");
      const after = await game.waitLog("d4 and the reply", (l) => l.moves.length === 4);
      expect(after.sound.notes).toBe(off.sound.notes);
    },
    TEST_MS,
  );

  test(
    "/quiet starts with the sounds off",
    async () => {
      const game = await games.start("/quiet");
      await game.type("e2e4\n");
      const log = await game.waitLog("e4", (l) => l.moves.length >= 1);
      expect(log.sound.on).toBe(false);
      expect(log.sound.notes).toBe(0);
    },
    TEST_MS,
  );
});

describe("the settings", () => {
  test(
    "CHESS.CFG starts the game with the thinking hidden and the sounds off; I and Z write it back",
    async () => {
      const game = await games.start("", {
        files: { "CHESS.CFG": "think 0 sound 0 colour 7\r\n" },
      });
      const start = await game.waitLog("the start", () => true);
      expect(start.think.shown).toBe(false);
      expect(start.sound.on).toBe(false);
      await game.letter("z");
      await game.waitLog("the sounds on", (l) => l.sound.on);
      const written = Buffer.from((await game.session.readFile("CHESS.CFG"))!).toString("latin1");
      expect(written.split(/\s+/).filter(Boolean)).toEqual(["think", "0", "sound", "1"]);
      await game.letter("i");
      await game.waitLog("the thinking shown", (l) => l.think.shown);
      const again = Buffer.from((await game.session.readFile("CHESS.CFG"))!).toString("latin1");
      expect(again.split(/\s+/).filter(Boolean)).toEqual(["think", "1", "sound", "1"]);
    },
    TEST_MS,
  );
});
