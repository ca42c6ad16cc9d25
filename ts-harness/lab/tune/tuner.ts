// tuner -- Texel's method on the mirror's features (mirror.ts): the logistic error
//   E = mean over the positions of (result - 1 / (1 + 10^(-K q / 400)))^2
// of the score q (white's view, centipawns) against the game's result for white. K is
// fitted first on the weights as they are (a golden-section search on the exact
// scores), then the tuned weights move by gradient descent (Adam, full batch) with K
// held, each kept within the range its encoding takes and each phase's piece values in
// the order of their worth (pawn <= knight <= bishop <= rook <= queen), and a
// weight only when enough positions count it. The
// descent sees the score as linear in the weights: the phase's blend as a fraction, a
// drawn ending's scale as the factor the starting weights give it; the errors it reports
// are those of the exact, rounded scores. Bounded by its iterations and its time.
import { drawShift, evaluate, sums, type Features } from "./mirror.ts";
import {
  BISHOP,
  KNIGHT,
  PARAMS,
  PHASES,
  pieceIndex,
  PAWN,
  QUEEN,
  ROOK,
  type EvalRules,
  type Phase,
} from "./weights.ts";

export interface Sample {
  readonly features: Features;
  /** The game's result for white: 1, 0.5, 0. */
  readonly result: number;
}

const LOG10 = Math.log(10);
const sigmoid = (k: number, q: number) => 1 / (1 + Math.pow(10, (-k * q) / 400));

/** The scores of the positions from white's view, exact (the `eval` job's, sign turned
 *  for black to move). */
export function whiteScores(
  samples: readonly Sample[],
  w: ArrayLike<number>,
  rules: EvalRules,
): Float64Array {
  return Float64Array.from(
    samples,
    (s) => (s.features.whiteToMove ? 1 : -1) * evaluate(s.features, w, rules),
  );
}

/** E for scores and results at K. */
export function logisticError(
  scores: ArrayLike<number>,
  results: ArrayLike<number>,
  k: number,
): number {
  let e = 0;
  for (let i = 0; i < scores.length; i++) {
    const d = results[i]! - sigmoid(k, scores[i]!);
    e += d * d;
  }
  return e / scores.length;
}

export const K_MIN = 0.05;
export const K_MAX = 5;
const GOLDEN_STEPS = 60;

/** The K in K_MIN..K_MAX that minimises E for these scores (golden-section search; E is
 *  unimodal in K for scores that tell the results apart at all). */
export function fitK(scores: ArrayLike<number>, results: ArrayLike<number>): number {
  const g = (Math.sqrt(5) - 1) / 2;
  let a = K_MIN,
    b = K_MAX;
  let c = b - g * (b - a),
    d = a + g * (b - a);
  let fc = logisticError(scores, results, c),
    fd = logisticError(scores, results, d);
  for (let i = 0; i < GOLDEN_STEPS; i++) {
    if (fc < fd) {
      b = d;
      d = c;
      fd = fc;
      c = b - g * (b - a);
      fc = logisticError(scores, results, c);
    } else {
      a = c;
      c = d;
      fc = fd;
      d = a + g * (b - a);
      fd = logisticError(scores, results, d);
    }
  }
  return (a + b) / 2;
}

/** The positions' features as one sparse matrix of the linear model: row i's score is
 *  the sum of coef[j] * w[col[j]] for j in start[i] .. start[i + 1]. */
interface Design {
  readonly start: Int32Array;
  readonly col: Int32Array;
  readonly coef: Float32Array;
  readonly results: Float64Array;
}

function design(samples: readonly Sample[], w0: ArrayLike<number>, rules: EvalRules): Design {
  let total = 0;
  for (const s of samples) total += s.features.index.length;
  const start = new Int32Array(samples.length + 1);
  const col = new Int32Array(total);
  const coef = new Float32Array(total);
  const full = rules.phaseFull;
  let j = 0;
  samples.forEach((s, i) => {
    const f = s.features;
    const sm = sums(f, w0);
    const q0 = Math.trunc((sm.mg * f.phase + sm.eg * (full - f.phase)) / full) + sm.flat;
    const scale = 2 ** -drawShift(f, q0, rules);
    start[i] = j;
    for (let k = 0; k < f.index.length; k++) {
      const p = f.index[k]!;
      const kind = PARAMS[p]!.kind;
      const blend =
        kind === "flat" || kind === "both"
          ? 1
          : kind === "mg"
            ? f.phase / full
            : (full - f.phase) / full;
      col[j] = p;
      coef[j++] = f.count[k]! * blend * scale;
    }
  });
  start[samples.length] = j;
  return { start, col, coef, results: Float64Array.from(samples, (s) => s.result) };
}

export interface TuneOptions {
  readonly iterations: number;
  readonly timeMs: number;
  /** Adam's step in centipawns. */
  readonly rate: number;
  /** Which weights move; all of PARAMS' tuned ones when not given. */
  readonly tuned?: (index: number) => boolean;
  /** A weight moves only when the positions count it this many times, each by its share
   *  of the score (a middle-game term by the phase): a square seldom stood on, or a
   *  middle-game term seen mostly in endings, would follow a few games' noise. 0 when
   *  not given. */
  readonly minPositions?: number;
  /** K when it is known; fitted on the starting weights when not given. */
  readonly k?: number;
  readonly onIteration?: (iteration: number, error: number) => void;
}

export interface TuneResult {
  readonly k: number;
  readonly errorBefore: number;
  readonly errorAfter: number;
  /** The tuned weights, rounded to whole centipawns. */
  readonly weights: Float64Array;
  readonly iterations: number;
}

/** Pull the piece values of each phase back into the order pawn <= knight <= bishop <=
 *  rook <= queen: a pair out of order meets at its mean (at the fixed one's value when
 *  one is fixed), pass after pass until none is. */
function keepOrder(w: Float64Array): void {
  for (const phase of PHASES) keepPhaseOrder(w, phase);
}
function keepPhaseOrder(w: Float64Array, phase: Phase): void {
  const order = [PAWN, KNIGHT, BISHOP, ROOK, QUEEN].map((t) => pieceIndex(t, phase));
  for (let pass = 0; pass < order.length * order.length; pass++) {
    let sorted = true;
    for (let i = 1; i < order.length; i++) {
      const lo = order[i - 1]!,
        hi = order[i]!;
      if (w[hi]! >= w[lo]!) continue;
      sorted = false;
      const meet = !PARAMS[lo]!.tuned
        ? w[lo]!
        : !PARAMS[hi]!.tuned
          ? w[hi]!
          : (w[lo]! + w[hi]!) / 2;
      w[lo] = meet;
      w[hi] = meet;
    }
    if (sorted) return;
  }
}

/** K, then the weights (see the header). */
export function tune(
  samples: readonly Sample[],
  w0: ArrayLike<number>,
  rules: EvalRules,
  opts: TuneOptions,
): TuneResult {
  const results = Float64Array.from(samples, (s) => s.result);
  const k = opts.k ?? fitK(whiteScores(samples, w0, rules), results);
  const errorBefore = logisticError(whiteScores(samples, w0, rules), results, k);
  const d = design(samples, w0, rules);
  const n = samples.length;
  const w = Float64Array.from(w0);
  const seen = new Float64Array(w.length);
  for (let j = 0; j < d.col.length; j++) seen[d.col[j]!]! += Math.min(1, Math.abs(d.coef[j]!));
  const moves = PARAMS.map(
    (p, i) => p.tuned && (opts.tuned?.(i) ?? true) && seen[i]! >= (opts.minPositions ?? 0),
  );
  const m1 = new Float64Array(w.length),
    m2 = new Float64Array(w.length),
    grad = new Float64Array(w.length);
  const B1 = 0.9,
    B2 = 0.999,
    EPS = 1e-12;
  const started = Date.now();
  let it = 0;
  for (; it < opts.iterations && Date.now() - started < opts.timeMs; it++) {
    grad.fill(0);
    let e = 0;
    for (let i = 0; i < n; i++) {
      let q = 0;
      for (let j = d.start[i]!; j < d.start[i + 1]!; j++) q += d.coef[j]! * w[d.col[j]!]!;
      const s = sigmoid(k, q);
      const diff = s - d.results[i]!;
      e += diff * diff;
      const g = (2 * diff * s * (1 - s) * LOG10 * k) / 400 / n;
      for (let j = d.start[i]!; j < d.start[i + 1]!; j++) grad[d.col[j]!]! += g * d.coef[j]!;
    }
    opts.onIteration?.(it, e / n);
    for (let p = 0; p < w.length; p++) {
      if (!moves[p]) continue;
      m1[p] = B1 * m1[p]! + (1 - B1) * grad[p]!;
      m2[p] = B2 * m2[p]! + (1 - B2) * grad[p]! * grad[p]!;
      const step =
        (opts.rate * (m1[p]! / (1 - B1 ** (it + 1)))) /
        (Math.sqrt(m2[p]! / (1 - B2 ** (it + 1))) + EPS);
      w[p] = Math.min(PARAMS[p]!.max, Math.max(PARAMS[p]!.min, w[p]! - step));
    }
    keepOrder(w);
  }
  for (let p = 0; p < w.length; p++) w[p] = Math.round(w[p]!);
  keepOrder(w);
  for (let p = 0; p < w.length; p++) w[p] = Math.round(w[p]!);
  return {
    k,
    errorBefore,
    errorAfter: logisticError(whiteScores(samples, w, rules), results, k),
    weights: w,
    iterations: it,
  };
}
