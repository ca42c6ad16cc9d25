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

/** The calibration, weakest first (docs/strength.md: "UCI_Elo"). */
export const STRENGTH_POINTS: readonly StrengthPoint[] = [
  { nodes: 100, elo: 1200 },
  { nodes: 800, elo: 1450 },
  { nodes: 6400, elo: 1700 },
  { nodes: 25600, elo: 1850 },
];

/** UCI_Elo's range: the weakest point, to the engine's full strength (no cap). */
export const ELO_MIN = STRENGTH_POINTS[0]!.elo;
export const ELO_MAX = 2000;
/** UCI_Elo's default: the middle of the range, for a GUI that switches the limit on. */
export const ELO_DEFAULT = 1500;

/** The node cap a move for `elo` (clamped into ELO_MIN..ELO_MAX), or null: full strength.
 *  Between two points the nodes grow geometrically; past the strongest point they grow
 *  on to the last one's rate until ELO_MAX, where the cap is lifted. */
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
