// UCI_Elo's curve read both ways (uci-strength.ts): the node cap a GUI's UCI_Elo gets, and
// the rating a search of so many nodes a move is worth, which rates the game's levels
// (`npm run bench -- --levels`). The calibration's measured points (docs/strength.md,
// "UCI_Elo": 300 nodes at 876, 800 at 1388, 12,800 at 1745) are where the curve must pass.
import { describe, expect, test } from "vitest";
import {
  ELO_MAX,
  ELO_MIN,
  eloForNodes,
  nodesForElo,
} from "../ts-harness/frontends/uci-strength.ts";

const MEASURED: [number, number][] = [
  [300, 876],
  [800, 1388],
  [12_800, 1745],
];

describe("UCI_Elo's calibration curve", () => {
  test.each(MEASURED)(
    "a search of %d nodes a move is rated %d, as the gauntlet measured it",
    (nodes, elo) => {
      expect(eloForNodes(nodes)).toEqual({ elo, bound: "within" });
    },
  );

  test("every UCI_Elo below full strength gets a node cap that is rated that UCI_Elo again, within 2 points", () => {
    for (let elo = ELO_MIN; elo < ELO_MAX; elo += 7) {
      const cap = nodesForElo(elo)!;
      expect(Math.abs(eloForNodes(cap).elo - elo)).toBeLessThanOrEqual(2);
    }
  });

  test("more nodes rate higher, fewer lower: the curve never falls", () => {
    let last = -Infinity;
    for (let n = 50; n < 200_000; n = Math.ceil(n * 1.1)) {
      const r = eloForNodes(n).elo;
      expect(r).toBeGreaterThanOrEqual(last);
      last = r;
    }
  });

  test("a search at least as large as UCI_Elo's top cap is full strength, and one under the weakest point is below the measured range", () => {
    expect(nodesForElo(ELO_MAX)).toBeNull();
    expect(eloForNodes(nodesForElo(ELO_MAX - 1)! * 2).bound).toBe("full");
    expect(eloForNodes(100)).toMatchObject({ bound: "below" });
    expect(eloForNodes(100).elo).toBeLessThan(876);
  });
});
