// The command line, as a user runs it: output format, EPD files, errors and exit codes.
// Expected counts are the published ones (Chess Programming Wiki "Perft Results").
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { POSITION_3 as POS3, START } from "../ts-harness/fixtures/perft.ts";
import { chess, expectUsageError } from "./cli-runner.ts";

describe.each(["oracle", "asm"])("chess perft --engine %s", (engine) => {
  test("prints `FEN ;DN count` for one position", async () => {
    const r = await chess("perft", "--engine", engine, "--depth", "3", "--fen", START);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe(`${START} ;D3 8902`);
  });

  test("--divide prints each root move with its count, sorted, then the total", async () => {
    const r = await chess("perft", "--engine", engine, "--depth", "2", "--divide", "--fen", POS3);
    expect(r.exitCode).toBe(0);
    const lines = r.stdout.split("\n");
    expect(lines).toHaveLength(15);
    const moves = lines.slice(0, 14).map((l) => l.split(" ")[0]!);
    expect(moves).toEqual([...moves].sort());
    const sum = lines.slice(0, 14).reduce((s, l) => s + Number(l.split(" ")[1]), 0);
    expect(sum).toBe(191);
    expect(lines[14]).toBe(`${POS3} ;D2 191`);
  });

  test("--epd runs every position, reports the bad one on stderr and exits 1", async () => {
    const r = await chess(
      "perft",
      "--engine",
      engine,
      "--depth",
      "2",
      "--epd",
      "ts-harness/fixtures/mixed.epd",
    );
    expect(r.exitCode).toBe(1);
    expect(r.stdout.split("\n")).toEqual([
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ;D2 400",
      `${POS3} ;D2 191`,
    ]);
    expect(r.stderr).toMatch(
      /ts-harness\/fixtures\/mixed\.epd:3: 8\/8\/8\/8\/8\/8\/8\/8 w - -: kings: /,
    );
  });
});

// A back-rank mate: Ra8 is the only mate in one (checked by the oracle in oracle-mate tests).
const BACK_RANK = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";

describe.each(["oracle", "asm"])("chess mate and exchange --engine %s", (engine) => {
  test("mate prints `FEN ;mate K UCI` for a forced mate", async () => {
    const r = await chess("mate", "--engine", engine, "--moves", "2", "--fen", BACK_RANK);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe(`${BACK_RANK} ;mate 1 a1a8`);
  });

  test("mate prints `FEN ;nomate N` when there is none", async () => {
    const r = await chess("mate", "--engine", engine, "--moves", "2", "--fen", START);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe(`${START} ;nomate 2`);
  });

  test("--stipulation help prints `FEN ;helpmate K SOLUTIONS UCI,...`: yacpdb's 'fox' a) has its one published solution", async () => {
    const fen = "3b4/8/4p1p1/R5B1/1p2k1n1/8/4NP2/4K3 b - - 0 1";
    const r = await chess(
      "mate",
      "--engine",
      engine,
      "--stipulation",
      "help",
      "--moves",
      "3",
      "--fen",
      fen,
    );
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe(`${fen} ;helpmate 2 1 d8a5,f2f4,e4f5,e2g3`);
  });

  test("--stipulation help prints `FEN ;nohelpmate N` when there is none", async () => {
    const r = await chess(
      "mate",
      "--engine",
      engine,
      "--stipulation",
      "help",
      "--moves",
      "1",
      "--fen",
      START,
    );
    expect(r.stdout).toBe(`${START} ;nohelpmate 1`);
  });

  test("--stipulation self prints `FEN ;selfmate K UCI`, or `;noselfmate N`: Popeye's s#2 1.Qd1", async () => {
    const fen = "8/8/8/8/1p4Q1/k7/p7/K7 w - - 0 1";
    const r = await chess(
      "mate",
      "--engine",
      engine,
      "--stipulation",
      "self",
      "--moves",
      "2",
      "--fen",
      fen,
    );
    expect(r.stdout).toBe(`${fen} ;selfmate 2 g4d1`);
    const none = await chess(
      "mate",
      "--engine",
      engine,
      "--stipulation",
      "self",
      "--moves",
      "1",
      "--fen",
      fen,
    );
    expect(none.stdout).toBe(`${fen} ;noselfmate 1`);
  });

  test("--stipulation help with --epd answers each position and names the bad one", async () => {
    const r = await chess(
      "mate",
      "--engine",
      engine,
      "--stipulation",
      "help",
      "--moves",
      "2",
      "--epd",
      "ts-harness/fixtures/helpmates.epd",
    );
    expect(r.exitCode).toBe(1);
    const lines = r.stdout.split("\n");
    expect(lines[0]).toBe(
      "3b4/8/4p1p1/R5B1/1p2k1n1/8/4NP2/4K3 b - - ;helpmate 2 1 d8a5,f2f4,e4f5,e2g3",
    );
    expect(lines[1]).toMatch(
      /^8\/7B\/K3R2r\/7N\/8\/3P4\/6kp\/6qR b - - ;helpmate 2 2 (h6h5,e6e1,g2h1,h7e4|h6h7,e6e2,g2f1,h5g3)$/,
    );
    expect(r.stderr).toMatch(/helpmates\.epd:4: 8\/8\/8\/8\/8\/8\/8\/8 w - -: kings: /);
  });

  test("exchange prints `FEN ;exchange VALUE UCI`: taking a hanging queen is worth Liberman's 18000", async () => {
    const fen = "4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1";
    const r = await chess("exchange", "--engine", engine, "--depth", "1", "--fen", fen);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe(`${fen} ;exchange 18000 d1d5`);
  });
});

describe("chess best", () => {
  test("prints `bestmove UCI` and the score, depth and nodes on stderr", async () => {
    const r = await chess("best", "--engine", "asm", "--budget", "300", "--fen", BACK_RANK);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe("bestmove a1a8");
    expect(r.stderr).toMatch(/score -?\d+ depth \d+ nodes \d+/);
  });

  test("an EPD bm or am that is no legal move in SAN is named and left out of the solved count", async () => {
    const lines = ["bm Ra8#;", "bm Zz9;", "bm a1a8;", "bm;", "am Kh1;"];
    const file = join(mkdtempSync(join(tmpdir(), "chess-bm-")), "bm.epd");
    writeFileSync(file, lines.map((op) => `6k1/5ppp/8/8/8/8/8/R5K1 w - - ${op}\n`).join(""));
    const r = await chess("best", "--engine", "asm", "--budget", "300", "--epd", file);
    expect(r.exitCode).toBe(0);
    const notes = r.stderr.split("\n").filter((l) => l.endsWith(": not counted"));
    expect(notes).toEqual([
      `${file}:2: 'Zz9' is no legal move here (SAN, as Nf3): not counted`,
      `${file}:3: 'a1a8' is no legal move here (SAN, as Nf3): not counted`,
      `${file}:4: bm or am without a move: not counted`,
    ]);
    // Ra8# mates at once and avoids Kh1: both counted lines are solved.
    expect(r.stderr).toMatch(/^solved 2 of 2 \(bm\/am\)$/m);
  });

  test("the oracle has no search, so best --engine oracle is a usage error", async () => {
    const r = await chess("best", "--engine", "oracle", "--fen", START);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/best needs --engine asm/);
  });
});

describe.concurrent("chess command-line errors", () => {
  test.each([
    ["no command", [], /a command is needed/],
    ["an unknown command", ["fly"], /unknown command 'fly'/],
    [
      "an unknown engine",
      ["perft", "--engine", "stockfish", "--depth", "1", "--fen", START],
      /unknown engine 'stockfish'/,
    ],
    [
      "a depth that is no number",
      ["perft", "--engine", "oracle", "--depth", "x", "--fen", START],
      /--depth must be a whole number from 1 to 9, not 'x'/,
    ],
    ["no position", ["perft", "--engine", "oracle", "--depth", "1"], /a position is needed/],
    [
      "a missing EPD file",
      ["perft", "--engine", "oracle", "--depth", "1", "--epd", "no/such.epd"],
      /cannot read EPD file no\/such\.epd: ENOENT/,
    ],
    [
      "an unknown option",
      ["perft", "--engine", "oracle", "--depth", "1", "--fen", START, "--fast"],
      /Unknown option '--fast'/,
    ],
    [
      "a mate search of 9 moves",
      ["mate", "--engine", "oracle", "--moves", "9", "--fen", START],
      /--moves must be a whole number from 1 to 8, not '9'/,
    ],
    [
      "a helpmate search of 6 moves",
      ["mate", "--engine", "oracle", "--stipulation", "help", "--moves", "6", "--fen", START],
      /--moves must be a whole number from 1 to 5, not '6'/,
    ],
    [
      "an unknown stipulation",
      ["mate", "--engine", "oracle", "--stipulation", "reflex", "--moves", "2", "--fen", START],
      /--stipulation must be direct, help, self, not 'reflex'/,
    ],
    [
      "a budget of 0",
      ["best", "--engine", "asm", "--budget", "0", "--fen", START],
      /--budget must be a whole number from 1 to 65535, not '0'/,
    ],
  ])("%s is a usage error with exit code 2", (_why, args, message) =>
    expectUsageError(args as string[], message),
  );
});
