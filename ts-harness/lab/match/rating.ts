// rating -- one engine's rating from its games against rated opponents (a gauntlet), on
// their scale: the maximum-likelihood rating r under the logistic model, a game against
// an opponent rated R scoring 1 / (1 + 10^((R - r) / 400)), a draw counted as half a win
// and half a loss. The 95% interval is where the log-likelihood stays within 1.92 (half
// the 95% point of chi-squared with one degree of freedom) of its maximum.

export interface RatedScore {
  /** The opponent's rating. */
  rating: number;
  games: number;
  /** Points scored against it. */
  points: number;
}

export interface RatingEstimate {
  rating: number;
  /** The 95% interval; ±Infinity where the games set no bound (all won, or all lost). */
  low: number;
  high: number;
}

const HALF_CHI2_95 = 1.920729;
/** Ratings further than this from every opponent are searched no further. */
const REACH = 1500;

function expected(r: number, opponent: number): number {
  return 1 / (1 + 10 ** ((opponent - r) / 400));
}

function logLikelihood(r: number, scores: RatedScore[]): number {
  let ll = 0;
  for (const s of scores) {
    const e = expected(r, s.rating);
    ll += s.points * Math.log(e) + (s.games - s.points) * Math.log(1 - e);
  }
  return ll;
}

/** The x in [lo, hi] where f turns from true to false (f monotone), by bisection. */
function boundary(f: (x: number) => boolean, lo: number, hi: number): number {
  for (let i = 0; i < 100 && hi - lo > 1e-6; i++) {
    const mid = (lo + hi) / 2;
    if (f(mid)) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

export function estimateRating(scores: RatedScore[]): RatingEstimate {
  const played = scores.filter((s) => s.games > 0);
  if (played.length === 0) return { rating: NaN, low: NaN, high: NaN };
  const points = played.reduce((a, s) => a + s.points, 0);
  const games = played.reduce((a, s) => a + s.games, 0);
  const lo = Math.min(...played.map((s) => s.rating)) - REACH;
  const hi = Math.max(...played.map((s) => s.rating)) + REACH;
  if (points === 0)
    return {
      rating: -Infinity,
      low: -Infinity,
      high: boundary((r) => logLikelihood(r, played) >= -HALF_CHI2_95, lo, hi),
    };
  if (points === games)
    return {
      rating: Infinity,
      low: boundary((r) => logLikelihood(r, played) < -HALF_CHI2_95, lo, hi),
      high: Infinity,
    };
  // The likelihood's slope, points scored less points expected, falls as r grows.
  const rating = boundary(
    (r) => played.reduce((a, s) => a + s.points - s.games * expected(r, s.rating), 0) > 0,
    lo,
    hi,
  );
  const floor = logLikelihood(rating, played) - HALF_CHI2_95;
  return {
    rating,
    low: boundary((r) => logLikelihood(r, played) < floor, lo, rating),
    high: boundary((r) => logLikelihood(r, played) >= floor, rating, hi),
  };
}

/** `1530 (95%: 1420 to 1610)` as a person reads it. */
export function formatRating(e: RatingEstimate): string {
  const n = (x: number) => (Number.isFinite(x) ? x.toFixed(0) : x > 0 ? "+inf" : "-inf");
  return `${n(e.rating)} (95%: ${n(e.low)} to ${n(e.high)})`;
}
