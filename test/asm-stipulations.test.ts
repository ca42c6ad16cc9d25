// The assembly's helpmate and selfmate jobs against the oracle's stipulations.ts: on the
// published problems, on positions the oracle sorted, and at the jobs' limits (a length
// out of range, a bad FEN). All jobs of a table run in one emulator boot (beforeAll).
import { beforeAll, describe, expect, test } from "vitest";
import {
  asmEngine,
  oracleEngine,
  type EngineError,
  type HelpmateAnswer,
  type SelfmateAnswer,
  type StipulationRequest,
} from "../ts-harness/core/engines.ts";
import { runBatch } from "../ts-harness/core/asm-engine.ts";
import {
  fenPosition,
  findSelfmate,
  parseFen,
  playUci,
  status,
} from "../ts-harness/oracle/index.ts";
import {
  PUBLISHED_HELPMATES,
  PUBLISHED_SELFMATES,
  oracleStipulations,
} from "../ts-harness/fixtures/stipulations.ts";
import { INVALID } from "../ts-harness/fixtures/bad-fens.ts";

type Help = HelpmateAnswer | EngineError;
type Self = SelfmateAnswer | EngineError;

const generated = oracleStipulations(4301, 2, 3);

/** The assembly's helpmate is the oracle's: the length, the count, and its line is legal
 *  and ends with the side that began mated. */
function expectSameHelpmate(req: StipulationRequest, oracle: Help, asm: Help): void {
  const where = `helpmate ${req.moves} ${req.fen}\n  oracle: ${JSON.stringify(oracle)}\n  asm:    ${JSON.stringify(asm)}`;
  if (!oracle.ok || !asm.ok) throw new Error(where);
  expect(asm.length, where).toBe(oracle.length);
  expect(asm.solutions, where).toBe(oracle.solutions);
  if (asm.length === null) return;
  expect(asm.line.length, where).toBe(2 * asm.length);
  expect(status(playUci(fenPosition(req.fen), asm.line)), where).toBe("checkmate");
}

/** The assembly's selfmate has the oracle's length, and its key is one of the oracle's. */
function expectSameSelfmate(req: StipulationRequest, oracle: Self, asm: Self): void {
  const where = `selfmate ${req.moves} ${req.fen}\n  oracle: ${JSON.stringify(oracle)}\n  asm:    ${JSON.stringify(asm)}`;
  if (!oracle.ok || !asm.ok) throw new Error(where);
  expect(asm.length, where).toBe(oracle.length);
  if (asm.length !== null) expect(oracle.keys, where).toContain(asm.keys[0]);
}

describe("helpmate – published problems and the oracle's positions", () => {
  const requests: (StipulationRequest & { title: string })[] = [
    ...PUBLISHED_HELPMATES.map((h) => ({
      title: `${h.source}: asked for h#3, the h#${h.length}`,
      fen: h.fen,
      moves: 3,
    })),
    ...generated.helpmates.map((h) => ({
      title: `${h.fen}: h#${h.length ?? "none"} in 2`,
      fen: h.fen,
      moves: 2,
    })),
  ];
  const answers = { oracle: [] as Help[], asm: [] as Help[] };
  beforeAll(async () => {
    answers.asm = await asmEngine.helpmate(requests, { timeoutMs: 300_000 });
    answers.oracle = await oracleEngine.helpmate(requests);
  }, 400_000);

  test.each(requests.map((r, i) => ({ ...r, i })))("$title agrees with the oracle", ({ i }) => {
    expectSameHelpmate(requests[i]!, answers.oracle[i]!, answers.asm[i]!);
  });

  test.each(PUBLISHED_HELPMATES.map((h, i) => ({ ...h, i })))(
    "$source: the published number of solutions, and one of them",
    ({ solutions, i }) => {
      const a = answers.asm[i]!;
      expect(a).toMatchObject({ ok: true, solutions: solutions.length });
      expect(solutions).toContain((a as HelpmateAnswer).line.join(" "));
    },
  );

  test("a promotion to a rook that stalemates is no solution: after 1...a2 only 2.e8=Q# and 2.e8=B# mate", async () => {
    const req = { fen: "8/4P3/8/5KPk/8/p5P1/8/B7 b - - 0 1", moves: 2 };
    const [oracle] = await oracleEngine.helpmate([req]);
    const [asm] = await asmEngine.helpmate([req], { timeoutMs: 60_000 });
    expect(oracle).toMatchObject({ ok: true, length: 1, solutions: 2 });
    expectSameHelpmate(req, oracle!, asm!);
  }, 90_000);

  test("the oracle's positions hold helpmates of each length 1..2 and positions without", () => {
    expect(new Set(generated.helpmates.map((h) => h.length))).toEqual(new Set([1, 2, null]));
  });
});

describe("selfmate – published problems and the oracle's positions", () => {
  const requests: (StipulationRequest & { title: string })[] = [
    ...PUBLISHED_SELFMATES.map((s) => ({
      title: `${s.source}: asked for s#3, the s#${s.length}`,
      fen: s.fen,
      moves: 3,
    })),
    ...generated.selfmates.map((s) => ({
      title: `${s.fen}: s#${s.length ?? "none"} in 2`,
      fen: s.fen,
      moves: 2,
    })),
  ];
  const answers = { oracle: [] as Self[], asm: [] as Self[] };
  beforeAll(async () => {
    answers.asm = await asmEngine.selfmate(requests, { timeoutMs: 300_000 });
    answers.oracle = await oracleEngine.selfmate(requests);
  }, 400_000);

  test.each(requests.map((r, i) => ({ ...r, i })))("$title agrees with the oracle", ({ i }) => {
    expectSameSelfmate(requests[i]!, answers.oracle[i]!, answers.asm[i]!);
  });

  test.each(PUBLISHED_SELFMATES.map((s, i) => ({ ...s, i })))(
    "$source: the published key $key",
    ({ key, i }) => {
      expect(answers.asm[i]).toMatchObject({ ok: true, keys: [key] });
    },
  );

  test("Popeye's 's#2' asked for a selfmate in one: none, as the oracle says", async () => {
    const fen = PUBLISHED_SELFMATES.find((s) => s.key === "g4d1")!.fen;
    expect(findSelfmate(fenPosition(fen), 1)).toBeNull();
    const [a] = await asmEngine.selfmate([{ fen, moves: 1 }], { timeoutMs: 60_000 });
    expect(a).toMatchObject({ ok: true, length: null });
  }, 90_000);
});

describe("helpmate and selfmate – limits", () => {
  const fen = PUBLISHED_SELFMATES[0]!.fen;
  // One bad FEN of each kind of error (an empty one would leave the job without a FEN).
  const bad = INVALID.filter(
    ([, f, code], i) => f !== "" && INVALID.findIndex(([, g, c]) => c === code && g !== "") === i,
  );
  const jobs = [
    ...["helpmate", "selfmate"].flatMap((verb) => [
      `${verb} 0 ${fen}`,
      `${verb} 6 ${fen}`,
      `${verb} ${fen}`,
    ]),
    ...bad.flatMap(([, badFen]) => [`helpmate 2 ${badFen}`, `selfmate 2 ${badFen}`]),
    `helpmate 5 nodes 2000 ${PUBLISHED_HELPMATES[0]!.fen}`,
    `selfmate 5 nodes 50 ${PUBLISHED_SELFMATES[3]!.fen}`,
  ];
  let lines: string[][][] = [];
  beforeAll(async () => {
    lines = (await runBatch(jobs, { timeoutMs: 120_000 })).map((g) => g.lines);
  }, 180_000);

  test.each([0, 1, 2, 3, 4, 5])(
    "a length out of 1..5 or missing is the arg error (job %s)",
    (i) => {
      expect(lines[i]![0]!.slice(0, 2), jobs[i]).toEqual(["error", "arg"]);
    },
  );

  test.each(bad.map(([why, badFen], i) => ({ why, badFen, i })))(
    "a FEN with $why is the oracle's error in both jobs",
    ({ badFen, i }) => {
      const parsed = parseFen(badFen);
      const code = parsed.ok ? "ok" : parsed.error.code;
      expect(lines[6 + 2 * i]![0]!.slice(0, 2)).toEqual(["error", code]);
      expect(lines[7 + 2 * i]![0]!.slice(0, 2)).toEqual(["error", code]);
    },
  );

  test("a node limit stops each job with a `stopped` line naming the limit", () => {
    const [help, self] = lines.slice(6 + 2 * bad.length);
    expect(help![0]!.slice(0, 3)).toEqual(["stopped", "helpmate", "5"]);
    expect(help![0]!.slice(-2)).toEqual(["limit", "nodes"]);
    expect(self![0]!.slice(0, 3)).toEqual(["stopped", "selfmate", "5"]);
    expect(self![0]!.slice(-2)).toEqual(["limit", "nodes"]);
  });

  test("the oracle refuses the same lengths", async () => {
    expect(await oracleEngine.helpmate([{ fen, moves: 6 }])).toMatchObject([
      { ok: false, code: "arg" },
    ]);
    expect(await oracleEngine.selfmate([{ fen, moves: 0 }])).toMatchObject([
      { ok: false, code: "arg" },
    ]);
  });
});
