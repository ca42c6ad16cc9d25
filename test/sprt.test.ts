// The SPRT's log-likelihood ratio against numbers the testers published: cutechess-cli's
// own output, fishtest's (in Stockfish's commit messages) in its BayesElo era and in its
// logistic-Elo pentanomial era, and OpenBench's through jw1912/SPRT's worked example.
import { describe, expect, test } from "vitest";
import {
  llrBayesElo,
  llrCutechess,
  llrGsprt,
  llrLogistic,
  pentanomial,
  sprtBounds,
  sprtVerdict,
  checkSprt,
  type Pentanomial,
} from "../ts-harness/lab/match/sprt.ts";

describe("SPRT bounds", () => {
  test("alpha = beta = 0.05 gives (-2.94, 2.94), as cutechess and fishtest print them", () => {
    const { lower, upper } = sprtBounds({ alpha: 0.05, beta: 0.05 });
    expect(lower.toFixed(2)).toBe("-2.94");
    expect(upper.toFixed(2)).toBe("2.94");
    expect(upper).toBeCloseTo(Math.log(19), 12);
  });

  test("alpha = 0.05, beta = 0.10 gives ln(0.1/0.95) and ln(0.9/0.05): (-2.25, 2.89)", () => {
    const { lower, upper } = sprtBounds({ alpha: 0.05, beta: 0.1 });
    expect(lower.toFixed(2)).toBe("-2.25");
    expect(upper.toFixed(2)).toBe("2.89");
  });

  test("a verdict falls at either bound, and a test that cannot end is refused", () => {
    const t = { elo0: 0, elo1: 5, alpha: 0.05, beta: 0.05 };
    expect(sprtVerdict(2.95, t)).toBe("H1");
    expect(sprtVerdict(-2.95, t)).toBe("H0");
    expect(sprtVerdict(1.64, t)).toBe("continue");
    expect(() => checkSprt({ ...t, elo1: 0 })).toThrow(/elo0 \(0\) must be below elo1/);
    expect(() => checkSprt({ ...t, alpha: 0 })).toThrow(/alpha must lie between 0 and 1/);
  });
});

describe("cutechess-cli's trinomial LLR", () => {
  // cutechess-cli's "Score of X vs Y: W - L - D" and "SPRT: llr ..." lines for
  // elo0=0 elo1=5, from the log in the README of github.com/Dragjon/Throttle.
  test.each([
    [5383, 5132, 4808, "2.95"],
    [2204, 2080, 1824, "1.64"],
    [1307, 1139, 1072, "2.96"],
    [2000, 1817, 1615, "2.95"],
    [3391, 3179, 2721, "2.95"],
    [902, 733, 544, "2.95"],
    [1646, 1461, 1002, "2.96"],
  ])("%i - %i - %i at [0, 5] has llr %s", (wins, losses, draws, llr) => {
    expect(llrCutechess({ wins, draws, losses }, 0, 5).toFixed(2)).toBe(llr);
  });
});

describe("fishtest's LLR", () => {
  // Stockfish commits of 2016: "LLR: 2.96 (-2.94,2.94) [0.00,5.00] Total: ... W: L: D:",
  // bounds in BayesElo, no prior.
  test.each([
    ["07b247f94", 5914, 5652, 20454, 0, 5, "2.96"],
    ["ab0f4c035", 1469, 1325, 4884, -3, 1, "2.96"],
    ["71bfbb22f", 1130, 979, 3548, 0, 5, "2.96"],
    ["7cb8cbb40", 5206, 4961, 28090, 0, 5, "2.95"],
  ])(
    "BayesElo era (Stockfish %s): W %i L %i D %i at [%i, %i] has LLR %s",
    (_c, wins, losses, draws, e0, e1, llr) => {
      expect(
        llrBayesElo({ wins, draws, losses }, e0, e1, { prior: 0, units: "bayes" }).toFixed(2),
      ).toBe(llr);
    },
  );

  // Stockfish commits of 2020: "LLR: 2.94 (-2.94,2.94) {-1.25,0.25} ... Ptnml(0-2): ...",
  // bounds in logistic Elo on the pentanomial counts.
  test.each([
    ["a8bbaa179", [346, 5845, 23349, 5868, 352], -1.25, 0.25, "2.94"],
    ["a8bbaa179", [77, 3422, 30362, 3485, 70], -0.75, 0.25, "2.95"],
    ["e0bafa191", [194, 1453, 3387, 1676, 210], -0.25, 1.25, "2.96"],
    ["e0bafa191", [960, 14185, 49030, 14709, 988], 0.25, 1.25, "2.95"],
    ["c02b3a4c7", [86, 3765, 34481, 4065, 79], 0.25, 1.25, "2.96"],
  ] as [string, Pentanomial, number, number, string][])(
    "pentanomial era (Stockfish %s): %j at {%d, %d} has LLR %s, and the GSPRT approximation is within 0.02",
    (_c, ptnml, e0, e1, llr) => {
      const exact = llrLogistic(ptnml, e0, e1);
      expect(exact.toFixed(2)).toBe(llr);
      expect(Math.abs(llrGsprt(ptnml, e0, e1) - Number(llr))).toBeLessThan(0.02);
    },
  );

  test("OpenBench's BayesElo LLR of jw1912/SPRT's README: W 4307 L 4063 D 8620 at [0, 3] is 2.47", () => {
    expect(
      llrBayesElo({ wins: 4307, draws: 8620, losses: 4063 }, 0, 3, {
        prior: 0,
        units: "bayes",
      }).toFixed(2),
    ).toBe("2.47");
  });

  test("the pairs' points are counted into LL, LD, DD+WL, WD, WW", () => {
    expect(pentanomial([0, 0.5, 1, 1, 1.5, 2, 2])).toEqual([1, 1, 2, 1, 2]);
  });
});
