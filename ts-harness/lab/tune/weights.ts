// weights -- the evaluation's weights as one vector, where the tuner moves them: read
// from CHESS.COM's bytes and map (the tables by their labels, the terms by their equ
// constants: one home for each fact), and written back as the NASM source lines of the
// tables and constants they came from (asm/eval/eval.asm, asm/eval/pawns.asm,
// asm/eval/eval.inc), so that a tuned set is a commit of the assembly's source.
//
// A weight is of one of three kinds, by where eval_position adds it (asm/eval/eval.asm):
// "flat" terms go into the score as they are (material, the piece-square tables but the
// king's, the bishop pair, the tempo and the pawns' threats, the runners, the mop-up);
// "mg" and "eg" terms are the middle-game and end-game sums blended by the game phase.
import type { MappedProgram } from "../../core/build.ts";

export type Kind = "flat" | "mg" | "eg";

export interface Param {
  readonly name: string;
  readonly kind: Kind;
  /** Moved by the tuner. Fixed: the pawn's value (the scale), the runner and the mop-up
   *  (endings the games seldom reach), and the terms of the side to move (the tempo and
   *  the pawns' threats): a quiet position is one where the side to move has no capture
   *  that wins, so the set leans against the side to move, and these terms would learn
   *  that lean instead of what the move in hand is worth. */
  readonly tuned: boolean;
  /** The least and the most the weight takes: its encoding's range (a signed byte of a
   *  table), from 0 for a bonus or a cost whose sign is its meaning. */
  readonly min: number;
  readonly max: number;
}

/** The assembly's piece codes (asm/inc/chess.inc), the rows of piece_cp and pst. */
export const ROOK = 0,
  KNIGHT = 1,
  BISHOP = 2,
  QUEEN = 3,
  KING = 4,
  PAWN = 5;
/** pst's seventh row: the king's end-game table (pst_king_end). */
export const KING_END = 6;
export const PST_TABLES = 7;
export const PIECE_NAMES = [
  "rook",
  "knight",
  "bishop",
  "queen",
  "king",
  "pawn",
  "king_end",
] as const;
/** A table keeps a rank's a..d half: e..h read the same (PST_RANK asserts it). */
export const PST_HALF = 32;
export const PASSED_ROWS = 7;

const BYTE_MIN = -128,
  BYTE_MAX = 127;
const TERM_MAX = 1000;

const params: Param[] = [];
function add(name: string, kind: Kind, tuned = true, min = -TERM_MAX, max = TERM_MAX): number {
  params.push({ name, kind, tuned, min, max });
  return params.length - 1;
}
const tableKind = (t: number): Kind => (t === KING ? "mg" : t === KING_END ? "eg" : "flat");
const PST0 = params.length;
for (let t = 0; t < PST_TABLES; t++) {
  for (let i = 0; i < PST_HALF; i++) {
    const row = i >> 2;
    // A pawn never stands on its first or last rank: those squares stay 0.
    const never = t === PAWN && (row === 0 || row === 7);
    add(`pst_${PIECE_NAMES[t]}[${row}][${i & 3}]`, tableKind(t), !never, BYTE_MIN, BYTE_MAX);
  }
}
/** The index of a piece-square weight: table t, the square's row (0: rank 8) and file. */
export function pstIndex(t: number, square: number): number {
  const file = square & 7;
  return PST0 + t * PST_HALF + (square >> 3) * 4 + (file < 4 ? file : 7 - file);
}
const PIECE0 = params.length;
for (const [i, name] of [
  "ROOK_CP",
  "KNIGHT_CP",
  "BISHOP_CP",
  "QUEEN_CP",
  "KING",
  "PAWN_CP",
].entries()) {
  add(name, "flat", i !== KING && i !== PAWN, 0, 2000);
}
export const pieceIndex = (t: number) => PIECE0 + t;
const PASSED0 = params.length;
for (let row = 0; row < PASSED_ROWS; row++) {
  add(`passed_bonus[${row}].middle`, "mg", row > 0, 0);
  add(`passed_bonus[${row}].end`, "eg", row > 0, 0);
}
export const passedIndex = (row: number, kind: "mg" | "eg") =>
  PASSED0 + 2 * row + (kind === "eg" ? 1 : 0);

/** The terms named by an equ constant of asm/eval/eval.inc, in the vector after the tables. */
export const W = {
  DOUBLED_MIDDLE: add("DOUBLED_MIDDLE", "mg", true, 0, BYTE_MAX),
  DOUBLED_END: add("DOUBLED_END", "eg", true, 0, BYTE_MAX),
  ISOLATED_MIDDLE: add("ISOLATED_MIDDLE", "mg", true, 0, BYTE_MAX),
  ISOLATED_END: add("ISOLATED_END", "eg", true, 0, BYTE_MAX),
  ROOK_SEMI_MIDDLE: add("ROOK_SEMI_MIDDLE", "mg", true, 0, BYTE_MAX),
  ROOK_SEMI_END: add("ROOK_SEMI_END", "eg", true, 0, BYTE_MAX),
  ROOK_OPEN_MIDDLE: add("ROOK_OPEN_MIDDLE", "mg", true, 0, BYTE_MAX),
  SHIELD_NEAR: add("SHIELD_NEAR", "mg", true, 0, 42),
  SHIELD_FAR: add("SHIELD_FAR", "mg", true, 0, 42),
  BISHOP_PAIR_CP: add("BISHOP_PAIR_CP", "flat", true, 0),
  TEMPO_CP: add("TEMPO_CP", "flat", false),
  THREAT_ONE_CP: add("THREAT_ONE_CP", "flat", false),
  THREAT_FORK_CP: add("THREAT_FORK_CP", "flat", false),
  RUNNER_CP: add("RUNNER_CP", "flat", false),
  MOPUP_EDGE: add("MOPUP_EDGE", "flat", false),
  MOPUP_NEAR: add("MOPUP_NEAR", "flat", false),
} as const;

export const PARAMS: readonly Param[] = params;

/** What eval_position reads beyond the weights: the phase and the fixed rules' numbers. */
export interface EvalRules {
  /** phase_weight by piece code. */
  readonly phaseWeight: readonly number[];
  readonly phaseFull: number;
  readonly phaseBishop: number;
  readonly shieldFirstSquare: number;
  readonly shieldFiles: number;
  readonly runnerFirstRow: number;
  readonly mopupMinPhase: number;
  readonly mopupFar: number;
  readonly drawShiftMinor: number;
  readonly drawShiftLead: number;
}

export interface EvalSet {
  readonly weights: Float64Array;
  readonly rules: EvalRules;
}

const signedByte = (b: number) => (b << 24) >> 24;
const signedWord = (w: number) => (w << 16) >> 16;

/** The weights and rules of a built CHESS.COM, from its bytes and map. Throws when a
 *  table breaks the symmetry the vector assumes. */
export function readEvalSet(p: MappedProgram): EvalSet {
  const map = p.map;
  const w = new Float64Array(PARAMS.length);
  const pst = p.bytesAt(map.label("pst"), PST_TABLES * 64);
  for (let t = 0; t < PST_TABLES; t++) {
    for (let sq = 0; sq < 64; sq++) {
      const v = signedByte(pst[t * 64 + sq]!);
      const i = pstIndex(t, sq);
      if ((sq & 7) < 4) w[i] = v;
      else if (w[i] !== v)
        throw new Error(`pst table ${PIECE_NAMES[t]}: square ${sq} differs from its file's mirror`);
    }
  }
  for (let t = 0; t <= PAWN; t++) w[pieceIndex(t)] = p.wordAt(map.label("piece_cp") + 2 * t);
  for (let row = 0; row < PASSED_ROWS; row++) {
    w[passedIndex(row, "mg")] = signedWord(p.wordAt(map.label("passed_bonus") + 4 * row));
    w[passedIndex(row, "eg")] = signedWord(p.wordAt(map.label("passed_bonus") + 4 * row + 2));
  }
  for (const [name, i] of Object.entries(W)) w[i] = map.constant(name);
  const phase = p.bytesAt(map.label("phase_weight"), PAWN + 1);
  return {
    weights: w,
    rules: {
      phaseWeight: [...phase],
      phaseFull: map.constant("PHASE_FULL"),
      phaseBishop: map.constant("PHASE_BISHOP"),
      shieldFirstSquare: map.constant("SHIELD_FIRST_SQUARE"),
      shieldFiles: map.constant("SHIELD_FILES"),
      runnerFirstRow: map.constant("RUNNER_FIRST_ROW"),
      mopupMinPhase: map.constant("MOPUP_MIN_PHASE"),
      mopupFar: map.constant("MOPUP_FAR"),
      drawShiftMinor: map.constant("DRAW_SHIFT_MINOR"),
      drawShiftLead: map.constant("DRAW_SHIFT_LEAD"),
    },
  };
}

/** The files a tuned set is written into, under the repository's root. */
export const SOURCES = {
  tables: "asm/eval/eval.asm",
  pawns: "asm/eval/pawns.asm",
  constants: "asm/eval/eval.inc",
  values: "asm/inc/chess.inc",
} as const;
const PIECE_CONSTANTS = ["ROOK_CP", "KNIGHT_CP", "BISHOP_CP", "QUEEN_CP"] as const;
const pad = (v: number, width: number) => String(v).padStart(width);

/** A table's eight PST_RANK lines, as eval.asm draws them (rank 8 first): `head` is
 *  each line up to its first cell (the macro and the piece's value's name), `first`
 *  the width of that head and the first cell. */
function pstLines(
  w: ArrayLike<number>,
  t: number,
  head: string,
  first = head.length + 4,
): string[] {
  return Array.from({ length: 8 }, (_, row) => {
    const cells = Array.from({ length: 8 }, (_, f) => w[pstIndex(t, row * 8 + f)]!);
    return (
      head +
      pad(cells[0]!, first - head.length) +
      cells
        .slice(1)
        .map((v) => "," + pad(v, 4))
        .join("")
    );
  });
}

/** passed_bonus's rows, each with the comment it has in the source. */
function passedLines(w: ArrayLike<number>, comments: readonly string[]): string[] {
  return Array.from({ length: PASSED_ROWS }, (_, row) => {
    const words = `dw ${pad(w[passedIndex(row, "mg")]!, 3)}, ${pad(w[passedIndex(row, "eg")]!, 3)}`;
    return `        ${comments[row] ? words.padEnd(28) + comments[row] : words}`;
  });
}

/** The value an equ line gets. */
function constantText(name: string, w: ArrayLike<number>): string {
  const i = (PIECE_CONSTANTS as readonly string[]).indexOf(name);
  return String(i >= 0 ? w[pieceIndex(i)]! : w[W[name as keyof typeof W]]!);
}
const TUNED_CONSTANTS = Object.keys(W).filter((n) => PARAMS[W[n as keyof typeof W]]!.tuned);

/** The source files with a set of weights written in: the tables after their labels, the
 *  constants' equ lines (their comments kept). Throws when a file's shape is not the one
 *  this writer knows. */
export function writeSources(
  texts: Record<keyof typeof SOURCES, string>,
  w: ArrayLike<number>,
): Record<keyof typeof SOURCES, string> {
  const tables = texts.tables.split("\n");
  for (let t = 0; t < PST_TABLES; t++) {
    const at = tables.indexOf(`pst_${PIECE_NAMES[t]}:`);
    const rows = tables.slice(at + 1, at + 9);
    if (at < 0 || !rows.every((l) => /^\s+PST_RANK /.test(l)))
      throw new Error(`${SOURCES.tables}: no table pst_${PIECE_NAMES[t]} of eight PST_RANK lines`);
    const m = /^(\s+PST_RANK\s+[^,]+,)\s*-?\d+/.exec(rows[0]!)!;
    tables.splice(at + 1, 8, ...pstLines(w, t, m[1]!, m[0].length));
  }
  const pawns = texts.pawns.split("\n");
  const at = pawns.indexOf("passed_bonus:");
  const rows = pawns.slice(at + 1, at + 1 + PASSED_ROWS);
  if (at < 0 || !rows.every((l) => /^\s+dw /.test(l)))
    throw new Error(`${SOURCES.pawns}: no passed_bonus of ${PASSED_ROWS} dw lines`);
  pawns.splice(
    at + 1,
    PASSED_ROWS,
    ...passedLines(
      w,
      rows.map((l) => /;.*$/.exec(l)?.[0] ?? ""),
    ),
  );
  const equs = (file: "constants" | "values", names: readonly string[]): string => {
    let text = texts[file];
    for (const name of names) {
      const line = new RegExp(`^(${name}\\s+equ )(\\S+)( *)(.*)$`, "m");
      const m = line.exec(text);
      if (!m) throw new Error(`${SOURCES[file]}: no line ${name} equ ...`);
      const value = constantText(name, w);
      const spaces = " ".repeat(Math.max(1, m[2]!.length + m[3]!.length - value.length));
      text = text.replace(line, `$1${value}${m[4] ? spaces : ""}$4`);
    }
    return text;
  };
  return {
    tables: tables.join("\n"),
    pawns: pawns.join("\n"),
    constants: equs("constants", TUNED_CONSTANTS),
    values: equs("values", PIECE_CONSTANTS),
  };
}

/** The lines writeSources puts in, to print: the tables, then the equ lines. */
export function sourceLines(w: ArrayLike<number>): string {
  const out: string[] = [];
  for (let t = 0; t < PST_TABLES; t++) {
    const value =
      t === KING || t === KING_END
        ? "0"
        : ["ROOK_CP", "KNIGHT_CP", "BISHOP_CP", "QUEEN_CP", "", "PAWN_CP"][t]!;
    out.push(
      `pst_${PIECE_NAMES[t]}:`,
      ...pstLines(w, t, `        PST_RANK ${(value + ",").padEnd(10)}`),
    );
  }
  out.push("passed_bonus:", ...passedLines(w, []));
  for (const name of [...PIECE_CONSTANTS, ...TUNED_CONSTANTS])
    out.push(`${name.padEnd(15)} equ ${constantText(name, w)}`);
  return out.join("\n");
}
