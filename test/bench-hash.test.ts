// The hash table's bench (ts-harness/lab/bench/bench-hash.ts): two games' positions searched
// one after another at each size, and the instructions each size takes against 128 KiB's
// with an interval from resampling the searches.
import { describe, expect, it } from "vitest";
import { hashBenchJobs, pairedRatio } from "../ts-harness/lab/bench/bench-hash.ts";

describe("the hash table's bench", () => {
  it("asks for the size first, then searches each game's positions in turn from an empty table", () => {
    const fens = Array.from({ length: 40 }, (_, i) => `fen${i}`);
    const jobs = hashBenchJobs(4, fens, 9);
    expect(jobs[0]).toBe("hash 4");
    expect(jobs.filter((j) => j === "newgame")).toHaveLength(2);
    expect(jobs[1]).toBe("newgame");
    expect(jobs.filter((j) => j === "go depth 9")).toHaveLength(22);
    expect(jobs.slice(2, 4)).toEqual(["position fen0", "go depth 9"]);
    expect(jobs).toContain("position fen26");
    expect(jobs).not.toContain("position fen10");
  });

  it("finds a size that halves every search's instructions 50% cheaper, with no spread", () => {
    const base = [100, 2_000, 30_000, 400];
    const r = pairedRatio(
      base.map((x) => x / 2),
      base,
    );
    expect(r.ratio).toBeCloseTo(0.5, 12);
    expect(r.low).toBeCloseTo(0.5, 12);
    expect(r.high).toBeCloseTo(0.5, 12);
  });

  it("weighs the searches by their instructions and puts the ratio inside an interval as wide as the searches disagree", () => {
    const base = [1_000, 1_000, 1_000, 1_000, 6_000];
    const size = [500, 1_500, 500, 1_500, 6_000];
    const r = pairedRatio(size, base);
    expect(r.ratio).toBeCloseTo(10_000 / 10_000, 12);
    expect(r.low).toBeLessThan(1);
    expect(r.high).toBeGreaterThan(1);
    expect(r.low).toBeGreaterThan(0.5);
    expect(r.high).toBeLessThan(1.5);
  });
});
