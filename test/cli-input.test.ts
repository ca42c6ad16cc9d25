// The command line under awkward input: characters outside printable ASCII, odd line
// ends, padding, empty files and repeated or negative flags. Counts are the published
// ones (Chess Programming Wiki "Perft Results"); both engines must give the same lines.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { POSITION_3 as POS3, START } from "../ts-harness/fixtures/perft.ts";
import * as oracle from "../ts-harness/oracle/index.ts";
import { chess, expectUsageError } from "./cli-runner.ts";

/** `chess mate --moves 8` by the assembly, within a time limit: a search that runs long. */
const mateInEight = (seconds: number, ...source: string[]) =>
  chess("mate", "--engine", "asm", "--moves", "8", "--timeout", String(seconds), ...source);

/** A text as a regular expression matches it. */
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&");

const DIR = mkdtempSync(join(tmpdir(), "chess-cli-"));

function epd(name: string, text: string): string {
  const path = join(DIR, name);
  writeFileSync(path, text, "utf8");
  return path;
}

// Each line of the file, and what the command must say about it.
const LINES: [line: string, out: string | RegExp][] = [
  [START, `${START} ;D1 20`],
  // U+010A is 0x0A in Latin-1, a line feed: it once shifted every later answer by one.
  [
    `${POS3.slice(0, 5)}\u010a${POS3.slice(5)}`,
    /:2: .*: byte: character 266 at column \d+ is not printable ASCII/,
  ],
  [POS3, `${POS3} ;D1 14`],
  // U+011A is 0x1A in Latin-1, Ctrl-Z: it once ended the jobs file.
  [
    `4k3/8/8/8/8/8/8/4K3\u011a w - - 0 1`,
    /:4: .*: byte: character 282 at column \d+ is not printable ASCII/,
  ],
  // A FEN padded past 255 characters: the CLI shows its position fields as written.
  [
    START.split(" ").join(" ".repeat(60)),
    `${START.split(" ").slice(0, 4).join(" ".repeat(60))} 0 1 ;D1 20`,
  ],
  [
    "4k3/8/8/8/8/8/8/4K3\u00a0w - - 0 1",
    /:6: .*: byte: character 160 at column \d+ is not printable ASCII/,
  ],
  [
    "4\u212a3/8/8/8/8/8/8/4K3 w - - 0 1",
    /:7: .*: byte: character 8490 at column \d+ is not printable ASCII/,
  ],
  ["\u0000\u0001\u00ff\u007f", /:8: .*: byte: character 0 at column 1 is not printable ASCII/],
  [POS3, `${POS3} ;D1 14`],
];

describe.each(["oracle", "asm"])("chess perft --engine %s on awkward input", (engine) => {
  test("a line with a character outside printable ASCII is an error naming the line and the character; the others are answered in place", async () => {
    const r = await chess(
      "perft",
      "--engine",
      engine,
      "--depth",
      "1",
      "--epd",
      epd(`mixed-${engine}.epd`, LINES.map(([l]) => l).join("\n") + "\n"),
    );
    expect(r.exitCode).toBe(1);
    expect(r.stdout.split("\n")).toEqual(
      LINES.flatMap(([, out]) => (typeof out === "string" ? [out] : [])),
    );
    const errors = r.stderr.split("\n").filter((l) => / byte: /.test(l));
    expect(errors).toHaveLength(5);
    LINES.filter(([, out]) => out instanceof RegExp).forEach(([, out], i) =>
      expect(errors[i]).toMatch(out),
    );
  });

  test("a line that is not UTF-8 names its first bad byte, shows the line without raw bytes, and the others are answered", async () => {
    const path = join(DIR, `latin1-${engine}.epd`);
    writeFileSync(
      path,
      Buffer.concat([
        Buffer.from(`${START}\n4k3/8/8/8/8/8/8/4K3 w - - 0 1 `),
        Buffer.from([0xe9, 0xff]),
        Buffer.from(`\n${POS3}\n`),
      ]),
    );
    const r = await chess("perft", "--engine", engine, "--depth", "1", "--epd", path);
    expect(r.exitCode).toBe(1);
    expect(r.stdout.split("\n")).toEqual([`${START} ;D1 20`, `${POS3} ;D1 14`]);
    expect(r.stderr).toMatch(
      /:2: 4k3\/8\/8\/8\/8\/8\/8\/4K3 w - - 0 1 \\u\{e9\}\\u\{ff\}: byte: byte 0xe9 at byte 31 is not UTF-8 text/,
    );
    expect(r.stderr).not.toMatch(/[\u0080-\uffff]/);
  });

  test("an EPD line whose operations hold an unclosed quote is an EPD error, not a clock error", async () => {
    const r = await chess(
      "perft",
      "--engine",
      engine,
      "--depth",
      "1",
      "--epd",
      epd(`quote-${engine}.epd`, `${START.split(" ").slice(0, 4).join(" ")} id "open\n${POS3}\n`),
    );
    expect(r.exitCode).toBe(1);
    expect(r.stdout.split("\n")).toEqual([`${POS3} ;D1 14`]);
    expect(r.stderr).toMatch(/:1: .*: epd: an unclosed quote in the operations 'id "open'/);
  });

  test("CR-only line ends separate the positions", async () => {
    const r = await chess(
      "perft",
      "--engine",
      engine,
      "--depth",
      "2",
      "--epd",
      epd(`cr-${engine}.epd`, `${START}\r${POS3}\r`),
    );
    expect(r.exitCode).toBe(0);
    expect(r.stdout.split("\n")).toEqual([`${START} ;D2 400`, `${POS3} ;D2 191`]);
  });
});

describe.concurrent("chess flags and files", () => {
  test.each([
    ["an empty EPD file", ""],
    ["an EPD file of line ends only", "\r\n\n\r\n\r"],
  ])("%s is an error with a message", async (why, text) => {
    const r = await chess(
      "perft",
      "--engine",
      "asm",
      "--depth",
      "1",
      "--epd",
      epd(`${why.replace(/ /g, "-")}.epd`, text),
    );
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/holds no position/);
  });

  test.each(["oracle", "asm"])(
    "a FEN of 10,000 characters is an error whose line shows 200 of them and the length, with %s",
    async (engine) => {
      const fen = "z".repeat(10_000);
      const r = await chess("perft", "--engine", engine, "--depth", "1", "--fen", fen);
      expect(r.exitCode).toBe(1);
      expect(r.stdout).toBe("");
      expect(r.stderr).toMatch(/^--fen: z{200} \.\.\. \(10000 characters\): (fields|line): [^z]+$/);
    },
  );

  test("a run past --timeout ends with exit code 1 and one line that names the position, the limit and how to raise it", async () => {
    const fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    const r = await mateInEight(1, "--fen", fen);
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(
      new RegExp(
        `^--fen: ${escaped(fen)}: timeout: no answer within the time limit \\(no end of the program after \\d+ ms\\); --timeout SECONDS gives the engine longer$`,
      ),
    );
  });

  test("an EPD run past --timeout keeps the answers it finished: the mate in one answered, the search it was in named", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "timeout-")), "two.epd");
    const slow = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq -";
    writeFileSync(file, `6k1/5ppp/8/8/8/8/8/R5K1 w - -\n${slow}\n`);
    const r = await mateInEight(20, "--epd", file);
    expect(r.exitCode).toBe(1);
    // The oracle's mate in one: Ra8#.
    const mate = oracle.findMate(oracle.fenPosition("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"), 1)!;
    expect(r.stdout).toBe(
      `6k1/5ppp/8/8/8/8/8/R5K1 w - - ;mate 1 ${oracle.moveToUci(mate.moves[0]!)}`,
    );
    expect(r.stderr).toMatch(
      new RegExp(
        `^${escaped(file)}:2: ${escaped(slow)}: timeout: no answer within the time limit`,
        "m",
      ),
    );
  });

  test.each(["--help", "help", "mate --help", "perft --engine oracle -h"])(
    "chess %s prints the usage on stdout and exits with 0, running nothing",
    async (args) => {
      const r = await chess(...args.split(" "));
      expect(r.exitCode).toBe(0);
      expect(r.stdout).toMatch(/^usage: chess perft /);
      expect(r.stdout).toMatch(/chess mate --engine .*--stipulation direct\|help\|self/);
      expect(r.stderr).toBe("");
    },
  );

  test.each([
    [
      "a repeated flag",
      ["perft", "--engine", "oracle", "--depth", "1", "--depth", "2", "--fen", START],
      /--depth is given twice/,
    ],
    [
      "a repeated engine",
      ["perft", "--engine", "oracle", "--engine", "asm", "--depth", "1", "--fen", START],
      /--engine is given twice/,
    ],
    [
      "a negative depth",
      ["perft", "--engine", "oracle", "--depth", "-1", "--fen", START],
      /--depth must be a whole number from 1 to 9, not '-1'/,
    ],
    [
      "a negative budget",
      ["best", "--engine", "asm", "--budget", "-5", "--fen", START],
      /--budget must be a whole number from 1 to 65535, not '-5'/,
    ],
  ])("%s is a usage error with exit code 2", (_why, args, message) =>
    expectUsageError(args as string[], message),
  );
});
