// mirror -- the static evaluation of asm/eval/*.asm (eval_compute, then eval_position) in
// TypeScript, as features x weights: a position's features are what each weight of
// weights.ts is counted for (white's share less black's), its game phase and the facts
// the draw scale reads; the score is the middle-game and end-game sums blended by the
// phase plus the flat sum, scaled when a side ahead has no pawns, from the side to move's
// view. Integer arithmetic as the assembly does it (idiv's rounding toward 0, bytes that
// wrap), so that the score is the `eval` job's to the centipawn; test/tune.test.ts holds
// it to that on 10,000 positions. Chess on 8x8 only (the 6x6 board's tables are stretched
// in the assembly, not here). PeSTO's tables are read as the assembly reads them, black's
// with the ranks flipped (never a <-> h). This is no oracle: it follows the assembly term by term.
import {
  BISHOP,
  KING,
  KNIGHT,
  PARAMS,
  PAWN,
  passedIndex,
  PHASES,
  pieceIndex,
  pstIndex,
  QUEEN,
  ROOK,
  W,
  type EvalRules,
} from "./weights.ts";

/** A position's features: weight indices with their counts (white's view). */
export interface Features {
  readonly index: Int32Array;
  readonly count: Float64Array;
  /** The game phase eval_position blends by, 0 .. PHASE_FULL. */
  readonly phase: number;
  readonly whiteToMove: boolean;
  /** Each side's share of the phase, and whether it has a pawn (the draw scale's facts). */
  readonly whitePhase: number;
  readonly blackPhase: number;
  readonly whitePawns: boolean;
  readonly blackPawns: boolean;
}

const CODE: Record<string, number> = { r: ROOK, n: KNIGHT, b: BISHOP, q: QUEEN, k: KING, p: PAWN };
const FILES = 8;
const FLIP_RANKS = 0x38;

/** The board of a FEN as the assembly's squares (0 = a8, row by row down to h1):
 *  a piece code with 8 added for white, -1 for an empty square. */
export function boardOf(fen: string): Int8Array {
  const board = new Int8Array(64).fill(-1);
  const ranks = fen.split(" ")[0]!.split("/");
  if (ranks.length !== 8) throw new Error(`not an 8x8 FEN: ${fen}`);
  ranks.forEach((rank, row) => {
    let file = 0;
    for (const c of rank) {
      if (c >= "1" && c <= "8") file += Number(c);
      else {
        const code = CODE[c.toLowerCase()];
        if (code === undefined || file > 7) throw new Error(`not an 8x8 FEN: ${fen}`);
        board[row * FILES + file++] = code + (c === c.toUpperCase() ? 8 : 0);
      }
    }
    if (file !== 8) throw new Error(`not an 8x8 FEN: ${fen}`);
  });
  return board;
}

class Counts {
  readonly map = new Map<number, number>();
  add(i: number, c: number): void {
    if (c !== 0) this.map.set(i, (this.map.get(i) ?? 0) + c);
  }
}

/** Files of a side's pawns: rows[file] has bit `row` set for each of its pawns. */
function pawnRows(board: Int8Array, white: boolean): number[] {
  const rows = new Array<number>(FILES + 2).fill(0); // [0] and [9]: past the a and h files
  const want = PAWN + (white ? 8 : 0);
  for (let sq = 0; sq < 64; sq++) if (board[sq] === want) rows[(sq & 7) + 1]! |= 1 << (sq >> 3);
  return rows;
}
const lowest = (bits: number) => 31 - Math.clz32(bits & -bits);
const highest = (bits: number) => 31 - Math.clz32(bits);
const popcount = (bits: number) => {
  let n = 0;
  for (let b = bits; b; b &= b - 1) n++;
  return n;
};

/** Each file's most advanced pawn of a side when passed (pawns.asm, PASSED_WHITE and
 *  PASSED_BLACK): its file and its row seen from its own side (1: one step to go). */
function passedPawns(
  own: number[],
  other: number[],
  white: boolean,
): { file: number; row: number }[] {
  const out: { file: number; row: number }[] = [];
  for (let f = 1; f <= FILES; f++) {
    if (own[f] === 0) continue;
    const around = other[f - 1]! | other[f]! | other[f + 1]!;
    if (white) {
      const r = lowest(own[f]!);
      if (r <= (around ? lowest(around) : 7)) out.push({ file: f - 1, row: r });
    } else {
      const r = highest(own[f]!);
      if (r >= (around ? highest(around) : 0)) out.push({ file: f - 1, row: r ^ 7 });
    }
  }
  return out;
}

/** The features of a FEN's position (see the header). */
export function features(fen: string, rules: EvalRules): Features {
  const board = boardOf(fen);
  const whiteToMove = fen.split(" ")[1] === "w";
  const c = new Counts();
  const phaseOf = [0, 0]; // [black, white]
  const bishops = [0, 0];
  const kings = [0, 0];
  for (let sq = 0; sq < 64; sq++) {
    const v = board[sq]!;
    if (v < 0) continue;
    const white = v >= 8 ? 1 : 0;
    const code = v & 7;
    phaseOf[white]! += rules.phaseWeight[code]!;
    if (code === KING) {
      kings[white] = sq;
      continue;
    }
    if (code === BISHOP) bishops[white]!++;
    const sign = white ? 1 : -1;
    for (const phase of PHASES) {
      c.add(pieceIndex(code, phase), sign);
      c.add(pstIndex(code, white ? sq : sq ^ FLIP_RANKS, phase), sign);
    }
  }
  for (const white of [1, 0]) if (bishops[white]! >= 2) c.add(W.BISHOP_PAIR_CP, white ? 1 : -1);

  const wp = pawnRows(board, true),
    bp = pawnRows(board, false);
  // The pawns' faults and passed pawns (pawns.asm, eval_passed_count).
  for (const [own, other, white] of [
    [wp, bp, true],
    [bp, wp, false],
  ] as const) {
    const sign = white ? 1 : -1;
    for (let f = 1; f <= FILES; f++) {
      const n = popcount(own[f]!);
      if (n === 0) continue;
      c.add(W.DOUBLED_MIDDLE, -sign * (n - 1));
      c.add(W.DOUBLED_END, -sign * (n - 1));
      if ((own[f - 1]! | own[f + 1]!) === 0) {
        c.add(W.ISOLATED_MIDDLE, -sign * n);
        c.add(W.ISOLATED_END, -sign * n);
      }
    }
    for (const p of passedPawns(own, other, white)) {
      c.add(passedIndex(p.row, "mg"), sign);
      c.add(passedIndex(p.row, "eg"), sign);
    }
  }
  // The rooks on files without pawns (evalpieces.asm, eval_rook_files).
  for (let sq = 0; sq < 64; sq++) {
    const v = board[sq]!;
    if (v < 0 || (v & 7) !== ROOK) continue;
    const white = v >= 8;
    const f = (sq & 7) + 1;
    const sign = white ? 1 : -1;
    if ((white ? wp : bp)[f] === 0) {
      c.add(W.ROOK_SEMI_MIDDLE, sign);
      c.add(W.ROOK_SEMI_END, sign);
    }
    if ((wp[f]! | bp[f]!) === 0) c.add(W.ROOK_OPEN_MIDDLE, sign);
  }
  // The pawns before a castled king (eval.asm, KING_SHIELD), and the kings' tables.
  for (const white of [1, 0]) {
    const own = white ? kings[1]! : kings[0]! ^ FLIP_RANKS;
    const sign = white ? 1 : -1;
    for (const phase of PHASES) c.add(pstIndex(KING, own, phase), sign);
    const file = own & 7;
    if (own < rules.shieldFirstSquare || ((rules.shieldFiles >> file) & 1) === 0) continue;
    const rows = white ? wp : bp;
    const near = white ? 6 : 1,
      far = white ? 5 : 2;
    for (let f = file; f <= file + 2; f++) {
      if ((rows[f]! >> near) & 1) c.add(W.SHIELD_NEAR, sign);
      else if ((rows[f]! >> far) & 1) c.add(W.SHIELD_FAR, sign);
    }
  }
  // A side without pieces: the runners and the mop-up (eval_runners, eval_mop_up).
  const [blackPhase, whitePhase] = phaseOf as [number, number];
  const anyPawn = wp.some((r) => r) || bp.some((r) => r);
  if (blackPhase === 0 || whitePhase === 0) {
    if (anyPawn) {
      for (const white of [true, false]) {
        if ((white ? blackPhase : whitePhase) !== 0) continue;
        const king = kings[white ? 0 : 1]!;
        for (const p of passedPawns(white ? wp : bp, white ? bp : wp, white)) {
          let toGo = p.row;
          if (toGo === rules.runnerFirstRow) toGo--;
          const kingRows = white ? king >> 3 : (king >> 3) ^ 7;
          let moves = Math.max(Math.abs((king & 7) - p.file), kingRows);
          if (whiteToMove !== white) moves = (moves - 1) & 0xff;
          if (toGo < moves) c.add(W.RUNNER_CP, white ? 1 : -1);
        }
      }
    }
    const blackLone = blackPhase === 0;
    const strongPhase = blackLone ? whitePhase : blackPhase;
    const lonePawns = blackLone ? bp : wp;
    if (
      (blackLone || whitePhase === 0) &&
      strongPhase >= rules.mopupMinPhase &&
      !lonePawns.some((r) => r)
    ) {
      const lone = kings[blackLone ? 0 : 1]!,
        other = kings[blackLone ? 1 : 0]!;
      const sign = blackLone ? 1 : -1;
      let f = lone & 7,
        r = lone >> 3;
      if (f >= 4) f ^= 7;
      if (r >= 4) r ^= 7;
      c.add(W.MOPUP_EDGE, sign * (6 - f - r));
      const dist = Math.abs((lone & 7) - (other & 7)) + Math.abs((lone >> 3) - (other >> 3));
      c.add(W.MOPUP_NEAR, sign * (rules.mopupFar - dist));
    }
  }
  // The move in hand less the other side's pawns' threats (EVAL_THREATS).
  const attacked = threatened(board, whiteToMove);
  const sign = whiteToMove ? 1 : -1;
  c.add(W.TEMPO_CP, sign);
  if (attacked === 1) c.add(W.THREAT_ONE_CP, -sign);
  if (attacked >= 2) c.add(W.THREAT_FORK_CP, -sign);

  const phase = Math.min(blackPhase + whitePhase, rules.phaseFull);
  const entries = [...c.map.entries()];
  return {
    index: Int32Array.from(entries, (e) => e[0]),
    count: Float64Array.from(entries, (e) => e[1]),
    phase,
    whiteToMove,
    whitePhase,
    blackPhase,
    whitePawns: wp.some((r) => r),
    blackPawns: bp.some((r) => r),
  };
}

/** The men of the side to move other than pawns (its king included) that the other
 *  side's pawns attack (PAWN_THREATS). */
function threatened(board: Int8Array, whiteToMove: boolean): number {
  const enemyPawn = PAWN + (whiteToMove ? 0 : 8);
  const step = whiteToMove ? 1 : -1; // black's pawns take down the board (rows up)
  let n = 0;
  for (let sq = 0; sq < 64; sq++) {
    const v = board[sq]!;
    if (v < 0 || v >= 8 !== whiteToMove || (v & 7) === PAWN) continue;
    const row = (sq >> 3) - step;
    if (row < 0 || row > 7) continue;
    const f = sq & 7;
    if (
      (f > 0 && board[row * 8 + f - 1] === enemyPawn) ||
      (f < 7 && board[row * 8 + f + 1] === enemyPawn)
    )
      n++;
  }
  return n;
}

/** The three sums of a position's features under a set of weights. */
export function sums(f: Features, w: ArrayLike<number>): { flat: number; mg: number; eg: number } {
  let flat = 0,
    mg = 0,
    eg = 0;
  for (let k = 0; k < f.index.length; k++) {
    const i = f.index[k]!;
    const v = f.count[k]! * w[i]!;
    const kind = PARAMS[i]!.kind;
    if (kind === "flat") flat += v;
    if (kind === "mg" || kind === "both") mg += v;
    if (kind === "eg" || kind === "both") eg += v;
  }
  return { flat, mg, eg };
}

/** EVAL_DRAW_SCALE's shift for a white's-view score: 0, or how far it is shifted down. */
export function drawShift(f: Features, score: number, rules: EvalRules): number {
  if (score === 0) return 0;
  const whiteAhead = score > 0;
  if (whiteAhead ? f.whitePawns : f.blackPawns) return 0;
  const ahead = whiteAhead ? f.whitePhase : f.blackPhase;
  const other = whiteAhead ? f.blackPhase : f.whitePhase;
  if (ahead <= rules.phaseBishop) return rules.drawShiftMinor;
  return ((ahead - other) & 0xff) <= rules.phaseBishop ? rules.drawShiftLead : 0;
}

/** The `eval` job's score: centipawns from the side to move's view. */
export function evaluate(f: Features, w: ArrayLike<number>, rules: EvalRules): number {
  const s = sums(f, w);
  const full = rules.phaseFull;
  let score = Math.trunc((s.mg * f.phase + s.eg * (full - f.phase)) / full) + s.flat;
  score = Math.trunc(score / 2 ** drawShift(f, score, rules));
  return f.whiteToMove ? score : -score;
}
