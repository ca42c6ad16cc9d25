// The oracle's material exchange (Liberman part 5) on positions small enough to work
// out by hand; each expected value is written as the sum of his list of values.
import { describe, expect, test } from "vitest";
import {
  EXCHANGE_VALUES,
  exchange,
  fenPosition as position,
  moveToUci,
  toFen,
} from "../ts-harness/oracle/index.ts";

const { p: PAWN, n: KNIGHT, r: ROOK, q: QUEEN, k: KING } = EXCHANGE_VALUES;

function bestOf(fen: string, depth: number): { value: number; moves: string[] } {
  const result = exchange(position(fen), depth);
  return { value: result.value, moves: result.moves.map(moveToUci).sort() };
}

const HANGING_QUEEN = "4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1";
const PAWN_BY_THE_KING = "4k3/3p4/4p3/8/8/8/8/3QK3 w - - 0 1";
const KNIGHT_BY_A_PAWN = "4k3/8/2p5/3n4/4P3/8/8/3RK3 w - - 0 1";
const SCHOLAR = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";

describe("oracle exchange values", () => {
  test("the values are Liberman's list: pawn 2000, knight 4800, bishop 4825, rook 9100, queen 18000, king 80000", () => {
    expect(EXCHANGE_VALUES).toEqual({ p: 2000, n: 4800, b: 4825, r: 9100, q: 18000, k: 80000 });
  });

  test.each([
    ["a hanging queen is worth a queen at one ply", HANGING_QUEEN, 1, QUEEN, ["d2d5"]],
    ["and still a queen at two plies: nothing takes back", HANGING_QUEEN, 2, QUEEN, ["d2d5"]],
    ["a pawn next to the king is worth a pawn at one ply", PAWN_BY_THE_KING, 1, PAWN, ["d1d7"]],
    [
      "a knight is worth a knight at one ply, by rook or pawn",
      KNIGHT_BY_A_PAWN,
      1,
      KNIGHT,
      ["d1d5", "e4d5"],
    ],
    [
      "at two plies the pawn takes the knight and loses itself",
      KNIGHT_BY_A_PAWN,
      2,
      KNIGHT - PAWN,
      ["e4d5"],
    ],
    [
      "at three plies the rook takes the pawn back",
      KNIGHT_BY_A_PAWN,
      3,
      KNIGHT - (PAWN - PAWN),
      ["e4d5"],
    ],
    ["en passant takes a pawn", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", 1, PAWN, ["e5d6"]],
    [
      "a promotion gains the queen less the pawn",
      "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1",
      1,
      QUEEN - PAWN,
      ["b7b8q"],
    ],
    [
      "a promotion that takes a rook gains both",
      "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1",
      1,
      ROOK + QUEEN - PAWN,
      ["b7a8q"],
    ],
    [
      "four captures of a pawn are equal at one ply",
      SCHOLAR,
      1,
      PAWN,
      ["c4f7", "h5e5", "h5f7", "h5h7"],
    ],
    ["at two plies Qxf7# wins the pawn and the king", SCHOLAR, 2, PAWN + KING, ["h5f7"]],
    ["and the same at three plies", SCHOLAR, 3, PAWN + KING, ["h5f7"]],
  ])("%s", (_why, fen, depth, value, moves) => {
    expect(bestOf(fen, depth)).toEqual({ value, moves });
  });

  test("at two plies the queen does not take a pawn the king defends: a quiet move keeps 0", () => {
    const { value, moves } = bestOf(PAWN_BY_THE_KING, 2);
    expect(value).toBe(0);
    expect(moves).not.toContain("d1d7");
    expect(moves).not.toContain("d1d5");
  });

  test("a side that is mated is worth minus the king", () => {
    expect(bestOf("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", 3)).toEqual({
      value: -KING,
      moves: [],
    });
  });

  test("a side that is stalemated is worth 0", () => {
    expect(bestOf("k7/8/1Q6/8/8/8/8/K7 b - - 0 1", 3)).toEqual({ value: 0, moves: [] });
  });

  test("the position is left as it was", () => {
    const pos = position("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    const before = toFen(pos);
    exchange(pos, 3);
    expect(toFen(pos)).toBe(before);
  });

  test.each([0, -1, 2.5])("a depth of %s is out of range", (depth) => {
    expect(() => exchange(position(HANGING_QUEEN), depth)).toThrow(RangeError);
  });
});
