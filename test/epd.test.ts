// EPD with operations: the reader (epd.ts) and the command line reading and writing it.
// Perft counts are the published ones (Chess Programming Wiki); the position of the
// WAC line is Win At Chess no. 1 (Fred Reinfeld's collection), quoted as published.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { formatEpd, parseEpd } from "../ts-harness/formats/epd.ts";
import { chess } from "./cli-runner.ts";

const WAC1 = '2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id "WAC.001";';

function epdFile(lines: string[]): string {
  const path = join(mkdtempSync(join(tmpdir(), "epd-")), "t.epd");
  writeFileSync(path, lines.join("\n") + "\n");
  return path;
}

describe("EPD lines", () => {
  test("the four position fields, then operations with their operands; quoted strings keep their quotes", () => {
    const r = parseEpd(WAC1);
    expect(r.ok && r.epd).toEqual({
      position: "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - -",
      fen: "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
      operations: [
        { opcode: "bm", operands: ["Qg6"] },
        { opcode: "id", operands: ['"WAC.001"'] },
      ],
    });
    expect(r.ok && formatEpd(r.epd)).toBe(WAC1);
  });

  test("hmvc and fmvn give the FEN its clocks; a semicolon inside a string is no operation end", () => {
    const r = parseEpd('8/8/8/4k3/8/8/8/4K2R w K - hmvc 12; fmvn 40; c0 "a; b";');
    expect(r.ok && r.epd.fen).toBe("8/8/8/4k3/8/8/8/4K2R w K - 12 40");
    expect(r.ok && r.epd.operations.map((o) => o.opcode)).toEqual(["hmvc", "fmvn", "c0"]);
  });

  test("the perft suites' form, six FEN fields then ;D1 20 ;D2 400, reads too", () => {
    const r = parseEpd("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400");
    expect(r.ok && r.epd.position).toBe("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    expect(r.ok && r.epd.operations).toEqual([
      { opcode: "D1", operands: ["20"] },
      { opcode: "D2", operands: ["400"] },
    ]);
  });

  test("an unclosed quote is an error that says so", () => {
    const r = parseEpd('8/8/8/4k3/8/8/8/4K3 w - - id "open;');
    expect(r.ok).toBe(false);
    expect(!r.ok && r.message).toMatch(/unclosed quote/);
  });
});

describe("the command line with EPD operations", () => {
  test("perft reads a line with a bm operation (once a clock error)", async () => {
    const r = await chess(
      "perft",
      "--engine",
      "oracle",
      "--depth",
      "2",
      "--epd",
      epdFile(['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4; id "start";']),
    );
    expect(r.stderr).toBe("");
    expect(r.stdout).toBe("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ;D2 400");
  });

  test("best writes each line back with its operations and the move played as pm, and counts the bm solved", async () => {
    const r = await chess(
      "best",
      "--engine",
      "asm",
      "--budget",
      "300",
      "--epd",
      epdFile(['6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Ra8#; id "back rank";']),
    );
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe('6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Ra8#; id "back rank"; pm Ra8#;');
    expect(r.stderr).toMatch(/solved 1 of 1 \(bm\/am\)/);
  });
});
