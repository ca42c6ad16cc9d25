// fen -- parse and print Forsyth-Edwards Notation.
// Errors are values with the codes of asm/batch/PROTOCOL.md. Fields are checked in order
// (board, side, castling, en passant, clocks), then whether the side that is not to
// move stands in check; the first problem found is the one reported.
// A board of 6 ranks of 6 squares names Los Alamos chess (as Fairy-Stockfish's
// `losalamos` FENs do): no castling and no en passant there, pawns on ranks 2-5.

import {
  BLACK,
  CHESS,
  EMPTY,
  KING,
  LOS_ALAMOS,
  NO_SQUARE,
  PAWN,
  RANK_STEP,
  ROOK,
  WHITE,
  colorName,
  fenLetter,
  parseSquare,
  pieceCode,
  rankOf,
  roleFromLetter,
  roleOf,
  sideOf,
  square,
  squareName,
  type Side,
} from "./board.ts";
import { isAttacked } from "./attacks.ts";
import {
  CASTLE_BLACK_KING,
  CASTLE_BLACK_QUEEN,
  CASTLE_WHITE_KING,
  CASTLE_WHITE_QUEEN,
  Position,
  opponent,
} from "./position.ts";
import type { Failure, FenErrorCode, Variant } from "./types.ts";

/** The start position of chess, and of each variant the oracle plays (Los Alamos chess:
 *  6x6, no bishops, no castling, no double step). */
export const START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
export const VARIANT_START_FEN: Readonly<Record<Variant, string>> = {
  chess: START_FEN,
  losalamos: "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1",
};

export type FenResult = { readonly ok: true; readonly pos: Position } | FenFailure;
type FenFailure = Failure<FenErrorCode>;

function fail(code: FenErrorCode, message: string): FenFailure {
  return { ok: false, error: { code, message } };
}

/** Castling letters in FEN order, with the right, king square and rook square. */
const CASTLING_RIGHTS = [
  { letter: "K", right: CASTLE_WHITE_KING, side: WHITE, king: "e1", rook: "h1" },
  { letter: "Q", right: CASTLE_WHITE_QUEEN, side: WHITE, king: "e1", rook: "a1" },
  { letter: "k", right: CASTLE_BLACK_KING, side: BLACK, king: "e8", rook: "h8" },
  { letter: "q", right: CASTLE_BLACK_QUEEN, side: BLACK, king: "e8", rook: "a8" },
] as const;

const COLOR_WORD = ["white", "black"] as const;

function parseBoard(pos: Position, ranks: string[]): FenFailure | undefined {
  const size = pos.geometry.size;
  for (let r = 0; r < size; r++) {
    const rankNumber = size - r;
    let file = 0;
    for (const ch of ranks[r]) {
      if (ch >= "1" && ch <= "8") {
        file += Number(ch);
        continue;
      }
      const role = roleFromLetter(ch.toLowerCase());
      if (role === EMPTY) return fail("piece", `rank ${rankNumber} has invalid character '${ch}'`);
      const side = ch === ch.toLowerCase() ? BLACK : WHITE;
      if (file < size) pos.put(square(file, rankNumber - 1), pieceCode(side, role));
      file++;
    }
    if (file !== size)
      return fail("ranks", `rank ${rankNumber} has ${file} squares, expected ${size}`);
  }
  return undefined;
}

function checkKingsAndPawns(pos: Position): FenFailure | undefined {
  const squares = pos.geometry.squares;
  const lastRank = pos.geometry.size - 1;
  for (const side of [WHITE, BLACK] as const) {
    const kings = squares.filter((sq) => pos.board[sq] === pieceCode(side, KING));
    if (kings.length !== 1) {
      const what = kings.length === 0 ? "no king" : `${kings.length} kings`;
      return fail("kings", `${COLOR_WORD[side]} has ${what}`);
    }
    pos.kings[side] = kings[0];
  }
  for (const sq of squares) {
    const code = pos.board[sq];
    if (roleOf(code) === PAWN && (rankOf(sq) === 0 || rankOf(sq) === lastRank)) {
      const pawn = `${COLOR_WORD[sideOf(code)]} pawn on ${squareName(sq)}`;
      return fail("pawn-rank", `${pawn}, but pawns cannot stand on rank 1 or ${lastRank + 1}`);
    }
  }
  return undefined;
}

function parseSide(pos: Position, field: string): FenFailure | undefined {
  if (field !== "w" && field !== "b")
    return fail("side", `side to move is '${field}', expected 'w' or 'b'`);
  pos.turn = field === "w" ? WHITE : BLACK;
  return undefined;
}

/** '-' or letters of KQkq without repeats, in any order; each right needs its king and rook home. */
function parseCastling(pos: Position, field: string): FenFailure | undefined {
  if (field === "-") return undefined;
  if (pos.geometry !== CHESS)
    return fail("castling", `castling field '${field}', but Los Alamos chess has no castling`);
  for (const ch of field) {
    const right = CASTLING_RIGHTS.find((r) => r.letter === ch);
    if (!right) return fail("castling", `castling field '${field}' has invalid character '${ch}'`);
    if (pos.castling & right.right)
      return fail("castling", `castling field '${field}' repeats ${ch}`);
    const color = COLOR_WORD[right.side];
    if (pos.board[parseSquare(right.king)!] !== pieceCode(right.side, KING)) {
      return fail("castling", `castling right ${ch} without the ${color} king on ${right.king}`);
    }
    if (pos.board[parseSquare(right.rook)!] !== pieceCode(right.side, ROOK)) {
      return fail("castling", `castling right ${ch} without a ${color} rook on ${right.rook}`);
    }
    pos.castling |= right.right;
  }
  return undefined;
}

/** The square must be one a pawn of the side not to move just passed over: on rank 6
 *  (white to move) or 3, empty, its origin empty, and that pawn in front of it. */
function parseEnPassant(pos: Position, field: string): FenFailure | undefined {
  if (field === "-") return undefined;
  if (pos.geometry !== CHESS)
    return fail("ep", `en-passant field '${field}', but Los Alamos pawns never step two squares`);
  const sq = parseSquare(field);
  if (sq === undefined) return fail("ep", `en-passant field '${field}' is not a square`);
  const mover = opponent(pos.turn);
  const ahead = mover === WHITE ? RANK_STEP : -RANK_STEP;
  const expectedRank = mover === WHITE ? 3 : 6;
  if (rankOf(sq) + 1 !== expectedRank) {
    const rule = `with ${COLOR_WORD[pos.turn]} to move it must be on rank ${expectedRank}`;
    return fail("ep", `en-passant square ${field} is on rank ${rankOf(sq) + 1}, but ${rule}`);
  }
  if (pos.board[sq] !== EMPTY) return fail("ep", `en-passant square ${field} is not empty`);
  const origin = sq - ahead;
  if (pos.board[origin] !== EMPTY) {
    const why = `${squareName(origin)} is not empty, so no pawn just left it`;
    return fail("ep", `en-passant square ${field}, but ${why}`);
  }
  if (pos.board[sq + ahead] !== pieceCode(mover, PAWN)) {
    const pawn = `${COLOR_WORD[mover]} pawn on ${squareName(sq + ahead)}`;
    return fail("ep", `en-passant square ${field} without a ${pawn}`);
  }
  pos.ep = sq;
  return undefined;
}

/** A clock is at most 65535: the largest the assembly keeps, and refused above, not clamped. */
const CLOCK_MAX = 65535;

function parseClock(field: string, name: string): number | FenFailure {
  if (!/^\d+$/.test(field) || Number(field) > CLOCK_MAX) {
    return fail("clock", `${name} '${field}' is not a number from 0 to ${CLOCK_MAX}`);
  }
  return Number(field);
}

/** The first character of a text outside printable ASCII (space to '~'), as the error
 *  message names it: `character 160 at column 9 is not printable ASCII` (the code point
 *  in decimal, columns from 1); null when there is none. A FEN is ASCII: a no-break
 *  space is no field separator and the Kelvin sign no king. */
export function notPrintable(text: string): string | null {
  let column = 0;
  for (const ch of text) {
    column++;
    const code = ch.codePointAt(0)!;
    if (code < 0x20 || code > 0x7e)
      return `character ${code} at column ${column} is not printable ASCII`;
  }
  return null;
}

export function parseFen(fen: string): FenResult {
  const bad = notPrintable(fen);
  if (bad) return fail("byte", bad);
  const fields = fen.trim().split(/ +/);
  if (fields.length !== 4 && fields.length !== 6) {
    return fail("fields", `FEN has ${fields.length} fields, expected 4 or 6`);
  }
  const [board, side, castling, ep, halfmove = "0", fullmove = "1"] = fields as [
    string,
    string,
    string,
    string,
    string?,
    string?,
  ];
  const ranks = board.split("/");
  if (ranks.length !== CHESS.size && ranks.length !== LOS_ALAMOS.size) {
    return fail(
      "ranks",
      `board has ${ranks.length} ranks, expected 8 (chess) or 6 (Los Alamos chess)`,
    );
  }
  const pos = new Position(ranks.length === CHESS.size ? CHESS : LOS_ALAMOS);
  for (const step of [
    () => parseBoard(pos, ranks),
    () => checkKingsAndPawns(pos),
    () => parseSide(pos, side),
    () => parseCastling(pos, castling),
    () => parseEnPassant(pos, ep),
  ]) {
    const failure = step();
    if (failure) return failure;
  }
  const half = parseClock(halfmove, "half-move clock");
  if (typeof half !== "number") return half;
  const full = parseClock(fullmove, "full-move number");
  if (typeof full !== "number") return full;
  pos.halfmove = half;
  pos.fullmove = full;
  const waiting: Side = opponent(pos.turn);
  if (isAttacked(pos, pos.kings[waiting], pos.turn)) {
    return fail(
      "check",
      `${COLOR_WORD[waiting]} is in check but ${COLOR_WORD[pos.turn]} is to move`,
    );
  }
  return { ok: true, pos };
}

export function boardFen(pos: Position): string {
  const ranks: string[] = [];
  const size = pos.geometry.size;
  for (let rank = size - 1; rank >= 0; rank--) {
    let text = "";
    let empty = 0;
    for (let file = 0; file < size; file++) {
      const code = pos.board[square(file, rank)];
      if (code === EMPTY) {
        empty++;
        continue;
      }
      if (empty) text += empty;
      empty = 0;
      text += fenLetter(code);
    }
    ranks.push(empty ? text + empty : text);
  }
  return ranks.join("/");
}

/** The position of a FEN the caller knows to be good (a table of test positions);
 *  a bad one is a thrown Error with the FEN, the error code and the reason. */
export function fenPosition(fen: string): Position {
  const parsed = parseFen(fen);
  if (!parsed.ok) throw new Error(`bad FEN ${fen}: ${parsed.error.code}: ${parsed.error.message}`);
  return parsed.pos;
}

export function castlingFen(pos: Position): string {
  return (
    CASTLING_RIGHTS.filter((r) => pos.castling & r.right)
      .map((r) => r.letter)
      .join("") || "-"
  );
}

export function toFen(pos: Position): string {
  const ep = pos.ep === NO_SQUARE ? "-" : squareName(pos.ep);
  return [
    boardFen(pos),
    colorName(pos.turn),
    castlingFen(pos),
    ep,
    pos.halfmove,
    pos.fullmove,
  ].join(" ");
}
