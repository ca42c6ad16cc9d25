// sprt -- the sequential probability ratio test of engine testing: is the Elo difference
// elo1 (accept H1) rather than elo0 (accept H0)? The log-likelihood ratio (LLR) grows
// with the games; the test stops when it leaves [ln(beta/(1-alpha)), ln((1-beta)/alpha)].
// Three ways to compute it, as the testers do:
// - cutechess-cli's trinomial model: the draw rate fixes a BayesElo draw Elo, elo0 and
//   elo1 (logistic) are scaled to BayesElo, and the LLR is that of the two W/D/L laws;
//   cutechess adds half a game to each class first (a Jeffreys prior), older versions and
//   the fishtest of 2013-2018 did not, and fishtest took its bounds in BayesElo directly;
// - fishtest's generalised SPRT in logistic Elo: the maximum-likelihood distributions of
//   the results with expected score L(elo0) and L(elo1) (Van den Bergh, "support_MLE_
//   multinomial"), on W/D/L or on the pentanomial counts of game pairs;
// - its approximation N (s1 - s0) (2s - s0 - s1) / (2 var) (Van den Bergh,
//   "GSPRT_approximation"), s and var the mean and variance of the observed results.

export interface Sprt {
  elo0: number;
  elo1: number;
  alpha: number;
  beta: number;
}

export type SprtVerdict = "H0" | "H1" | "continue";

/** Trinomial counts (games). */
export interface Trinomial {
  wins: number;
  draws: number;
  losses: number;
}

/** Pentanomial counts of game pairs, by the pair's points: 0, 0.5, 1, 1.5, 2
 *  (LL, LD, DD or WL, WD, WW). */
export type Pentanomial = [number, number, number, number, number];

/** The test's bounds on the LLR: [ln(beta/(1-alpha)), ln((1-beta)/alpha)]. */
export function sprtBounds({ alpha, beta }: Pick<Sprt, "alpha" | "beta">): {
  lower: number;
  upper: number;
} {
  return { lower: Math.log(beta / (1 - alpha)), upper: Math.log((1 - beta) / alpha) };
}

export function sprtVerdict(llr: number, test: Sprt): SprtVerdict {
  const { lower, upper } = sprtBounds(test);
  return llr >= upper ? "H1" : llr <= lower ? "H0" : "continue";
}

/** Refuses a test that cannot end: elo0 < elo1, 0 < alpha, beta and alpha + beta < 1. */
export function checkSprt(test: Sprt): void {
  if (!(test.elo0 < test.elo1))
    throw new Error(`SPRT: elo0 (${test.elo0}) must be below elo1 (${test.elo1})`);
  for (const k of ["alpha", "beta"] as const)
    if (!(test[k] > 0 && test[k] < 1))
      throw new Error(`SPRT: ${k} must lie between 0 and 1, not ${test[k]}`);
  if (test.alpha + test.beta >= 1) throw new Error("SPRT: alpha + beta must be below 1");
}

/** P(win), P(loss), P(draw) of BayesElo `elo` at draw Elo `drawElo`. */
function bayesLaw(elo: number, drawElo: number): [number, number, number] {
  const win = 1 / (1 + 10 ** ((drawElo - elo) / 400));
  const loss = 1 / (1 + 10 ** ((drawElo + elo) / 400));
  return [win, loss, 1 - win - loss];
}

export interface BayesOptions {
  /** Half a game added to each class (cutechess since 1.3); 0 in older testers. */
  prior: number;
  /** elo0 and elo1 in logistic Elo, scaled to BayesElo by the draw Elo (cutechess), or
   *  in BayesElo already (fishtest before 2019). */
  units: "logistic" | "bayes";
}

/** The trinomial BayesElo LLR; 0 when a class is empty and no prior fills it. */
export function llrBayesElo(
  { wins, draws, losses }: Trinomial,
  elo0: number,
  elo1: number,
  opts: BayesOptions,
): number {
  const w = wins + opts.prior;
  const d = draws + opts.prior;
  const l = losses + opts.prior;
  if (w <= 0 || d <= 0 || l <= 0) return 0;
  const n = w + d + l;
  const pw = w / n;
  const pl = l / n;
  const drawElo = 200 * Math.log10(((1 - pl) / pl) * ((1 - pw) / pw));
  const x = 10 ** (-drawElo / 400);
  const scale = opts.units === "logistic" ? (4 * x) / (1 + x) ** 2 : 1;
  const [w0, l0, d0] = bayesLaw(elo0 / scale, drawElo);
  const [w1, l1, d1] = bayesLaw(elo1 / scale, drawElo);
  return w * Math.log(w1 / w0) + l * Math.log(l1 / l0) + d * Math.log(d1 / d0);
}

/** cutechess-cli's LLR (its sprt.cpp): the BayesElo model with the Jeffreys prior, bounds
 *  in logistic Elo. */
export function llrCutechess(score: Trinomial, elo0: number, elo1: number): number {
  return llrBayesElo(score, elo0, elo1, { prior: 0.5, units: "logistic" });
}

/** The expected score of a logistic Elo difference. */
export function logisticScore(elo: number): number {
  return 1 / (1 + 10 ** (-elo / 400));
}

/** Results as an empirical distribution on [0, 1]: counts of the results 0..k-1 (L, D, W,
 *  or the five pair classes), an empty class given 1e-3 of a count as fishtest does. */
function distribution(counts: readonly number[]): { n: number; values: number[]; probs: number[] } {
  const c = counts.map((x) => (x === 0 ? 1e-3 : x));
  const n = c.reduce((a, b) => a + b, 0);
  return { n, values: c.map((_, i) => i / (c.length - 1)), probs: c.map((x) => x / n) };
}

function meanVariance(values: number[], probs: number[]): { mean: number; variance: number } {
  const mean = values.reduce((s, v, i) => s + v * probs[i]!, 0);
  return { mean, variance: values.reduce((s, v, i) => s + probs[i]! * (v - mean) ** 2, 0) };
}

/** The distribution nearest the observed one (maximum likelihood) whose mean is s: p_i /
 *  (1 + x (a_i - s)), x the root of sum p_i (a_i - s) / (1 + x (a_i - s)) = 0 (found by
 *  bisection; the sum falls as x grows). */
function likeliestWithMean(values: number[], probs: number[], s: number): number[] {
  const d = values.map((a) => a - s);
  const f = (x: number) => d.reduce((sum, di, i) => sum + (probs[i]! * di) / (1 + x * di), 0);
  let lo = -1 / Math.max(...d);
  let hi = -1 / Math.min(...d);
  for (let i = 0; i < 200 && hi - lo > 1e-12 * Math.max(1, Math.abs(lo)); i++) {
    const mid = (lo + hi) / 2;
    if (f(mid) > 0) lo = mid;
    else hi = mid;
  }
  const x = (lo + hi) / 2;
  return probs.map((p, i) => p / (1 + x * d[i]!));
}

/** Counts as the list of classes, worst first: a trinomial as [L, D, W]. */
function classes(results: Trinomial | Pentanomial): number[] {
  return Array.isArray(results) ? [...results] : [results.losses, results.draws, results.wins];
}

/** fishtest's generalised LLR in logistic Elo (its LLRcalc.LLR_logistic). */
export function llrLogistic(results: Trinomial | Pentanomial, elo0: number, elo1: number): number {
  const { n, values, probs } = distribution(classes(results));
  const p0 = likeliestWithMean(values, probs, logisticScore(elo0));
  const p1 = likeliestWithMean(values, probs, logisticScore(elo1));
  return n * probs.reduce((s, p, i) => s + p * (Math.log(p1[i]!) - Math.log(p0[i]!)), 0);
}

/** The GSPRT approximation of llrLogistic (fishtest's LLRcalc.LLR_alt2, times N). */
export function llrGsprt(results: Trinomial | Pentanomial, elo0: number, elo1: number): number {
  const { n, values, probs } = distribution(classes(results));
  const { mean, variance } = meanVariance(values, probs);
  const s0 = logisticScore(elo0);
  const s1 = logisticScore(elo1);
  return (n * (s1 - s0) * (2 * mean - s0 - s1)) / (2 * variance);
}

/** Pair points (0, 0.5, 1, 1.5, 2) counted into the pentanomial classes. */
export function pentanomial(pairPoints: readonly number[]): Pentanomial {
  const p: Pentanomial = [0, 0, 0, 0, 0];
  for (const x of pairPoints) p[Math.round(x * 2)]!++;
  return p;
}
