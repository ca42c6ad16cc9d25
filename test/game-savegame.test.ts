// CHESS.GAM, the compact save file (one byte a ply): W writes it and the oracle reads
// it back from the documented layout (ts-harness/savegame.ts); /load plays a saved game
// again, a 500-ply one included; corrupt, truncated and foreign files are refused with
// a message and the start position stays on the board.
import { afterEach, describe, expect, test } from "vitest";
import { GameDriver } from "../ts-harness/game-driver.ts";
import { toFen } from "../ts-harness/oracle/index.ts";
import { longGame } from "../ts-harness/positions.ts";
import { decodeGam, encodeGam, gamChecksum } from "../ts-harness/savegame.ts";
import { boardOf, play, position, START, TEST_MS } from "./game-oracle.ts";
import { LOS_ALAMOS_START } from "./fixtures/losalamos.ts";

let game: GameDriver | null = null;
afterEach(async () => {
  await game?.close();
  game = null;
});

/** The position after a game's moves, by the oracle. */
function finalFen(fen: string, moves: string[]): string {
  const pos = position(fen);
  for (const uci of moves) play(pos, uci);
  return toFen(pos);
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
  test("W writes a Los Alamos game in CHESS.GAM, which the oracle reads back move for move; /load CHESS.GAM plays it again", async () => {
    game = await GameDriver.start(`/fen ${LOS_ALAMOS_START}`);
    await game.type("c2c3\n");
    await game.waitLog("the reply to c2c3", (l) => l.moves.length === 2);
    await game.type("e1d3\n");
    const played = await game.waitLog("the reply to e1d3", (l) => l.moves.length === 4);
    await game.letter("w");
    const size = 12 + LOS_ALAMOS_START.length + 4;
    const saved = await game.waitLog("the save", (l) => l.message.startsWith("Saved CHESS.GAM"));
    expect(saved.message).toBe(`Saved CHESS.GAM: ${size} bytes`);
    const bytes = (await game.session.readFile("CHESS.GAM"))!;
    expect(bytes.length).toBe(size);
    const read = decodeGam(bytes);
    expect(read).toEqual({ fen: LOS_ALAMOS_START, moves: played.moves, level: played.level, variant: 1, version: 1 });
    await game.close();

    game = await GameDriver.start("/load CHESS.GAM", { files: { "CHESS.GAM": bytes } });
    const loaded = await game.waitLog("the loaded game", (l) => l.moves.length === 4);
    expect(loaded.moves).toEqual(played.moves);
    expect(loaded.fen).toBe(played.fen);
    await game.waitView("its position on the 6x6 board", (v) => v.size === 6 && v.boardFen === boardOf(played.fen));
  }, TEST_MS);

  test("a 500-ply game in 568 bytes loads from CHESS.GAM to its last position, and W writes the same bytes back", async () => {
    const moves = longGame(1998, 500);
    const bytes = encodeGam({ fen: START, moves, level: 1 });
    expect(bytes.length).toBe(568); // 12 bytes of header and checksum, the FEN, 500 plies
    game = await GameDriver.start("/load CHESS.GAM", { files: { "CHESS.GAM": bytes } });
    const loaded = await game.waitLog("the 500 moves", (l) => l.moves.length === 500);
    expect(loaded.moves).toEqual(moves);
    expect(loaded.fen).toBe(finalFen(START, moves));
    expect(loaded.level).toBe(1);
    await game.waitView("the last position", (v) => v.boardFen === boardOf(loaded.fen));
    await game.letter("w");
    await game.waitLog("the save", (l) => l.message === "Saved CHESS.GAM: 568 bytes");
    expect(Buffer.from((await game.session.readFile("CHESS.GAM"))!).equals(Buffer.from(bytes))).toBe(true);
  }, TEST_MS);

  const good = encodeGam({ fen: START, moves: ["e2e4", "e7e5", "g1f3"], level: 3 });
  const plyAt = 10 + START.length;
  const CORRUPT: [why: string, bytes: Uint8Array, message: string][] = [
    ["a ply changed (the checksum no longer fits)", Uint8Array.from(good, (b, i) => (i === plyAt ? b ^ 1 : b)), "Refused save file: bad checksum"],
    ["the file cut short", good.subarray(0, good.length - 3), "Refused save file: truncated"],
    ["a byte too many", Uint8Array.from([...good, 0]), "Refused save file: too long"],
    ["another version", resummed(Uint8Array.from(good, (b, i) => (i === 4 ? 2 : b))), "Refused save file: other version"],
    ["a level that does not exist", resummed(Uint8Array.from(good, (b, i) => (i === 6 ? 9 : b))), "Refused save file: bad header"],
    ["a ply count beyond the record", resummed(Uint8Array.from(good, (b, i) => (i === plyAt - 1 ? 0xff : b))), "Refused save file: bad header"],
    ["a ply no legal move stands for (the checksum right)", resummed(Uint8Array.from(good, (b, i) => (i === plyAt + 1 ? 250 : b))), "Bad ply in save file"],
  ];

  test.each(CORRUPT.map(([why, bytes, message]) => ({ why, bytes, message })))("a file with $why is refused with $message, the start position on the board", async ({ bytes, message }) => {
    game = await GameDriver.start("/load CHESS.GAM", { files: { "CHESS.GAM": bytes } });
    const log = await game.waitLog("the refusal", (l) => l.message === message);
    expect(log.moves).toEqual([]);
    expect(log.fen).toBe(START);
    await game.waitView("the start position", (v) => v.boardFen === boardOf(START));
  }, TEST_MS);
});
