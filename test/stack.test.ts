// The stack (ts-harness/lab/bench/stack.ts): a measuring build counts the bytes its jobs never
// wrote at the stack's bottom. The program reserves STACK_BYTES; deep searches, the mate
// logic and perft must stay well inside it, and the measuring build must answer as the
// program does (else it would measure something else).
import { describe, expect, it } from "vitest";
import { runBatch } from "../ts-harness/core/asm-engine.ts";
import { chessProgram } from "../ts-harness/core/build.ts";
import { measureStack } from "../ts-harness/lab/bench/stack.ts";

const DEEP_JOBS = [
  "best 65535 nodes 60000 depth 48 8/8/1k6/8/8/8/6PP/7K w - - 0 1",
  "mate 3 r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1",
  "perft 5 8/8/4k3/8/8/3K4/8/R7 w - - 0 1",
];

describe("the stack", () => {
  it("holds a pawn ending searched 12 plies deep and more, a mate in 3 and perft 5 with half of it to spare, and the measuring build answers as the program", async () => {
    const use = await measureStack(DEEP_JOBS, 600_000);
    const normal = await runBatch(DEEP_JOBS, { timeoutMs: 600_000 });
    const fields = (line: string) =>
      line
        .split(" ")
        .filter(
          (w, i, all) =>
            !["ticks", "tsc"].includes(all[i - 1] ?? "") && w !== "ticks" && w !== "tsc",
        );
    expect(use.answers.slice(0, DEEP_JOBS.length).map(fields)).toEqual(
      normal.map((r) => [String(r.job), ...fields(r.lines[0]!.join(" "))]),
    );
    const depth = Number(normal[0]!.lines[0]![normal[0]!.lines[0]!.indexOf("depth") + 1]);
    expect(depth).toBeGreaterThanOrEqual(12);
    const reserved = (await chessProgram()).map.constant("STACK_BYTES");
    expect(use.used).toBeGreaterThan(0);
    expect(use.used).toBeLessThan(reserved / 2);
  }, 900_000);
});
