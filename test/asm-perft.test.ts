// The assembly engine against the independent oracle: move lists and perft divides on
// the published positions, on edge cases, and on positions from seeded random play.
// All jobs of a table run in one emulator boot (beforeAll); each test then compares.
import { beforeAll, describe, expect, test } from "vitest";
import { divideMismatch, movesMismatch } from "../ts-harness/core/compare.ts";
import {
  asmEngine,
  oracleEngine,
  type EngineError,
  type MovesAnswer,
  type PerftAnswer,
  type PerftRequest,
} from "../ts-harness/core/engines.ts";
import { LEGALITY_EDGES, PUBLISHED_PERFT } from "../ts-harness/fixtures/perft.ts";
import { samplePositions } from "../ts-harness/formats/positions.ts";

type Answer = PerftAnswer | EngineError;

async function bothEngines(
  requests: PerftRequest[],
  timeoutMs: number,
): Promise<[Answer[], Answer[]]> {
  const asm = await asmEngine.perft(requests, { timeoutMs });
  const oracle = await oracleEngine.perft(requests);
  return [oracle, asm];
}

function expectSameDivide(req: PerftRequest, oracle: Answer, asm: Answer): void {
  const wrong = divideMismatch(req, oracle, asm);
  if (wrong) throw new Error(wrong);
}

// The positions of the Chess Programming Wiki "Perft Results" page, at depths that keep
// the suite short; the oracle's own tests prove it on these to depth 4-5.
const SHALLOW_DEPTHS: Record<string, number> = { "the start position": 4, "position 3": 5 };
const PUBLISHED = PUBLISHED_PERFT.map((p): [string, string, number] => [
  p.name,
  p.fen,
  SHALLOW_DEPTHS[p.name] ?? 3,
]);
const EDGES = LEGALITY_EDGES.map((p): [string, string, number] => [p.name, p.fen, p.depth]);

describe.each([
  ["published positions", PUBLISHED],
  ["edge cases", EDGES],
])("perft divide – %s", (_title, table) => {
  const requests = table.map(([, fen, depth]) => ({ fen, depth, divide: true }));
  let oracle: Answer[];
  let asm: Answer[];
  beforeAll(async () => {
    [oracle, asm] = await bothEngines(requests, 240_000);
  }, 300_000);

  test.each(table.map(([name, , depth], i) => ({ name, depth, i })))(
    "$name: depth $depth matches the oracle",
    ({ i }) => {
      expectSameDivide(requests[i]!, oracle[i]!, asm[i]!);
    },
  );
});

describe("the 218-move position", () => {
  test("has 218 legal moves in the assembly, the published record", async () => {
    const [a] = await asmEngine.moves(["R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1"], {
      timeoutMs: 60_000,
    });
    expect(a!.ok).toBe(true);
    expect((a as MovesAnswer).moves).toHaveLength(218);
  });
});

describe("positions from seeded random play", () => {
  const sample = samplePositions(1997, 50);
  const fens = sample.map((s) => s.fen);
  let oracleMoves: (MovesAnswer | EngineError)[];
  let asmMoves: (MovesAnswer | EngineError)[];
  let oracleDivide: Answer[];
  let asmDivide: Answer[];
  const requests = fens.map((fen) => ({ fen, depth: 2, divide: true }));
  beforeAll(async () => {
    asmMoves = await asmEngine.moves(fens, { timeoutMs: 120_000 });
    oracleMoves = await oracleEngine.moves(fens);
    [oracleDivide, asmDivide] = await bothEngines(requests, 240_000);
  }, 400_000);

  test("the sample has at least 200 positions and every feature is well represented", () => {
    expect(sample.length).toBeGreaterThanOrEqual(200);
    for (const f of ["en-passant", "promotion", "check", "castling"] as const) {
      expect(sample.filter((s) => s.feature === f).length).toBeGreaterThanOrEqual(50);
    }
  });

  test("every position has the same legal moves in both engines", () => {
    const wrong = fens.flatMap((fen, i) => movesMismatch(fen, oracleMoves[i]!, asmMoves[i]!) ?? []);
    expect(wrong, wrong.slice(0, 5).join("\n")).toEqual([]);
  });

  test("every position has the same depth-2 divide in both engines", () => {
    const wrong = requests.flatMap(
      (req, i) => divideMismatch(req, oracleDivide[i]!, asmDivide[i]!) ?? [],
    );
    expect(wrong, wrong.slice(0, 5).join("\n")).toEqual([]);
  });
});
