// The assembly on Los Alamos chess (6x6): Fairy-Stockfish's published perft counts, the
// variant's FEN errors, and the oracle's move lists, divides, mates and exchanges on
// positions from seeded random play (checks, promotions, endgames, mates, stalemates),
// with chess positions in between so that the engine goes back and forth between boards.
// All jobs of a table run in one emulator boot (beforeAll); each test then compares.
import { beforeAll, describe, expect, test } from "vitest";
import { runBatch, type JobLines } from "../ts-harness/core/asm-engine.ts";
import { divideMismatch, movesMismatch } from "../ts-harness/core/compare.ts";
import {
  asmEngine,
  oracleEngine,
  type BestAnswer,
  type EngineError,
  type ExchangeAnswer,
  type MateAnswer,
  type MovesAnswer,
  type PerftAnswer,
} from "../ts-harness/core/engines.ts";
import { KIWIPETE, START as CHESS_START } from "../ts-harness/fixtures/perft.ts";
import {
  fenPosition,
  findMate,
  isMateIn,
  parseFen,
  parseUci,
  status,
} from "../ts-harness/oracle/index.ts";
import { samplePositions } from "../ts-harness/formats/positions.ts";
import { playRandom } from "../ts-harness/lab/match/selfplay.ts";
import {
  LOS_ALAMOS_INVALID,
  LOS_ALAMOS_MATES,
  LOS_ALAMOS_PERFT,
  LOS_ALAMOS_START,
} from "../ts-harness/fixtures/losalamos.ts";

describe("Los Alamos perft in the assembly", () => {
  let asm: (PerftAnswer | EngineError)[];
  beforeAll(async () => {
    asm = await asmEngine.perft(
      LOS_ALAMOS_PERFT.map(([, fen, depth]) => ({ fen, depth, divide: false })),
      { timeoutMs: 120_000 },
    );
  }, 180_000);

  test.each(LOS_ALAMOS_PERFT.map((row, i) => ({ name: row[0], depth: row[2], nodes: row[3], i })))(
    "$name at depth $depth has $nodes leaves (Fairy-Stockfish)",
    ({ nodes, i }) => {
      const answer = asm[i]!;
      if (!answer.ok) throw new Error(`${answer.code} ${answer.message}`);
      expect(answer.nodes).toBe(nodes);
    },
  );
});

describe("Los Alamos FEN errors in the assembly", () => {
  let groups: JobLines[];
  const codeOf = (g: JobLines) => g.lines.find((w) => w[0] === "error")?.[1] ?? "ok";
  beforeAll(async () => {
    // After each bad FEN, a good 6x6 job and a good 8x8 job must still be answered.
    const jobs = LOS_ALAMOS_INVALID.flatMap(([, fen]) => [
      `moves ${fen}`,
      `perft 1 ${LOS_ALAMOS_START}`,
      `perft 1 ${CHESS_START}`,
    ]);
    groups = await runBatch(jobs, { timeoutMs: 60_000 });
  }, 120_000);

  test.each(LOS_ALAMOS_INVALID.map(([why, , code], i) => ({ why, code, i })))(
    "a FEN with $why is rejected as `$code`, like the oracle",
    ({ code, i }) => {
      expect(codeOf(groups[3 * i]!)).toBe(code);
    },
  );

  test("the 6x6 and the 8x8 job after each rejected FEN still run", () => {
    for (let i = 0; i < LOS_ALAMOS_INVALID.length; i++) {
      expect(groups[3 * i + 1]!.lines[0]!.slice(0, 3)).toEqual(["perft", "1", "10"]);
      expect(groups[3 * i + 2]!.lines[0]!.slice(0, 3)).toEqual(["perft", "1", "20"]);
    }
  });
});

describe("Los Alamos positions from seeded random play", () => {
  const sample = samplePositions(1956, 40, "losalamos");
  // Chess positions among them: each one switches the board back and forth.
  const fens = [...sample.map((s) => s.fen), CHESS_START, LOS_ALAMOS_START, KIWIPETE];
  const requests = fens.map((fen) => ({ fen, depth: 3, divide: true }));
  let oracleMoves: (MovesAnswer | EngineError)[];
  let asmMoves: (MovesAnswer | EngineError)[];
  let oracleDivide: (PerftAnswer | EngineError)[];
  let asmDivide: (PerftAnswer | EngineError)[];
  beforeAll(async () => {
    asmMoves = await asmEngine.moves(fens, { timeoutMs: 120_000 });
    oracleMoves = await oracleEngine.moves(fens);
    asmDivide = await asmEngine.perft(requests, { timeoutMs: 240_000 });
    oracleDivide = await oracleEngine.perft(requests);
  }, 400_000);

  test("the sample has checks, promotions, endgames, mates and stalemates", () => {
    for (const f of ["promotion", "check", "endgame"] as const) {
      expect(sample.filter((s) => s.feature === f).length).toBeGreaterThanOrEqual(40);
    }
    const over = sample.map((s) => {
      const p = parseFen(s.fen);
      return p.ok ? status(p.pos) : "bad";
    });
    expect(over.filter((s) => s === "checkmate").length).toBeGreaterThanOrEqual(5);
    expect(over.filter((s) => s === "stalemate").length).toBeGreaterThanOrEqual(5);
  });

  test("every position has the same legal moves in both engines", () => {
    const wrong = fens.flatMap((fen, i) => movesMismatch(fen, oracleMoves[i]!, asmMoves[i]!) ?? []);
    expect(wrong, wrong.slice(0, 5).join("\n")).toEqual([]);
  });

  test("every position has the same depth-3 divide in both engines", () => {
    const wrong = requests.flatMap(
      (req, i) => divideMismatch(req, oracleDivide[i]!, asmDivide[i]!) ?? [],
    );
    expect(wrong, wrong.slice(0, 5).join("\n")).toEqual([]);
  });
});

describe("Los Alamos mates, exchanges and best moves in the assembly", () => {
  // Random play rarely stops one move before a mate: a larger sample, of which the
  // oracle keeps every position with a mate in at most 3 and as many without.
  const wide = samplePositions(6, 150, "losalamos").map((s) => s.fen);
  const mating = wide.filter((fen) => {
    const p = parseFen(fen);
    return p.ok && findMate(p.pos, 3) !== null;
  });
  const notMating = wide.filter((fen) => !mating.includes(fen)).slice(0, mating.length);
  const mateRequests = [...LOS_ALAMOS_MATES.map(([, fen]) => fen), ...mating, ...notMating].map(
    (fen) => ({ fen, moves: 3 }),
  );
  const exchangeRequests = samplePositions(1956, 40, "losalamos").map((s) => ({
    fen: s.fen,
    depth: 3,
  }));
  const bestRequests = LOS_ALAMOS_MATES.map(([, fen]) => ({ fen, ms: 200 }));
  let asmMate: (MateAnswer | EngineError)[];
  let oracleMate: (MateAnswer | EngineError)[];
  let asmExchange: (ExchangeAnswer | EngineError)[];
  let oracleExchange: (ExchangeAnswer | EngineError)[];
  let asmBest: (BestAnswer | EngineError)[];
  beforeAll(async () => {
    asmMate = await asmEngine.mate(mateRequests, { timeoutMs: 240_000 });
    oracleMate = await oracleEngine.mate(mateRequests);
    asmExchange = await asmEngine.exchange(exchangeRequests, { timeoutMs: 240_000 });
    oracleExchange = await oracleEngine.exchange(exchangeRequests);
    asmBest = await asmEngine.best(bestRequests, { timeoutMs: 120_000 });
  }, 600_000);

  test("the sample holds at least 30 mates in 1 to 3", () => {
    expect(mating.length).toBeGreaterThanOrEqual(30);
  });

  test("the mate search finds the oracle's shortest mate in at most 3, with a mating move", () => {
    const wrong: string[] = [];
    mateRequests.forEach((req, i) => {
      const o = oracleMate[i]!;
      const a = asmMate[i]!;
      const where = `mate 3 ${req.fen}: oracle ${JSON.stringify(o)} asm ${JSON.stringify(a)}`;
      if (!o.ok || !a.ok || o.length !== a.length) return wrong.push(where);
      if (a.length === null) return;
      const p = parseFen(req.fen);
      const m = p.ok ? parseUci(p.pos, a.firstMoves[0]!) : null;
      if (!p.ok || !m?.ok || !isMateIn(p.pos, m.move, a.length)) wrong.push(where);
    });
    expect(wrong, wrong.slice(0, 5).join("\n")).toEqual([]);
  });

  test("the exchange to 3 plies has the oracle's value and one of its best moves", () => {
    const wrong = exchangeRequests.flatMap((req, i) => {
      const o = oracleExchange[i]!;
      const a = asmExchange[i]!;
      const same =
        o.ok &&
        a.ok &&
        o.value === a.value &&
        (o.bestMoves.length === 0
          ? a.bestMoves.length === 0
          : o.bestMoves.includes(a.bestMoves[0]!));
      return same
        ? []
        : [`exchange 3 ${req.fen}: oracle ${JSON.stringify(o)} asm ${JSON.stringify(a)}`];
    });
    expect(wrong, wrong.slice(0, 5).join("\n")).toEqual([]);
  });

  test.each(LOS_ALAMOS_MATES.map(([why, fen], i) => ({ why, fen, i })))(
    "best plays the mate in one: $why",
    ({ fen, i }) => {
      const a = asmBest[i]!;
      if (!a.ok) throw new Error(`${a.code} ${a.message}`);
      const pos = fenPosition(fen);
      const m = parseUci(pos, a.move!);
      expect(m.ok && isMateIn(pos, m.move, 1)).toBe(true);
    },
  );
});

/** The same position seen from the other side: ranks reversed, colours swapped, the
 *  other side to move (Los Alamos chess has no castling and no en passant). */
function mirrored(fen: string): string {
  const [board, side, , , halfmove, fullmove] = fen.split(" ");
  const swap = (c: string) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase());
  const ranks = board!
    .split("/")
    .reverse()
    .map((rank) => [...rank].map(swap).join(""));
  return [ranks.join("/"), side === "w" ? "b" : "w", "-", "-", halfmove, fullmove].join(" ");
}

describe("Los Alamos evaluation", () => {
  // The 6x6 board has its own view of the piece-square tables (eval.asm,
  // la_table_square): each side reads them from its own side of the 6x6 board. With
  // the 8x8 tables read on the a1..f6 corner, white and black saw different tables: the
  // start position scored -99 for white and +99 for black at depth 2.
  const fens = [
    LOS_ALAMOS_START,
    ...samplePositions(1956, 10, "losalamos")
      .map((s) => s.fen)
      .filter((fen) => status(fenPosition(fen)) === "playing")
      .slice(0, 30),
  ];
  let scores: string[];
  beforeAll(async () => {
    const jobs = fens.flatMap((fen) => [
      `position ${fen}`,
      "go depth 2",
      `position ${mirrored(fen)}`,
      "go depth 2",
    ]);
    const answers = await runBatch(jobs, { timeoutMs: 120_000 });
    scores = answers
      .filter((_, i) => i % 2 === 1)
      .map((a) =>
        a.lines
          .find((l) => l[0] === "bestmove")!
          .slice(2, 5)
          .join(" "),
      );
  }, 150_000);

  test("a position and its mirror image get the same score at depth 2, the start position among them", () => {
    const differ = fens.flatMap((fen, i) =>
      scores[2 * i] === scores[2 * i + 1]
        ? []
        : [`${fen}: ${scores[2 * i]}, mirrored ${scores[2 * i + 1]}`],
    );
    expect(differ, differ.slice(0, 5).join("\n")).toEqual([]);
  });

  test("from the start position the engine at depth 3 mates random play with either colour, each game within 120 plies", async () => {
    const games = await playRandom(LOS_ALAMOS_START, ["w", "b", "w", "b"], 3, 1956, 120);
    expect(games.map((g) => `${g.engineColor}: ${g.status}, ${g.mated ?? "nobody"} mated`)).toEqual(
      games.map((g) => `${g.engineColor}: checkmate, ${g.engineColor === "w" ? "b" : "w"} mated`),
    );
  }, 120_000);
});
