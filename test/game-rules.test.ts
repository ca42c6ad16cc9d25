import { describe, expect, test } from "vitest";
import type { GameDriver } from "../ts-harness/core/game-driver.ts";
import { status, toFen, type Position } from "../ts-harness/oracle/index.ts";
import { boardOf, play, position, START, TEST_MS, twoPlayers, gameSession } from "./game-oracle.ts";

// The rules as the interactive game shows them: castling, en passant, promotion with a
// choice, the end of the game announced on the panel, starting, saving and loading a
// position. Expected values come from the oracle.

const games = gameSession();

/** Make a move with the cursor keys and check the screen and the log against the oracle. */
async function moveAndCheck(g: GameDriver, pos: Position, uci: string): Promise<void> {
  const plies = (await g.log())!.moves.length;
  const expectedSan = play(pos, uci);
  await g.pickAndDrop(uci.slice(0, 2), uci.slice(2, 4));
  const log = await g.waitLog(uci, (l) => l.moves.length === plies + 1);
  expect(log.moves.at(-1)).toBe(uci);
  expect(log.san.at(-1)).toBe(expectedSan);
  expect(log.fen).toBe(toFen(pos));
  await g.waitView(`the board after ${uci}`, (v) => v.boardFen === boardOf(toFen(pos)));
}

describe("the rules on the screen", () => {
  test(
    "castling on both wings: the king's two-square move takes the rook along",
    async () => {
      const fen = "r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 4 8";
      const game = await games.start(`/fen ${fen}`);
      await twoPlayers(game);
      const pos = position(fen);
      await moveAndCheck(game, pos, "e1g1");
      await moveAndCheck(game, pos, "e8c8");
      const log = (await game.log())!;
      expect(log.san).toEqual(["O-O", "O-O-O"]);
      await game.screenshot("game-castling");
      await game.letter("t"); // two players: T takes back one move, the rook goes home too
      const back = await game.waitLog("O-O-O taken back", (l) => l.moves.length === 1);
      const afterShort = position(fen);
      play(afterShort, "e1g1");
      expect(back.fen).toBe(toFen(afterShort));
      await game.waitView("the position after O-O", (v) => v.boardFen === boardOf(back.fen));
    },
    TEST_MS,
  );

  test(
    "en passant: the pawn taken beside the target square leaves the board",
    async () => {
      const fen = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
      const game = await games.start(`/fen ${fen}`);
      await twoPlayers(game);
      const pos = position(fen);
      await moveAndCheck(game, pos, "e5f6");
      expect((await game.log())!.san).toEqual(["exf6"]);
    },
    TEST_MS,
  );

  test(
    "promotion asks for the piece; N makes a knight, a typed g7g8r a rook",
    async () => {
      const fen = "4k3/1P4P1/8/8/8/8/8/4K3 w - - 0 1";
      const game = await games.start(`/fen ${fen}`);
      await twoPlayers(game);
      const pos = position(fen);
      await game.pickAndDrop("b7", "b8");
      const asked = await game.waitLog("the promotion question", (l) =>
        l.message.startsWith("Promote"),
      );
      expect(asked.moves).toEqual([]);
      const waiting = await game.view();
      expect(waiting.boardFen).toBe(boardOf(fen)); // nothing moved yet
      expect(waiting.picked).toBe("b7"); // the pawn stays lit while the piece is asked for
      await game.letter("n");
      const sanN = play(pos, "b7b8n");
      const log = await game.waitLog("b8=N", (l) => l.moves.length === 1);
      expect(log.san).toEqual([sanN]);
      expect(sanN).toBe("b8=N");
      await game.waitView("a white knight on b8", (v) => v.squares[1]!.piece === "N");
      await game.type("e8e7\n");
      play(pos, "e8e7");
      await game.waitLog("Ke7", (l) => l.moves.length === 2);
      await game.type("g7g8r\n");
      const sanR = play(pos, "g7g8r");
      const after = await game.waitLog("g8=R", (l) => l.moves.length === 3);
      expect(after.san.at(-1)).toBe(sanR);
      expect(after.fen).toBe(toFen(pos));
      await game.waitView(
        "a white rook on g8",
        (v) => v.squares[6]!.piece === "R" && v.boardFen === boardOf(toFen(pos)),
      );
    },
    TEST_MS,
  );

  test(
    "checkmate is announced on the panel; keys pressed after it change nothing; Q quits with 0",
    async () => {
      const fen = "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2";
      const game = await games.start(`/fen ${fen}`); // black to move: you play black
      const pos = position(fen);
      const expectedSan = play(pos, "d8h4");
      expect(status(pos)).toBe("checkmate");
      await game.pickAndDrop("d8", "h4");
      const log = await game.waitLog("the mate", (l) => l.moves.length === 1);
      expect(log.status).toBe("checkmate");
      expect(log.san).toEqual([expectedSan]);
      expect(expectedSan).toBe("Qh4#");
      const line = game.panel("PANEL_STATUS");
      expect(await game.panelLine(line)).toBe("Checkmate");
      await game.screenshot("game-checkmate");
      const board = (await game.view()).boardFen;
      await game.press("enter", "space", "up", "left", "esc", "backspace");
      await game.type("e7e5\n");
      await game.cursorTo("a1");
      expect((await game.view()).boardFen).toBe(board);
      expect((await game.log())!.moves).toEqual(log.moves);
      await game.letter("q");
      expect((await game.session.finish()).exitCode).toBe(0);
    },
    TEST_MS,
  );

  test(
    "stalemate is announced on the panel",
    async () => {
      const fen = "7k/8/8/6Q1/8/8/8/K7 w - - 0 1";
      const game = await games.start(`/fen ${fen}`);
      const pos = position(fen);
      play(pos, "g5g6");
      expect(status(pos)).toBe("stalemate");
      await game.type("g5g6\n");
      const log = await game.waitLog("the stalemate", (l) => l.moves.length === 1);
      expect(log.status).toBe("stalemate");
      expect(await game.panelLine(game.panel("PANEL_STATUS"))).toBe("Stalemate");
      await game.screenshot("game-stalemate");
    },
    TEST_MS,
  );

  test.each([
    ["insufficient material", "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1", ["e1d2"], "insufficient-material"],
    ["the fifty-move rule", "4k3/8/8/8/8/8/8/R3K3 w - - 99 60", ["a1a2"], "fifty-move"],
    [
      "threefold repetition",
      START,
      ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"],
      "threefold",
    ],
  ])(
    "a draw by %s ends the game as the oracle says",
    async (_name, fen, moves, expected) => {
      const game = await games.start(`/fen ${fen}`);
      await twoPlayers(game);
      const pos = position(fen);
      for (const uci of moves) {
        expect(status(pos)).toBe("playing");
        play(pos, uci);
        await game.type(uci + "\n");
      }
      expect(status(pos)).toBe(expected);
      const log = await game.waitLog("the draw", (l) => l.moves.length === moves.length);
      expect(log.status).toBe(expected);
      expect(log.fen).toBe(toFen(pos));
    },
    TEST_MS,
  );

  test(
    "a malformed FEN leaves the start position with the parser's error on the panel",
    async () => {
      const game = await games.start("/fen rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
      const log = (await game.log())!;
      expect(log.fen).toBe(START);
      expect(log.message).toMatch(/^Bad FEN: ranks +Start position$/);
      const v = await game.waitView("the start position", (x) => x.boardFen === boardOf(START));
      expect(v.picked).toBeNull();
      // The players line teaches the reader the B of "Bad".
      const known = [{ line: game.panel("PANEL_PLAYERS"), text: "W:Human B:CPU" }];
      expect(await game.panelLine(game.panel("PANEL_MESSAGE"), known)).toBe("Bad FEN: ranks");
      expect(await game.panelLine(game.panel("PANEL_MESSAGE") + 1, known)).toBe("Start position");
    },
    TEST_MS,
  );

  test(
    "S saves the game as PGN; /load CHESS.SAV plays it again",
    async () => {
      let game = await games.start();
      await twoPlayers(game);
      const pos = position(START);
      const sans = ["e2e4", "c7c5", "g1f3"].map((uci) => play(pos, uci));
      await game.type("e2e4\nc7c5\ng1f3\n");
      await game.waitLog("three moves", (l) => l.moves.length === 3);
      await game.letter("s");
      await game.waitLog("the save", (l) => l.message === "Saved CHESS.SAV");
      const saved = Buffer.from((await game.session.readFile("CHESS.SAV"))!).toString("latin1");
      expect(saved.split("\r\n\r\n")[1]).toBe(`1. ${sans[0]} ${sans[1]} 2. ${sans[2]} *\r\n`);
      await game.close();

      game = await games.start("/load CHESS.SAV", { files: { "CHESS.SAV": saved } });
      const loaded = (await game.log())!;
      expect(loaded.fen).toBe(toFen(pos));
      await game.waitView("the saved position", (v) => v.boardFen === boardOf(toFen(pos)));
    },
    TEST_MS,
  );

  test(
    "/load of a missing file says so and starts from the start position",
    async () => {
      const game = await games.start("/load NOSUCH.SAV");
      const log = (await game.log())!;
      expect(log.message).toMatch(/^Cannot read +NOSUCH.SAV$/);
      expect(log.fen).toBe(START);
    },
    TEST_MS,
  );
});
