// The opening book: ts-harness/formats/book.ts turns the SAN lines of
// ts-harness/fixtures/book-lines.ts into asm/engine/book-table.inc, and `go book SEED`
// (asm/engine/book.asm through the engine's front door) plays a move of it. What the book
// may answer is taken from the lines themselves, read by chess.js (a program nobody
// here wrote); legality from the oracle.
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, test } from "vitest";
import { runBatch, type JobLines } from "../ts-harness/core/asm-engine.ts";
import { BOOK_INCLUDE, BOOK_MAX_PLIES, bookInclude, makeBook } from "../ts-harness/formats/book.ts";
import { legalMoves, moveToUci, toFen } from "../ts-harness/oracle/index.ts";
import { continuations, LINES } from "./book-answers.ts";
import { play, position, START } from "./game-oracle.ts";

const legalAfter = (fen: string, moves: string[]) => {
  const pos = position(fen);
  for (const m of moves) play(pos, m);
  return legalMoves(pos).map(moveToUci);
};

/** A sample of book positions: each line cut after 0, 3, 7 and its last ply but one. */
const SAMPLE = LINES.flatMap((l) => [0, 3, 7, l.length - 1].map((n) => l.slice(0, n)));
const SEEDS = Array.from({ length: 32 }, (_, i) => i * 977);
const FIRST_LINE = LINES[0]!;
const OFF_BOOK = ["e2e4", "a7a6"];

const JOBS = [
  ...SAMPLE.flatMap((moves, i) => [
    `position startpos${moves.length ? " moves " + moves.join(" ") : ""}`,
    `go book ${i * 131} depth 1`,
  ]),
  ...SEEDS.flatMap((seed) => ["position startpos", `go book ${seed} depth 1`]),
  `position startpos moves ${OFF_BOOK.join(" ")}`, // off the book's lines
  "go book 7 depth 2",
  "go depth 2",
  `position startpos moves ${FIRST_LINE.join(" ")}`, // past a line's end
  "go book 7 depth 1",
  `position ${toFen(position(START))} moves e2e4`, // the start position as a FEN: still the start
  "go book 7 depth 1",
  `position ${afterFen(["e2e4"])}`, // a book position, but not played from the start
  "go book 7 depth 1",
  "position startpos", // without the word, the search's move
  "go depth 2",
];

function afterFen(moves: string[]): string {
  const pos = position(START);
  for (const m of moves) play(pos, m);
  return toFen(pos);
}

let groups: JobLines[];
beforeAll(async () => {
  groups = await runBatch(JOBS, { timeoutMs: 50_000 });
}, 60_000);

/** The bestmove line of a go job by its index in JOBS. */
const bestmove = (jobIndex: number) => groups[jobIndex]!.lines.find((w) => w[0] === "bestmove")!;
const tail = JOBS.length;

describe("the opening book", () => {
  test("every source line is legal by the oracle and fits the table, and asm/engine/book-table.inc is what the generator writes", () => {
    const book = makeBook();
    expect(book.lines.map((l) => l.uci)).toEqual(expect.arrayContaining(LINES));
    expect(Math.max(...LINES.map((l) => l.length))).toBeLessThanOrEqual(BOOK_MAX_PLIES);
    expect(book.bytes.length).toBeLessThan(512);
    expect(readFileSync(BOOK_INCLUDE, "latin1")).toBe(bookInclude(book));
  });

  test("the generator refuses an illegal line and a line twice", () => {
    expect(() => makeBook([{ name: "bad", san: "e4 e5 Ke3" }])).toThrow(/Ke3, is not a legal move/);
    expect(() =>
      makeBook([
        { name: "a", san: "d4 d5" },
        { name: "b", san: "d4 d5" },
      ]),
    ).toThrow(/twice/);
  });

  test("from a sample of book positions each move the asm plays is a continuation of the source lines, and legal", () => {
    SAMPLE.forEach((moves, i) => {
      const words = bestmove(2 * i + 1);
      expect(words.slice(2, 3), `after ${moves.join(" ")}`).toEqual(["book"]);
      expect([...continuations(moves)], `after ${moves.join(" ")}`).toContain(words[1]);
      expect(legalAfter(START, moves)).toContain(words[1]);
    });
  });

  test("at the start position the seeds choose among several first moves", () => {
    const base = 2 * SAMPLE.length;
    const firsts = SEEDS.map((_, i) => bestmove(base + 2 * i + 1));
    for (const w of firsts) expect([...continuations([])]).toContain(w[1]);
    expect(new Set(firsts.map((w) => w[1])).size).toBeGreaterThanOrEqual(3);
  });

  test("off the lines, past a line's end and from a position not played from the start there is no book move: the search answers", () => {
    const at = (back: number) => bestmove(tail - back);
    const offBook = at(10);
    expect(offBook).not.toContain("book");
    expect(offBook).toContain("depth");
    expect(offBook[1]).toBe(at(9)[1]); // the same move as the search without the word
    expect(legalAfter(START, OFF_BOOK)).toContain(offBook[1]);
    expect(at(7)).not.toContain("book");
    expect(legalAfter(START, FIRST_LINE)).toContain(at(7)[1]);
    expect(at(5)).toContain("book"); // the start position's FEN is the start
    expect([...continuations(["e2e4"])]).toContain(at(5)[1]);
    expect(at(3)).not.toContain("book");
  });

  test("go without the book word at the start position is the search's move", () => {
    const words = bestmove(tail - 1);
    expect(words).not.toContain("book");
    expect(words).toContain("depth");
    expect(legalAfter(START, [])).toContain(words[1]);
  });
});
