// savegame -- CHESS.GAM, the game's compact save file (asm/savegame.asm), written and
// read here from its documented layout alone: a header (magic "LGAM", version,
// variant, level, the start FEN), one byte a ply -- the move's rank among the legal
// moves sorted as their UCI names sort (asm/record.asm) -- and a checksum. The ranks
// come from the oracle's own move generator.
import * as oracle from "./oracle/index.ts";

export const GAM_MAGIC = "LGAM";
export const GAM_VERSION = 1;
const VARIANT_CODES: Record<oracle.Variant, number> = { chess: 0, losalamos: 1 };

export interface SavedGame {
  fen: string;
  /** The moves in UCI, each legal after the ones before it. */
  moves: string[];
  level: number;
}

/** UCI order: a square by file then rank, a move by from, to, then promotion (none first). */
function uciOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The legal moves of the oracle's position in UCI order. */
function sortedMoves(pos: oracle.Position): string[] {
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
  const body = Buffer.concat([
    Buffer.from(GAM_MAGIC, "latin1"),
    Buffer.from([GAM_VERSION, VARIANT_CODES[position(game.fen).geometry.variant], game.level, fen.length]),
    fen,
    Buffer.from([plies.length & 0xff, plies.length >> 8]),
    Buffer.from(plies),
  ]);
  const sum = gamChecksum(body);
  return new Uint8Array(Buffer.concat([body, Buffer.from([sum & 0xff, sum >> 8])]));
}

/** A game read back from CHESS.GAM bytes; throws on a malformed file. */
export function decodeGam(bytes: Uint8Array): SavedGame & { variant: number; version: number } {
  const b = Buffer.from(bytes);
  if (b.subarray(0, 4).toString("latin1") !== GAM_MAGIC) throw new Error("savegame: no LGAM magic");
  const n = b[7]!;
  const fen = b.subarray(8, 8 + n).toString("latin1");
  const count = b.readUInt16LE(8 + n);
  const plies = [...b.subarray(10 + n, 10 + n + count)];
  if (b.length !== 12 + n + count) throw new Error(`savegame: ${b.length} bytes, the header says ${12 + n + count}`);
  if (b.readUInt16LE(10 + n + count) !== gamChecksum(b.subarray(0, 10 + n + count))) throw new Error("savegame: bad checksum");
  const pos = position(fen);
  const moves = plies.map((rank) => {
    const uci = sortedMoves(pos)[rank];
    if (uci === undefined) throw new Error(`savegame: no move of rank ${rank} in ${oracle.toFen(pos)}`);
    const parsed = oracle.parseUci(pos, uci);
    if (!parsed.ok) throw new Error(parsed.error.message);
    oracle.makeMove(pos, parsed.move);
    return uci;
  });
  return { fen, moves, level: b[6]!, variant: b[5]!, version: b[4]! };
}
