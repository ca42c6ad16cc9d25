// The helpmate's and selfmate's solutions (`helpsolution N`, `selfsolution N`, `chess
// solve --stipulation h#N | s#N`): every line of the shortest helpmate, as the published
// solutions of yacpdb's tests give them and as the oracle walks them; every key of a
// selfmate with its threat, as the oracle's selfSolutionLines finds them, on Popeye's
// selfmates and positions the oracle sorted. All jobs run in one emulator boot.
import { beforeAll, describe, expect, test } from "vitest";
import {
  asmEngine,
  oracleEngine,
  type EngineError,
  type SolutionAnswer,
  type SolveRequest,
} from "../ts-harness/core/engines.ts";
import { canonicalSolution, solutionTree } from "../ts-harness/formats/solution.ts";
import {
  PUBLISHED_HELPMATES,
  PUBLISHED_SELFMATES,
  oracleStipulations,
} from "../ts-harness/fixtures/stipulations.ts";
import { chess } from "./cli-runner.ts";

type Answer = SolutionAnswer | EngineError;

const generated = oracleStipulations(4301, 2, 3);
const HELP = PUBLISHED_HELPMATES.filter((h) => h.length <= 2);

/** Each solution as its moves joined, sorted. */
function helpLines(a: Answer): string[] {
  if (!a.ok) throw new Error(JSON.stringify(a));
  const lines: string[] = [];
  for (const key of solutionTree(a.lines)) {
    const moves: string[] = [];
    for (let n: typeof key | undefined = key; n; n = n.children[0]) moves.push(n.move);
    lines.push(moves.join(" "));
  }
  return lines.sort();
}

const requests: (SolveRequest & { title: string })[] = [
  ...HELP.map((h) => ({ title: h.source, fen: h.fen, moves: h.length, aim: "help" as const })),
  ...PUBLISHED_SELFMATES.map((s) => ({
    title: s.source,
    fen: s.fen,
    moves: s.length,
    aim: "self" as const,
  })),
  ...generated.selfmates
    .filter((s) => s.length !== null)
    .map((s) => ({ title: `${s.fen}: s#${s.length}`, fen: s.fen, moves: 2, aim: "self" as const })),
];

describe("helpmate and selfmate solutions", () => {
  const answers = { oracle: [] as Answer[], asm: [] as Answer[] };
  beforeAll(async () => {
    answers.asm = await asmEngine.solution(requests, { timeoutMs: 600_000 });
    answers.oracle = await oracleEngine.solution(requests);
  }, 700_000);

  test.each(HELP.map((h, i) => ({ ...h, i })))(
    "$source: every published solution, and no other",
    ({ solutions, i }) => {
      expect(helpLines(answers.asm[i]!)).toEqual([...solutions].sort());
      expect(helpLines(answers.oracle[i]!)).toEqual([...solutions].sort());
    },
  );

  test.each(requests.map((r, i) => ({ ...r, i })).filter((r) => r.aim === "self"))(
    "$title: the selfmate's keys and threats are the oracle's",
    ({ i }) => {
      const [asm, oracle] = [answers.asm[i]!, answers.oracle[i]!];
      if (!asm.ok || !oracle.ok) throw new Error(JSON.stringify({ asm, oracle }));
      expect(oracle.lines.length).toBeGreaterThan(0);
      expect(canonicalSolution(asm.lines)).toBe(canonicalSolution(oracle.lines));
    },
  );

  test.each(PUBLISHED_SELFMATES.map((s, i) => ({ ...s, i: HELP.length + i })))(
    "$source: the published key $key is a key",
    ({ key, i }) => {
      const keys = (answers.asm[i] as SolutionAnswer).lines.filter((l) => l.role === "key");
      expect(keys.map((k) => k.move)).toContain(key);
    },
  );
});

describe("solve h#N and s#N – the command line", () => {
  test("yacpdb's double Albino h#2 prints its four solutions as Popeye does", async () => {
    const h = PUBLISHED_HELPMATES.find((p) => p.source.includes("doublealbino"))!;
    const r = await chess("solve", "--stipulation", "h#2", "--fen", h.fen);
    expect(r.exitCode).toBe(0);
    expect(r.stdout.split("\n").slice(1).sort()).toEqual(
      [
        "  1.Kd4 gxf3 2.e5 dxc3#",
        "  1.Ke4 g3 2.Nd7 d3#",
        "  1.Kf4 gxh3 2.N5e4 dxe3#",
        "  1.Qf4 g4 2.Ne4 d4#",
      ].sort(),
    );
  }, 150_000);

  test("Popeye's s#2 prints its key", async () => {
    const s = PUBLISHED_SELFMATES.find((p) => p.key === "g4d1")!;
    const r = await chess("solve", "--stipulation", "s#2", "--fen", s.fen);
    expect(r.stdout).toBe(`${s.fen} ;solve s#2\n   1.Qd1!\n`);
  }, 150_000);
});
