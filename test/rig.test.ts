// The self-play rig (docs/strength.md): its openings file and held-out set read by the
// oracle, a sample of them scored again by Debian's stockfish, the builds it plays (a
// -D switch of the hash table's size, refused when it makes no sense) and the UCI
// bridge's refusal of a program that is not there.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { assembleVariant, ROOT } from "../ts-harness/core/build.ts";
import { UciClient } from "../ts-harness/core/uci-client.ts";
import { readOpenings } from "../ts-harness/formats/openings.ts";
import { RIG_HELD_OUT, RIG_OPENINGS } from "../ts-harness/lab/match/rig-openings.ts";
import * as oracle from "../ts-harness/oracle/index.ts";

const STOCKFISH = "/usr/games/stockfish";
const openings = readOpenings(join(ROOT, RIG_OPENINGS));
const heldOut = readOpenings(join(ROOT, RIG_HELD_OUT));

function endOf(moves: string[]): oracle.Position {
  const parsed = oracle.parseFen(oracle.START_FEN);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return oracle.playUci(parsed.pos, moves);
}

describe("the rig's openings", () => {
  test("2,000 openings and a held-out quarter, each 8 to 10 legal plies from the start, no position twice", () => {
    expect(openings.length).toBeGreaterThanOrEqual(2000);
    const all = [...openings, ...heldOut];
    expect(heldOut.length / all.length).toBeGreaterThanOrEqual(0.25);
    for (const o of all) {
      expect(o.fen).toBeUndefined();
      expect(o.moves.length).toBeGreaterThanOrEqual(8);
      expect(o.moves.length).toBeLessThanOrEqual(10);
    }
    const keys = all.map((o) => oracle.positionKey(endOf(o.moves)));
    expect(new Set(keys).size).toBe(all.length);
  });

  test.skipIf(!existsSync(STOCKFISH))(
    "stockfish at depth 8 scores a sample of both sets within a pawn's three quarters (made within a half)",
    async () => {
      const sf = new UciClient(STOCKFISH);
      try {
        await sf.handshake({ Threads: 1, Hash: 16 });
        const sample = [...openings.filter((_, i) => i % 250 === 0), heldOut[0]!, heldOut.at(-1)!];
        for (const o of sample) {
          sf.send("ucinewgame");
          sf.send(`position startpos moves ${o.moves.join(" ")}`);
          sf.send("go depth 8");
          const lines = await sf.waitFor(/^bestmove /, 30_000);
          const score = / score cp (-?\d+)/.exec(lines.filter((l) => / score /.test(l)).at(-1)!);
          expect(score, `${o.name}: ${lines.at(-2)}`).not.toBeNull();
          expect(Math.abs(Number(score![1])), o.name).toBeLessThanOrEqual(75);
        }
      } finally {
        await sf.quit();
      }
    },
    120_000,
  );
});

describe("the rig's builds", () => {
  test("HASH_KIB=32 assembles a quarter of the hash table; 48, no power of two, is refused", async () => {
    const quarter = await assembleVariant("quarter", ["HASH_KIB=32"]);
    expect(quarter.bytes.length).toBeGreaterThan(0);
    await expect(assembleVariant("bad", ["HASH_KIB=48"])).rejects.toThrow(
      /HASH_KIB is a power of two/,
    );
  }, 300_000);

  test("the UCI bridge with LIBERMAN_PROGRAM naming no program says so", async () => {
    process.env.LIBERMAN_PROGRAM = join(ROOT, "build", "no-such-folder", "CHESS.COM");
    try {
      const { engineProgram } = await import("../ts-harness/frontends/uci-program.ts");
      await expect(engineProgram()).rejects.toThrow(
        /LIBERMAN_PROGRAM=.*no such program with chess.map beside it/,
      );
    } finally {
      delete process.env.LIBERMAN_PROGRAM;
    }
  });
});
