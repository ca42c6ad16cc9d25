// The solver's standard input: a Popeye input file (several problems, one of them bad)
// and an EPD file of direct mates (`dm N`, `bm #N`, one line bad). The bad one is named
// with its line number on stderr, the others are solved, and the exit code is 1.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { ROOT } from "../ts-harness/core/build.ts";
import { PUBLISHED_PROBLEMS } from "../ts-harness/fixtures/problems.ts";
import { parsePopeye } from "../ts-harness/formats/popeye.ts";
import { chess, expectUsageError } from "./cli-runner.ts";

const FIXTURES = join(ROOT, "ts-harness/fixtures");
const POPEYE = join(FIXTURES, "popeye-problems.inp");
const EPD = join(FIXTURES, "direct-mates.epd");

describe("Popeye's input language", () => {
  test("the problems read as FENs with their stipulations, the bad one named by its line", () => {
    const { problems, errors } = parsePopeye(
      [
        "BeginProblem",
        "Pieces White Ke1 Ra1 Rh1 Sb1",
        "  Black Ke8 Qd8",
        "Stipulation h#2",
        "NextProblem",
        "Pieces White Kc1 Black Ka8 Xb2",
        "Stipulation #2",
        "NextProblem",
        "stip s#3 pieces white kc1 black ka8",
        "EndProblem",
      ].join("\n"),
    );
    expect(problems).toEqual([
      { line: 1, fen: "3qk3/8/8/8/8/8/8/RN2K2R b KQ - 0 1", aim: "help", moves: 2 },
      { line: 8, fen: "k7/8/8/8/8/8/8/2K5 w - - 0 1", aim: "self", moves: 3 },
    ]);
    expect(errors).toEqual([
      { line: 6, message: "'Xb2' is no piece and squares (as Ra1h1) and no command" },
    ]);
  });

  test("Author, Origin, Title, Award and Remark are passed over to the end of their line, accents and all", () => {
    const { problems, errors } = parsePopeye(
      [
        "BeginProblem",
        "Author Sam Loyd",
        "Origin Le Sphinx 1866 Pieces Stipulation",
        "Title Lőrinc's Ka1",
        "Award 1st Prize",
        "Remark NextProblem",
        "Pieces White Kc1 Black Ka8",
        "Stipulation #2",
        "EndProblem",
      ].join("\n"),
    );
    expect(errors).toEqual([]);
    expect(problems).toEqual([
      { line: 1, fen: "k7/8/8/8/8/8/8/2K5 w - - 0 1", aim: "direct", moves: 2 },
    ]);
  });

  test.each([
    ["a file without BeginProblem", "Pieces White Kc1", 1, "no BeginProblem"],
    [
      "a command this solver does not read",
      "BeginProblem\nCondition Circe\nPieces White Kc1 Black Ka8\nStipulation #2\nEndProblem",
      2,
      "'Condition' is not a command this solver reads (beginproblem, endproblem, nextproblem, pieces, stipulation, option, author, origin, title, award, remark)",
    ],
    [
      "a problem without EndProblem",
      "BeginProblem\nStipulation #2\nPieces White Kc1",
      3,
      "no EndProblem",
    ],
    [
      "two pieces on one square",
      "BeginProblem\nPieces White Kc1 Qc1\nStipulation #2\nEndProblem",
      2,
      "two pieces on c1",
    ],
    [
      "a stipulation of another aim",
      "BeginProblem\nPieces White Kc1\nStipulation =2\nEndProblem",
      3,
      "'=2' is not #N, h#N or s#N with N a whole number from 1",
    ],
    [
      "a stipulation of no moves",
      "BeginProblem\nPieces White Kc1 Black Ka8\nStipulation h#0\nEndProblem",
      3,
      "'h#0' is not #N, h#N or s#N with N a whole number from 1",
    ],
    [
      "a NUL byte after a piece",
      "BeginProblem\nPieces White Kc1\0 Black Ka8\nStipulation #2\nEndProblem",
      2,
      "'Kc1\\u{0}' holds a character that is not printable ASCII",
    ],
    [
      "an accented letter in an option",
      "BeginProblem\nPieces White Kc1 Black Ka8\nOption Gesamtlösung\nStipulation #2\nEndProblem",
      3,
      "'Gesamtl\\u{f6}sung' holds a character that is not printable ASCII",
    ],
    [
      "a misspelled command after the pieces",
      "BeginProblem\nPieces White Kc1 Black Ka8\nStipulaton #2\nEndProblem",
      3,
      "'Stipulaton' is no piece and squares (as Ra1h1) and no command",
    ],
    [
      "a second BeginProblem after EndProblem",
      "BeginProblem\nPieces White Kc1 Black Ka8\nStipulation #2\nEndProblem\nBeginProblem",
      5,
      "'BeginProblem' after EndProblem, which ends the input (NextProblem separates problems)",
    ],
  ])("%s is an error on its line", (_, text, line, message) => {
    expect(parsePopeye(text).errors).toEqual([{ line, message }]);
  });

  test("a problem file with a byte that is not UTF-8 names the word holding it, with no raw byte on stderr", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "popeye-")), "latin1.inp");
    const text =
      "BeginProblem\nPieces White Kg1 Ra1 Black Kg8 Pf7g7h7 caf\xe9\nStipulation #1\nEndProblem\n";
    writeFileSync(file, Buffer.from(text, "latin1"));
    const r = await chess("solve", "--problems", file);
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe(
      `${file}:2: Popeye problem: problem: 'caf\\u{e9}' holds a character that is not printable ASCII`,
    );
  }, 60_000);

  test.each(["#0", "s#-1"])(
    "solve --stipulation '%s' is a usage error that says N counts from 1",
    (stipulation) =>
      expectUsageError(
        ["solve", "--stipulation", stipulation, "--fen", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"],
        /--stipulation must be #N, h#N or s#N with N a whole number from 1, not '/,
      ),
  );

  test.each([
    ["--stipulation", ["--stipulation", "#2"], /give it without --stipulation$/m],
    ["--fen", ["--fen", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"], /give it without --fen$/m],
  ])("--problems with %s is a usage error, not a flag ignored", (_, flag, message) =>
    expectUsageError(["solve", "--problems", POPEYE, ...flag], message),
  );

  test("Option Try shows a direct mate's tries: Reddmann's five published ones (Meson PID 199835), and none without it", async () => {
    const problem = (option: string) =>
      [
        "BeginProblem",
        "Author Hauke Reddmann",
        "Origin Die Schwalbe 2019",
        "Pieces White Ke1 Qa3 Rf8h1 Bd2 Sg3f2 Ph2 Black Kg2 Sc8d8 Rh8 Bf7 Ph5g4h3",
        "Stipulation #2",
        option,
        "EndProblem",
      ].join("\n");
    const reddmann = PUBLISHED_PROBLEMS.find((q) => q.source.startsWith("Hauke Reddmann"))!;
    expect(parsePopeye(problem("Option Try")).problems).toEqual([
      { line: 1, fen: reddmann.fen, aim: "direct", moves: 2, tries: true },
    ]);
    const dir = mkdtempSync(join(tmpdir(), "popeye-try-"));
    writeFileSync(join(dir, "try.inp"), problem("Option NoBoard Try"));
    writeFileSync(join(dir, "plain.inp"), problem("Option NoBoard"));
    const tried = await chess("solve", "--problems", join(dir, "try.inp"));
    expect(tried.exitCode).toBe(0);
    for (const [move, refutation] of [
      ["Nf1", "h4"],
      ["Ne2", "Bb3"],
      ["Nf5", "h4"],
      ["Nxh5", "Bb3"],
      ["Qd3", "Nd6"],
    ])
      expect(tried.stdout).toContain(`   1.${move}? but\n      1...${refutation}!\n`);
    const plain = await chess("solve", "--problems", join(dir, "plain.inp"));
    expect(plain.stdout).toContain("   1.Nd3! threat:\n          2.Nf4#");
    expect(plain.stdout).not.toContain("? but");
  }, 150_000);

  test("chess solve --problems solves the good problems and names the bad one", async () => {
    const r = await chess("solve", "--problems", POPEYE);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(
      new RegExp(`^${POPEYE}:7: Popeye problem: problem: 'Sz9' is no piece and squares`, "m"),
    );
    expect(r.stdout).toContain("k7/P1p5/1K6/8/N7/8/8/8 w - - 0 1 ;solve #2\n   1.Ka6! zugzwang.");
    expect(r.stdout).toContain(";solve #3\n   1.bxc3! zugzwang.");
    expect(r.stdout).toContain("   1.Ke8! threat:\n          2.f8=N#");
  }, 150_000);
});

describe("EPD's dm and bm #N", () => {
  test("chess solve --epd solves each line at its own length and names the bad line", async () => {
    const r = await chess("solve", "--epd", EPD);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(
      new RegExp(`^${EPD}:4: k3N3/P7/K6p/8/8/8/8/8 w - -: stipulation: dm x: a direct mate`, "m"),
    );
    expect(r.stdout).toContain(";solve #2\n   1.Ka6! zugzwang.");
    expect(r.stdout).toContain(";solve #2\n   1.Ke8! threat:");
    expect(r.stdout).toContain(";solve #2\n   1.Rxc5! zugzwang.");
  }, 150_000);

  test("a dm or bm #N that does not read names the operation, not a missing stipulation", async () => {
    const fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - -";
    const file = join(mkdtempSync(join(tmpdir(), "epd-dm-")), "bad.epd");
    const ops = ["dm 0;", "dm 999;", "dm -1;", "bm #x;", "bm h#0;", "bm Ra8;"];
    writeFileSync(file, ops.map((op) => `${fen} ${op}\n`).join(""));
    const r = await chess("solve", "--epd", file);
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toBe("");
    const why = r.stderr
      .trim()
      .split("\n")
      .map((l) => l.slice(`${file}:1: ${fen}: stipulation: `.length));
    expect(why).toEqual([
      "dm 0: a direct mate in N moves needs N a whole number from 1",
      "#999: 1 to 8 moves",
      "dm -1: a direct mate in N moves needs N a whole number from 1",
      "bm #x: not #N, h#N or s#N with N a whole number from 1",
      "bm h#0: not #N, h#N or s#N with N a whole number from 1",
      "no stipulation: give --stipulation, or dm N or bm #N in the EPD line",
    ]);
  }, 60_000);
});
