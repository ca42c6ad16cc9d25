// The profiler (npm run profile): its build wraps the engine's calls with bookkeeping, so
// it must answer as the normal build does, and what it charges the routines must add up
// to the instructions the normal build's rdtsc counts for the same job (the program's
// start and the job's reading and writing on top: a few per cent).
import { describe, expect, test } from "vitest";
import { runBatch } from "../ts-harness/core/asm-engine.ts";
import { profileJobs } from "../ts-harness/lab/bench/profile.ts";

const JOB =
  "best 65535 matelogic 0 depth 4 r1bq1rk1/pp1nbppp/2p1pn2/3p2B1/2PP4/2NBPN2/PP3PPP/R2QK2R w KQ - 0 8";

describe("the profiler", () => {
  test("its build answers a fixed-depth search as the normal build does, and the routines' instructions add up to the search's within 10%", async () => {
    const profile = await profileJobs([JOB]);
    const [normal] = await runBatch([JOB]);
    const words = normal!.lines[normal!.lines.length - 1]!;
    const tsc = Number(words[words.indexOf("tsc") + 1]);
    const nodes = Number(words[words.indexOf("nodes") + 1]);
    expect(profile.answers[0]).toContain(`nodes ${nodes}`);
    expect(profile.nodes).toBe(nodes);
    const charged = profile.rows.reduce((sum, r) => sum + r.self, 0);
    expect(charged / tsc).toBeGreaterThan(0.9);
    expect(charged / tsc).toBeLessThan(1.1);
    expect(profile.rows.map((r) => r.routine)).toContain("search_node");
  }, 120_000);
});
