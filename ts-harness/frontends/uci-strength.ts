// uci-strength -- UCI_LimitStrength and UCI_Elo: a strength a GUI sets, on the CCRL Blitz
// scale. The engine is weakened the one way that keeps it itself on any emulator and any
// machine: a cap on the positions each move may visit (the go job's `nodes`), under the
// clock as before (the clock can still stop it sooner). The cap for an Elo is read from
// the calibration points below, log-linearly between them: each point is a node cap and
// the rating the gauntlet measured for it (docs/strength.md gives the games, the opponents
// and the margins). At the top of the range there is no cap: the engine's full strength.

/** A calibration point: this many nodes a move played at about this CCRL Blitz rating. */
export interface StrengthPoint {
  nodes: number;
  elo: number;
}

/** The calibration, weakest first (docs/strength.md: "UCI_Elo"): at 10+0.1 on this
 *  project's machine, 800 nodes against the 12,800-node point, 300 against 800, and
 *  6,400 and 25,600 (which scored alike: pooled here at their middle) against HoiChess
 *  0.22 and Fairy-Max 5.0b, each rated as engines.json anchors them. */
export const STRENGTH_POINTS: readonly StrengthPoint[] = [
  { nodes: 300, elo: 876 },
  { nodes: 800, elo: 1388 },
  { nodes: 12_800, elo: 1745 },
];

/** UCI_Elo's range: about 1200 (some 560 nodes a move), to the engine's full strength
 *  (no cap; the gauntlet put it at 1925 at 10+0.1 and 1945 at 60+0.6 against HoiChess). */
export const ELO_MIN = 1200;
export const ELO_MAX = 1900;
/** UCI_Elo's default: the middle of the range, for a GUI that switches the limit on. */
export const ELO_DEFAULT = 1500;

/** The node cap a move for `elo` (clamped into ELO_MIN..ELO_MAX), or null: full strength.
 *  Between two points the nodes grow geometrically; past the strongest point they grow
 *  on at the last two points' rate until ELO_MAX, where the cap is lifted. */
export function nodesForElo(elo: number): number | null {
  const e = Math.min(ELO_MAX, Math.max(ELO_MIN, elo));
  if (e >= ELO_MAX) return null;
  const pts = STRENGTH_POINTS;
  let i = 0;
  while (i < pts.length - 2 && e > pts[i + 1]!.elo) i++;
  const [a, b] = [pts[i]!, pts[i + 1]!];
  const t = (e - a.elo) / (b.elo - a.elo);
  return Math.max(1, Math.round(a.nodes * Math.pow(b.nodes / a.nodes, t)));
}

/** What a search of `nodes` positions a move is worth on the same scale: the curve of
 *  nodesForElo read the other way. Below the weakest point it falls on at the first two
 *  points' rate ("below": a rating under the measured range); from nodesForElo's last
 *  capped rating on it is the engine's full strength ("full"), which the curve does not
 *  rate. The game's levels are rated so (`npm run bench -- --levels`). */
export function eloForNodes(nodes: number): { elo: number; bound: "below" | "within" | "full" } {
  const pts = STRENGTH_POINTS;
  const lnN = Math.log(Math.max(1, nodes));
  let i = 0;
  while (i < pts.length - 2 && nodes > pts[i + 1]!.nodes) i++;
  const [a, b] = [pts[i]!, pts[i + 1]!];
  const elo = a.elo + ((lnN - Math.log(a.nodes)) / Math.log(b.nodes / a.nodes)) * (b.elo - a.elo);
  if (elo >= ELO_MAX) return { elo: ELO_MAX, bound: "full" };
  return { elo: Math.round(elo), bound: nodes < pts[0]!.nodes ? "below" : "within" };
}
