// savegame -- CHESS.GAM, the game's compact save file (asm/game/savegame.asm), written and
// read here from its documented layout alone: a header (magic "LGAM", version 2,
// variant, level, the chess clocks: time control, ms left and moves in the period of
// each colour, black's first, then the start FEN), one byte a ply -- the move's rank among the legal
// moves sorted as their UCI names sort (asm/engine/record.asm) -- and a checksum. The ranks
// come from the oracle's own move generator.
import * as oracle from "../oracle/index.ts";

export const GAM_MAGIC = "LGAM";
export const GAM_VERSION = 2;
/** The bytes before the FEN's length: magic, version, variant, level, the clocks. */
const CLOCK_AT = 7;
const FEN_LEN_AT = 20;
const VARIANT_CODES: Record<oracle.Variant, number> = { chess: 0, losalamos: 1 };

export interface SavedGame {
  fen: string;
  /** The moves in UCI, each legal after the ones before it. */
  moves: string[];
  level: number;
  /** The chess clocks as saved; none (control 0, nothing left or moved) if absent. */
  clock?: SavedClock;
}

/** The time control (a row of asm/game/chessclock.asm's time_controls: 0 none, 1 5+0,
 *  2 15+10, 3 40/90), the ms left and the moves made in the period, by colour. */
export interface SavedClock {
  control: number;
  white: number;
  black: number;
  whiteMoves: number;
  blackMoves: number;
}

export const NO_CLOCK: SavedClock = {
  control: 0,
  white: 0,
  black: 0,
  whiteMoves: 0,
  blackMoves: 0,
};

/** UCI order: a square by file then rank, a move by from, to, then promotion (none first). */
function uciOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The legal moves of the oracle's position in UCI order: a ply's byte is its index
 *  here (the game record, CHESS.GAM, the opening book of ts-harness/formats/book.ts). */
export function sortedMoves(pos: oracle.Position): string[] {
  return oracle.legalMoves(pos).map(oracle.moveToUci).sort(uciOrder);
}

/** s = rol16(s, 1) + byte, from 0, over the bytes. */
export function gamChecksum(bytes: Uint8Array): number {
  let s = 0;
  for (const b of bytes) s = ((((s << 1) | (s >>> 15)) & 0xffff) + b) & 0xffff;
  return s;
}

function position(fen: string): oracle.Position {
  const parsed = oracle.parseFen(fen);
  if (!parsed.ok) throw new Error(`savegame: ${parsed.error.message}`);
  return parsed.pos;
}

/** The bytes of CHESS.GAM for a game. */
export function encodeGam(game: SavedGame): Uint8Array {
  const pos = position(game.fen);
  const plies = game.moves.map((uci) => {
    const rank = sortedMoves(pos).indexOf(uci);
    if (rank < 0) throw new Error(`savegame: ${uci} is not legal in ${oracle.toFen(pos)}`);
    const parsed = oracle.parseUci(pos, uci);
    if (!parsed.ok) throw new Error(parsed.error.message);
    oracle.makeMove(pos, parsed.move);
    return rank;
  });
  const fen = Buffer.from(game.fen, "latin1");
  const clock = game.clock ?? NO_CLOCK;
  const clockBytes = Buffer.alloc(FEN_LEN_AT - CLOCK_AT);
  clockBytes.writeUInt8(clock.control, 0);
  clockBytes.writeUInt32LE(clock.black, 1);
  clockBytes.writeUInt32LE(clock.white, 5);
  clockBytes.writeUInt16LE(clock.blackMoves, 9);
  clockBytes.writeUInt16LE(clock.whiteMoves, 11);
  const body = Buffer.concat([
    Buffer.from(GAM_MAGIC, "latin1"),
    Buffer.from([GAM_VERSION, VARIANT_CODES[position(game.fen).geometry.variant], game.level]),
    clockBytes,
    Buffer.from([fen.length]),
    fen,
    Buffer.from([plies.length & 0xff, plies.length >> 8]),
    Buffer.from(plies),
  ]);
  const sum = gamChecksum(body);
  return new Uint8Array(Buffer.concat([body, Buffer.from([sum & 0xff, sum >> 8])]));
}

/** A game read back from CHESS.GAM bytes; throws on a malformed file. */
export function decodeGam(
  bytes: Uint8Array,
): SavedGame & { clock: SavedClock; variant: number; version: number } {
  const b = Buffer.from(bytes);
  if (b.subarray(0, 4).toString("latin1") !== GAM_MAGIC) throw new Error("savegame: no LGAM magic");
  if (b[4] !== GAM_VERSION) throw new Error(`savegame: version ${b[4]}, not ${GAM_VERSION}`);
  const clock: SavedClock = {
    control: b.readUInt8(CLOCK_AT),
    black: b.readUInt32LE(CLOCK_AT + 1),
    white: b.readUInt32LE(CLOCK_AT + 5),
    blackMoves: b.readUInt16LE(CLOCK_AT + 9),
    whiteMoves: b.readUInt16LE(CLOCK_AT + 11),
  };
  const n = b[FEN_LEN_AT]!;
  const fenAt = FEN_LEN_AT + 1;
  const fen = b.subarray(fenAt, fenAt + n).toString("latin1");
  const count = b.readUInt16LE(fenAt + n);
  const pliesAt = fenAt + n + 2;
  const plies = [...b.subarray(pliesAt, pliesAt + count)];
  if (b.length !== pliesAt + count + 2)
    throw new Error(`savegame: ${b.length} bytes, the header says ${pliesAt + count + 2}`);
  if (b.readUInt16LE(pliesAt + count) !== gamChecksum(b.subarray(0, pliesAt + count)))
    throw new Error("savegame: bad checksum");
  const pos = position(fen);
  const moves = plies.map((rank) => {
    const uci = sortedMoves(pos)[rank];
    if (uci === undefined)
      throw new Error(`savegame: no move of rank ${rank} in ${oracle.toFen(pos)}`);
    const parsed = oracle.parseUci(pos, uci);
    if (!parsed.ok) throw new Error(parsed.error.message);
    oracle.makeMove(pos, parsed.move);
    return uci;
  });
  return { fen, moves, level: b[6]!, clock, variant: b[5]!, version: b[4]! };
}
