// The checking build -DEVAL_VERIFY (asm/eval/evalverify.asm) holds the evaluation's sums
// kept move by move to the sums counted from nothing: its searches of positions from
// seeded random play, chess and Los Alamos, answer as the program's.
import { describe, expect, test } from "vitest";
import { runBatch } from "../ts-harness/core/asm-engine.ts";
import { assembleVariant } from "../ts-harness/core/build.ts";
import { samplePositions } from "../ts-harness/formats/positions.ts";

/** The move, score, depth and nodes of a depth-3 search of each position, by a build. */
async function searches(defines: string[], fens: readonly string[]): Promise<string[]> {
  const program = await assembleVariant(defines.join("-").toLowerCase() || "default", defines);
  const groups = await runBatch(
    fens.flatMap((f) => [`position ${f}`, "go depth 3"]),
    { programBytes: program.bytes, native: true, timeoutMs: 240_000 },
  );
  return groups
    .filter((_, i) => i % 2 === 1)
    .map((g) => (g.lines.find((l) => l[0] === "bestmove") ?? g.lines.flat()).slice(0, 9).join(" "));
}

describe("the checking build -DEVAL_VERIFY", () => {
  const fens = [...samplePositions(7, 6, "chess"), ...samplePositions(7, 6, "losalamos")].map(
    (s) => s.fen,
  );

  test(`the sums kept move by move are those counted from nothing at every evaluation of ${fens.length} searches at depth 3, chess and Los Alamos`, async () => {
    const plain = await searches([], fens);
    const checked = await searches(["EVAL_VERIFY"], fens);
    expect(plain.filter((p) => !p.startsWith("bestmove"))).toEqual([]);
    expect(checked).toEqual(plain);
  }, 600_000);
});
