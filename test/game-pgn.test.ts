import { Chess } from "chess.js";
import { describe, expect, test } from "vitest";
import type { GameDriver, GameLog } from "../ts-harness/core/game-driver.ts";
import { parseFen, toFen } from "../ts-harness/oracle/index.ts";
import { longGame } from "../ts-harness/formats/positions.ts";
import { play, position, START, TEST_MS, twoPlayers, gameSession } from "./game-oracle.ts";

// The game's PGN against chess.js, a PGN reader and writer nobody here wrote: what S
// saves loads in chess.js with the same moves and position, and what chess.js writes
// (with comments, a variation and NAGs added) loads in the game.

const SEVEN_TAGS = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

const games = gameSession();

async function save(g: GameDriver): Promise<string> {
  await g.letter("s");
  await g.waitLog("the save", (l) => l.message === "Saved CHESS.SAV");
  return Buffer.from((await g.session.readFile("CHESS.SAV"))!).toString("latin1");
}

function tagsOf(pgn: string): [string, string][] {
  return [...pgn.matchAll(/^\[(\w+) "([^"]*)"\]$/gm)].map((m) => [m[1]!, m[2]!]);
}

describe("PGN between the game and chess.js", () => {
  test(
    "a mate the game saves is PGN chess.js reads: the Seven Tag Roster in order, TimeControl - (no clock), the moves, 0-1",
    async () => {
      const game = await games.start();
      await twoPlayers(game);
      await game.type("f2f3\ne7e5\ng2g4\nd8h4\n");
      await game.waitLog("the fool's mate", (l) => l.moves.length === 4);
      const pgn = await save(game);
      expect(
        tagsOf(pgn)
          .slice(0, 7)
          .map(([k]) => k),
      ).toEqual(SEVEN_TAGS);
      expect(tagsOf(pgn).find(([k]) => k === "Result")![1]).toBe("0-1");
      expect(tagsOf(pgn).find(([k]) => k === "TimeControl")![1]).toBe("-");
      expect(pgn).not.toMatch(/\[FEN /);
      const chess = new Chess();
      chess.loadPgn(pgn);
      expect(chess.history()).toEqual(["f3", "e5", "g4", "Qh4#"]);
      expect(chess.isCheckmate()).toBe(true);
      expect(pgn.trimEnd().endsWith("0-1")).toBe(true);
    },
    TEST_MS,
  );

  test(
    "the TimeControl tag follows K in PGN's notation: 900+10 for 15+10, 40/5400 for 40 moves in 90 minutes",
    async () => {
      const game = await games.start();
      await twoPlayers(game);
      await game.letter("k");
      await game.waitLog("5+0", (l) => l.clock.control === 1);
      for (const [control, tag] of [
        [2, "900+10"],
        [3, "40/5400"],
      ] as const) {
        await game.letter("k");
        await game.waitLog(`time control ${control}`, (l) => l.clock.control === control);
        await game.letter("s");
        await game.waitLog(
          "the save",
          (l) => l.message === "Saved CHESS.SAV" && l.clock.control === control,
        );
        const pgn = Buffer.from((await game.session.readFile("CHESS.SAV"))!).toString("latin1");
        expect(Object.fromEntries(tagsOf(pgn)).TimeControl).toBe(tag);
      }
    },
    TEST_MS,
  );

  test(
    "a game from a set-up position: SetUp and FEN, `31. O-O O-O`, lines of at most 80 characters; chess.js and /load read it back",
    async () => {
      const fen = "r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 4 31";
      const moves = [
        "e1g1",
        "e8g8",
        "a2a3",
        "a7a6",
        "h2h3",
        "h7h6",
        "a1e1",
        "a8e8",
        "g1h1",
        "g8h8",
        "f1g1",
        "f8g8",
        "b2b3",
        "b7b6",
        "g2g4",
        "g7g6",
      ];
      let game = await games.start(`/fen ${fen}`);
      await twoPlayers(game);
      await game.type(moves.map((m) => `${m}\n`).join(""));
      const log = await game.waitLog("the moves", (l) => l.moves.length === moves.length);
      const pos = position(fen);
      const sans = moves.map((m) => play(pos, m));
      expect(log.san).toEqual(sans);
      const pgn = await save(game);
      const tags = Object.fromEntries(tagsOf(pgn));
      expect(tags.SetUp).toBe("1");
      expect(tags.FEN).toBe(fen);
      expect(tags.Result).toBe("*");
      for (const line of pgn.split("\r\n")) expect(line.length).toBeLessThanOrEqual(80);
      const movetext = pgn.split("\r\n\r\n")[1]!.replace(/\r\n/g, " ").trim();
      expect(movetext.startsWith(`31. ${sans[0]} ${sans[1]} 32. ${sans[2]} ${sans[3]} 33. `)).toBe(
        true,
      );
      expect(pgn.split("\r\n\r\n")[1]!.trim().split("\r\n").length).toBeGreaterThan(1);
      const chess = new Chess();
      chess.loadPgn(pgn);
      expect(chess.history()).toEqual(sans);
      expect(chess.fen()).toBe(toFen(pos));
      await game.close();

      game = await games.start("/load CHESS.SAV", { files: { "CHESS.SAV": pgn } });
      const loaded = await game.waitLog("the replay", (l) => l.moves.length === moves.length);
      expect(loaded.moves).toEqual(moves);
      expect(loaded.fen).toBe(toFen(pos));
    },
    TEST_MS * 2,
  );

  test(
    "a PGN chess.js writes, with comments, a variation and NAGs added, loads in the game move for move",
    async () => {
      const chess = new Chess();
      for (const san of ["e4", "c5", "Nf3", "d6", "d4", "cxd4", "Nxd4", "Nf6", "Nc3", "a6"])
        chess.move(san);
      chess.setComment("the Najdorf");
      const written = chess
        .pgn()
        .replace(
          "2. Nf3",
          "{ the open Sicilian } 2. Nf3 $1 (2. c3 Nf6 {Alapin}) ; a line comment\n",
        );
      const game = await games.start("/load GAME.PGN", { files: { "GAME.PGN": written } });
      const log = await game.waitLog(
        "the replay",
        (l) => l.moves.length === chess.history().length,
      );
      expect(log.moves, `${log.message}\n${written}`).toEqual(
        chess.history({ verbose: true }).map((m) => m.lan),
      );
      expect(log.fen).toBe(chess.fen());
    },
    TEST_MS,
  );

  test(
    "castling written with zeros (0-0-0, 0-0) and a promotion without its '=' (b8Q) load as O-O-O, O-O and b8=Q",
    async () => {
      const fen = "r3k2r/1P6/8/8/8/8/7p/R3K2R w KQkq - 0 1";
      const chess = new Chess(fen);
      for (const san of ["O-O-O", "O-O", "b8=Q", "Raxb8", "Rxh2"]) chess.move(san);
      const written = chess
        .pgn()
        .replace(/O-O-O/g, "0-0-0")
        .replace(/O-O/g, "0-0")
        .replace("b8=Q", "b8Q");
      expect(written).toContain("1. 0-0-0 0-0 2. b8Q");
      const game = await games.start("/load ZEROS.PGN", { files: { "ZEROS.PGN": written } });
      const log = await game.waitLog(
        "the replay",
        (l) => l.moves.length === chess.history().length || l.message !== "",
      );
      expect(log.moves, `${log.message}\n${written}`).toEqual(
        chess.history({ verbose: true }).map((m) => m.lan),
      );
      expect(log.fen).toBe(chess.fen());
    },
    TEST_MS,
  );

  test.each([
    ["a comment", "1. e4 {a comment never closed e5 2. Nf3 *\n", "{"],
    ["a variation", "1. e4 e5 (1... c5 2. Nf3 *\n", "("],
  ])(
    "a PGN that ends inside %s plays the moves before it and names the opening as its bad move",
    async (_what, movetext, opening) => {
      const pgn = `[Event "?"]\n[Result "*"]\n\n${movetext}`;
      const game = await games.start("/load OPEN.PGN", { files: { "OPEN.PGN": pgn } });
      const log = await game.waitLog("the message", (l) => l.message !== "");
      expect(log.moves).toEqual(opening === "{" ? ["e2e4"] : ["e2e4", "e7e5"]);
      expect(log.message).toMatch(
        new RegExp(`^PGN: bad move +${opening === "{" ? "1\\.\\.\\." : "2\\."} \\${opening}$`),
      );
    },
    TEST_MS,
  );

  test.each([
    ["300", 1, 300_000],
    ["900+10", 2, 900_000],
    ["40/5400", 3, 5_400_000],
    ["-", 0, 0],
    ["600", 0, 0],
    ["900+10x", 0, 0],
  ])(
    "a PGN's TimeControl %s, read back, sets the game's control %i with full clocks (one the game has not: no clock)",
    async (tc, control, ms) => {
      const pgn = `[Event "?"]\n[TimeControl "${tc}"]\n[Result "*"]\n\n1. e4 e5 *\n`;
      const game = await games.start("/load TC.PGN", { files: { "TC.PGN": pgn } });
      const log = await game.waitLog("the replay", (l) => l.moves.length === 2);
      expect(log.clock.control).toBe(control);
      expect(log.clock.flag).toBe("0");
      // Full at the load, then the replay's two moves (and their increments): within
      // seconds of the control's time.
      for (const left of [log.clock.white, log.clock.black])
        expect(Math.abs(ms - left)).toBeLessThan(30_000);
    },
    TEST_MS,
  );

  test(
    "a PGN with an illegal move plays the moves before it and names it on the panel",
    async () => {
      const pgn = '[Event "?"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 Nf6 3. Bxe5 Nc6 *\n';
      const game = await games.start("/load BAD.PGN", { files: { "BAD.PGN": pgn } });
      const log = await game.waitLog("the message", (l) => l.message !== "");
      expect(log.moves).toEqual(["e2e4", "e7e5", "g1f3", "g8f6"]);
      expect(log.message).toMatch(/^PGN: bad move +3\. Bxe5$/);
      const pos = position(START);
      for (const m of log.moves) play(pos, m);
      expect(log.fen).toBe(toFen(pos));
    },
    TEST_MS,
  );

  test(
    "a 2,000-ply game chess.js writes as PGN (over 12 KB, with a comment) loads move for move to chess.js's last position",
    async () => {
      const chess = new Chess();
      for (const uci of longGame(1990, 2000)) chess.move(uci);
      chess.setComment("a long game, spending its material slowly");
      const written = chess.pgn().replace(/ (\d+0)\. /g, "\n$1. "); // a line every ten moves
      expect(written.length).toBeGreaterThan(12_000);
      const reread = new Chess();
      reread.loadPgn(written);
      expect(reread.fen()).toBe(chess.fen());
      const game = await games.start("/load LONG.PGN", { files: { "LONG.PGN": written } });
      const log = await game.waitLog(
        "the replay",
        (l) => l.moves.length === 2000 || l.message !== "",
      );
      expect(log.moves, log.message).toEqual(chess.history({ verbose: true }).map((m) => m.lan));
      expect(log.fen).toBe(chess.fen());
    },
    TEST_MS,
  );

  test(
    'a PGN file of 32 KiB or more is refused with "PGN file too long" and the game starts from the start position',
    async () => {
      const chess = new Chess();
      for (const uci of longGame(1990, 40)) chess.move(uci);
      const written = `${chess.pgn()}\n{ ${"a comment that makes the file too long ".repeat(900)}}\n`;
      expect(written.length).toBeGreaterThan(32 * 1024);
      const game = await games.start("/load HUGE.PGN", { files: { "HUGE.PGN": written } });
      const log = await game.waitLog("the message", (l) => l.message !== "");
      expect(log.message).toBe("PGN file too long");
      expect(log.moves).toEqual([]);
      expect(log.fen).toBe(START);
    },
    TEST_MS,
  );
});

/** The game's log once a PGN /load has been replayed: `plies` moves on, or a message. */
async function loaded(text: string | Uint8Array, plies: number): Promise<GameLog> {
  const game = await games.start("/load GAME.PGN", { files: { "GAME.PGN": text } });
  return game.waitLog("the replay", (l) => l.moves.length === plies || l.message !== "");
}

/** What chess.js, a PGN reader nobody here wrote, reads in a PGN: the moves in UCI; and
 *  the last position as the oracle writes it (chess.js leaves out an en-passant square
 *  no pawn can take on). */
function chessJs(pgn: string): { moves: string[]; fen: string } {
  const chess = new Chess();
  chess.loadPgn(pgn);
  const moves = chess.history({ verbose: true }).map((m) => m.lan);
  const pos = position(chess.getHeaders().FEN ?? START);
  for (const m of moves) play(pos, m);
  return { moves, fen: toFen(pos) };
}

const KINGS_AND_PAWN = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";

describe("PGN files other programs and hands write", () => {
  test(
    "a FEN tag without its closing quote refuses the file, naming the tag and its line: no moves, the start position",
    async () => {
      const log = await loaded(
        `[Event "x"]\n[FEN "${KINGS_AND_PAWN}\n[Result "*"]\n\n1. Kd1 *\n`,
        1,
      );
      expect(log.message).toMatch(/^FEN tag, line 2 +no closing quote$/);
      expect(log.moves).toEqual([]);
      expect(log.fen).toBe(START);
    },
    TEST_MS,
  );

  test(
    "a FEN tag the oracle refuses (no black king) refuses the file with the FEN's own error, not a bad move",
    async () => {
      const fen = "8/8/8/8/8/8/4P3/4K3 w - - 0 1";
      const parsed = parseFen(fen);
      expect(parsed.ok).toBe(false);
      const log = await loaded(`[Event "x"]\n[SetUp "1"]\n[FEN "${fen}"]\n\n1. Kd1 *\n`, 1);
      expect(log.message).toMatch(
        new RegExp(`^FEN tag, line 3 +Bad FEN: ${parsed.ok ? "" : parsed.error.code}$`),
      );
      expect(log.moves).toEqual([]);
      expect(log.fen).toBe(START);
    },
    TEST_MS,
  );

  test(
    "two tags on one line are both read: the FEN tag after another sets the start, and the moves play from it as chess.js plays them",
    async () => {
      const pgn = `[Event "x"] [SetUp "1"] [FEN "${KINGS_AND_PAWN}"]\n\n1. Kd1 Kd8 2. e4 *\n`;
      const want = chessJs(pgn.replace(/\] \[/g, "]\n["));
      expect(want.moves).toHaveLength(3);
      const log = await loaded(pgn, want.moves.length);
      expect(log.moves, log.message).toEqual(want.moves);
      expect(log.fen).toBe(want.fen);
    },
    TEST_MS,
  );

  test(
    "a lone CR ends a line: a ; comment stops there, and every move after it loads",
    async () => {
      const lf = `[Event "x"]\n\n1. e4 ; a comment\ne5 2. Nf3 *\n`;
      const want = chessJs(lf);
      expect(want.moves).toHaveLength(3);
      const log = await loaded(lf.replace(/\n/g, "\r"), want.moves.length);
      expect(log.moves, log.message).toEqual(want.moves);
      expect(log.fen).toBe(want.fen);
    },
    TEST_MS,
  );

  // FIDE Laws 9.2 and 9.3: a threefold repetition and the 50-move count are draws a
  // player may claim; only fivefold and 75 moves (9.6) end the game by themselves.
  test.each([
    [
      "past an unclaimed threefold repetition",
      `[Event "x"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. e4 *\n`,
    ],
    [
      "past an unclaimed 50-move count",
      `[Event "x"]\n[SetUp "1"]\n[FEN "${KINGS_AND_PAWN.replace(" 0 1", " 99 60")}"]\n\n60. Kd1 Kd8 61. Ke1 Ke8 *\n`,
    ],
  ])(
    "a game played on %s loads whole, as chess.js reads it",
    async (_why, pgn) => {
      const want = chessJs(pgn);
      const log = await loaded(pgn, want.moves.length);
      expect(log.moves, log.message).toEqual(want.moves);
      expect(log.fen).toBe(want.fen);
    },
    TEST_MS,
  );

  test.each([
    ["a % escape line before the tags", (pgn: string) => `% written by a program\n${pgn}`],
    ["a UTF-8 byte order mark", (pgn: string) => `\ufeff${pgn}`],
    [
      "movetext that starts with a comment, no tags",
      (pgn: string) => `{ the Italian } ${pgn.split("\n\n")[1]}`,
    ],
  ])(
    "a PGN with %s loads move for move",
    async (_why, change) => {
      const pgn = `[Event "x"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 *\n`;
      const want = chessJs(pgn);
      const log = await loaded(new Uint8Array(Buffer.from(change(pgn), "utf8")), want.moves.length);
      expect(log.moves, log.message).toEqual(want.moves);
      expect(log.fen).toBe(want.fen);
    },
    TEST_MS,
  );
});
