// FEN parsing and printing: every error code of asm/PROTOCOL.md with its message, the
// accepted variants, and the round trip of the published perft positions.
import { describe, expect, test } from "vitest";
import { parseFen, toFen, type FenErrorCode } from "../ts-harness/oracle/index.ts";

const EMPTY_BOARD_KINGS = "4k3/8/8/8/8/8/8/4K3";

const INVALID: [why: string, fen: string, code: FenErrorCode, message: string][] = [
  ["three fields", "4k3/8/8/8/8/8/8/4K3 w -", "fields", "FEN has 3 fields, expected 4 or 6"],
  ["five fields", "4k3/8/8/8/8/8/8/4K3 w - - 0", "fields", "FEN has 5 fields, expected 4 or 6"],
  ["seven fields", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 x", "fields", "FEN has 7 fields, expected 4 or 6"],
  ["an empty string", "", "fields", "FEN has 1 fields, expected 4 or 6"],
  ["seven ranks", "4k3/8/8/8/8/8/4K3 w - - 0 1", "ranks", "board has 7 ranks, expected 8"],
  ["nine ranks", "4k3/8/8/8/8/8/8/8/4K3 w - - 0 1", "ranks", "board has 9 ranks, expected 8"],
  ["a rank of nine squares", "4k3/8/8/8/8/5P3/8/4K3 w - - 0 1", "ranks", "rank 3 has 9 squares, expected 8"],
  ["a rank of seven squares", "4k3/7/8/8/8/8/8/4K3 w - - 0 1", "ranks", "rank 7 has 7 squares, expected 8"],
  ["an empty rank", "4k3//8/8/8/8/8/4K3 w - - 0 1", "ranks", "rank 7 has 0 squares, expected 8"],
  ["a letter that is no piece", "4k3/8/8/8/8/8/8/4K2X w - - 0 1", "piece", "rank 1 has invalid character 'X'"],
  ["the digit 9", "4k3/9/8/8/8/8/8/4K3 w - - 0 1", "piece", "rank 7 has invalid character '9'"],
  ["the digit 0", "4k3/08/8/8/8/8/8/4K3 w - - 0 1", "piece", "rank 7 has invalid character '0'"],
  ["no black king", "8/8/8/8/8/8/8/4K3 w - - 0 1", "kings", "black has no king"],
  ["no white king", "4k3/8/8/8/8/8/8/8 w - - 0 1", "kings", "white has no king"],
  ["two white kings", "4k3/8/8/8/8/8/8/3KK3 w - - 0 1", "kings", "white has 2 kings"],
  ["a white pawn on rank 1", "4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "pawn-rank", "white pawn on a1, but pawns cannot stand on rank 1 or 8"],
  ["a white pawn on rank 8", "P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "pawn-rank", "white pawn on a8, but pawns cannot stand on rank 1 or 8"],
  ["a black pawn on rank 1", "4k3/8/8/8/8/8/8/4K2p w - - 0 1", "pawn-rank", "black pawn on h1, but pawns cannot stand on rank 1 or 8"],
  ["side x", `${EMPTY_BOARD_KINGS} x - - 0 1`, "side", "side to move is 'x', expected 'w' or 'b'"],
  ["side W in capitals", `${EMPTY_BOARD_KINGS} W - - 0 1`, "side", "side to move is 'W', expected 'w' or 'b'"],
  ["the side not to move in check", "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", "check", "black is in check but white is to move"],
  ["white in check with black to move", "4k3/8/8/8/8/5n2/8/4K3 b - - 0 1", "check", "white is in check but black is to move"],
  ["a castling letter that is no right", `${EMPTY_BOARD_KINGS} w X - 0 1`, "castling", "castling field 'X' has invalid character 'X'"],
  ["a repeated castling right", "4k3/8/8/8/8/8/8/4K2R w KK - 0 1", "castling", "castling field 'KK' repeats K"],
  ["castling K without the rook", `${EMPTY_BOARD_KINGS} w K - 0 1`, "castling", "castling right K without a white rook on h1"],
  ["castling q without the rook", "4k2r/8/8/8/8/8/8/4K3 w q - 0 1", "castling", "castling right q without a black rook on a8"],
  ["castling Q with the king off e1", "4k3/8/8/8/8/8/8/R2K4 w Q - 0 1", "castling", "castling right Q without the white king on e1"],
  ["castling k with the king off e8", "5k1r/8/8/8/8/8/8/4K3 w k - 0 1", "castling", "castling right k without the black king on e8"],
  ["an en-passant field that is no square", `${EMPTY_BOARD_KINGS} w - e9 0 1`, "ep", "en-passant field 'e9' is not a square"],
  ["en passant on rank 3 with white to move", "4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1", "ep", "en-passant square e3 is on rank 3, but with white to move it must be on rank 6"],
  ["en passant on rank 6 with black to move", "4k3/8/8/3p4/8/8/8/4K3 b - d6 0 1", "ep", "en-passant square d6 is on rank 6, but with black to move it must be on rank 3"],
  ["en passant without the pawn that moved", `${EMPTY_BOARD_KINGS} w - d6 0 1`, "ep", "en-passant square d6 without a black pawn on d5"],
  ["en passant onto an occupied square", "4k3/8/3n4/3p4/8/8/8/4K3 w - d6 0 1", "ep", "en-passant square d6 is not empty"],
  ["en passant with the pawn's origin occupied", "4k3/3n4/8/3p4/8/8/8/4K3 w - d6 0 1", "ep", "en-passant square d6, but d7 is not empty, so no pawn just left it"],
  ["en passant behind a pawn of the wrong colour", "4k3/8/8/8/4p3/8/8/4K3 b - e3 0 1", "ep", "en-passant square e3 without a white pawn on e4"],
  ["a half-move clock that is no number", `${EMPTY_BOARD_KINGS} w - - x 1`, "clock", "half-move clock 'x' is not a number"],
  ["a negative half-move clock", `${EMPTY_BOARD_KINGS} w - - -1 1`, "clock", "half-move clock '-1' is not a number"],
  ["a full-move number that is no number", `${EMPTY_BOARD_KINGS} w - - 0 one`, "clock", "full-move number 'one' is not a number"],
];

// The Chess Programming Wiki "Perft Results" positions, as published.
const PERFT_FENS = [
  "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
  "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
  "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
  "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
  "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
  "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
  "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
  "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1",
];

/** The error of a rejected FEN, or the accepted position printed back. */
function outcome(fen: string) {
  const parsed = parseFen(fen);
  return parsed.ok ? toFen(parsed.pos) : parsed.error;
}

describe("oracle FEN parsing", () => {
  test.each(INVALID)("a FEN with %s is rejected", (_why, fen, code, message) => {
    expect(outcome(fen)).toEqual({ code, message });
  });

  test.each(PERFT_FENS)("%s prints back unchanged", (fen) => {
    expect(outcome(fen)).toBe(fen);
  });

  test.each([
    ["four fields get clocks 0 1", "4k3/8/8/8/8/8/8/4K3 w - -", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"],
    ["castling rights in any order print as KQkq", "r3k2r/8/8/8/8/8/8/R3K2R w qkQK - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"],
    ["extra spaces between fields are ignored", " 4k3/8/8/8/8/8/8/4K3  b  -  -  3  9 ", "4k3/8/8/8/8/8/8/4K3 b - - 3 9"],
    ["an en-passant square no pawn can capture onto is kept", "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1", "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1"],
    ["the side to move may be in check", "4k3/8/8/8/8/8/8/4R1K1 b - - 0 1", "4k3/8/8/8/8/8/8/4R1K1 b - - 0 1"],
  ])("%s", (_why, fen, printed) => {
    expect(outcome(fen)).toBe(printed);
  });
});
