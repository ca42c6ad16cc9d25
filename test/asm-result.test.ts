// The harness checks what it sent against what came back: a result file that does not
// answer the jobs sent, line by line, is an error, never an answer. And nothing reaches
// DOS as another byte than the one meant.
import { describe, expect, test } from "vitest";
import { BatchError, parseResult, runBatch } from "../ts-harness/core/asm-engine.ts";
import { DosRunError, DosSession } from "../ts-harness/core/runner.ts";
import { START_FEN } from "../ts-harness/oracle/index.ts";

const START = START_FEN;
const JOBS = [`perft 2 ${START}`, `mate 2 ${START}`, `moves ${START}`];
const GOOD = [
  "1 perft 2 400 ticks 0 tsc 1",
  "2 nomate 2 nodes 9 ticks 0 tsc 1",
  "3 moves 2 e2e4 d2d4",
  "end 3",
];
const text = (lines: string[]) => lines.join("\r\n") + "\r\n";

describe("parseResult", () => {
  test("a result that answers each job in order is read back by job", () => {
    const groups = parseResult(text(GOOD), JOBS);
    expect(groups.map((g) => g.lines[0]![0])).toEqual(["perft", "nomate", "moves"]);
  });

  test.each([
    [
      "the perft line of another depth",
      ["1 perft 3 8902 ticks 0 tsc 1", ...GOOD.slice(1)],
      /job 1 .* got the line "perft 3 8902/,
    ],
    [
      "a mate line for a perft job",
      ["1 mate 1 e2e4 nodes 1 ticks 0 tsc 1", ...GOOD.slice(1)],
      /job 1 .* got a line "mate/,
    ],
    [
      "two answers to one job",
      [GOOD[0]!, GOOD[0]!, ...GOOD.slice(1)],
      /job 1 .* got 2 closing perft\/stopped lines/,
    ],
    [
      "a nomate line for another move count",
      [GOOD[0]!, "2 nomate 3 nodes 9 ticks 0 tsc 1", ...GOOD.slice(2)],
      /job 2 .* got the line "nomate 3/,
    ],
    [
      "a moves line whose count is not its moves",
      [...GOOD.slice(0, 2), "3 moves 3 e2e4 d2d4", "end 3"],
      /job 3 .* got the line "moves 3/,
    ],
    ["jobs out of order", [GOOD[1]!, GOOD[0]!, ...GOOD.slice(2)], /goes back from job 2 to job 1/],
    ["a line after the end", [...GOOD, "3 moves 0"], /goes on after its "end" line/],
    [
      "an end count that is not the jobs sent",
      [...GOOD.slice(0, 3), "end 4"],
      /ends after 4 jobs, 3 were sent/,
    ],
    [
      "an error line beside an answer",
      [GOOD[0]!, "1 error room the move stack is full", ...GOOD.slice(1)],
      /job 1 .* got an error line among other lines/,
    ],
  ])("%s is an error", (_why, lines, message) => {
    expect(() => parseResult(text(lines), JOBS)).toThrow(BatchError);
    expect(() => parseResult(text(lines), JOBS)).toThrow(message);
  });
});

describe("what reaches DOS", () => {
  test("a job with a character outside printable ASCII gets its `byte` error and is not sent", async () => {
    const groups = await runBatch([
      `perft 1 ${START.slice(0, 5)}\u010a${START.slice(5)}`,
      "moves \u0000",
    ]);
    expect(groups).toEqual([
      {
        job: 1,
        lines: [
          [
            "error",
            "byte",
            "character",
            "266",
            "at",
            "column",
            "14",
            "is",
            "not",
            "printable",
            "ASCII",
          ],
        ],
      },
      {
        job: 2,
        lines: [
          [
            "error",
            "byte",
            "character",
            "0",
            "at",
            "column",
            "7",
            "is",
            "not",
            "printable",
            "ASCII",
          ],
        ],
      },
    ]);
  });

  test.each([
    [
      "a file's text with a character above U+00FF",
      { files: { "JOBS.TXT": "perft 1 \u010a" } },
      /JOBS\.TXT: character 266 at column 9 has no single byte/,
    ],
    [
      "a command line with such a character",
      { args: "/fen 4\u212a3" },
      /the command line: character 8490 at column 17/,
    ],
    ["a command line with a line break", { args: "/fen x\r\nDEL *.*" }, /line break/],
  ])("%s is refused before the emulator starts", async (_why, opts, message) => {
    const start = DosSession.start({
      program: "CHESS.COM",
      programBytes: new Uint8Array([0xc3]),
      ...opts,
    });
    await expect(start).rejects.toThrow(DosRunError);
    await expect(start).rejects.toThrow(message);
  });
});
