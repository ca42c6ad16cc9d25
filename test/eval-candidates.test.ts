// The evaluation's candidates behind nasm switches (docs/strength.md's history), read
// through the `eval` job: -DTAPERED scores squares by PeSTO's published tables (the
// numbers below are chessprogramming.org's "PeSTO's Evaluation Function", never the
// assembly's), and -DPASSED_CONNECTED adds to connected passed pawns only. The checking
// build -DEVAL_VERIFY holds the sums kept move by move to the sums counted from nothing:
// its searches of positions from seeded random play answer as the program's.
import { describe, expect, test } from "vitest";
import { runBatch } from "../ts-harness/core/asm-engine.ts";
import { assembleVariant } from "../ts-harness/core/build.ts";
import { samplePositions } from "../ts-harness/formats/positions.ts";

async function evals(defines: string[], fens: string[]): Promise<number[]> {
  const program = await assembleVariant(defines.join("-").toLowerCase() || "default", defines);
  const groups = await runBatch(
    fens.map((f) => `eval ${f}`),
    { programBytes: program.bytes, timeoutMs: 120_000 },
  );
  return groups.map((g, i) => {
    const w = g.lines[0]!;
    if (w[0] !== "eval") throw new Error(`eval ${fens[i]}: ${w.join(" ")}`);
    return Number(w[1]);
  });
}

// PeSTO's tables as published, white's view, a8 first: the entries the positions use.
const MG_KNIGHT_F3 = 17;
const MG_KNIGHT_G1 = -19;
const EG_KING_C2 = 4;
const EG_KING_B1 = -34;

const START_BLACK = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1";
const KNIGHT_F3 = "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1";
const KNIGHT_F6 = "rnbqkb1r/pppppppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 1 1";
const KING_B1 = "k7/8/8/8/8/8/4P3/1K6 w - - 0 1";
const KING_C2 = "k7/8/8/8/8/8/2K1P3/8 w - - 0 1";

describe("the candidate -DTAPERED: PeSTO's tables blended by the phase", () => {
  test("the knight's g1-f3 in the start position gains PeSTO's middle-game f3 less g1, for white as for black", async () => {
    const [start, f3, f6] = await evals(["TAPERED"], [START_BLACK, KNIGHT_F3, KNIGHT_F6]);
    expect(start! - f3!).toBe(MG_KNIGHT_F3 - MG_KNIGHT_G1);
    expect(f6).toBe(f3);
  }, 300_000);

  test("with kings and a pawn alone the king's step b1-c2 gains PeSTO's end-game c2 less b1", async () => {
    const [b1, c2] = await evals(["TAPERED"], [KING_B1, KING_C2]);
    expect(c2! - b1!).toBe(EG_KING_C2 - EG_KING_B1);
  }, 300_000);
});

describe("the candidate -DPASSED_CONNECTED", () => {
  test("passed pawns side by side or defended score more than in the default build, apart the same", async () => {
    const fens = [
      "k7/8/8/3PP3/8/8/8/4K3 w - - 0 1",
      "4k3/8/8/8/3pp3/8/8/K7 b - - 0 1",
      "k7/8/8/3P4/4P3/8/8/4K3 w - - 0 1",
      "k7/8/8/3P3P/8/8/8/4K3 w - - 0 1",
    ];
    const [plain, connected] = [await evals([], fens), await evals(["PASSED_CONNECTED"], fens)];
    const gain = connected.map((c, i) => c - plain[i]!);
    expect(gain[0]).toBeGreaterThan(0);
    expect(gain[1]).toBe(gain[0]);
    expect(gain[2]).toBeGreaterThan(0);
    expect(gain[2]).toBeLessThan(gain[0]!);
    expect(gain[3]).toBe(0);
  }, 300_000);
});

/** The move, score, depth and nodes of a depth-3 search of each position, by a build. */
async function searches(defines: string[], fens: readonly string[]): Promise<string[]> {
  const program = await assembleVariant(defines.join("-").toLowerCase() || "default", defines);
  const groups = await runBatch(
    fens.flatMap((f) => [`position ${f}`, "go depth 3"]),
    { programBytes: program.bytes, native: true, timeoutMs: 240_000 },
  );
  return groups
    .filter((_, i) => i % 2 === 1)
    .map((g) => (g.lines.find((l) => l[0] === "bestmove") ?? g.lines.flat()).slice(0, 9).join(" "));
}

describe("the checking build -DEVAL_VERIFY", () => {
  const fens = [...samplePositions(7, 6, "chess"), ...samplePositions(7, 6, "losalamos")].map(
    (s) => s.fen,
  );

  for (const candidate of [[], ["TAPERED"]])
    test(`the sums kept move by move are those counted from nothing at every evaluation of ${fens.length} searches at depth 3, chess and Los Alamos, ${candidate.length ? "-DTAPERED" : "the default build"}`, async () => {
      const plain = await searches(candidate, fens);
      const checked = await searches([...candidate, "EVAL_VERIFY"], fens);
      expect(plain.filter((p) => !p.startsWith("bestmove"))).toEqual([]);
      expect(checked).toEqual(plain);
    }, 600_000);
});
