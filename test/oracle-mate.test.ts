// The oracle's mate solving logic (Liberman part 4) on mates with published solutions,
// and on positions built by hand where the tempting move stalemates.
import { describe, expect, test } from "vitest";
import {
  fenPosition as position,
  findMate,
  isMateIn,
  legalMoves,
  makeMove,
  moveToUci,
  parseUci,
  type Position,
  status,
  toFen,
  unmakeMove,
} from "../ts-harness/oracle/index.ts";
import { NO_MATES, PUBLISHED_MATES } from "../ts-harness/fixtures/mates.ts";

function move(pos: Position, uci: string) {
  const parsed = parseUci(pos, uci);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.move;
}

function firstMoves(fen: string, n: number): string[] | null {
  return findMate(position(fen), n)?.moves.map(moveToUci).sort() ?? null;
}

/** The UCI moves after which the opponent is stalemated. */
function stalemating(pos: Position): string[] {
  return legalMoves(pos)
    .filter((m) => {
      makeMove(pos, m);
      const over = status(pos) === "stalemate";
      unmakeMove(pos);
      return over;
    })
    .map(moveToUci);
}

describe("oracle mate search on published mates", () => {
  test.each(PUBLISHED_MATES)(
    "$source: the shortest mate is in $length, starting with the published $key",
    ({ fen, length, key }) => {
      const found = findMate(position(fen), 4);
      expect(found?.length).toBe(length);
      expect(found!.moves.map(moveToUci)).toContain(key);
    },
    30_000,
  );

  test.each(PUBLISHED_MATES.filter((m) => m.length > 1))(
    "$source: the published $key mates in $length but not in fewer",
    ({ fen, length, key }) => {
      const pos = position(fen);
      expect(isMateIn(pos, move(pos, key), length)).toBe(true);
      expect(isMateIn(pos, move(pos, key), length - 1)).toBe(false);
    },
    30_000,
  );

  test("every first move of a mate is reported: Lasker - Thomas ends with 18.Kd2# or 18.O-O-O#", () => {
    expect(firstMoves("rn3r2/pbppq1p1/1p2pN2/8/3P2NP/6P1/PPP1BP1R/R3K1k1 w Q - 5 18", 1)).toEqual([
      "e1c1",
      "e1d2",
    ]);
  });

  test("Lasker - Thomas after 15...Kf3: the game's 16.Be2+ mates in 3, while 16.Kf1 and 16.O-O mate in 2", () => {
    const fen = "rn3r2/pbppq1p1/1p2pN2/8/3P2NP/3B1kP1/PPP2P2/R3K2R w KQ - 1 16";
    const pos = position(fen);
    expect(firstMoves(fen, 3)).toEqual(["e1f1", "e1g1"]);
    expect(isMateIn(pos, move(pos, "d3e2"), 3)).toBe(true);
    expect(isMateIn(pos, move(pos, "d3e2"), 2)).toBe(false);
  });

  test("a mate found in k is also a mate in more moves", () => {
    const pos = position("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
    expect(isMateIn(pos, move(pos, "h5f7"), 1)).toBe(true);
    expect(isMateIn(pos, move(pos, "h5f7"), 3)).toBe(true);
  });

  test("a move that does not mate is not a mate", () => {
    const pos = position("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
    expect(isMateIn(pos, move(pos, "c4f7"), 2)).toBe(false);
  });

  test("the position is left as it was", () => {
    const pos = position(PUBLISHED_MATES.find((m) => m.length === 3)!.fen);
    const before = toFen(pos);
    findMate(pos, 3);
    expect(toFen(pos)).toBe(before);
  });

  test.each([0, 9, 1.5])("a mate length of %s is out of range", (n) => {
    expect(() => findMate(position("8/8/8/8/8/3K4/R7/5k2 w - - 0 1"), n)).toThrow(RangeError);
  });
});

describe("oracle mate search where there is no mate", () => {
  test.each(NO_MATES)(
    "$why: no mate in $within",
    ({ fen, within }) => {
      expect(findMate(position(fen), within)).toBeNull();
    },
    30_000,
  );

  test.each([
    ["Kf6", "5k2/5P2/4K3/8/8/8/8/8 w - - 0 1", ["e6f6"]],
    ["Rh7", "k7/8/8/8/8/8/1R6/K6R w - - 0 1", ["h1h7"]],
    ["Kf8", "7k/5K2/6P1/8/8/8/8/8 w - - 0 1", ["f7f8"]],
  ])("the trap %s really stalemates", (_move, fen, moves) => {
    expect(stalemating(position(fen))).toEqual(moves);
  });

  test("a stalemating move is no mate: the two rooks mate in 2, never with Rh7", () => {
    const moves = firstMoves("k7/8/8/8/8/8/1R6/K6R w - - 0 1", 2);
    expect(moves).not.toBeNull();
    expect(moves).not.toContain("h1h7");
  });

  test("the queen's cage on a8 mates in 3, not sooner", () => {
    expect(findMate(position("k7/2Q5/3K4/8/8/8/8/8 w - - 0 1"), 3)?.length).toBe(3);
  });
});
