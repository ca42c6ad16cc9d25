// The lab's count of the total mate search's tree (ts-harness/lab/mates/mate-tree.ts): its walk
// must answer as the published solutions do, with and without its table, or its counts
// measure some other search.
import { describe, expect, test } from "vitest";
import { NO_MATES, PUBLISHED_MATES } from "../ts-harness/fixtures/mates.ts";
import { mateTree } from "../ts-harness/lab/mates/mate-tree.ts";

const SHORT = PUBLISHED_MATES.filter((m) => m.length <= 3);

describe("the mate tree's walk", () => {
  test.each(SHORT.map((m) => [m.source, m] as const))(
    "finds %s at its published length, with and without the table",
    (_, m) => {
      for (const table of [false, true]) {
        const tree = mateTree(m.fen, m.length, table);
        expect(tree.length).toBe(m.length);
        expect(tree.searched[m.length]).toBe(1);
      }
    },
  );

  test.each(NO_MATES.map((m) => [m.why, m] as const))(
    "finds no mate when %s, and without the table answers nothing from it",
    (_, m) => {
      const plain = mateTree(m.fen, m.within, false);
      const kept = mateTree(m.fen, m.within, true);
      expect([plain.length, kept.length]).toEqual([null, null]);
      expect(plain.known.every((n) => n === 0)).toBe(true);
    },
  );
});
