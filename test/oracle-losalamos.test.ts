// The oracle on Los Alamos chess (6x6): Fairy-Stockfish's published perft counts, the
// variant's rules (no double step, promotion to Q R N, no castling), its FENs, and the
// mate search and the exchange on the small board.
import { describe, expect, test } from "vitest";
import {
  exchange,
  fenPosition as position,
  findMate,
  legalMoves,
  makeMove,
  moveToUci,
  parseFen,
  parseUci,
  perft,
  status,
  toFen,
} from "../ts-harness/oracle/index.ts";
import {
  LOS_ALAMOS_INVALID,
  LOS_ALAMOS_MATES,
  LOS_ALAMOS_PERFT,
  LOS_ALAMOS_START,
} from "../ts-harness/fixtures/losalamos.ts";

function ucis(fen: string): string[] {
  return legalMoves(position(fen)).map(moveToUci).sort();
}

describe("oracle on Los Alamos chess", () => {
  test.each(LOS_ALAMOS_PERFT.map(([name, fen, depth, nodes]) => ({ name, fen, depth, nodes })))(
    "perft – $name at depth $depth has $nodes leaves (Fairy-Stockfish)",
    ({ fen, depth, nodes }) => {
      expect(perft(position(fen), depth)).toBe(nodes);
    },
  );

  test("the start position has the six pawn steps and four knight moves, no double step", () => {
    expect(ucis(LOS_ALAMOS_START)).toEqual(
      ["a2a3", "b2b3", "b1a3", "b1c3", "c2c3", "d2d3", "e1d3", "e1f3", "e2e3", "f2f3"].sort(),
    );
  });

  test("a pawn promotes to a queen, a rook or a knight, never a bishop", () => {
    expect(ucis("6/2P3/6/1K1k2/6/6 w - - 0 1").filter((m) => m.startsWith("c5"))).toEqual([
      "c5c6n",
      "c5c6q",
      "c5c6r",
    ]);
  });

  test("no piece leaves the 6x6 board: a rook in the corner a1 has ten squares", () => {
    const moves = ucis("3k2/6/6/6/6/R4K w - - 0 1").filter((m) => m.startsWith("a1"));
    expect(moves).toEqual(["a1a2", "a1a3", "a1a4", "a1a5", "a1a6", "a1b1", "a1c1", "a1d1", "a1e1"]);
  });

  test("a set-up position may hold bishops, which move as in chess", () => {
    expect(ucis("3k2/6/6/2B3/6/3K2 w - - 0 1").filter((m) => m.startsWith("c3")).length).toBe(9);
  });

  test.each(LOS_ALAMOS_INVALID)("FEN – %s is refused", (_why, fen, code, message) => {
    expect(parseFen(fen)).toEqual({ ok: false, error: { code, message } });
  });

  test("the start position's FEN comes back as it went in", () => {
    expect(toFen(position(LOS_ALAMOS_START))).toBe(LOS_ALAMOS_START);
  });

  test("a game runs to a promotion to a knight and its FEN keeps six ranks", () => {
    const pos = position("3k2/1P4/6/6/6/3K2 w - - 0 1");
    for (const uci of ["b5b6n"]) {
      const parsed = parseUci(pos, uci);
      if (!parsed.ok) throw new Error(parsed.error.message);
      makeMove(pos, parsed.move);
    }
    expect(toFen(pos)).toBe("1N1k2/6/6/6/6/3K2 b - - 0 1");
  });

  test("a bishop promotion is refused as illegal", () => {
    const parsed = parseUci(position("3k2/1P4/6/6/6/3K2 w - - 0 1"), "b5b6b");
    expect(parsed.ok).toBe(false);
  });

  test("a king in the corner a6 with no square left is stalemated (on 8x8 it would have a7 and b7)", () => {
    expect(status(position("k5/6/1Q4/6/6/5K b - - 0 1"))).toBe("stalemate");
  });

  test.each(LOS_ALAMOS_MATES)("mate – %s (mate in %i with %s)", (_why, fen, length, key) => {
    const found = findMate(position(fen), 2);
    expect(found?.length).toBe(length);
    expect(found!.moves.map(moveToUci)).toContain(key);
  });

  test("the exchange takes the free knight: a knight's value, rook to b6", () => {
    const result = exchange(position("3k2/1n4/6/6/6/1R1K2 w - - 0 1"), 2);
    expect(result.value).toBe(4800);
    expect(result.moves.map(moveToUci)).toEqual(["b1b5"]);
  });
});
