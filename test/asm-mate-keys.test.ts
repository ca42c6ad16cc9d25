// Every key (`keys N FEN`, the CLI's --all-keys) against the oracle's findKeys: published
// problems with one key and with two (a short solution, a game's second mate), a sound
// problem cooked by adding a piece, and the published mates of the suite. All jobs run
// in one emulator boot (beforeAll).
import { beforeAll, describe, expect, test } from "vitest";
import {
  asmEngine,
  oracleEngine,
  type EngineError,
  type KeysAnswer,
  type MateRequest,
} from "../ts-harness/core/engines.ts";
import { PUBLISHED_PROBLEMS } from "../ts-harness/fixtures/problems.ts";
import { NO_MATES, PUBLISHED_MATES } from "../ts-harness/fixtures/mates.ts";
import { chess } from "./cli-runner.ts";

type Answer = KeysAnswer | EngineError;

const KISH = PUBLISHED_PROBLEMS.find((p) => p.source.startsWith("Alexander Kish"))!;
/** Kish's two-mover with a white rook added on a8: 1.Qxc8+ forces mate in two as well. */
const KISH_COOKED = {
  source: "Kish's #2 with a white rook added on a8",
  fen: KISH.fen.replace(/^2n/, "R1n"),
  length: 2,
  keys: [
    { move: "b7c8", length: 2 },
    { move: "f8e8", length: 2 },
  ],
};

const requests: (MateRequest & { title: string })[] = [
  ...[...PUBLISHED_PROBLEMS, KISH_COOKED].map((p) => ({
    title: p.source,
    fen: p.fen,
    moves: p.length,
  })),
  ...PUBLISHED_MATES.filter((m) => m.length <= 3).map((m) => ({
    title: `${m.source}, keys ${m.length}`,
    fen: m.fen,
    moves: m.length,
  })),
  ...NO_MATES.map((m) => ({ title: `${m.why}, keys ${m.within}`, fen: m.fen, moves: m.within })),
];

describe("keys – every first move that forces mate", () => {
  const answers = { oracle: [] as Answer[], asm: [] as Answer[] };
  beforeAll(async () => {
    answers.asm = await asmEngine.keys(requests, { timeoutMs: 300_000 });
    answers.oracle = await oracleEngine.keys(requests);
  }, 400_000);

  test.each(requests.map((r, i) => ({ ...r, i })))(
    "$title: the same keys and lengths as the oracle",
    ({ i }) => {
      const [asm, oracle] = [answers.asm[i]!, answers.oracle[i]!];
      expect(oracle.ok, JSON.stringify(oracle)).toBe(true);
      expect(asm).toMatchObject({ ok: true, keys: (oracle as KeysAnswer).keys });
    },
  );

  test.each([...PUBLISHED_PROBLEMS, KISH_COOKED].map((p, i) => ({ ...p, i })))(
    "$source: the published keys, each with its length",
    ({ keys, i }) => {
      const sorted = [...keys].sort((a, b) => (a.move < b.move ? -1 : 1));
      expect(answers.asm[i]).toMatchObject({ ok: true, keys: sorted });
    },
  );

  test("a cooked problem lists both keys on the command line", async () => {
    const r = await chess(
      ...["mate", "--engine", "asm", "--moves", "2", "--all-keys", "--fen", KISH_COOKED.fen],
    );
    expect(r.stdout).toBe(`${KISH_COOKED.fen} ;keys 2 b7c8/2,f8e8/2`);
    expect(r.exitCode).toBe(0);
  }, 150_000);

  test.each(NO_MATES.map((m) => ({ ...m, i: requests.findIndex((r) => r.fen === m.fen) })))(
    "$why: no key",
    ({ i }) => {
      expect(answers.asm[i]).toMatchObject({ ok: true, keys: [] });
    },
  );
});
