// The move the assembly plays (`best MS FEN`), checked by the oracle: always legal, a
// mate in 1 when there is one, a hanging queen taken, a threatened mate in 1 parried,
// `none` only without a legal move, and the budget kept (instructions counted by rdtsc).
// All jobs run in one emulator boot (beforeAll); each test then checks its answers.
import { beforeAll, describe, expect, test } from "vitest";
import {
  asmEngine,
  type BestAnswer,
  type BestRequest,
  type EngineError,
} from "../ts-harness/core/engines.ts";
import {
  exchange,
  fenPosition as position,
  findMate,
  isMateIn,
  legalMoves,
  makeMove,
  type Move,
  moveToUci,
  parseUci,
  type Position,
  unmakeMove,
} from "../ts-harness/oracle/index.ts";
import { samplePositions } from "../ts-harness/formats/positions.ts";
import { PUBLISHED_MATES, oracleMates } from "../ts-harness/fixtures/mates.ts";

/** Emulated instructions a millisecond of the 3000-cycle DOSBox the budget counts in. */
const INSTRUCTIONS_PER_MS = 3000;
/** The budget may be overrun by a tenth, plus this much for reading the job and
 *  generating the first moves. Not a timing: the counter is exact under emulation. */
const BUDGET_SLACK = 1.1;
const SETUP_INSTRUCTIONS = 100_000;

function budgetLimit(ms: number): number {
  return ms * INSTRUCTIONS_PER_MS * BUDGET_SLACK + SETUP_INSTRUCTIONS;
}
/** The budget of the tests about the choice of move. */
const PLAY_MS = 2000;

type Answer = BestAnswer | EngineError;

/** The same position with the other side to move (no en passant): whose threats. */
function otherSideToMove(fen: string): Position {
  const fields = fen.split(" ");
  fields[1] = fields[1] === "w" ? "b" : "w";
  fields[3] = "-";
  return position(fields.join(" "));
}

function describeAnswer(a: Answer): string {
  return a.ok
    ? `${a.move ?? "none"} score ${a.score} depth ${a.depth} tsc ${a.tsc}`
    : `error ${a.code} ${a.message}`;
}

/** The assembly's move as the oracle reads it; throws when it is not a legal move. */
function playedMove(fen: string, answer: Answer): Move {
  if (!answer.ok) throw new Error(`best ${fen}: error ${answer.code} ${answer.message}`);
  if (answer.move === null)
    throw new Error(
      `best ${fen}: none, though the oracle has ${legalMoves(position(fen)).length} moves`,
    );
  const move = parseUci(position(fen), answer.move);
  if (!move.ok) throw new Error(`best ${fen}: ${move.error.message}`);
  return move.move;
}

/** The position after the assembly's move; throws when the move is not legal. */
function after(fen: string, answer: Answer): Position {
  const move = playedMove(fen, answer);
  const pos = position(fen);
  makeMove(pos, move);
  return pos;
}

// Black's queen left where a piece takes it for nothing, and the same for White.
const HANGING_QUEENS: [why: string, fen: string, queen: string][] = [
  ["the rook takes the queen on its file", "4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", "d5"],
  ["the pawn takes the queen", "4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1", "d5"],
  ["the knight takes the queen", "r3k3/8/8/8/3q4/8/4N3/4K3 w - - 0 1", "d4"],
  ["black's bishop takes the queen in the corner", "4k3/8/8/8/8/8/1b6/Q3K3 b - - 0 1", "a1"],
  [
    "1.e4 e5 2.Nf3 Qg5?? 3.Nxg5",
    "rnb1kbnr/pppp1ppp/8/4p1q1/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
    "g5",
  ],
  ["1.e4 d5 2.Qg4?? Bxg4", "rnbqkbnr/ppp1pppp/8/3p4/4P1Q1/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2", "g4"],
];

// The side to move is mated in 1 if it lets the threat through, and can parry it.
const THREATS: [why: string, fen: string][] = [
  [
    "1.e4 e5 2.Bc4 Nc6 3.Qh5: Qxf7# is threatened",
    "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3",
  ],
  ["White threatens the back-rank mate Ra8#", "6k1/5ppp/8/8/8/8/5PPP/R5K1 b - - 0 1"],
  ["Black threatens the back-rank mate Ra1#", "r5k1/5ppp/8/8/8/8/5PPP/6K1 w - - 0 1"],
  // Found by the oracle in random play (positions.ts, seeds 7 to 9): one defence of 19.
  [
    "random play: one move of 19 parries the mate",
    "2r2r2/1P6/R1p3k1/2PpP2p/1P1Pp1p1/6K1/8/7q w - - 1 25",
  ],
  ["random play: six moves of 15 parry the mate", "1n2k2r/3R4/6pB/7P/4p3/p7/p7/2Q2K1R b k - 1 38"],
];

const NO_MOVE: [why: string, fen: string][] = [
  ["the side to move is mated", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"],
  ["the side to move is stalemated", "k7/8/1Q6/8/8/8/8/K7 b - - 0 1"],
];

const MATES_IN_1 = [
  ...PUBLISHED_MATES.filter((m) => m.length === 1),
  ...oracleMates(1851, 1, 10, 0).mates,
];
const SAMPLE = samplePositions(1966, 10).map((s) => s.fen);
// Budgets from below the cost of reading the job up to a few iterations, on a busy
// middlegame and on the position with the most legal moves.
const BUDGETS = [
  ["Kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"],
  ["the 218-move position", "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1"],
].flatMap(([name, fen]) => [1, 10, 100, 1000, 3000].map((ms) => ({ name: name!, fen: fen!, ms })));

/** The positions played at PLAY_MS, by what each group tests. */
const PLAY_GROUPS = {
  mates: MATES_IN_1.map((m) => m.fen),
  queens: HANGING_QUEENS.map(([, fen]) => fen),
  threats: THREATS.map(([, fen]) => fen),
  noMove: NO_MOVE.map(([, fen]) => fen),
  sample: SAMPLE,
};
type Group = keyof typeof PLAY_GROUPS | "budgets";

const jobs: { group: Group; request: BestRequest }[] = [
  ...Object.entries(PLAY_GROUPS).flatMap(([group, fens]) =>
    fens.map((fen) => ({ group: group as Group, request: { fen, ms: PLAY_MS } })),
  ),
  ...BUDGETS.map(({ fen, ms }) => ({ group: "budgets" as const, request: { fen, ms } })),
];
const answers: Answer[] = [];

/** A group's answers, in the group's order. */
function answersOf(group: Group): Answer[] {
  return answers.filter((_, i) => jobs[i]!.group === group);
}

beforeAll(async () => {
  answers.push(
    ...(await asmEngine.best(
      jobs.map((j) => j.request),
      { timeoutMs: 400_000 },
    )),
  );
}, 460_000);

describe("best – the oracle agrees with the test positions", () => {
  test.each(HANGING_QUEENS)(
    "%s: taking the queen is the best grab, and there is no mate in 2",
    (_why, fen, queen) => {
      const pos = position(fen);
      const grab = exchange(pos, 1);
      expect(grab.value).toBe(18000);
      expect(grab.moves.every((m) => m.to === queen)).toBe(true);
      expect(findMate(pos, 2)).toBeNull();
    },
    30_000,
  );

  test.each(THREATS)(
    "%s: the threat is a mate in 1, and a move parries it",
    (_why, fen) => {
      expect(findMate(otherSideToMove(fen), 1)).not.toBeNull();
      const pos = position(fen);
      expect(findMate(pos, 1)).toBeNull();
      const parries = legalMoves(pos).filter((m) => {
        makeMove(pos, m);
        const mated = findMate(pos, 1) !== null;
        unmakeMove(pos);
        return !mated;
      });
      expect(parries.length).toBeGreaterThan(0);
    },
    30_000,
  );
});

describe("best – the move played", () => {
  test.each(MATES_IN_1.map((m, i) => ({ ...m, i })))(
    "$source: the mate in 1 is played",
    ({ fen, i }) => {
      const answer = answersOf("mates")[i]!;
      expect(
        isMateIn(position(fen), playedMove(fen, answer), 1),
        `${fen}: ${describeAnswer(answer)}`,
      ).toBe(true);
    },
    10_000,
  );

  test.each(HANGING_QUEENS.map(([why, fen, queen], i) => ({ why, fen, queen, i })))(
    "$why",
    ({ fen, queen, i }) => {
      const answer = answersOf("queens")[i]!;
      expect(playedMove(fen, answer).to, `${fen}: ${describeAnswer(answer)}`).toBe(queen);
    },
    10_000,
  );

  test.each(THREATS.map(([why, fen], i) => ({ why, fen, i })))(
    "$why: the move parries it",
    ({ fen, i }) => {
      const answer = answersOf("threats")[i]!;
      const mate = findMate(after(fen, answer), 1);
      expect(
        mate?.moves.map(moveToUci) ?? "no mate",
        `${fen}: after ${describeAnswer(answer)}`,
      ).toBe("no mate");
    },
    10_000,
  );

  test.each(NO_MOVE.map(([why, fen], i) => ({ why, fen, i })))(
    "$why: none",
    ({ i }) => {
      expect(answersOf("noMove")[i]).toMatchObject({ ok: true, move: null });
    },
    10_000,
  );

  test(`every answer on ${SAMPLE.length} positions from seeded random play is a legal move, or none when there is none`, () => {
    const wrong: string[] = [];
    SAMPLE.forEach((fen, i) => {
      const answer = answersOf("sample")[i]!;
      try {
        if (legalMoves(position(fen)).length > 0) after(fen, answer);
        else if (!answer.ok || answer.move !== null)
          throw new Error(`best ${fen}: ${describeAnswer(answer)}, though there is no legal move`);
      } catch (e) {
        wrong.push((e as Error).message);
      }
    });
    expect(wrong, wrong.slice(0, 5).join("\n")).toEqual([]);
  }, 10_000);
});

describe("best – the budget", () => {
  test("every job keeps within its budget, by the instruction counter", () => {
    const over = jobs
      .map(({ request: r }, i) => ({ r, a: answers[i]! }))
      .filter(({ r, a }) => !a.ok || a.tsc === undefined || a.tsc > budgetLimit(r.ms))
      .map(({ r, a }) => `best ${r.ms} ${r.fen}: ${a.ok ? `tsc ${a.tsc}` : a.message}`);
    expect(over, over.slice(0, 5).join("\n")).toEqual([]);
  }, 10_000);

  test.each(BUDGETS.map((b, i) => ({ ...b, i })))(
    "$name in $ms ms: a legal move within the budget",
    ({ fen, ms, i }) => {
      const answer = answersOf("budgets")[i]!;
      after(fen, answer);
      expect((answer as BestAnswer).tsc).toBeLessThanOrEqual(budgetLimit(ms));
    },
    10_000,
  );
});
