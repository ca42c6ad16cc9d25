// The tuning's pipeline (npm run tune, docs/strength.md). The mirror of the evaluation
// (ts-harness/lab/tune/mirror.ts) scores 10,000 positions of seeded random play, from
// the start positions and the match's endings, exactly as the assembly's `eval` job does
// in one boot, each of the evaluation's rarer terms among them. The tuner finds K and
// weights again from positions labelled by a made-up model: the expected result of each
// position under chosen weights and a chosen K, never the tuner's own output. The
// tuned set is written back into the source the weights were read from.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { runBatch } from "../ts-harness/core/asm-engine.ts";
import { chessProgram, ROOT } from "../ts-harness/core/build.ts";
import { ENDING_STARTS, seededRandom, START_FENS } from "../ts-harness/formats/positions.ts";
import { evaluate, features, type Features } from "../ts-harness/lab/tune/mirror.ts";
import {
  fitK,
  logisticError,
  tune,
  whiteScores,
  type Sample,
} from "../ts-harness/lab/tune/tuner.ts";
import {
  BISHOP,
  KNIGHT,
  PARAMS,
  PAWN,
  passedIndex,
  PHASES,
  QUEEN,
  ROOK,
  pieceIndex,
  pstIndex,
  readEvalSet,
  SOURCES,
  W,
  writeSources,
  type EvalSet,
} from "../ts-harness/lab/tune/weights.ts";
import * as oracle from "../ts-harness/oracle/index.ts";

const MIRROR_POSITIONS = 10_000;
const KEEP_CHANCE = 0.15;
const MAX_PLIES = 300;
/** Each rarer term of the evaluation is counted in at least this many of the positions. */
const TERM_AT_LEAST = 20;

/** Distinct positions along seeded random games from the start positions and the
 *  endings: openings, middle games and, as random play spends material, bare endings. */
function randomPositions(seed: number, count: number): string[] {
  const starts = [...START_FENS.chess, ...ENDING_STARTS.map((e) => e.fen!)];
  const rnd = seededRandom(seed);
  const seen = new Set<string>();
  const fens: string[] = [];
  for (let game = 0; fens.length < count; game++) {
    const pos = oracle.fenPosition(starts[game % starts.length]!);
    for (let ply = 0; ply < MAX_PLIES && fens.length < count; ply++) {
      const fen = oracle.toFen(pos);
      if (!seen.has(fen) && rnd() < KEEP_CHANCE) {
        seen.add(fen);
        fens.push(fen);
      }
      const moves = oracle.legalMoves(pos);
      if (moves.length === 0 || oracle.status(pos) !== "playing") break;
      oracle.makeMove(pos, moves[Math.floor(rnd() * moves.length)]!);
    }
  }
  return fens;
}

let set: EvalSet;
beforeAll(async () => {
  set = readEvalSet(await chessProgram());
});

describe("the mirror of the evaluation", () => {
  const fens = randomPositions(7, MIRROR_POSITIONS);
  let asm: number[];
  let mirrored: Features[];
  beforeAll(async () => {
    const groups = await runBatch(
      fens.map((f) => `eval ${f}`),
      { timeoutMs: 300_000 },
    );
    asm = groups.map((g, i) => {
      const w = g.lines[0] ?? [];
      if (w[0] !== "eval" || !/^-?\d+$/.test(w[1] ?? ""))
        throw new Error(`eval ${fens[i]}: ${w.join(" ")}`);
      return Number(w[1]);
    });
    mirrored = fens.map((f) => features(f, set.rules));
  }, 330_000);

  test(`scores each of ${MIRROR_POSITIONS} positions of random play as the eval job does, to the centipawn`, () => {
    const wrong = fens.flatMap((fen, i) => {
      const m = evaluate(mirrored[i]!, set.weights, set.rules);
      return m === asm[i] ? [] : [`${fen}: eval ${asm[i]}, mirror ${m}`];
    });
    expect(wrong.slice(0, 10)).toEqual([]);
  });

  const RARE = [
    "BISHOP_PAIR_CP",
    "THREAT_ONE_CP",
    "THREAT_FORK_CP",
    "DOUBLED_END",
    "SHIELD_NEAR",
    "SHIELD_FAR",
    "RUNNER_CP",
    "MOPUP_EDGE",
  ] as const;
  test(`counts each of ${RARE.join(", ")} and a drawn ending's scale in ${TERM_AT_LEAST} positions or more`, () => {
    for (const name of RARE)
      expect(mirrored.filter((f) => f.index.includes(W[name])).length, name).toBeGreaterThanOrEqual(
        TERM_AT_LEAST,
      );
    const scaled = mirrored.filter((f, i) => {
      const s = f.whiteToMove ? asm[i]! : -asm[i]!;
      return s > 0 ? !f.whitePawns : s < 0 && !f.blackPawns;
    });
    expect(scaled.length).toBeGreaterThanOrEqual(TERM_AT_LEAST);
  });
});

describe("the tuner", () => {
  const TRUE_K = 1.3;
  const POSITIONS = 4000;
  let samples: Features[];
  beforeAll(() => {
    samples = randomPositions(11, POSITIONS).map((f) => features(f, set.rules));
  });
  /** Each position's expected result for white under weights `w` at TRUE_K. */
  const expected = (w: ArrayLike<number>): Sample[] =>
    samples.map((f) => {
      const q = (f.whiteToMove ? 1 : -1) * evaluate(f, w, set.rules);
      return { features: f, result: 1 / (1 + 10 ** ((-TRUE_K * q) / 400)) };
    });

  test(`finds K = ${TRUE_K} within 1% from the expected results of the weights as built`, () => {
    const s = expected(set.weights);
    const k = fitK(
      whiteScores(s, set.weights, set.rules),
      s.map((x) => x.result),
    );
    expect(Math.abs(k - TRUE_K) / TRUE_K).toBeLessThan(0.01);
  });

  test("finds a K between 0.5 and 3 for won, drawn and lost games drawn from that model", () => {
    const rnd = seededRandom(5);
    const s = expected(set.weights);
    const results = s.map((x) => {
      const r = rnd();
      return r < x.result * 0.8 ? 1 : r < x.result * 0.8 + 0.2 ? 0.5 : 0;
    });
    const k = fitK(whiteScores(s, set.weights, set.rules), results);
    expect(k).toBeGreaterThan(0.5);
    expect(k).toBeLessThan(3);
  });

  /** The made-up model: the built weights with these changed. */
  const CHANGES: [string, number, number][] = [
    ["a knight in the middle game", pieceIndex(KNIGHT, "mg"), -30],
    ["a bishop in the end game", pieceIndex(BISHOP, "eg"), 25],
    ["the bishop pair", W.BISHOP_PAIR_CP, -25],
    ["a rook on a file without its pawns in the middle game", W.ROOK_SEMI_MIDDLE, 20],
    ["an isolated pawn in the end game", W.ISOLATED_END, 15],
    ["a passed pawn on its sixth rank in the end game", passedIndex(2, "eg"), 40],
    ["a knight on d4 in the middle game", pstIndex(KNIGHT, 4 * 8 + 3, "mg"), -30],
  ];
  const TOLERANCE_CP = 3;
  test(`starting from the built weights, finds each changed weight of a made-up model within ${TOLERANCE_CP} cp: ${CHANGES.map((c) => c[0]).join(", ")}`, () => {
    const truth = Float64Array.from(set.weights);
    for (const [, i, d] of CHANGES) truth[i]! += d;
    const s = expected(truth);
    const moved = new Set(CHANGES.map((c) => c[1]));
    const r = tune(s, set.weights, set.rules, {
      iterations: 400,
      timeMs: 120_000,
      rate: 1,
      k: TRUE_K,
      tuned: (i) => moved.has(i),
    });
    for (const [name, i] of CHANGES)
      expect(Math.abs(r.weights[i]! - truth[i]!), name).toBeLessThanOrEqual(TOLERANCE_CP);
    expect(r.errorAfter).toBeLessThan(r.errorBefore);
    expect(
      logisticError(
        whiteScores(s, r.weights, set.rules),
        s.map((x) => x.result),
        TRUE_K,
      ),
    ).toBe(r.errorAfter);
  });

  test("keeps every weight within the range its encoding takes, and the pieces of each phase in value order", () => {
    const s = expected(set.weights).map((x) => ({
      features: x.features,
      result: x.features.whiteToMove ? 1 : 0,
    }));
    const r = tune(s, set.weights, set.rules, { iterations: 60, timeMs: 60_000, rate: 40 });
    PARAMS.forEach((p, i) => {
      expect(r.weights[i], p.name).toBeGreaterThanOrEqual(p.min);
      expect(r.weights[i], p.name).toBeLessThanOrEqual(p.max);
    });
    for (const phase of PHASES) {
      const values = [PAWN, KNIGHT, BISHOP, ROOK, QUEEN].map(
        (t) => r.weights[pieceIndex(t, phase)]!,
      );
      expect(values, phase).toEqual([...values].sort((a, b) => a - b));
    }
  });
});

describe("the tuned set as source", () => {
  const texts = Object.fromEntries(
    Object.entries(SOURCES).map(([k, f]) => [k, readFileSync(join(ROOT, f), "utf8")]),
  ) as Record<keyof typeof SOURCES, string>;

  test("the built weights written back leave asm/eval/pesto.asm, asm/eval/pawns.asm and asm/eval/eval.inc as they are", () => {
    expect(writeSources(texts, set.weights)).toEqual(texts);
  });

  test("a changed knight's value, knight table square, passed pawn's bonus and bishop pair are written on their own lines", () => {
    const w = Float64Array.from(set.weights);
    const d4 = pstIndex(KNIGHT, 4 * 8 + 3, "eg");
    w[pieceIndex(KNIGHT, "mg")] = w[pieceIndex(BISHOP, "mg")]! - 1;
    w[d4] = w[d4]! + 3;
    w[passedIndex(1, "eg")] = 171;
    w[W.BISHOP_PAIR_CP] = 17;
    const out = writeSources(texts, w);
    expect(out.tables).toMatch(
      new RegExp(`^PESTO_KNIGHT_MG\\s+equ ${w[pieceIndex(KNIGHT, "mg")]}$`, "m"),
    );
    expect(out.constants).toMatch(/^BISHOP_PAIR_CP\s+equ 17\s+;/m);
    expect(out.constants).toMatch(/^THREAT_ONE_CP\s+equ TEMPO_CP\s+;/m);
    expect(out.pawns).toMatch(
      new RegExp(`^\\s+dw\\s+${w[passedIndex(1, "mg")]}, 171\\s+; rank 7$`, "m"),
    );
    const lines = out.tables.split("\n");
    const rank4 = lines[lines.indexOf("pesto_knight:") + 5]!;
    const cells = (phase: "mg" | "eg") =>
      Array.from({ length: 8 }, (_, f) => w[pstIndex(KNIGHT, 4 * 8 + f, phase)]).join(",");
    expect(rank4.replace(/\s/g, "")).toBe(
      `PESTO_RANKPESTO_KNIGHT_MG,PESTO_KNIGHT_EG,{${cells("mg")}},{${cells("eg")}}`,
    );
  });
});
