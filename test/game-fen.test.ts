import { describe, expect, test } from "vitest";
import { status, toFen } from "../ts-harness/oracle/index.ts";
import { play, position, START, TEST_MS, gameSession } from "./game-oracle.ts";

// The game's own way in: a FEN on the command line or in a file, whatever its spacing,
// and the move numbers of the save file at their limits. Expected values come from the
// oracle.

const games = gameSession();

describe("the game's /fen and /load", () => {
  test(
    "/fen with long padding keeps its clocks: 100 plies without a capture is the fifty-move draw",
    async () => {
      const fields = ["4k3/8/8/8/8/8/8/R3K3", "w", "-", "-"];
      const fen = `${fields.join(" ".repeat(25))} 100 80`;
      expect(fen.length).toBeGreaterThan(100);
      const pos = position(fen);
      const game = await games.start(`/fen ${fen}`);
      const log = (await game.log())!;
      expect(log.fen).toBe(toFen(pos));
      expect(log.fen).toMatch(/ 100 80$/);
      expect(log.status).toBe(status(pos));
    },
    TEST_MS,
  );

  test(
    "/load takes a first line of 300 bytes, a FEN padded with spaces",
    async () => {
      const fen = "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 7 31";
      const padded = fen.split(" ").join(" ".repeat(50)) + " ".repeat(20) + "\r\n1... O-O\r\n";
      const game = await games.start("/load POS.TXT", { files: { "POS.TXT": padded } });
      const log = (await game.log())!;
      expect(log.fen).toBe(toFen(position(fen)));
    },
    TEST_MS,
  );

  test(
    "/fen with a half-move clock above 65535 is refused as `clock`, not clamped",
    async () => {
      const game = await games.start("/fen 4k3/8/8/8/8/8/8/R3K3 w - - 65536 80");
      const log = (await game.log())!;
      expect(log.fen).toBe(START);
      expect(log.message).toMatch(/^Bad FEN: clock +Start position$/);
    },
    TEST_MS,
  );

  test(
    "the save file numbers black's first move `65535... Ka7` and the next one 65536",
    async () => {
      const fen = "k7/8/8/8/8/8/8/KR6 b - - 0 65535";
      const game = await games.start(`/fen ${fen}`); // black to move: you play black
      await game.pickAndDrop("a8", "a7");
      const log = await game.waitLog("the computer's reply", (l) => l.moves.length === 2);
      const pos = position(fen);
      const sans = log.moves.map((uci) => play(pos, uci));
      expect(sans[0]).toBe("Ka7");
      expect(log.fen).toBe(toFen(pos));
      await game.letter("s");
      await game.waitLog("the save", (l) => l.message === "Saved CHESS.SAV");
      const saved = Buffer.from((await game.session.readFile("CHESS.SAV"))!).toString("latin1");
      expect(saved).toContain(`[FEN "${fen}"]`);
      expect(saved.split("\r\n\r\n")[1]).toBe(`65535... Ka7 65536. ${sans[1]} *\r\n`);
    },
    TEST_MS,
  );
});
