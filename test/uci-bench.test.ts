// bin/liberman-uci bench, as OpenBench and fastchess run it: fixed positions to a fixed
// depth, then `Nodes searched: N` and `Nodes/second: M`. N is the search's signature: it
// must be the sum of the nodes `npm run record` answers for the same jobs.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, test } from "vitest";
import { ROOT } from "../ts-harness/core/build.ts";
import { UciClient } from "../ts-harness/core/uci-client.ts";
import { benchJobs } from "../ts-harness/frontends/uci-bench.ts";

const run = promisify(execFile);
const BIN = join(ROOT, "bin/liberman-uci");
const TSX = join(ROOT, "node_modules/.bin/tsx");
const BENCH_MS = 240_000;

const work = mkdtempSync(join(tmpdir(), "uci-bench-test-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const nodesOf = (text: string) => Number(/^Nodes searched: (\d+)$/m.exec(text)?.[1]);

describe("bin/liberman-uci bench", () => {
  test(
    "prints Nodes searched and Nodes/second, and its node count is the sum of npm run record's answers to the same jobs",
    async () => {
      const bench = await run(BIN, ["bench"], { cwd: work, timeout: BENCH_MS });
      expect(bench.stdout).toMatch(/^Nodes searched: \d+$/m);
      expect(bench.stdout).toMatch(/^Nodes\/second: \d+$/m);
      const jobsFile = join(work, "bench.jobs");
      const recordFile = join(work, "bench.record");
      writeFileSync(
        jobsFile,
        benchJobs()
          .map((j) => `job ${j}\n`)
          .join(""),
      );
      await run(TSX, ["ts-harness/check/record.ts", recordFile, "--jobs", jobsFile], {
        cwd: ROOT,
        timeout: BENCH_MS,
      });
      const answers = readFileSync(recordFile, "utf8")
        .split("\n")
        .filter((l) => l.startsWith("  best "));
      expect(answers).toHaveLength(benchJobs().length);
      const recorded = answers.reduce((sum, l) => sum + Number(/ nodes (\d+)/.exec(l)![1]), 0);
      expect(nodesOf(bench.stdout)).toBe(recorded);
    },
    2 * BENCH_MS,
  );

  test(
    "bench in a UCI session counts the nodes the command line does, and a bad depth gets an info string",
    async () => {
      const cli = await run(BIN, ["bench", "4"], { cwd: work, timeout: BENCH_MS });
      const engine = new UciClient(BIN, [], { cwd: work });
      try {
        engine.send("uci");
        engine.send("bench 0");
        const bad = await engine.waitFor(/^info string bench takes/, 10_000);
        expect(bad.at(-1)).toMatch(/^info string bench takes a depth from 1 to \d+, not '0'$/);
        engine.send("bench 4");
        const lines = await engine.waitFor(/^Nodes\/second: \d+$/, BENCH_MS);
        expect(nodesOf(lines.join("\n"))).toBe(nodesOf(cli.stdout));
      } finally {
        await engine.quit();
      }
    },
    2 * BENCH_MS,
  );
});
