// The assembly's material exchange (Liberman's NOIR3 and kin) against the oracle's: the
// same value, and a move among the oracle's best (the assembly keeps the first best move
// in its own generation order, which the oracle cannot know).
// All jobs of a table run in one emulator boot (beforeAll); each test then compares.
import { beforeAll, describe, expect, test } from "vitest";
import {
  asmEngine,
  oracleEngine,
  type EngineError,
  type ExchangeAnswer,
  type ExchangeRequest,
} from "../ts-harness/core/engines.ts";
import { samplePositions } from "../ts-harness/formats/positions.ts";

type Answer = ExchangeAnswer | EngineError;

function describeAnswer(a: Answer): string {
  return a.ok ? `${a.value} by ${a.bestMoves.join(" ") || "none"}` : `error ${a.code} ${a.message}`;
}

function expectSameExchange(req: ExchangeRequest, oracle: Answer, asm: Answer): void {
  const where = `exchange ${req.depth} ${req.fen}\n  oracle: ${describeAnswer(oracle)}\n  asm:    ${describeAnswer(asm)}`;
  if (!oracle.ok || !asm.ok) throw new Error(where);
  expect(asm.value, where).toBe(oracle.value);
  if (oracle.bestMoves.length === 0) expect(asm.bestMoves, where).toEqual([]);
  else expect(oracle.bestMoves, where).toContain(asm.bestMoves[0]);
}

function answersOf(
  requests: ExchangeRequest[],
  timeoutMs: number,
): { oracle: Answer[]; asm: Answer[] } {
  const answers = { oracle: [] as Answer[], asm: [] as Answer[] };
  beforeAll(async () => {
    answers.asm = await asmEngine.exchange(requests, { timeoutMs });
    answers.oracle = await oracleEngine.exchange(requests);
  }, timeoutMs + 60_000);
  return answers;
}

// Special moves, finished games and published positions, each at one ply up to the
// deepest given (four plies only where the board is sparse, to keep the boot short).
const SPECIAL: [name: string, fen: string, deepest: number][] = [
  ["a hanging queen", "4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", 4],
  ["a knight defended by a pawn", "4k3/8/2p5/3n4/4P3/8/8/3RK3 w - - 0 1", 4],
  ["en passant", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", 4],
  ["a promotion, with and without capture", "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", 4],
  ["black promotes and under-promotes", "4k3/8/8/8/8/8/6p1/4K2R b K - 0 1", 4],
  [
    "a mate in one that takes a pawn",
    "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
    3,
  ],
  ["the side to move is mated", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", 3],
  ["the side to move is stalemated", "k7/8/1Q6/8/8/8/8/K7 b - - 0 1", 4],
  ["castling out of reach of a capture", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", 4],
  ["Kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3],
  ["perft position 4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 3],
  ["perft position 5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 3],
  [
    "perft position 6",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    3,
  ],
];

describe("exchange – special moves and published positions", () => {
  const table = SPECIAL.flatMap(([name, fen, deepest]) =>
    Array.from({ length: deepest }, (_, d) => ({ name, fen, depth: d + 1 })),
  );
  const answers = answersOf(table, 300_000);

  test.each(table.map((r, i) => ({ ...r, i })))(
    "$name: depth $depth matches the oracle",
    ({ i }) => {
      expectSameExchange(table[i]!, answers.oracle[i]!, answers.asm[i]!);
    },
    10_000,
  );
});

describe("exchange – positions from seeded random play", () => {
  const sample = samplePositions(1997, 30);
  const table = [
    ...sample.map((s) => ({ fen: s.fen, depth: 3 })),
    ...sample.slice(0, 25).flatMap((s) => [
      { fen: s.fen, depth: 1 },
      { fen: s.fen, depth: 2 },
    ]),
  ];
  const answers = answersOf(table, 400_000);

  test("the sample has at least 100 positions", () => {
    expect(sample.length).toBeGreaterThanOrEqual(100);
  }, 10_000);

  test.each([1, 2, 3])(
    "every position has the oracle's value and one of its best moves at depth %i",
    (depth) => {
      const wrong: string[] = [];
      table.forEach((req, i) => {
        if (req.depth !== depth) return;
        try {
          expectSameExchange(req, answers.oracle[i]!, answers.asm[i]!);
        } catch (e) {
          wrong.push((e as Error).message);
        }
      });
      expect(wrong, `${wrong.length} disagreements:\n${wrong.slice(0, 5).join("\n")}`).toEqual([]);
    },
    10_000,
  );
});
