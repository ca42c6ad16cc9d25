// elo -- the Elo difference a match score stands for, with its 95% error margin (the
// normal approximation over the per-game scores, as cutechess-cli and BayesElo's
// simple mode report it).  Run alone it compares two matches against the same opponent:
//   npx tsx ts-harness/lab/match/elo.ts W/D/L W/D/L   (e.g. one level, then twice its time)
import { isMain } from "../../core/build.ts";

export interface MatchScore {
  wins: number;
  draws: number;
  losses: number;
}

export interface EloEstimate {
  /** Points per game, 0..1. */
  score: number;
  /** Elo difference for the first player; ±Infinity at a score of 0 or 1. */
  elo: number;
  /** Half the width of the 95% interval; Infinity when it is unbounded. */
  margin: number;
}

const Z95 = 1.959964;

/** Elo difference that gives the expected score `s` (the logistic model). */
export function eloFromScore(s: number): number {
  if (s <= 0) return -Infinity;
  if (s >= 1) return Infinity;
  return 400 * Math.log10(s / (1 - s));
}

export function estimateElo({ wins, draws, losses }: MatchScore): EloEstimate {
  const n = wins + draws + losses;
  if (n === 0) return { score: NaN, elo: NaN, margin: NaN };
  const score = (wins + draws / 2) / n;
  const variance = (wins * (1 - score) ** 2 + draws * (0.5 - score) ** 2 + losses * score ** 2) / n;
  const delta = Z95 * Math.sqrt(variance / n);
  const margin = (eloFromScore(score + delta) - eloFromScore(score - delta)) / 2;
  return { score, elo: eloFromScore(score), margin };
}

/** The standard normal distribution function (Abramowitz and Stegun 26.2.17, error below
 *  7.5e-8). */
export function normalCdf(z: number): number {
  const t = 1 / (1 + 0.2316419 * Math.abs(z));
  const poly =
    t *
    (0.31938153 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))));
  const tail = (Math.exp((-z * z) / 2) / Math.sqrt(2 * Math.PI)) * poly;
  return z >= 0 ? 1 - tail : tail;
}

/** The likelihood of superiority: how likely the first player is the stronger, from its
 *  wins and losses alone (draws tell nothing), Φ((W - L) / sqrt(W + L)), as the chess
 *  programming wiki's "Match Statistics" gives it; 0.5 with no decisive game. */
export function likelihoodOfSuperiority({ wins, losses }: MatchScore): number {
  if (wins + losses === 0) return 0.5;
  return normalCdf((wins - losses) / Math.sqrt(wins + losses));
}

/** `+35 ± 120`, `-inf` … as a person reads it. */
export function formatElo(e: EloEstimate): string {
  const num = (x: number) =>
    Number.isFinite(x) ? `${x >= 0 ? "+" : ""}${x.toFixed(0)}` : x > 0 ? "+inf" : "-inf";
  const margin = Number.isFinite(e.margin) ? e.margin.toFixed(0) : "inf";
  return `${num(e.elo)} ± ${margin}`;
}

/** What the second match gained on the first against the same opponent: the difference
 *  of their Elo estimates, its margin the two margins combined (independent matches). */
export function eloGain(first: EloEstimate, second: EloEstimate): { elo: number; margin: number } {
  return { elo: second.elo - first.elo, margin: Math.hypot(first.margin, second.margin) };
}

/** `12/4/24` as wins, draws and losses; null if it is not three counts. */
export function parseScore(text: string): MatchScore | null {
  const m = /^(\d+)\/(\d+)\/(\d+)$/.exec(text);
  return m ? { wins: Number(m[1]), draws: Number(m[2]), losses: Number(m[3]) } : null;
}

if (isMain(import.meta.url)) {
  // A reader that stops early (`| head -1`) closes the pipe: the rest is not wanted, so
  // the program ends quietly instead of throwing EPIPE.
  process.stdout.on("error", (e: NodeJS.ErrnoException) => {
    if (e.code === "EPIPE") process.exit(0);
    throw e;
  });
  const scores = process.argv.slice(2).map(parseScore);
  if (scores.length !== 2 || scores.some((s) => s === null || s.wins + s.draws + s.losses === 0)) {
    process.stderr.write(
      "usage: tsx ts-harness/lab/match/elo.ts W/D/L W/D/L (two matches of at least one game each, against the same opponent)\n",
    );
    process.exitCode = 2;
  } else {
    const [a, b] = scores.map((s) => estimateElo(s!));
    const gain = eloGain(a!, b!);
    console.log(
      `first ${formatElo(a!)}, second ${formatElo(b!)}: the second ${formatElo({ score: NaN, ...gain })} Elo on the first`,
    );
    console.log(
      `likelihood of superiority over the opponent: first ${(likelihoodOfSuperiority(scores[0]!) * 100).toFixed(1)}%, second ${(likelihoodOfSuperiority(scores[1]!) * 100).toFixed(1)}%`,
    );
  }
}
