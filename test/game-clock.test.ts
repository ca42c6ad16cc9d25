// The game's chess clocks (asm/game/chessclock.asm) and the computer's thinking in real time,
// read from the screen and the game log under js-dos (fixed cycles: the emulated time
// the clocks count is exact).
import { describe, expect, test } from "vitest";
import type { GameDriver } from "../ts-harness/core/game-driver.ts";
import { legalMoves, moveToUci } from "../ts-harness/oracle/index.ts";
import { encodeGam, decodeGam, type SavedClock } from "../ts-harness/formats/savegame.ts";
import { play, position, readAs, START, TEST_MS, twoPlayers, gameSession } from "./game-oracle.ts";

/** 5+0: five minutes a side (K's first time control). */
const BLITZ_MS = 5 * 60_000;

const games = gameSession();

describe("chess clocks", () => {
  test(
    "K chooses 5+0: both clocks on the panel, the computer's counting while it thinks; Space makes it move at once; its clock ran, take-back stops both",
    async () => {
      const game = await games.start("", { level: 3 });
      await game.letter("k");
      const chosen = await game.waitLog("a time control", (l) => l.clock.control === 1);
      expect(chosen.clock).toEqual({ control: 1, white: BLITZ_MS, black: BLITZ_MS, flag: "0" });
      expect(readAs(await game.panelLine(game.panel("PANEL_LEVEL")), "Clock 5+0")).toBe(
        "Clock 5+0",
      );
      expect(readAs(await game.panelLine(game.panel("PANEL_THINKING")), "W 5:00 B 5:00")).toBe(
        "W 5:00 B 5:00",
      );

      await game.type("d2d3\n"); // no line of the opening book begins so: the computer thinks
      const levelLine = () => game!.panelLine(game!.panel("PANEL_LEVEL"));
      const clockLine = async () =>
        (await game!.panelLine(game!.panel("PANEL_THINKING"))).split(/\s+/);
      await game.session.waitUntil("the computer thinking", async () =>
        /^Thinking/.test(await levelLine()),
      );
      // While it thinks its clock runs on the panel (a new second shows, twice), white's
      // stands. The readings compared are both taken after a second of black's has shown,
      // so that a slow host (emulated time runs on while white's keys are typed) cannot
      // make the first reading one from before the move.
      const blackTicks = async (from: string[]) =>
        game!.session.waitUntil("black's clock to move on the panel", async () => {
          const now = await clockLine();
          return now[3] !== from[3] && /^Thinking/.test(await levelLine()) ? now : null;
        });
      const first = await blackTicks(await clockLine());
      const ticked = await blackTicks(first);
      expect(ticked[1]).toBe(first[1]);
      expect(ticked[3]).not.toBe(first[3]);
      game.session.press("space"); // move now: its 5+0 share would be seconds of emulated time
      const replied = await game.waitLog("the computer's reply", (l) => l.moves.length === 2);
      const pos = position(START);
      play(pos, "d2d3");
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
    },
    TEST_MS,
  );

  /** A CHESS.GAM of a position with white to move, 5+0, black's clock nearly out
   *  (the clocks come back stopped, so black's runs from white's first move). */
  const shortClock: SavedClock = {
    control: 1,
    white: BLITZ_MS,
    black: 1500,
    whiteMoves: 0,
    blackMoves: 0,
  };
  const savedAt = (fen: string) => ({
    "CHESS.GAM": encodeGam({ fen, moves: [], level: 2, clock: shortClock }),
  });
  const sideText = async (game: GameDriver) => game.panelLine(game.panel("PANEL_SIDE"));
  const savePgn = async (game: GameDriver) => {
    await game.letter("s");
    await game.waitLog("the PGN save", (l) => l.message === "Saved CHESS.SAV");
    return Buffer.from((await game.session.readFile("CHESS.SAV"))!).toString("latin1");
  };

  test(
    "black's flag falls: white wins on time (1-0 in the PGN), no move is taken after it, and a CHESS.GAM saved then loads as the same lost game",
    async () => {
      let game = await games.start("/load CHESS.GAM", { files: savedAt(START) });
      await twoPlayers(game);
      await game.type("e2e4\n");
      const fallen = await game.waitLog("black's flag to fall", (l) => l.clock.flag === "b");
      expect(fallen.moves).toEqual(["e2e4"]);
      expect(fallen.clock.black).toBe(0);
      expect(readAs(await sideText(game), "White wins on time")).toBe("White wins on time");
      await game.type("e7e5\n");
      const refused = await game.waitLog(
        "the refused move",
        (l) => l.message === "The game is over",
      );
      expect(refused.moves).toEqual(["e2e4"]);
      expect(await savePgn(game)).toMatch(/\[Result "1-0"\][\s\S]*1\. e4 1-0/);

      await game.letter("w");
      await game.waitLog("the CHESS.GAM save", (l) => l.message.startsWith("Saved CHESS.GAM"));
      const bytes = (await game.session.readFile("CHESS.GAM"))!;
      expect(decodeGam(bytes).clock.black).toBe(0);
      await game.close();
      game = await games.start("/load CHESS.GAM", { files: { "CHESS.GAM": bytes } });
      const loaded = await game.waitLog("the loaded game", (l) => l.moves.length === 1);
      expect(loaded.clock.flag).toBe("b");
      expect(readAs(await sideText(game), "White wins on time")).toBe("White wins on time");
      await game.letter("m"); // whoever plays, the game stays over
      await game.type("e7e5\n");
      const still = await game.waitLog("the refused move", (l) => l.message === "The game is over");
      expect(still.moves).toEqual(["e2e4"]);
    },
    2 * TEST_MS,
  );

  test(
    "after a flag has fallen T is refused, as the panel says: the moves, the result and the clocks stand",
    async () => {
      const game = await games.start("/load CHESS.GAM", { files: savedAt(START) });
      await twoPlayers(game);
      await game.type("e2e4\n");
      const fallen = await game.waitLog("black's flag to fall", (l) => l.clock.flag === "b");
      await game.letter("t");
      const refused = await game.waitLog(
        "the log after T",
        (l) => l.message !== "" || l.moves.length !== fallen.moves.length,
      );
      expect(refused.message).toBe("Flag: no take-back");
      expect(refused.moves).toEqual(fallen.moves);
      expect(refused.clock).toEqual(fallen.clock);
      expect(readAs(await sideText(game), "White wins on time")).toBe("White wins on time");
    },
    TEST_MS,
  );

  test(
    "the computer's move that comes after its flag has fallen is not played: the flag is read before a move is made",
    async () => {
      // Black, the computer, has 1 ms: it runs out while the panel is drawn and the
      // search starts (an emulated ms is 100,000 instructions); out of the opening book.
      const fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
      const clock: SavedClock = { ...shortClock, black: 1 };
      const game = await games.start("/load CHESS.GAM", {
        files: { "CHESS.GAM": encodeGam({ fen, moves: [], level: 2, clock }) },
      });
      await game.type("a2a3\n");
      const over = await game.waitLog(
        "black's flag to fall, or its move",
        (l) => l.clock.flag === "b" || l.moves.length === 2,
      );
      expect(over.moves).toEqual(["a2a3"]);
      expect(over.clock.flag).toBe("b");
      expect(over.clock.black).toBe(0);
      await new Promise((r) => setTimeout(r, 1000));
      await game.letter("f"); // any change writes the log again: still no move of black's
      const later = await game.waitLog("the next log", (l) => l.flip !== over.flip);
      expect(later.moves).toEqual(["a2a3"]);
      expect(readAs(await sideText(game), "White wins on time")).toBe("White wins on time");
    },
    TEST_MS,
  );

  test(
    "black's flag falls against a lone white king: the game is drawn (FIDE Laws 6.9), 1/2-1/2 in the PGN",
    async () => {
      const game = await games.start("/load CHESS.GAM", {
        files: savedAt("4k3/8/8/8/8/8/r7/4K3 w - - 0 1"),
      });
      await twoPlayers(game);
      await game.type("e1d1\n");
      await game.waitLog("black's flag to fall", (l) => l.clock.flag === "b");
      expect(readAs(await sideText(game), "Drawn 1/2-1/2")).toBe("Drawn 1/2-1/2");
      expect(await savePgn(game)).toMatch(/\[Result "1\/2-1\/2"\]/);
    },
    TEST_MS,
  );

  test(
    "after a stalemate no clock runs: black's nearly spent clock stays as it was and no flag falls",
    async () => {
      const game = await games.start("/load CHESS.GAM", {
        files: savedAt("k7/8/8/2Q5/8/8/8/7K w - - 0 1"),
      });
      await twoPlayers(game);
      await game.type("c5b6\n");
      const over = await game.waitLog("the stalemate", (l) => l.moves.length === 1);
      expect(over.status).toBe("stalemate");
      await new Promise((r) => setTimeout(r, 2500)); // black's 1.5 s, were its clock running
      await game.letter("f"); // any change writes the log again
      const later = await game.waitLog("the next log", (l) => l.flip !== over.flip);
      expect(later.clock).toEqual({ control: 1, white: over.clock.white, black: 1500, flag: "0" });
      expect(readAs(await sideText(game), "Drawn 1/2-1/2")).toBe("Drawn 1/2-1/2");
    },
    TEST_MS,
  );
});
