// The quiescence search leaves ungenerated the captures of pieces too cheap to reach
// alpha (asm/movegen/captures.asm, gen_capture_victims): search_order_captures would drop them
// anyway, so no search may change. A variant build that generates every capture (nasm
// -DEVERY_CAPTURE: its gap the lowest there is) must answer every fixed-depth search as the program does:
// the same move, score, depth and nodes. Captures that promote on the queening row
// gain a queen too, so positions with pawns about to promote are among them.
import { describe, expect, it } from "vitest";
import { runBatch } from "../ts-harness/core/asm-engine.ts";
import { assembleVariant } from "../ts-harness/core/build.ts";
import { KIWIPETE, POSITION_3, PUBLISHED_PERFT } from "../ts-harness/fixtures/perft.ts";

const fen = (name: string) => PUBLISHED_PERFT.find((p) => p.name === name)!.fen;
const SEARCHES = [
  `best 65535 matelogic 0 depth 4 ${KIWIPETE}`,
  `best 65535 matelogic 0 depth 6 ${POSITION_3}`,
  `best 65535 matelogic 0 depth 4 ${fen("position 4")}`,
  `best 65535 matelogic 0 depth 4 ${fen("position 4 mirrored")}`,
  `best 65535 matelogic 0 depth 4 ${fen("position 5")}`,
  `best 65535 matelogic 0 depth 4 ${fen("position 6")}`,
  "best 65535 matelogic 0 depth 5 r1n1k2r/1P4P1/8/8/8/8/1p4p1/R1N1K2R w - - 0 1",
  "best 65535 matelogic 0 depth 5 2r1k2r/1P3ppp/8/8/8/8/5PPP/2R3K1 b k - 0 1",
];

/** An answer without its costs in time (ticks) and instructions (tsc). */
const withoutCosts = (words: readonly string[]) =>
  words.filter(
    (w, i) => !["ticks", "tsc"].includes(w) && !["ticks", "tsc"].includes(words[i - 1] ?? ""),
  );

describe("the captures the quiescence search leaves ungenerated", () => {
  it("change no fixed-depth search: a build that generates them all answers each with the same move, score and nodes", async () => {
    const everyCapture = (await assembleVariant("every-capture", ["EVERY_CAPTURE"])).bytes;
    const [program, variant] = await Promise.all([
      runBatch(SEARCHES, { timeoutMs: 600_000 }),
      runBatch(SEARCHES, { timeoutMs: 600_000, programBytes: everyCapture }),
    ]);
    for (const [i, r] of program.entries()) {
      expect(r.lines[0]![0], SEARCHES[i]).toBe("best");
      expect(withoutCosts(r.lines[0]!), SEARCHES[i]).toEqual(withoutCosts(variant[i]!.lines[0]!));
    }
  }, 900_000);
});
