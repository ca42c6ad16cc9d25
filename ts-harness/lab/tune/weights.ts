// weights -- the evaluation's weights as one vector, where the tuner moves them: read
// from CHESS.COM's bytes and map (the tables by their labels, the terms by their equ
// constants: one home for each fact), and written back as the NASM source lines of the
// tables and constants they came from (asm/eval/pesto.asm, asm/eval/pawns.asm,
// asm/eval/eval.inc), so that a tuned set is a commit of the assembly's source.
//
// A weight is of one of four kinds, by where eval_position adds it (asm/eval/eval.asm):
// "mg" and "eg" terms are the middle-game and end-game sums blended by the game phase
// (PeSTO's values and tables, the passed pawns, the pawns' faults, the rooks' files, the
// castled king's pawns); "both" terms are counted alike in both sums (the bishop pair,
// PSQ_BOTH); "flat" terms go into the score as they are (the tempo and the pawns'
// threats, the runners, the mop-up).
import type { MappedProgram } from "../../core/build.ts";

export type Kind = "flat" | "mg" | "eg" | "both";
export type Phase = "mg" | "eg";
export const PHASES: readonly Phase[] = ["mg", "eg"];

export interface Param {
  readonly name: string;
  readonly kind: Kind;
  /** Moved by the tuner. Fixed: the pawn's value (the scale), the runner and the mop-up
   *  (endings the games seldom reach), and the terms of the side to move (the tempo and
   *  the pawns' threats): a quiet position is one where the side to move has no capture
   *  that wins, so the set leans against the side to move, and these terms would learn
   *  that lean instead of what the move in hand is worth. */
  readonly tuned: boolean;
  /** The least and the most the weight takes: its encoding's range, from 0 for a bonus
   *  or a cost whose sign is its meaning. */
  readonly min: number;
  readonly max: number;
}

/** The assembly's piece codes (asm/inc/chess.inc), the tables' order in pst. */
export const ROOK = 0,
  KNIGHT = 1,
  BISHOP = 2,
  QUEEN = 3,
  KING = 4,
  PAWN = 5;
export const PIECE_KINDS = 6;
/** pesto.asm's names: its labels pesto_NAME and its constants PESTO_NAME_MG, _EG. */
export const PIECE_NAMES = ["rook", "knight", "bishop", "queen", "king", "pawn"] as const;
const SQUARES = 64;
export const PASSED_ROWS = 7;

const BYTE_MAX = 127;
const TERM_MAX = 1000;

const params: Param[] = [];
function add(name: string, kind: Kind, tuned = true, min = -TERM_MAX, max = TERM_MAX): number {
  params.push({ name, kind, tuned, min, max });
  return params.length - 1;
}
const PST0 = params.length;
for (let t = 0; t < PIECE_KINDS; t++) {
  for (const phase of PHASES) {
    for (let sq = 0; sq < SQUARES; sq++) {
      const row = sq >> 3;
      // A pawn never stands on its first or last rank: those squares stay 0.
      const never = t === PAWN && (row === 0 || row === 7);
      add(`pesto_${PIECE_NAMES[t]}[${row}][${sq & 7}].${phase}`, phase, !never);
    }
  }
}
/** The index of a piece-square weight: table t, the square (0: a8, row by row, white's
 *  view) and the phase. */
export function pstIndex(t: number, square: number, phase: Phase): number {
  return PST0 + (t * 2 + (phase === "eg" ? 1 : 0)) * SQUARES + square;
}
/** The pieces that have a value (the king has none). */
export const VALUED = [ROOK, KNIGHT, BISHOP, QUEEN, PAWN] as const;
const valueName = (t: number, phase: Phase) =>
  `PESTO_${PIECE_NAMES[t].toUpperCase()}_${phase.toUpperCase()}`;
const PIECE0 = params.length;
for (const t of VALUED)
  for (const phase of PHASES) add(valueName(t, phase), phase, t !== PAWN, 0, 2000);
/** The index of a piece's value in a phase (the pawn's, the scale, stays fixed). */
export const pieceIndex = (t: number, phase: Phase) =>
  PIECE0 + 2 * VALUED.indexOf(t as (typeof VALUED)[number]) + (phase === "eg" ? 1 : 0);
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
  BISHOP_PAIR_CP: add("BISHOP_PAIR_CP", "both", true, 0),
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

const signedWord = (w: number) => (w << 16) >> 16;

/** The weights and rules of a built CHESS.COM, from its bytes and map: pst's packed
 *  entries (PSQ_PACK(middle, end), value and square together) less the pieces' values. */
export function readEvalSet(p: MappedProgram): EvalSet {
  const map = p.map;
  const w = new Float64Array(PARAMS.length);
  for (const t of VALUED)
    for (const phase of PHASES) w[pieceIndex(t, phase)] = map.constant(valueName(t, phase));
  const pst = p.bytesAt(map.label("pst"), PIECE_KINDS * SQUARES * 4);
  const view = new DataView(pst.buffer, pst.byteOffset, pst.byteLength);
  for (let t = 0; t < PIECE_KINDS; t++) {
    for (let sq = 0; sq < SQUARES; sq++) {
      const packed = view.getInt32((t * SQUARES + sq) * 4, true);
      const mg = signedWord(packed & 0xffff);
      const eg = (packed - mg) / 0x10000;
      const valued = t !== KING;
      w[pstIndex(t, sq, "mg")] = mg - (valued ? w[pieceIndex(t, "mg")]! : 0);
      w[pstIndex(t, sq, "eg")] = eg - (valued ? w[pieceIndex(t, "eg")]! : 0);
    }
  }
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
  tables: "asm/eval/pesto.asm",
  pawns: "asm/eval/pawns.asm",
  constants: "asm/eval/eval.inc",
} as const;
const VALUE_CONSTANTS = VALUED.flatMap((t) => PHASES.map((phase) => valueName(t, phase)));
const pad = (v: number, width: number) => String(v).padStart(width);
const cells = (w: ArrayLike<number>, t: number, row: number, phase: Phase) =>
  "{" +
  Array.from({ length: 8 }, (_, f) => pad(w[pstIndex(t, row * 8 + f, phase)]!, 4)).join(", ") +
  "}";

/** A table's eight PESTO_RANK lines, as pesto.asm draws them (rank 8 first): `head` is
 *  each line up to its first cell (the macro and the piece's values' names). */
function pstLines(w: ArrayLike<number>, t: number, head: string): string[] {
  return Array.from(
    { length: 8 },
    (_, row) => `${head}${cells(w, t, row, "mg")}, ${cells(w, t, row, "eg")}`,
  );
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
  const t = VALUED.find((t) => PHASES.some((phase) => valueName(t, phase) === name));
  if (t !== undefined) return String(w[pieceIndex(t, name.endsWith("_MG") ? "mg" : "eg")]!);
  return String(w[W[name as keyof typeof W]]!);
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
  for (let t = 0; t < PIECE_KINDS; t++) {
    const label = `pesto_${PIECE_NAMES[t]}:`;
    const at = tables.indexOf(label);
    const rows = tables.slice(at + 1, at + 9);
    if (at < 0 || !rows.every((l) => /^\s+PESTO_RANK [^{]+\{[^}]*\}, \{[^}]*\}$/.test(l)))
      throw new Error(`${SOURCES.tables}: no table ${label} of eight PESTO_RANK lines`);
    tables.splice(at + 1, 8, ...pstLines(w, t, /^[^{]+/.exec(rows[0]!)![0]));
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
  const equs = (file: "constants" | "tables", text: string, names: readonly string[]): string => {
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
    tables: equs("tables", tables.join("\n"), VALUE_CONSTANTS),
    pawns: pawns.join("\n"),
    constants: equs("constants", texts.constants, TUNED_CONSTANTS),
  };
}

/** The lines writeSources puts in, to print: the tables, then the equ lines. */
export function sourceLines(w: ArrayLike<number>): string {
  const out: string[] = [];
  for (let t = 0; t < PIECE_KINDS; t++) {
    const values = t === KING ? "0, 0" : PHASES.map((phase) => valueName(t, phase)).join(", ");
    out.push(`pesto_${PIECE_NAMES[t]}:`, ...pstLines(w, t, `        PESTO_RANK ${values}, `));
  }
  out.push("passed_bonus:", ...passedLines(w, []));
  for (const name of [...VALUE_CONSTANTS, ...TUNED_CONSTANTS])
    out.push(`${name.padEnd(15)} equ ${constantText(name, w)}`);
  return out.join("\n");
}
