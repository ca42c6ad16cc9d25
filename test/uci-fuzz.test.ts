// The go words over UCI in seeded combinations: whatever numbers a GUI sends (at and
// past 2^31 and 2^32, zeros, sizes no clock has), the bridge answers each go with a move
// the oracle calls legal, never plays an unsearched one ("search failed"), and goes on.
// Each search is stopped after STOP_AFTER_MS if it has not answered, as a GUI would.
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ROOT } from "../ts-harness/core/build.ts";
import { UciClient } from "../ts-harness/core/uci-client.ts";
import { seededRandom } from "../ts-harness/formats/positions.ts";
import * as oracle from "../ts-harness/oracle/index.ts";

const SEED = 4242;
const CASES = 16;
const STOP_AFTER_MS = 500;
const ANSWER_MS = 30_000;
const WORDS = [
  "wtime",
  "btime",
  "winc",
  "binc",
  "movestogo",
  "movetime",
  "depth",
  "nodes",
  "mate",
] as const;
const NUMBERS = [
  "0",
  "1",
  "7",
  "1000",
  "2147483647",
  "2147483648",
  "4294967295",
  "4294967296",
  "1000000000000",
];
const KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/** The seeded go lines: one to four words, each with a number, in a random order. */
function goLines(): string[] {
  const random = seededRandom(SEED);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  return Array.from({ length: CASES }, () => {
    const words = [...WORDS].sort(() => random() - 0.5).slice(0, 1 + Math.floor(random() * 4));
    return ["go", ...words.flatMap((w) => [w, pick(NUMBERS)])].join(" ");
  });
}

let engine: UciClient;

beforeAll(async () => {
  engine = new UciClient(join(ROOT, "node_modules/.bin/tsx"), ["ts-harness/frontends/uci.ts"], {
    cwd: ROOT,
  });
  await engine.handshake({ Backend: "jsdos" }, 60_000);
});

afterAll(async () => {
  await engine?.quit();
});

describe("go words over UCI in seeded combinations", () => {
  test.each(goLines())(
    "%s on Kiwipete answers with a legal, searched move",
    async (go) => {
      engine.send(`position fen ${KIWIPETE}`);
      engine.send(go);
      const stop = setTimeout(() => engine.send("stop"), STOP_AFTER_MS);
      const lines = await engine.waitFor(/^bestmove /, ANSWER_MS).finally(() => clearTimeout(stop));
      engine.send("isready");
      await engine.waitFor(/^readyok$/, ANSWER_MS);
      const best = lines.at(-1)!.split(" ")[1]!;
      expect(
        lines.filter((l) => /search failed|refused/.test(l)),
        lines.join("\n"),
      ).toEqual([]);
      expect(
        lines.filter((l) => /^info depth \d+ /.test(l)).length,
        lines.join("\n"),
      ).toBeGreaterThan(0);
      expect(
        oracle.legalMoves(oracle.fenPosition(KIWIPETE)).map((m) => oracle.moveToUci(m)),
      ).toContain(best);
    },
    60_000,
  );
});
