// The oracle's move generator against published perft counts.
import { describe, expect, test } from "vitest";
import { divide, legalMoves, parseFen, perft, type Position } from "../ts-harness/oracle/index.ts";

function position(fen: string): Position {
  const parsed = parseFen(fen);
  if (!parsed.ok) throw new Error(`${parsed.error.code}: ${parsed.error.message}`);
  return parsed.pos;
}

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// Chess Programming Wiki, "Perft Results" (https://www.chessprogramming.org/Perft_Results):
// the initial position and positions 2 (Kiwipete, Peter McKenzie) to 6 (Steven Edwards),
// with position 4 also in its colour-mirrored form, which the page gives the same counts.
const PUBLISHED: [name: string, fen: string, counts: number[]][] = [
  ["the start position", START, [20, 400, 8902, 197281, 4865609]],
  ["kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", [48, 2039, 97862, 4085603]],
  ["position 3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", [14, 191, 2812, 43238, 674624, 11030083]],
  ["position 4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", [6, 264, 9467, 422333, 15833292]],
  ["position 4 mirrored", "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", [6, 264, 9467, 422333]],
  ["position 5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", [44, 1486, 62379, 2103487]],
  ["position 6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", [46, 2079, 89890, 3894594]],
];

// Martin Sedlak's perft edge cases ("Perft tests", TalkChess, 2011; collected with the
// counts in Steve Maughan's "Perfect Perft!", chessprogramming.net), at the published depth.
const EDGE_CASES: [name: string, fen: string, depth: number, nodes: number][] = [
  ["an en-passant capture that would expose the king on the rank (illegal ep move #1)", "3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1", 6, 1134888],
  ["an en-passant capture that would expose the king on a diagonal (illegal ep move #2)", "8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1", 6, 1015133],
  ["an en-passant capture that checks the opponent", "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1", 6, 1440467],
  ["short castling that gives check", "5k2/8/8/8/8/8/8/4K2R w K - 0 1", 6, 661072],
  ["long castling that gives check", "3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", 6, 803711],
  ["castling rights lost to rook moves and captures", "r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1", 4, 1274206],
  ["castling prevented by attacked squares", "r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1", 4, 1720476],
  ["promotion out of check", "2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1", 6, 3821001],
  ["discovered check", "8/8/1P2K3/8/2n5/1q6/8/5k2 b - - 0 1", 5, 1004658],
  ["promotion to give check", "4k3/1P6/8/8/8/8/K7/8 w - - 0 1", 6, 217342],
  ["under-promotion to give check", "8/P1k5/K7/8/8/8/8/8 w - - 0 1", 6, 92683],
  ["self stalemate", "K1k5/8/P7/8/8/8/8/8 w - - 0 1", 6, 2217],
  ["stalemate and checkmate with a pawn", "8/k1P5/8/1K6/8/8/8/8 w - - 0 1", 7, 567584],
  ["stalemate and checkmate with queen and knight", "8/8/2k5/5q2/5n2/8/5K2/8 b - - 0 1", 4, 23527],
];

type Row = [name: string, depth: number, nodes: number, fen: string];
const PUBLISHED_ROWS = PUBLISHED.flatMap(([name, fen, counts]) =>
  counts.map((nodes, i): Row => [name, i + 1, nodes, fen]),
);
const EDGE_ROWS = EDGE_CASES.map(([name, fen, depth, nodes]): Row => [name, depth, nodes, fen]);

describe("oracle perft", () => {
  test.each([...PUBLISHED_ROWS, ...EDGE_ROWS])("%s at depth %i has %i leaves", (_name, depth, nodes, fen) => {
    expect(perft(position(fen), depth)).toBe(nodes);
  });

  // Published as the "218 moves" record position (Nenad Petrovic, 1964), CPW "Chess Position".
  test("the record position has 218 legal moves", () => {
    expect(legalMoves(position("R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1"))).toHaveLength(218);
  });

  test("depth 0 counts the position itself", () => {
    expect(perft(position(START), 0)).toBe(1);
  });

  // Stockfish's "go perft 5" output, quoted on the Chess Programming Wiki "Perft" page.
  test("divide of the start position at depth 5 matches Stockfish's split", () => {
    expect(divide(position(START), 5)).toEqual([
      ["a2a3", 181046], ["a2a4", 217832], ["b1a3", 198572], ["b1c3", 234656],
      ["b2b3", 215255], ["b2b4", 216145], ["c2c3", 222861], ["c2c4", 240082],
      ["d2d3", 328511], ["d2d4", 361790], ["e2e3", 402988], ["e2e4", 405385],
      ["f2f3", 178889], ["f2f4", 198473], ["g1f3", 233491], ["g1h3", 198502],
      ["g2g3", 217210], ["g2g4", 214048], ["h2h3", 181044], ["h2h4", 218829],
    ]);
  });

  test("perft leaves the position as it found it", () => {
    const pos = position(PUBLISHED[1]![1]);
    perft(pos, 3);
    expect(divide(pos, 1)).toHaveLength(48);
    expect(pos.undo).toHaveLength(0);
  });
});
