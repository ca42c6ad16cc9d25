// The oracle's two legality methods held against each other: the primary one (make each
// pseudo-legal move, keep it when the own king is not attacked) and the second one
// (checkers and pins first, the assembly's method). The primary is proven on published
// counts in oracle-perft.test.ts; here a disagreement is reported as a divide diff.
import { describe, expect, test } from "vitest";
import { diffDivide, formatDiff, isEmptyDiff } from "../ts-harness/core/compare.ts";
import { LEGALITY_EDGES, PERFT_EDGE_CASES, PUBLISHED_PERFT } from "../ts-harness/fixtures/perft.ts";
import { divide, fenPosition, generateLegalByPins } from "../ts-harness/oracle/index.ts";
import { samplePositions } from "../ts-harness/formats/positions.ts";
import { LOS_ALAMOS_PERFT } from "../ts-harness/fixtures/losalamos.ts";

/** Deep enough that every kind of move meets every kind of check, short enough for the suite. */
const PUBLISHED_DEPTH = 3;
const EDGE_DEPTH = 4;
const RANDOM_DEPTH = 2;

function expectSameDivide(fen: string, depth: number): void {
  const primary = divide(fenPosition(fen), depth);
  const pins = divide(fenPosition(fen), depth, generateLegalByPins);
  const diff = diffDivide(primary, pins);
  if (!isEmptyDiff(diff))
    throw new Error(formatDiff(fen, depth, diff, "make-and-test", "checkers-and-pins"));
  expect(pins).toEqual(primary);
}

describe("the oracle's two legality methods", () => {
  test.each(PUBLISHED_PERFT.map((p) => [p.name, p.fen] as const))(
    "agree on the divide of %s",
    (_name, fen) => {
      expectSameDivide(fen, PUBLISHED_DEPTH);
    },
  );

  test.each(
    [...PERFT_EDGE_CASES, ...LEGALITY_EDGES].map(
      (p) => [p.name, p.fen, Math.min(p.depth, EDGE_DEPTH)] as const,
    ),
  )("agree on the divide of the edge case: %s", (_name, fen, depth) => {
    expectSameDivide(fen, depth);
  });

  test.each(LOS_ALAMOS_PERFT.map(([name, fen]) => [name, fen] as const))(
    "agree on the divide of %s (Los Alamos chess)",
    (_name, fen) => {
      expectSameDivide(fen, PUBLISHED_DEPTH);
    },
  );

  test("agree on positions from seeded random play (en passant, promotion, check, castling, ends)", () => {
    const positions = samplePositions(9, 60);
    expect(positions.length).toBeGreaterThan(200);
    for (const p of positions) expectSameDivide(p.fen, RANDOM_DEPTH);
  });

  test("agree on positions from seeded random play in Los Alamos chess", () => {
    const positions = samplePositions(9, 30, "losalamos");
    expect(positions.length).toBeGreaterThan(60);
    for (const p of positions) expectSameDivide(p.fen, RANDOM_DEPTH + 1);
  });
});
