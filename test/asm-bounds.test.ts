// Every batch job bounded and its answer on disk when it ends: perft and divide stop at
// their limits (a budget, a time, ten minutes when nothing bounds them), the watch job
// takes a file of the jobs' folder only, the half-move clock stops at 65535, and a
// thinking job's last line is in the result file before the next job runs. (The watch
// file read between iterations: test/cpu-386-486.test.ts, where it is read only there.)
// Counts are the published ones (Chess Programming Wiki "Perft Results").
import { describe, expect, test } from "vitest";
import { runBatch, type JobLines } from "../ts-harness/core/asm-engine.ts";
import { CHESS, program } from "../ts-harness/core/build.ts";
import { KIWIPETE, START } from "../ts-harness/fixtures/perft.ts";
import { DosSession } from "../ts-harness/core/runner.ts";

/** One job's result lines as text. */
const text = (g: JobLines) => g.lines.map((w) => w.join(" "));

describe("perft and divide within their limits", () => {
  test("perft 9 of the start position under a budget stops with a stopped line, short of the count, naming the budget", async () => {
    const [g] = await runBatch([`perft 9 budget 200 ${START}`], { timeoutMs: 60_000 });
    const line = text(g!)[0]!;
    expect(line).toMatch(/^stopped perft 9 nodes \d+ ticks \d+ tsc \d+ limit budget$/);
    // 200 ms of a 3000-cycle DOSBox: 600,000 instructions and a little more.
    const tsc = Number(/ tsc (\d+)/.exec(line)![1]);
    expect(tsc).toBeGreaterThanOrEqual(600_000);
    expect(tsc).toBeLessThan(2_000_000);
    expect(Number(/ nodes (\d+)/.exec(line)![1])).toBeLessThan(2_439_530_234_167);
  });

  test("perft with movetime stops on the time; depth and nodes, of no use to perft, do not lift the ten-minute bound", async () => {
    const groups = await runBatch(
      [`perft 9 movetime 300 ${START}`, `perft 4 nodes 5 depth 1 ${KIWIPETE}`],
      { timeoutMs: 60_000 },
    );
    expect(text(groups[0]!)[0]).toMatch(/^stopped perft 9 nodes \d+ ticks \d+ tsc \d+ limit time$/);
    expect(text(groups[1]!)[0]).toMatch(/^perft 4 4085603 ticks \d+ tsc \d+$/);
  });

  test("a perft without limits after a stopped one counts in full: the earlier budget is not kept", async () => {
    const groups = await runBatch(
      [`perft 9 budget 100 ${START}`, `perft 4 ${KIWIPETE}`, `divide 2 budget 65535 ${START}`],
      { timeoutMs: 60_000 },
    );
    expect(text(groups[0]!)[0]).toMatch(/^stopped perft 9 /);
    expect(text(groups[1]!)[0]).toMatch(/^perft 4 4085603 /);
    expect(text(groups[2]!)).toHaveLength(21);
    expect(text(groups[2]!)[20]).toMatch(/^perft 2 400 /);
  });

  test("divide under a budget writes the root moves it counted in full, then the stopped line", async () => {
    const [g] = await runBatch([`divide 4 budget 4000 ${KIWIPETE}`], { timeoutMs: 60_000 });
    const lines = text(g!);
    const last = lines[lines.length - 1]!;
    expect(last).toMatch(/^stopped perft 4 nodes \d+ ticks \d+ tsc \d+ limit budget$/);
    // Kiwipete's 48 root moves, 4,085,603 leaves at depth 4: 4 s counts some, not all.
    const full = lines.slice(0, -1);
    expect(full.length).toBeGreaterThan(0);
    expect(full.length).toBeLessThan(48);
    for (const l of full) expect(l).toMatch(/^divide [a-h][1-8][a-h][1-8] \d+$/);
    const counted = full.reduce((n, l) => n + Number(l.split(" ")[2]), 0);
    expect(Number(/ nodes (\d+)/.exec(last)![1])).toBeGreaterThanOrEqual(counted);
  });
});

describe("the half-move clock at its top", () => {
  test("a quiet move from a clock of 65535 leaves the game past the fifty-move rule, not at 0", async () => {
    const groups = await runBatch(
      ["position 7k/8/8/8/8/8/8/KR6 w - - 65535 1 moves b1b2", "selfplay 3 depth 1"],
      { timeoutMs: 60_000 },
    );
    expect(text(groups[1]!)[0]).toMatch(/^selfplay 0 fifty-move /);
  });
});

describe("the watch file and the result file", () => {
  /** Run jobs with STOP.TXT holding `stop`; the result file's lines. */
  async function withStopFile(jobs: string[], stop: string): Promise<string[]> {
    const session = await DosSession.start({
      program: "CHESS.COM",
      programBytes: await program(CHESS),
      args: "/jobs JOBS.TXT RESULT.TXT",
      files: { "JOBS.TXT": jobs.join("\r\n") + "\r\n", "STOP.TXT": stop },
      timeoutMs: 60_000,
    });
    try {
      const r = await session.finish();
      return Buffer.from(r.files.get("RESULT.TXT")!)
        .toString("latin1")
        .split("\r\n")
        .filter(Boolean);
    } finally {
      await session.close();
    }
  }

  test("watch refuses a name with a path, a missing name and two names, keeping the file watched before", async () => {
    const lines = await withStopFile(
      [
        "position startpos",
        "watch STOP.TXT",
        "watch ..\\STOP.TXT",
        "watch C:STOP.TXT",
        "watch",
        "watch A B",
        "go infinite",
      ],
      "1",
    );
    for (const n of [3, 4, 5, 6])
      expect(lines).toContain(
        `${n} error arg watch needs one file name of 12 characters at most, in the jobs' folder`,
      );
    expect(lines.find((l) => l.startsWith("7 bestmove "))).toMatch(/ limit key$/);
  });

  test("a go's bestmove line is in the result file while the next job thinks", async () => {
    const session = await DosSession.start({
      program: "CHESS.COM",
      programBytes: await program(CHESS),
      args: "/jobs JOBS.TXT RESULT.TXT",
      files: {
        "JOBS.TXT": ["position startpos", "go depth 2", `perft 7 ${START}`].join("\r\n") + "\r\n",
      },
      timeoutMs: 120_000,
    });
    try {
      let seen = "";
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline && !/^2 bestmove /m.test(seen)) {
        await new Promise((r) => setTimeout(r, 250));
        const partial = await session.readFile("RESULT.TXT");
        seen = partial ? Buffer.from(partial).toString("latin1") : "";
      }
      // perft 7 takes far longer than the wait: the bestmove came while it counted.
      expect(seen).toMatch(/^2 bestmove \S+ .* tsc \d+\r$/m);
      expect(seen).not.toMatch(/^3 perft /m);
    } finally {
      await session.close();
    }
  }, 180_000);
});
