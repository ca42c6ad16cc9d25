// The assembly's mate solving logic against the oracle's: published mates, positions
// where the tempting move stalemates, sparse positions the oracle sorted, and positions
// from seeded random play. A mate the assembly reports must be a mate of the shortest
// length by the oracle's own check (isMateIn); "nomate" must agree with the oracle.
// All jobs of a table run in one emulator boot (beforeAll); each test then compares.
import { beforeAll, describe, expect, test } from "vitest";
import {
  asmEngine,
  oracleEngine,
  type EngineError,
  type MateAnswer,
  type MateRequest,
} from "../ts-harness/core/engines.ts";
import { isMateIn, parseFen, parseUci } from "../ts-harness/oracle/index.ts";
import { MATE_SET } from "../ts-harness/lab/mates/mate-set.ts";
import { samplePositions } from "../ts-harness/formats/positions.ts";
import { NO_MATES, PUBLISHED_MATES, oracleMates } from "../ts-harness/fixtures/mates.ts";

type Answer = MateAnswer | EngineError;

/** Both engines' answers to the same requests: the assembly's in one boot. */
function answersOf(
  requests: () => MateRequest[],
  timeoutMs: number,
): { oracle: Answer[]; asm: Answer[] } {
  const answers = { oracle: [] as Answer[], asm: [] as Answer[] };
  beforeAll(async () => {
    answers.asm = await asmEngine.mate(requests(), { timeoutMs });
    answers.oracle = await oracleEngine.mate(requests());
  }, timeoutMs + 60_000);
  return answers;
}

function describeAnswer(a: Answer): string {
  if (!a.ok) return `error ${a.code} ${a.message}`;
  return a.length === null ? "no mate" : `mate in ${a.length} by ${a.firstMoves.join(" ")}`;
}

/** The assembly finds the oracle's shortest length, and its move mates in that many. */
function expectSameMate(req: MateRequest, oracle: Answer, asm: Answer): void {
  const where = `mate ${req.moves} ${req.fen}\n  oracle: ${describeAnswer(oracle)}\n  asm:    ${describeAnswer(asm)}`;
  if (!oracle.ok || !asm.ok) throw new Error(where);
  expect(asm.length, where).toBe(oracle.length);
  if (asm.length === null) return;
  const parsed = parseFen(req.fen);
  if (!parsed.ok) throw new Error(where);
  const move = parseUci(parsed.pos, asm.firstMoves[0]!);
  if (!move.ok)
    throw new Error(`${where}\n  the assembly's move is not legal: ${move.error.message}`);
  expect(isMateIn(parsed.pos, move.move, asm.length), where).toBe(true);
}

describe("mate – published mates", () => {
  // Each at its own length, and the short ones with room to spare: still the shortest.
  const requests = [
    ...PUBLISHED_MATES.map((m) => ({
      title: `${m.source}: mate in ${m.length}`,
      fen: m.fen,
      moves: m.length,
    })),
    ...PUBLISHED_MATES.filter((m) => m.length <= 2).map((m) => ({
      title: `${m.source}: asked for mate in ${m.length + 2}, the mate in ${m.length}`,
      fen: m.fen,
      moves: m.length + 2,
    })),
  ];
  const answers = answersOf(() => requests, 300_000);

  test.each(requests.map((r, i) => ({ ...r, i })))(
    "$title is found",
    ({ i }) => {
      expectSameMate(requests[i]!, answers.oracle[i]!, answers.asm[i]!);
    },
    10_000,
  );

  test("every published mate is found at its published length", () => {
    PUBLISHED_MATES.forEach((m, i) =>
      expect(answers.asm[i], m.source).toMatchObject({ ok: true, length: m.length }),
    );
  }, 10_000);
});

describe("mate – mates in 4 of the benchmark set", () => {
  // Four of ts-harness/lab/mates/mate-set.ts's own mates in 4 (a promotion, a quiet king move,
  // a queen's and a king's first move), asked for a mate in 5: still the shortest.
  const KEYS = ["g1f1", "f7f8q", "d5c4", "a5e5"];
  const mates = MATE_SET.filter((m) => m.length === 4 && KEYS.includes(m.key));
  const requests = mates.map((m) => ({ fen: m.fen, moves: 5 }));
  const answers = answersOf(() => requests, 300_000);

  test("the four are in the set", () =>
    expect(mates.map((m) => m.key).sort()).toEqual([...KEYS].sort()));

  test.each(mates.map((m, i) => ({ ...m, i })))(
    "$fen: the mate in 4 by the oracle",
    ({ i }) => {
      expectSameMate(requests[i]!, answers.oracle[i]!, answers.asm[i]!);
      expect(answers.asm[i]).toMatchObject({ ok: true, length: 4 });
    },
    10_000,
  );
});

describe("mate – our own mates in 5 of the benchmark set", () => {
  // ts-harness/lab/mates/mate-set.ts proves each with the oracle's findMate (a minute each, so the
  // length is taken from the set here); 8/P1k5's key a8=Q is a quiet move that threatens
  // mate, which the root's order finds by letting the defender pass (mate_move_class).
  const mates = MATE_SET.filter((m) => m.length === 5 && m.source.startsWith("own"));
  const requests = mates.map((m) => ({ fen: m.fen, moves: 5 }));
  let answers: Answer[] = [];
  beforeAll(async () => {
    answers = await asmEngine.mate(requests, { timeoutMs: 300_000 });
  }, 360_000);

  test("the set has four of them, a threat's key among them", () => {
    expect(mates).toHaveLength(4);
    expect(mates.map((m) => m.key)).toContain("a7a8q");
  });

  test.each(mates.map((m, i) => ({ ...m, i })))(
    "$fen: a mate in 5 the oracle accepts",
    ({ fen, i }) => {
      const a = answers[i]!;
      expect(a, describeAnswer(a)).toMatchObject({ ok: true, length: 5 });
      if (!a.ok) return;
      const parsed = parseFen(fen);
      if (!parsed.ok) throw new Error(fen);
      const move = parseUci(parsed.pos, a.firstMoves[0]!);
      expect(move.ok && isMateIn(parsed.pos, move.move, 5), `${fen}: ${a.firstMoves[0]}`).toBe(
        true,
      );
    },
    10_000,
  );
});

describe("mate – an attacker its defender can mate", () => {
  // Positions of seeded random play (ts-harness/formats/positions.ts, seed 1912) whose side to
  // move has two moves and can be mated at once: the deeper lengths meet attacker nodes
  // without a move, where the search once played a move of an empty chain and crashed.
  const requests = [
    "2k4r/1p6/2p3Pp/4P1P1/p1P1P3/8/P2r4/3r2K1 w - - 0 17",
    "3Q4/8/8/2P5/R7/1R5k/2R5/6K1 b - - 2 52",
  ].map((fen) => ({ fen, moves: 5 }));
  const answers = answersOf(() => requests, 300_000);

  test.each(requests.map((r, i) => ({ ...r, i })))(
    "$fen: no mate in 5, as the oracle says",
    ({ i }) => {
      expectSameMate(requests[i]!, answers.oracle[i]!, answers.asm[i]!);
      expect(answers.asm[i]).toMatchObject({ ok: true, length: null });
    },
    10_000,
  );
});

describe("mate – the longest length asked for", () => {
  // Mates of 1..3 moves asked for in 8 (MATE_MAX_MOVES): still found at their length.
  const requests = PUBLISHED_MATES.filter((m) => m.length <= 3).map((m) => ({
    title: `${m.source}: asked for mate in 8`,
    fen: m.fen,
    moves: 8,
  }));
  const answers = answersOf(() => requests, 300_000);

  test.each(requests.map((r, i) => ({ ...r, i })))(
    "$title, the mate of the oracle's length",
    ({ i }) => {
      expectSameMate(requests[i]!, answers.oracle[i]!, answers.asm[i]!);
    },
    10_000,
  );
});

describe("mate – stalemate traps and other positions without a mate", () => {
  const requests = NO_MATES.map((m) => ({ fen: m.fen, moves: m.within }));
  const answers = answersOf(() => requests, 300_000);

  test.each(NO_MATES.map((m, i) => ({ ...m, i })))(
    "$why: no mate in $within",
    ({ i }) => {
      expectSameMate(requests[i]!, answers.oracle[i]!, answers.asm[i]!);
      expect(answers.asm[i]).toMatchObject({ ok: true, length: null });
    },
    10_000,
  );
});

describe("mate – sparse positions sorted by the oracle", () => {
  const { mates, none } = oracleMates(1858, 3, 6, 10);
  const table = [
    ...mates.map((m) => ({ title: `mate in ${m.length}: ${m.fen}`, fen: m.fen, moves: 3 })),
    ...none.map((m) => ({
      title: `no mate in ${m.within}: ${m.fen}`,
      fen: m.fen,
      moves: m.within,
    })),
  ];
  const answers = answersOf(() => table, 300_000);

  test("the sample has 6 mates of each length 1..3 and 10 positions without", () => {
    expect([1, 2, 3].map((k) => mates.filter((m) => m.length === k).length)).toEqual([6, 6, 6]);
    expect(none).toHaveLength(10);
  }, 10_000);

  test.each(table.map((r, i) => ({ ...r, i })))(
    "$title agrees with the oracle",
    ({ i }) => {
      expectSameMate(table[i]!, answers.oracle[i]!, answers.asm[i]!);
    },
    10_000,
  );
});

describe("mate – positions from seeded random play, mate in 2", () => {
  const requests = samplePositions(1912, 30).map((s) => ({ fen: s.fen, moves: 2 }));
  const answers = answersOf(() => requests, 300_000);

  test("every position gets the oracle's answer", () => {
    const wrong: string[] = [];
    requests.forEach((req, i) => {
      try {
        expectSameMate(req, answers.oracle[i]!, answers.asm[i]!);
      } catch (e) {
        wrong.push((e as Error).message);
      }
    });
    expect(wrong, wrong.slice(0, 5).join("\n")).toEqual([]);
  }, 10_000);
});
