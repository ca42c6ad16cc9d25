// FEN parsing and printing: every error code of asm/batch/PROTOCOL.md with its message, the
// accepted variants, and the round trip of the published perft positions.
import { describe, expect, test } from "vitest";
import { parseFen, toFen } from "../ts-harness/oracle/index.ts";
import { INVALID } from "../ts-harness/fixtures/bad-fens.ts";

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
    [
      "castling rights in any order print as KQkq",
      "r3k2r/8/8/8/8/8/8/R3K2R w qkQK - 0 1",
      "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    ],
    [
      "extra spaces between fields are ignored",
      " 4k3/8/8/8/8/8/8/4K3  b  -  -  3  9 ",
      "4k3/8/8/8/8/8/8/4K3 b - - 3 9",
    ],
    [
      "an en-passant square no pawn can capture onto is kept",
      "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1",
      "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1",
    ],
    [
      "the side to move may be in check",
      "4k3/8/8/8/8/8/8/4R1K1 b - - 0 1",
      "4k3/8/8/8/8/8/8/4R1K1 b - - 0 1",
    ],
  ])("%s", (_why, fen, printed) => {
    expect(outcome(fen)).toBe(printed);
  });
});
