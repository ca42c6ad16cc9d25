// The assembly's batch interface under bad input: every malformed or illegal FEN gets
// the oracle's error code, bad jobs get their own codes, and the next job still runs.
import { beforeAll, describe, expect, test } from "vitest";
import { programLimits, runBatch, type JobLines } from "../ts-harness/core/asm-engine.ts";
import { CHESS, program } from "../ts-harness/core/build.ts";
import { START } from "../ts-harness/fixtures/perft.ts";
import { DosSession, runDos } from "../ts-harness/core/runner.ts";
import * as oracle from "../ts-harness/oracle/index.ts";
import { INVALID } from "../ts-harness/fixtures/bad-fens.ts";

/** The longest job line the program reads (LINE_MAX, from its map). */
const JOB_LINE_MAX = (await programLimits()).lineMax;

/** The error code of a job's result, or "ok". */
const codeOf = (g: JobLines) => g.lines.find((w) => w[0] === "error")?.[1] ?? "ok";

describe("FEN errors in the assembly", () => {
  let groups: JobLines[];
  beforeAll(async () => {
    // Each bad FEN is followed by a good job, which must still be answered.
    const jobs = INVALID.flatMap(([, fen]) => [`moves ${fen}`, `perft 1 ${START}`]);
    groups = await runBatch(jobs, { timeoutMs: 60_000 });
  }, 120_000);

  test.each(INVALID.map(([why, fen, code], i) => ({ why, fen, code, i })))(
    "a FEN with $why is rejected as `$code`, like the oracle",
    ({ fen, code, i }) => {
      const parsed = oracle.parseFen(fen);
      expect(parsed.ok ? "ok" : parsed.error.code).toBe(code);
      expect(codeOf(groups[2 * i]!)).toBe(code);
      // The error line carries a message, not just the code.
      expect(groups[2 * i]!.lines[0]!.length).toBeGreaterThan(2);
    },
  );

  test("the job after each rejected FEN still runs", () => {
    for (let i = 0; i < INVALID.length; i++)
      expect(groups[2 * i + 1]!.lines[0]!.slice(0, 3)).toEqual(["perft", "1", "20"]);
  });
});

describe("FEN variants both engines accept", () => {
  const VARIANTS: [string, string][] = [
    ["four fields", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq -"],
    ["castling letters in another order", "r3k2r/8/8/8/8/8/8/R3K2R w kqKQ - 0 1"],
    ["extra spaces between fields", "  4k3/8/8/8/8/8/8/4K3   b  -  -  3  9"],
    ["an en-passant square no pawn can take on", "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1"],
    ["large clocks", "4k3/8/8/8/8/8/8/4K3 w - - 99 300"],
  ];
  test.each(VARIANTS)("%s gives the oracle's moves", async (_why, fen) => {
    const [g] = await runBatch([`moves ${fen}`], { timeoutMs: 30_000 });
    const expected = oracle.legalMoves(oracle.fenPosition(fen)).map(oracle.moveToUci).sort();
    const line = g!.lines.find((w) => w[0] === "moves");
    expect(line, JSON.stringify(g!.lines)).toBeDefined();
    expect(line!.slice(2).sort()).toEqual(expected);
    expect(Number(line![1])).toBe(expected.length);
  });
});

describe("bad jobs", () => {
  test.each([
    ["an unknown job", `fly 3 ${START}`, "verb"],
    ["a perft depth of 0", `perft 0 ${START}`, "arg"],
    ["a perft depth of 10", `perft 10 ${START}`, "arg"],
    ["a perft depth that is no number", `perft x ${START}`, "arg"],
    ["a perft without a depth", `perft ${START}`, "arg"],
  ])("%s is an error and the next job still runs", async (_why, job, code) => {
    const groups = await runBatch([job, `perft 2 ${START}`], { timeoutMs: 30_000 });
    expect(codeOf(groups[0]!)).toBe(code);
    expect(groups[1]!.lines[0]!.slice(0, 3)).toEqual(["perft", "2", "400"]);
  });

  test(`a job line longer than ${JOB_LINE_MAX} characters is an error, not a cut line`, async () => {
    const long = `perft 1 ${START}${" ".repeat(JOB_LINE_MAX)}x`;
    const session = await DosSession.start({
      program: "CHESS.COM",
      programBytes: await program(CHESS),
      args: "/jobs JOBS.TXT RESULT.TXT",
      files: { "JOBS.TXT": `${long}\r\nperft 1 ${START}\r\n` },
      timeoutMs: 30_000,
    });
    try {
      const r = await session.finish();
      const text = Buffer.from(r.files.get("RESULT.TXT")!).toString("latin1");
      expect(text).toMatch(/^1 error line /m);
      expect(text).toMatch(/^2 perft 1 20 /m);
      expect(text).toMatch(/^end 2\r?$/m);
    } finally {
      await session.close();
    }
  });

  test("a clock above 65535 is a `clock` error, not clamped, like the oracle", async () => {
    const fens = [
      "4k3/8/8/8/8/8/8/4K3 w - - 65536 1",
      "4k3/8/8/8/8/8/8/4K3 w - - 0 65536",
      "4k3/8/8/8/8/8/8/4K3 w - - 65535 65535",
    ];
    const groups = await runBatch(
      fens.map((f) => `perft 1 ${f}`),
      { timeoutMs: 30_000 },
    );
    const oracleCodes = fens.map((f) => {
      const parsed = oracle.parseFen(f);
      return parsed.ok ? "ok" : parsed.error.code;
    });
    expect(oracleCodes).toEqual(["clock", "clock", "ok"]);
    expect(groups.map(codeOf)).toEqual(oracleCodes);
  });

  test("a missing job file is a clear message and exit code 1", async () => {
    const r = await runDos({
      program: "CHESS.COM",
      programBytes: await program(CHESS),
      args: "/jobs NOSUCH.TXT OUT.TXT",
      timeoutMs: 30_000,
    });
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toMatch(/NOSUCH\.TXT/i);
    expect(r.files.has("OUT.TXT")).toBe(false);
  });
});

describe("memory", () => {
  // DOSBox's LOADFIX holds the given KiB of conventional memory below the program it starts:
  // about 630 KiB are free, CHESS.COM keeps eight 64 KiB segments (chess.inc MEMORY_PARAS).
  const run = async (heldKib: number) =>
    runDos({
      program: "CHESS.COM",
      programBytes: await program(CHESS),
      launcher: `loadfix -${heldKib}`,
      args: "/jobs JOBS.TXT RESULT.TXT",
      files: { "JOBS.TXT": "perft 2 8/8/8/8/8/8/8/K6k w - - 0 1\r\n" },
      timeoutMs: 30_000,
    });

  test("a DOS that cannot give the program its memory gets a message naming the size, and no job runs", async () => {
    const r = await run(300);
    expect(r.stdout).toMatch(/CHESS: not enough memory \(\d+ KiB needed\)/);
    expect(r.files.has("RESULT.TXT")).toBe(false);
  });

  test("the same jobs run when DOS has the memory", async () => {
    const r = await run(100);
    expect(r.stdout).not.toMatch(/not enough memory/);
    expect(new TextDecoder().decode(r.files.get("RESULT.TXT"))).toMatch(/^1 perft 2 9\b/m);
  });
});

/** Run CHESS /jobs on a jobs file given as raw bytes; the result file's text. */
async function runJobsFile(bytes: Uint8Array, args = "/jobs JOBS.TXT RESULT.TXT") {
  const session = await DosSession.start({
    program: "CHESS.COM",
    programBytes: await program(CHESS),
    args,
    files: { "JOBS.TXT": bytes },
    timeoutMs: 30_000,
  });
  try {
    const r = await session.finish();
    const result = r.files.get("RESULT.TXT");
    return {
      exitCode: r.exitCode,
      stdout: r.stdout,
      text: result ? Buffer.from(result).toString("latin1") : null,
      jobs: r.files.get("JOBS.TXT")!,
    };
  } finally {
    await session.close();
  }
}

describe("the line structure of the jobs file", () => {
  const GOOD = `perft 1 ${START}`;
  const bytes = (...parts: (string | number[])[]) =>
    new Uint8Array(
      parts.flatMap((p) => (typeof p === "string" ? [...Buffer.from(p, "latin1")] : p)),
    );
  // Each line holds one job; the expected start of its result line, by job number.
  const CASES: [why: string, line: Uint8Array, result: RegExp][] = [
    ["a good job", bytes(GOOD, "\r\n"), /^perft 1 20 /],
    ["a NUL first byte", bytes([0], GOOD, "\r\n"), /^error byte character 0 at column 1 /],
    [
      "a Ctrl-Z inside a line",
      bytes("perft 1 rnbqkbnr/pppp", [0x1a], "pppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\r\n"),
      /^error byte character 26 at column 22 /,
    ],
    ["a line ended by a lone CR", bytes(GOOD, "\r"), /^perft 1 20 /],
    ["the line after it, ended by LF", bytes(GOOD, "\n"), /^perft 1 20 /],
    [
      "random bytes",
      bytes([0xc3, 0xa9, 0x7f, 0x01, 0x80, 0xff], "\r\n"),
      /^error byte character 195 at column 1 /,
    ],
    [
      `a line of more than ${JOB_LINE_MAX} characters`,
      bytes(`perft 1 ${START}`, " ".repeat(JOB_LINE_MAX), "x\r\n"),
      /^error line /,
    ],
    [
      "a FEN padded with spaces within 255 characters",
      bytes(`perft   1   ${START.split(" ").join("      ")}   \r\n`),
      /^perft 1 20 /,
    ],
    [
      "a no-break space (UTF-8) between fields",
      bytes("perft 1 4k3/8/8/8/8/8/8/4K3", [0xc2, 0xa0], "w - - 0 1\r\n"),
      /^error byte character 194 at column 28 /,
    ],
    [
      "the last job, no line end, after a Ctrl-Z line",
      bytes([0x1a], "\r\n", GOOD),
      /^error byte character 26 at column 1 /,
    ],
  ];
  let text: string;
  beforeAll(async () => {
    const all = CASES.map(([, line]) => [...line]).flat();
    text = (await runJobsFile(new Uint8Array(all))).text ?? "";
  }, 60_000);

  test.each(CASES.map(([why, , result], i) => ({ why, result, n: i + 1 })))(
    "job $n, $why, gets its own result line",
    ({ n, result }) => {
      const lines = text.split("\r\n").filter((l) => l.startsWith(`${n} `));
      expect(lines, text).toHaveLength(1);
      expect(lines[0]!.slice(String(n).length + 1)).toMatch(result);
    },
  );

  test("the Ctrl-Z line is a job of its own and the good job after it still runs", () => {
    expect(text).toMatch(new RegExp(`^${CASES.length + 1} perft 1 20 `, "m"));
    expect(text).toMatch(new RegExp(`^end ${CASES.length + 1}\\r$`, "m"));
  });

  test("the same file for jobs and results is refused before anything is overwritten", async () => {
    const jobs = bytes(GOOD, "\r\n");
    for (const args of [
      "/jobs JOBS.TXT JOBS.TXT",
      "/jobs JOBS.TXT jobs.txt",
      "/jobs JOBS.TXT .\\JOBS.TXT",
    ]) {
      const r = await runJobsFile(jobs, args);
      expect(r.exitCode, args).toBe(1);
      expect(r.stdout, args).toMatch(/same file/);
      expect([...r.jobs], args).toEqual([...jobs]);
    }
  }, 60_000);
});
