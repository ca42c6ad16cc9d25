// book -- the opening book of CHESS.COM, made from the SAN lines of
// ts-harness/fixtures/book-lines.ts and written as a NASM table, asm/engine/book-table.inc:
//   npm run book          writes asm/engine/book-table.inc and prints its figures
// Every line is played on the oracle: a move that is not legal, a line too long or a
// line twice refuses the whole book. A ply is one byte, as the game record keeps it
// (asm/engine/record.asm): the move's rank among the legal moves in UCI order. The lines are
// sorted by their bytes, so that lines sharing a beginning stand together, and each is
// written as a byte KEEP << 4 | NEW -- the first KEEP plies of the line before, then
// NEW plies of its own -- and those NEW bytes; a 0 byte ends the table (asm/engine/book.asm).
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { isMain, ROOT } from "../core/build.ts";
import { BOOK_LINES, type BookLine } from "../fixtures/book-lines.ts";
import * as oracle from "../oracle/index.ts";
import { sortedMoves } from "./savegame.ts";

/** The most plies a line may have: KEEP and NEW are four bits each (asm/engine/book.asm,
 *  BOOK_MAX_PLIES). */
export const BOOK_MAX_PLIES = 15;
export const BOOK_INCLUDE = join(ROOT, "asm", "engine", "book-table.inc");

/** A line of the book, played: its moves in UCI and its plies as bytes. */
export interface PlayedLine {
  name: string;
  uci: string[];
  plies: number[];
}

/** SAN without its check and mate signs, as the oracle writes it. */
const bareSan = (s: string) => s.replace(/[+#]$/, "");

/** Play a line of SAN from the start position on the oracle; throws on a move that is
 *  not legal there (naming the line and the move). */
export function playLine(line: BookLine): PlayedLine {
  const pos = oracle.fenPosition(oracle.START_FEN);
  const uci: string[] = [];
  const plies: number[] = [];
  for (const [i, word] of line.san.split(/\s+/).filter(Boolean).entries()) {
    const move = oracle.legalMoves(pos).find((m) => bareSan(oracle.san(pos, m)) === bareSan(word));
    if (!move)
      throw new Error(
        `book: ${line.name}: ply ${i + 1}, ${word}, is not a legal move in ${oracle.toFen(pos)}`,
      );
    const name = oracle.moveToUci(move);
    plies.push(sortedMoves(pos).indexOf(name));
    uci.push(name);
    oracle.makeMove(pos, move);
  }
  if (plies.length === 0 || plies.length > BOOK_MAX_PLIES)
    throw new Error(`book: ${line.name}: ${plies.length} plies, not 1 to ${BOOK_MAX_PLIES}`);
  return { name: line.name, uci, plies };
}

const compareBytes = (a: number[], b: number[]) => {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
};

export interface Book {
  /** The lines in table order. */
  lines: PlayedLine[];
  /** The table's bytes, the end mark included. */
  bytes: number[];
  /** Each line's entry: its first byte's index in `bytes`. */
  entries: number[];
  /** The positions with a book move: the distinct beginnings of the lines. */
  positions: number;
}

/** The book of a set of lines (the published ones by default). */
export function makeBook(source: readonly BookLine[] = BOOK_LINES): Book {
  const lines = source.map(playLine).sort((a, b) => compareBytes(a.plies, b.plies));
  const bytes: number[] = [];
  const entries: number[] = [];
  const prefixes = new Set<string>();
  let before: number[] = [];
  for (const line of lines) {
    let keep = 0;
    while (keep < before.length && keep < line.plies.length && before[keep] === line.plies[keep])
      keep++;
    if (keep === line.plies.length)
      throw new Error(
        `book: ${line.name} is the beginning of another line, or the same line twice`,
      );
    entries.push(bytes.length);
    bytes.push((keep << 4) | (line.plies.length - keep), ...line.plies.slice(keep));
    for (let i = 0; i < line.plies.length; i++) prefixes.add(line.plies.slice(0, i).join(","));
    before = line.plies;
  }
  bytes.push(0);
  return { lines, bytes, entries, positions: prefixes.size };
}

/** The book's continuations of a game from the start position (moves in UCI): each
 *  line through the game gives its next move, once a line. */
export function bookContinuations(book: Book, moves: readonly string[]): string[] {
  return book.lines
    .filter((l) => l.uci.length > moves.length && moves.every((m, i) => l.uci[i] === m))
    .map((l) => l.uci[moves.length]!);
}

const hex = (b: number) => `0${b.toString(16).padStart(2, "0")}h`;

/** asm/engine/book-table.inc: the table, a line of bytes a book line with its name. */
export function bookInclude(book: Book): string {
  const head = [
    `; book-table.inc -- the opening book's table, written by ts-harness/formats/book.ts (npm run book)`,
    `; from ts-harness/fixtures/book-lines.ts: do not edit. ${book.lines.length} lines, ${book.positions} positions,`,
    `; ${book.bytes.length} bytes. Each line: KEEP << 4 | NEW, then NEW plies (asm/engine/book.asm).`,
    "book_lines:",
  ];
  const body = book.lines.map((line, i) => {
    const from = book.entries[i]!;
    const to = book.entries[i + 1] ?? book.bytes.length - 1;
    return `        db ${book.bytes.slice(from, to).map(hex).join(", ")} ; ${line.name}`;
  });
  return [...head, ...body, "        db 0", ""].join("\n");
}

if (isMain(import.meta.url)) {
  const book = makeBook();
  writeFileSync(BOOK_INCLUDE, bookInclude(book));
  const firsts = new Set(book.lines.map((l) => l.uci[0]));
  console.log(
    `wrote ${BOOK_INCLUDE}: ${book.lines.length} lines, ${book.positions} positions, ${book.bytes.length} bytes, first moves ${[...firsts].join(" ")}`,
  );
}
