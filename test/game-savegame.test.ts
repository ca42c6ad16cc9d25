// CHESS.GAM, the compact save file (one byte a ply): W writes it and the oracle reads
// it back from the documented layout (ts-harness/formats/savegame.ts); /load plays a saved game
// again, a 1,000-ply one and the engine's long game against itself included (take-back
// replays it from the start), with its chess clocks as saved, stopped; corrupt,
// truncated and foreign files are refused with a message and the start position stays
// on the board. The PGN of a game on the clock carries its TimeControl for chess.js.
import { Chess } from "chess.js";
import { describe, expect, test } from "vitest";
import {
  legalMoves,
  moveToUci,
  parseFen,
  playUci,
  sideToMove,
  status,
  toFen,
  unmakeMove,
} from "../ts-harness/oracle/index.ts";
import { longGame } from "../ts-harness/formats/positions.ts";
import { decodeGam, encodeGam, gamChecksum, NO_CLOCK } from "../ts-harness/formats/savegame.ts";
import {
  boardOf,
  play,
  position,
  readAs,
  START,
  TEST_MS,
  twoPlayers,
  gameSession,
} from "./game-oracle.ts";
import { LOS_ALAMOS_START } from "../ts-harness/fixtures/losalamos.ts";
import { SELF_PLAY } from "../ts-harness/fixtures/selfplay.ts";

const games = gameSession();

/** The position after a game's moves, by the oracle. */
function finalFen(fen: string, moves: string[]): string {
  const pos = position(fen);
  for (const uci of moves) play(pos, uci);
  return toFen(pos);
}

/** 5+0: five minutes a side, the second time control of K. */
const BLITZ_MS = 5 * 60_000;

/** The header before the FEN: magic, version, variant, level, control, 2 clocks, 2 counts. */
const HEADER = 4 + 1 + 1 + 1 + 1 + 2 * 4 + 2 * 2 + 1;

/** "m:ss" of a clock, as the panel shows it (whole seconds left). */
function shown(ms: number): string {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** A copy of the file with its checksum made right again after a change. */
function resummed(bytes: Uint8Array): Uint8Array {
  const out = Uint8Array.from(bytes);
  const sum = gamChecksum(out.subarray(0, out.length - 2));
  out[out.length - 2] = sum & 0xff;
  out[out.length - 1] = sum >> 8;
  return out;
}

describe("CHESS.GAM, one byte a ply", () => {
  test(
    "W writes a Los Alamos game in CHESS.GAM, which the oracle reads back move for move; /load CHESS.GAM plays it again",
    async () => {
      let game = await games.start(`/fen ${LOS_ALAMOS_START}`);
      await game.type("c2c3\n");
      await game.waitLog("the reply to c2c3", (l) => l.moves.length === 2);
      await game.type("e1d3\n");
      const played = await game.waitLog("the reply to e1d3", (l) => l.moves.length === 4);
      await game.letter("w");
      const size = HEADER + LOS_ALAMOS_START.length + 2 + 4 + 2;
      const saved = await game.waitLog("the save", (l) => l.message.startsWith("Saved CHESS.GAM"));
      expect(saved.message).toBe(`Saved CHESS.GAM: ${size} bytes`);
      const bytes = (await game.session.readFile("CHESS.GAM"))!;
      expect(bytes.length).toBe(size);
      const read = decodeGam(bytes);
      expect(read).toEqual({
        fen: LOS_ALAMOS_START,
        moves: played.moves,
        level: played.level,
        clock: NO_CLOCK,
        variant: 1,
        version: 2,
      });
      await game.close();

      game = await games.start("/load CHESS.GAM", { files: { "CHESS.GAM": bytes } });
      const loaded = await game.waitLog("the loaded game", (l) => l.moves.length === 4);
      expect(loaded.moves).toEqual(played.moves);
      expect(loaded.fen).toBe(played.fen);
      await game.waitView(
        "its position on the 6x6 board",
        (v) => v.size === 6 && v.boardFen === boardOf(played.fen),
      );
    },
    TEST_MS,
  );

  test(
    "a 1,000-ply game takes 1,081 bytes; /load plays it to its last position and move list, a move more makes 1,001 plies in 1,082 bytes, and take-back replays the record from the start",
    async () => {
      const moves = longGame(1998, 1000);
      const bytes = encodeGam({ fen: START, moves, level: 1 });
      expect(bytes.length).toBe(HEADER + START.length + 2 + 1000 + 2); // header, FEN, ply count, plies, checksum
      expect(bytes.length).toBe(1081);
      const game = await games.start("/load CHESS.GAM", { files: { "CHESS.GAM": bytes } });
      const loaded = await game.waitLog("the 1,000 moves", (l) => l.moves.length === 1000);
      expect(loaded.moves).toEqual(moves);
      expect(loaded.fen).toBe(finalFen(START, moves));
      expect(loaded.level).toBe(1);
      await game.waitView("the last position", (v) => v.boardFen === boardOf(loaded.fen));
      const pos = position(START);
      const sans = moves.map((uci) => play(pos, uci));
      const lastLine = `500.${sans[998]} ${sans[999]}`;
      const listEnd = game.panel("PANEL_MOVES") + game.panel("MOVE_LIST_LINES") - 1;
      expect(readAs(await game.panelLine(listEnd), lastLine)).toBe(lastLine);

      await twoPlayers(game);
      const more = legalMoves(pos).map(moveToUci).sort()[0]!;
      await game.type(`${more}\n`);
      await game.waitLog("the 1,001st move", (l) => l.moves.length === 1001);
      await game.letter("w");
      await game.waitLog("the save", (l) => l.message === "Saved CHESS.GAM: 1082 bytes");
      expect(decodeGam((await game.session.readFile("CHESS.GAM"))!).moves).toEqual([
        ...moves,
        more,
      ]);

      for (const kept of [1000, 999, 998]) {
        await game.letter("t");
        const back = await game.waitLog(`${kept} moves kept`, (l) => l.moves.length === kept);
        expect(back.moves).toEqual(moves.slice(0, kept));
        expect(back.fen).toBe(finalFen(START, moves.slice(0, kept)));
        await game.waitView(
          `the position after ${kept} moves`,
          (v) => v.boardFen === boardOf(back.fen),
        );
      }
    },
    TEST_MS,
  );

  test(
    `the computer's game against itself (ts-harness/fixtures/selfplay.ts: ${SELF_PLAY.moves.length} plies, every one the engine's) loads from a CHESS.GAM of header + FEN + ply count + plies + checksum bytes to the oracle's last position and move list; a move more is saved by W in a byte more, as the panel says, and take-back goes back`,
    async () => {
      const { fen, end } = SELF_PLAY;
      // The game up to its last position that goes on (without the move that ended it, so
      // that a move more can be played) with white to move: after /load the player has
      // white, and the computer would answer a position with black to move.
      const going = end === "plies" ? SELF_PLAY.moves : SELF_PLAY.moves.slice(0, -1);
      const moves = sideToMove(playUci(position(fen), going)) === "w" ? going : going.slice(0, -1);
      expect(moves.length, "a ply count past one byte").toBeGreaterThan(255);
      const pos = position(fen);
      const sans = moves.map((uci) => {
        expect(status(pos)).toBe("playing");
        return play(pos, uci);
      });
      expect(status(pos)).toBe("playing");
      const size = HEADER + fen.length + 2 + moves.length + 2; // header, FEN, ply count, plies, checksum
      const bytes = encodeGam({ fen, moves, level: 1 });
      expect(bytes.length).toBe(size);
      const game = await games.start("/load CHESS.GAM", { files: { "CHESS.GAM": bytes } });
      const loaded = await game.waitLog(
        "the self-play game",
        (l) => l.moves.length === moves.length,
      );
      expect(loaded.moves).toEqual(moves);
      expect(loaded.san).toEqual(sans);
      expect(loaded.fen).toBe(toFen(pos));
      await game.waitView("its last position", (v) => v.boardFen === boardOf(loaded.fen));
      const [side, fullmove] = [loaded.fen.split(" ")[1], Number(loaded.fen.split(" ")[5])];
      const lastLine =
        side === "w"
          ? `${fullmove - 1}.${sans.at(-2)} ${sans.at(-1)}`
          : `${fullmove}.${sans.at(-1)}`;
      const listEnd = game.panel("PANEL_MOVES") + game.panel("MOVE_LIST_LINES") - 1;
      expect(readAs(await game.panelLine(listEnd), lastLine)).toBe(lastLine);

      await twoPlayers(game);
      const more = legalMoves(pos)
        .map(moveToUci)
        .sort()
        .find((uci) => {
          play(pos, uci);
          const on = status(pos) === "playing";
          unmakeMove(pos);
          return on;
        })!;
      await game.type(`${more}\n`);
      await game.waitLog("the move more", (l) => l.moves.length === moves.length + 1);
      await game.letter("w");
      const saved = `Saved CHESS.GAM: ${size + 1} bytes`;
      await game.waitLog("the save", (l) => l.message === saved);
      const message = game.panel("PANEL_MESSAGE"); // two lines, broken at the last space the first holds
      const shown = `${(await game.panelLine(message)).trimEnd()} ${(await game.panelLine(message + 1)).trimEnd()}`;
      expect(readAs(shown, saved)).toBe(saved);
      const written = (await game.session.readFile("CHESS.GAM"))!;
      expect(written.length).toBe(size + 1);
      expect(decodeGam(written).moves).toEqual([...moves, more]);

      for (const kept of [moves.length, moves.length - 1]) {
        await game.letter("t");
        const back = await game.waitLog(`${kept} moves kept`, (l) => l.moves.length === kept);
        expect(back.moves).toEqual(moves.slice(0, kept));
        expect(back.fen).toBe(finalFen(fen, moves.slice(0, kept)));
        await game.waitView(
          `the position after ${kept} moves`,
          (v) => v.boardFen === boardOf(back.fen),
        );
      }
    },
    TEST_MS,
  );

  const good = encodeGam({ fen: START, moves: ["e2e4", "e7e5", "g1f3"], level: 3 });
  /** Bytes of the saved FEN changed, each into a FEN the oracle refuses: its moves must
   *  never be played on the start position instead. */
  const FEN_CHANGES: [why: string, at: number, byte: number][] = [
    ["white's king made a knight", START.indexOf("RNBQKBNR") + 4, "N".charCodeAt(0)],
    ["a NUL in the FEN", START.indexOf(" - ") + 1, 0],
    ["a pawn on the last rank", 0, "P".charCodeAt(0)],
  ];
  const plyAt = HEADER + START.length + 2;
  const clocked = encodeGam({
    fen: START,
    moves: ["e2e4"],
    level: 3,
    clock: { control: 1, white: 299_000, black: BLITZ_MS, whiteMoves: 0, blackMoves: 0 },
  });
  const CORRUPT: [why: string, bytes: Uint8Array, message: string][] = [
    [
      "a ply changed (the checksum no longer fits)",
      Uint8Array.from(good, (b, i) => (i === plyAt ? b ^ 1 : b)),
      "Refused save file: bad checksum",
    ],
    ["the file cut short", good.subarray(0, good.length - 3), "Refused save file: truncated"],
    ["a byte too many", Uint8Array.from([...good, 0]), "Refused save file: too long"],
    [
      "version 1 (no clocks)",
      resummed(Uint8Array.from(good, (b, i) => (i === 4 ? 1 : b))),
      "Refused save file: other version",
    ],
    [
      "another magic (a foreign file)",
      resummed(Uint8Array.from(good, (b, i) => (i === 0 ? 0x58 : b))),
      "Refused save file: not CHESS.GAM",
    ],
    [
      "the 8 bytes of a DOS program's header (a NUL among them, so no PGN nor FEN)",
      Uint8Array.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0]),
      "Refused save file: not CHESS.GAM",
    ],
    [
      "a variant that does not exist",
      resummed(Uint8Array.from(good, (b, i) => (i === 5 ? 2 : b))),
      "Refused save file: bad header",
    ],
    [
      "the Los Alamos variant with a chess FEN",
      resummed(Uint8Array.from(good, (b, i) => (i === 5 ? 1 : b))),
      "Refused save file: other variant",
    ],
    [
      "the chess variant with a Los Alamos FEN",
      resummed(
        Uint8Array.from(encodeGam({ fen: LOS_ALAMOS_START, moves: ["c2c3"], level: 3 }), (b, i) =>
          i === 5 ? 0 : b,
        ),
      ),
      "Refused save file: other variant",
    ],
    [
      "a level that does not exist",
      resummed(Uint8Array.from(good, (b, i) => (i === 6 ? 9 : b))),
      "Refused save file: bad header",
    ],
    [
      "a time control that does not exist",
      resummed(Uint8Array.from(clocked, (b, i) => (i === 7 ? 4 : b))),
      "Refused save file: bad clock",
    ],
    [
      "black's clock at 2^32 - 1 ms",
      resummed(Uint8Array.from(clocked, (b, i) => (i >= 8 && i < 12 ? 0xff : b))),
      "Refused save file: bad clock",
    ],
    [
      "white's moves in a period under 5+0, which has none",
      resummed(Uint8Array.from(clocked, (b, i) => (i === 18 ? 1 : b))),
      "Refused save file: bad clock",
    ],
    [
      "a ply count beyond the record",
      resummed(Uint8Array.from(good, (b, i) => (i === plyAt - 1 ? 0xff : b))),
      "Refused save file: bad header",
    ],
    [
      "a ply no legal move stands for (the checksum right)",
      resummed(Uint8Array.from(good, (b, i) => (i === plyAt + 1 ? 250 : b))),
      "Bad ply in save file",
    ],
    ...FEN_CHANGES.map(([why, at, byte]): [string, Uint8Array, string] => {
      const fen = START.slice(0, at) + String.fromCharCode(byte) + START.slice(at + 1);
      const parsed = parseFen(fen);
      if (parsed.ok) throw new Error(`${fen} is a sound FEN`);
      return [
        `${why} (the checksum right)`,
        resummed(Uint8Array.from(good, (b, i) => (i === HEADER + at ? byte : b))),
        `Refused save file: bad FEN ${parsed.error.code}`,
      ];
    }),
  ];

  test.each(CORRUPT.map(([why, bytes, message]) => ({ why, bytes, message })))(
    "a file with $why is refused with $message, the start position on the board",
    async ({ bytes, message }) => {
      const game = await games.start("/load CHESS.GAM", { files: { "CHESS.GAM": bytes } });
      const log = await game.waitLog("the refusal", (l) => l.message.startsWith(message));
      expect(log.moves).toEqual([]);
      expect(log.fen).toBe(START);
      await game.waitView("the start position", (v) => v.boardFen === boardOf(START));
    },
    TEST_MS,
  );

  test(
    "a 5+0 game saved by W keeps its clocks: the file and the reload show the times saved, stopped; the PGN says TimeControl 300",
    async () => {
      let game = await games.start("");
      await twoPlayers(game);
      await game.letter("k");
      await game.waitLog("5+0", (l) => l.clock.control === 1);
      await game.type("e2e4\ne7e5\ng1f3\n");
      const played = await game.waitLog("three moves", (l) => l.moves.length === 3);
      await game.letter("w");
      await game.waitLog("the save", (l) => l.message.startsWith("Saved CHESS.GAM"));
      const bytes = (await game.session.readFile("CHESS.GAM"))!;
      const { clock, moves } = decodeGam(bytes);
      expect(moves).toEqual(played.moves);
      expect(clock.control).toBe(1);
      expect([clock.whiteMoves, clock.blackMoves]).toEqual([0, 0]); // 5+0 has one period
      // Both moved, so both clocks ran: less than five minutes, but not much less; the
      // clocks go on after W (the log written on L shows them).
      expect(clock.white).toBeLessThan(BLITZ_MS);
      expect(clock.white).toBeGreaterThan(BLITZ_MS / 2);
      expect(clock.black).toBeLessThan(BLITZ_MS);
      expect(clock.black).toBeGreaterThan(BLITZ_MS / 2);
      await game.letter("l");
      const after = await game.waitLog("the next log", (l) => l.level !== played.level);
      expect(after.clock.white).toBe(clock.white); // white's clock stands since g1f3
      expect(clock.black).toBeGreaterThanOrEqual(after.clock.black); // black's runs on

      await game.letter("s");
      await game.waitLog("the PGN", (l) => l.message === "Saved CHESS.SAV");
      const pgn = Buffer.from((await game.session.readFile("CHESS.SAV"))!).toString("latin1");
      expect(pgn).toMatch(/^\[TimeControl "300"\]\r$/m);
      const chess = new Chess();
      chess.loadPgn(pgn);
      expect(chess.getHeaders().TimeControl).toBe("300");
      expect(chess.history({ verbose: true }).map((m) => m.lan)).toEqual(played.moves);
      await game.close();

      game = await games.start("/load CHESS.GAM", { files: { "CHESS.GAM": bytes } });
      const loaded = await game.waitLog("the loaded game", (l) => l.moves.length === 3);
      expect(loaded.clock).toEqual({
        control: 1,
        white: clock.white,
        black: clock.black,
        flag: "0",
      });
      const panel = `W ${shown(clock.white)} B ${shown(clock.black)}`;
      expect(readAs(await game.panelLine(game.panel("PANEL_THINKING")), panel)).toBe(panel);
      await new Promise((r) => setTimeout(r, 1500));
      await game.letter("l"); // any change writes the log again: the clocks must not have run
      const later = await game.waitLog("the next log", (l) => l.level !== loaded.level);
      expect(later.clock).toEqual(loaded.clock);
    },
    TEST_MS,
  );
});
