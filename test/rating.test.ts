// The gauntlet's rating on its opponents' scale: the maximum-likelihood rating of the
// logistic model with its 95% likelihood interval.
import { expect, test } from "vitest";
import { estimateRating } from "../ts-harness/lab/match/rating.ts";

test("against one opponent the rating is its own plus 400 log10(s / (1 - s)): 75% over 1800 is 1991", () => {
  const e = estimateRating([{ rating: 1800, games: 40, points: 30 }]);
  expect(e.rating).toBeCloseTo(1800 + 400 * Math.log10(3), 3);
  expect(e.low).toBeLessThan(e.rating);
  expect(e.high).toBeGreaterThan(e.rating);
});

test("half the points against 1798 and 2644 put the rating between them, and more games narrow the interval", () => {
  const few = estimateRating([
    { rating: 1798, games: 10, points: 8 },
    { rating: 2644, games: 10, points: 2 },
  ]);
  const many = estimateRating([
    { rating: 1798, games: 100, points: 80 },
    { rating: 2644, games: 100, points: 20 },
  ]);
  expect(few.rating).toBeCloseTo(2221, 0);
  expect(many.rating).toBeCloseTo(few.rating, 6);
  expect(many.high - many.low).toBeLessThan((few.high - few.low) / 2.5);
});

test("all games lost leave the rating unbounded below, with a finite upper end", () => {
  const e = estimateRating([{ rating: 1800, games: 10, points: 0 }]);
  expect(e.rating).toBe(-Infinity);
  expect(e.low).toBe(-Infinity);
  expect(e.high).toBeLessThan(1800);
});
