// The oracle's move generator (pseudo-legal moves, each made and tested) against
// published perft counts.
import { describe, expect, test } from "vitest";
import {
  KIWIPETE,
  PERFT_EDGE_CASES,
  PUBLISHED_PERFT,
  START,
} from "../ts-harness/fixtures/perft.ts";
import { divide, fenPosition as position, legalMoves, perft } from "../ts-harness/oracle/index.ts";

type Row = [name: string, depth: number, nodes: number, fen: string];
const PUBLISHED_ROWS = PUBLISHED_PERFT.flatMap(({ name, fen, counts }) =>
  counts.map((nodes, i): Row => [name, i + 1, nodes, fen]),
);
const EDGE_ROWS = PERFT_EDGE_CASES.map(({ name, fen, depth, nodes }): Row => [
  name,
  depth,
  nodes,
  fen,
]);

describe("oracle perft", () => {
  test.each([...PUBLISHED_ROWS, ...EDGE_ROWS])(
    "%s at depth %i has %i leaves",
    (_name, depth, nodes, fen) => {
      expect(perft(position(fen), depth)).toBe(nodes);
    },
  );

  // Published as the "218 moves" record position (Nenad Petrovic, 1964), CPW "Chess Position".
  test("the record position has 218 legal moves", () => {
    expect(
      legalMoves(position("R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1")),
    ).toHaveLength(218);
  });

  test("depth 0 counts the position itself", () => {
    expect(perft(position(START), 0)).toBe(1);
  });

  // Stockfish's "go perft 5" output, quoted on the Chess Programming Wiki "Perft" page.
  test("divide of the start position at depth 5 matches Stockfish's split", () => {
    expect(divide(position(START), 5)).toEqual([
      ["a2a3", 181046],
      ["a2a4", 217832],
      ["b1a3", 198572],
      ["b1c3", 234656],
      ["b2b3", 215255],
      ["b2b4", 216145],
      ["c2c3", 222861],
      ["c2c4", 240082],
      ["d2d3", 328511],
      ["d2d4", 361790],
      ["e2e3", 402988],
      ["e2e4", 405385],
      ["f2f3", 178889],
      ["f2f4", 198473],
      ["g1f3", 233491],
      ["g1h3", 198502],
      ["g2g3", 217210],
      ["g2g4", 214048],
      ["h2h3", 181044],
      ["h2h4", 218829],
    ]);
  });

  test("perft leaves the position as it found it", () => {
    const pos = position(KIWIPETE);
    perft(pos, 3);
    expect(divide(pos, 1)).toHaveLength(48);
    expect(pos.undo).toHaveLength(0);
  });
});
