// The solution job (`solution N FEN`, the CLI's `solve`) against the oracle's
// solutionLines: the same keys, threats, defences and answers, tree for tree, on
// published problems (Popeye's regression tests, Meson's two-movers) and the suite's
// published mates; the published threats and variations found in it; and the layout
// the command line prints. All jobs run in one emulator boot (beforeAll).
import { beforeAll, describe, expect, test } from "vitest";
import {
  asmEngine,
  oracleEngine,
  type EngineError,
  type MateRequest,
  type SolutionAnswer,
} from "../ts-harness/core/engines.ts";
import { canonicalSolution, solutionTree } from "../ts-harness/formats/solution.ts";
import { PUBLISHED_PROBLEMS } from "../ts-harness/fixtures/problems.ts";
import { PUBLISHED_MATES } from "../ts-harness/fixtures/mates.ts";
import * as oracle from "../ts-harness/oracle/index.ts";
import { chess } from "./cli-runner.ts";

type Answer = SolutionAnswer | EngineError;

const PROBLEMS = PUBLISHED_PROBLEMS.filter((p) => p.length >= 2);
const requests: (MateRequest & { title: string })[] = [
  ...PROBLEMS.map((p) => ({ title: p.source, fen: p.fen, moves: p.length })),
  ...PUBLISHED_MATES.filter((m) => m.length >= 2 && m.length <= 4).map((m) => ({
    title: `${m.source}, #${m.length}`,
    fen: m.fen,
    moves: m.length,
  })),
];

describe("solution – the keys' trees", () => {
  const answers = { oracle: [] as Answer[], asm: [] as Answer[] };
  beforeAll(async () => {
    answers.asm = await asmEngine.solution(requests, { timeoutMs: 600_000 });
    answers.oracle = await oracleEngine.solution(requests);
  }, 700_000);

  test.each(requests.map((r, i) => ({ ...r, i })))(
    "$title: every line is the oracle's",
    ({ i }) => {
      const [asm, oracle] = [answers.asm[i]!, answers.oracle[i]!];
      if (!asm.ok || !oracle.ok) throw new Error(JSON.stringify({ asm, oracle }));
      expect(oracle.lines.length).toBeGreaterThan(0);
      expect(canonicalSolution(asm.lines)).toBe(canonicalSolution(oracle.lines));
    },
  );

  test.each(PROBLEMS.map((p, i) => ({ ...p, i })))(
    "$source: the published threat and variations",
    ({ keys, threat, variations, i }) => {
      const a = answers.asm[i] as SolutionAnswer;
      const tree = solutionTree(a.lines);
      const key = tree.find((n) => n.move === keys.find((k) => k.length > 1)!.move)!;
      const threats = key.children.filter((c) => c.role === "threat").map((c) => c.move);
      expect(threats.sort()).toEqual([...(threat ?? [])].sort());
      for (const v of variations ?? []) {
        const defence = key.children.find((c) => c.role === "move" && c.move === v.defence);
        expect(defence, `1...${v.defence}`).toBeDefined();
        expect(defence!.children.map((c) => c.move).sort()).toEqual([...v.answers].sort());
      }
    },
  );

  test("a mate in four shows its first two moves only", () => {
    const i = requests.findIndex((r) => r.moves === 4);
    const a = answers.asm[i] as SolutionAnswer;
    expect(a.lines.length).toBeGreaterThan(1);
    expect(Math.max(...a.lines.map((l) => l.ply))).toBe(3);
  });
});

describe("solve – the command line", () => {
  test("Kish's two-mover is laid out as Popeye lays it out, its variations as Meson gives them", async () => {
    const kish = PUBLISHED_PROBLEMS.find((p) => p.source.startsWith("Alexander Kish"))!;
    const r = await chess("solve", "--stipulation", "#2", "--fen", kish.fen);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe(
      [
        `${kish.fen} ;solve #2`,
        "   1.Ke8! threat:",
        "          2.f8=N#",
        "      1...Rg8+",
        "          2.fxg8=Q#",
        "          2.fxg8=B#",
        "      1...Rxf7",
        "          2.Qxf7#",
        "      1...d5",
        "          2.Qd7#",
        "      1...Bg6",
        "          2.Nxg5#",
        "      1...Qh5",
        "          2.Qxe4#",
        "",
      ].join("\n"),
    );
  }, 150_000);

  test("a short solution is a key of its own, mate at once", async () => {
    const p = PUBLISHED_PROBLEMS.find((q) => q.source.includes("short solution"))!;
    const r = await chess("solve", "--stipulation", "#2", "--fen", p.fen);
    expect(r.stdout).toContain("   1.Nc7#!\n");
    expect(r.stdout).toContain("   1.Kb6! threat:\n          2.Nc7#");
  }, 150_000);

  test("--tries shows Reddmann's five published tries, each with its one refutation, and every try it shows is one by the oracle", async () => {
    const p = PUBLISHED_PROBLEMS.find((q) => q.source.startsWith("Hauke Reddmann"))!;
    const r = await chess("solve", "--stipulation", "#2", "--tries", "--fen", p.fen);
    expect(r.exitCode).toBe(0);
    const shown = [...r.stdout.matchAll(/ {3}1\.(\S+)\? but\n {6}1\.\.\.(\S+)!\n/g)];
    const named = (uci: string[]) => {
      const pos = oracle.fenPosition(p.fen);
      return uci.map((m) => {
        const u = oracle.parseUci(pos, m);
        if (!u.ok) throw new Error(m);
        const san = oracle.san(pos, u.move);
        oracle.makeMove(pos, u.move);
        return san;
      });
    };
    for (const t of p.tries!)
      expect(shown.map((s) => `${s[1]} ${s[2]}`)).toContain(
        named([t.move, t.refutation]).join(" "),
      );
    // Each try shown: no published key, and exactly one defence after which the oracle
    // finds no mate in 1.
    const keys = named(p.keys.map((k) => k.move));
    for (const [, move, refutation] of shown) {
      expect(keys).not.toContain(move);
      const first = oracle.fenPosition(p.fen);
      const m = oracle.legalMoves(first).find((x) => oracle.san(first, x) === move)!;
      oracle.makeMove(first, m);
      const refuting = oracle.legalMoves(first).filter((d) => {
        oracle.makeMove(first, d);
        const mates = oracle.findMate(first, 1) !== null;
        oracle.unmakeMove(first);
        return !mates;
      });
      expect(refuting.map((d) => oracle.san(first, d))).toEqual([refutation]);
    }
  }, 150_000);

  test("--tries with a helpmate or a mate in one is a usage error", async () => {
    for (const stipulation of ["h#2", "#1"]) {
      const r = await chess(
        "solve",
        "--stipulation",
        stipulation,
        "--tries",
        "--fen",
        PROBLEMS[0]!.fen,
      );
      expect(r.exitCode).toBe(2);
      expect(r.stderr).toMatch(/--tries shows the tries of a direct mate in two or more/);
    }
  }, 150_000);

  test("a stipulation that is not #N, h#N or s#N is a usage error", async () => {
    const r = await chess("solve", "--stipulation", "=3", "--fen", PROBLEMS[0]!.fen);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(
      /--stipulation must be #N, h#N or s#N with N a whole number from 1, not '=3'/,
    );
  }, 150_000);
});
