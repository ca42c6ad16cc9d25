// The assembly engine against the independent oracle: move lists and perft divides on
// the published positions, on edge cases, and on positions from seeded random play.
// All jobs of a table run in one emulator boot (beforeAll); each test then compares.
import { beforeAll, describe, expect, test } from "vitest";
import { divideMismatch, movesMismatch } from "../ts-harness/compare.ts";
import { asmEngine, oracleEngine, type EngineError, type MovesAnswer, type PerftAnswer, type PerftRequest } from "../ts-harness/engines.ts";
import { samplePositions } from "../ts-harness/positions.ts";

type Answer = PerftAnswer | EngineError;

async function bothEngines(requests: PerftRequest[], timeoutMs: number): Promise<[Answer[], Answer[]]> {
  const asm = await asmEngine.perft(requests, { timeoutMs });
  const oracle = await oracleEngine.perft(requests);
  return [oracle, asm];
}

function expectSameDivide(req: PerftRequest, oracle: Answer, asm: Answer): void {
  const wrong = divideMismatch(req, oracle, asm);
  if (wrong) throw new Error(wrong);
}

// The six positions of the Chess Programming Wiki "Perft Results" page, at depths that
// keep the suite short; the oracle's own tests prove it on these to depth 4-5.
const PUBLISHED: [string, string, number][] = [
  ["the start position", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 4],
  ["Kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3],
  ["position 3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5],
  ["position 4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 3],
  ["position 4 mirrored", "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", 3],
  ["position 5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 3],
  ["position 6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 3],
];

// Edge cases; sources: Martin Sedlak's perft edge-case list (TalkChess, 2011) and the
// Chess Programming Wiki. Depths are lower than published; the oracle gives the counts.
const EDGES: [string, string, number][] = [
  ["castling rights are lost when a rook is captured", "r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1", 3],
  ["castling is prevented by attacked squares", "r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1", 3],
  ["en passant that would expose the king along the rank is illegal", "3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1", 4],
  ["en passant pinned on the rank with the pawns side by side", "8/8/8/KPp4r/8/8/8/7k w - c6 0 1", 3],
  ["an en-passant capture that checks the opponent", "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1", 4],
  ["the diagonal en-passant pin", "8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1", 4],
  ["promotion out of check", "2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1", 4],
  ["promotion with capture and under-promotion", "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", 3],
  ["under-promotion to give check", "8/P1k5/K7/8/8/8/8/8 w - - 0 1", 5],
  ["a discovered check", "8/8/1P2K3/8/2n5/1q6/8/5k2 b - - 0 1", 4],
  ["a single rook check with a pinned knight", "4k3/8/8/8/1b6/8/3N4/r3K3 w - - 0 1", 3],
  ["a double check by knight and rook allows king moves only", "4r1k1/8/8/8/8/3n4/8/4K3 w - - 0 1", 3],
  ["a double check by bishop and rook allows king moves only", "4r1k1/8/8/8/1b6/8/8/4K3 w - - 0 1", 3],
  ["a double check on the black king", "4k3/8/3N4/8/8/8/8/4RK2 b - - 0 1", 3],
  ["pinned pieces move only along the pin", "4k3/4r3/8/1b6/8/3B4/4R3/4K3 w - - 0 1", 3],
  ["a pinned knight has no move", "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", 3],
  ["short castling gives check", "5k2/8/8/8/8/8/8/4K2R w K - 0 1", 4],
  ["long castling gives check", "3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", 4],
  ["stalemate and checkmate in the tree", "8/k1P5/8/1K6/8/8/8/8 w - - 0 1", 5],
  ["the 218-move position", "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1", 2],
];

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

  test.each(table.map(([name, , depth], i) => ({ name, depth, i })))("$name: depth $depth matches the oracle", ({ i }) => {
    expectSameDivide(requests[i]!, oracle[i]!, asm[i]!);
  });
});

describe("the 218-move position", () => {
  test("has 218 legal moves in the assembly, the published record", async () => {
    const [a] = await asmEngine.moves(["R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1"], { timeoutMs: 60_000 });
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
    const wrong = requests.flatMap((req, i) => divideMismatch(req, oracleDivide[i]!, asmDivide[i]!) ?? []);
    expect(wrong, wrong.slice(0, 5).join("\n")).toEqual([]);
  });
});
