// The value fit finds piece values that games were made to follow: results drawn from a
// logistic model in which each piece is worth a chosen amount more or less than the
// program's value come back, fitted, within a few centipawns of those amounts.
import { describe, expect, test } from "vitest";
import {
  bootstrapSd,
  fittedValues,
  KINDS,
  materialCounts,
  PROGRAM_VALUES,
  type Sample,
} from "../ts-harness/lab/tune/valuefit.ts";

/** What the made-up games add to each kind's value: rook, knight, bishop, queen, pawn. */
const TRUE_CHANGE = [-100, 40, 20, 150, -30];
const SCALE = 400; // centipawns a unit of the logistic
const GAMES = 1000;
const PER_GAME = 40;
const TOLERANCE_CP = 35;

function madeUpGames(): Sample[] {
  let state = 2024;
  const random = () => (state = (state * 1103515245 + 12345) & 0x7fffffff) / 0x80000000;
  const samples: Sample[] = [];
  for (let game = 0; game < GAMES; game++) {
    const ourWhite = game % 2 === 0 ? 1 : -1;
    for (let i = 0; i < PER_GAME; i++) {
      const counts = KINDS.map(() => Math.floor(random() * 3) - 1);
      const positional = (random() - 0.5) * 200;
      const score = positional + counts.reduce((s, c, k) => s + c * PROGRAM_VALUES[k]!, 0);
      const truth = score + counts.reduce((s, c, k) => s + c * TRUE_CHANGE[k]!, 0) - 20 * ourWhite;
      const result = random() < 1 / (1 + Math.exp(-truth / SCALE)) ? 1 : 0;
      samples.push({ score, counts, ourWhite, result, game });
    }
  }
  return samples;
}

describe("the value fit (npm run valuefit)", () => {
  const samples = madeUpGames();

  test("counts the pieces of a FEN as white's less black's: rook, knight, bishop, queen, pawn", () => {
    expect(materialCounts("4k3/pp6/8/8/8/8/PPP5/RB2K2Q w - - 0 1")).toEqual([1, 0, 1, 1, 1]);
  });

  test(`finds each piece's value within ${TOLERANCE_CP} cp of what the made-up games follow`, () => {
    const values = fittedValues(samples);
    values.forEach((v, k) =>
      expect(Math.abs(v - (PROGRAM_VALUES[k]! + TRUE_CHANGE[k]!)), KINDS[k]).toBeLessThan(
        TOLERANCE_CP,
      ),
    );
  });

  test("gives each value a spread over games drawn again that is above zero and covers the true value within three times itself", () => {
    const values = fittedValues(samples);
    const sd = bootstrapSd(samples, 8);
    values.forEach((v, k) => {
      expect(sd[k]!, KINDS[k]).toBeGreaterThan(0);
      expect(Math.abs(v - (PROGRAM_VALUES[k]! + TRUE_CHANGE[k]!)), KINDS[k]).toBeLessThan(
        3 * sd[k]!,
      );
    });
  });
});
