// The match's Elo estimate on the logistic model's published landmarks: a 64% score is
// about +100 Elo, 76% about +200, an even score 0, and the margin narrows with more games.
import { describe, expect, test } from "vitest";
import {
  eloFromScore,
  eloGain,
  estimateElo,
  formatElo,
  likelihoodOfSuperiority,
  normalCdf,
  parseScore,
} from "../ts-harness/lab/match/elo.ts";
import { pairedLoss } from "../ts-harness/lab/match/agree.ts";

describe("elo", () => {
  test.each([
    [0.5, 0],
    [0.64, 100],
    [0.76, 200],
    [0.36, -100],
  ])("a score of %f is about %i Elo", (score, elo) => {
    expect(eloFromScore(score)).toBeCloseTo(elo, -1);
  });

  test("the 95% margin of 10 wins and 10 losses is wide, and shrinks by about sqrt(10) over ten times the games", () => {
    const small = estimateElo({ wins: 10, draws: 0, losses: 10 });
    const large = estimateElo({ wins: 100, draws: 0, losses: 100 });
    expect(small.elo).toBe(0);
    expect(small.margin).toBeGreaterThan(150);
    expect(small.margin / large.margin).toBeGreaterThan(2.9);
    expect(small.margin / large.margin).toBeLessThan(3.6);
  });

  test("a clean sweep has no finite difference", () => {
    expect(formatElo(estimateElo({ wins: 0, draws: 0, losses: 20 }))).toBe("-inf ± inf");
  });
});

describe("agree's paired comparison of two runs on the same positions", () => {
  const run = (losses: number[], moves = losses.map(() => "e2e4")) =>
    losses.map((loss, i) => ({ fen: `fen ${i}`, move: moves[i]!, loss }));

  test("losses 10, 20, 30 against 0, 0, 0 differ by a mean of 20 with a standard error of 10/sqrt(3) (the sample's deviation is 10)", () => {
    const d = pairedLoss(run([10, 20, 30], ["a", "b", "c"]), run([0, 0, 0]));
    expect(d).toMatchObject({ n: 3, differ: 3, mean: 20 });
    expect(d.se).toBeCloseTo(10 / Math.sqrt(3), 9);
  });

  test("only the positions both runs answered are compared, and two identical runs differ by nothing", () => {
    const d = pairedLoss(run([5, 7]), run([5, 7, 900]));
    expect(d).toMatchObject({ n: 2, differ: 0, mean: 0, se: 0 });
  });
});

describe("the gain of one match on another against the same opponent", () => {
  test("0 ± 30 then +100 ± 40 is a gain of +100 whose margin is the two combined: ±50 (a 3-4-5 triangle)", () => {
    expect(
      eloGain({ score: 0.5, elo: 0, margin: 30 }, { score: 0.64, elo: 100, margin: 40 }),
    ).toEqual({ elo: 100, margin: 50 });
  });

  test("a score is read as wins/draws/losses, and anything else is refused", () => {
    expect(parseScore("23/4/53")).toEqual({ wins: 23, draws: 4, losses: 53 });
    expect(parseScore("23/4")).toBeNull();
    expect(parseScore("23/4/x")).toBeNull();
  });

  test.each([
    [0, 0.5],
    [1, 0.8413],
    [1.96, 0.975],
    [-2, 0.0228],
    [3, 0.99865],
  ])("the normal distribution at %f is %f, as the printed tables give it", (z, p) => {
    expect(normalCdf(z)).toBeCloseTo(p, 4);
  });

  test("the likelihood of superiority reads wins and losses alone: 10 wins, 6 losses is one standard error up (84.1%)", () => {
    expect(likelihoodOfSuperiority({ wins: 10, draws: 30, losses: 6 })).toBeCloseTo(0.8413, 4);
    expect(likelihoodOfSuperiority({ wins: 6, draws: 0, losses: 10 })).toBeCloseTo(0.1587, 4);
    expect(likelihoodOfSuperiority({ wins: 0, draws: 12, losses: 0 })).toBe(0.5);
    expect(likelihoodOfSuperiority({ wins: 7, draws: 1, losses: 7 })).toBeCloseTo(0.5, 6);
  });
});
