// Legal moves, make/unmake, UCI and SAN, and the state of the game, on positions whose
// answers are known by hand.
import { describe, expect, test } from "vitest";
import { START } from "../ts-harness/fixtures/perft.ts";
import {
  fenPosition as position,
  inCheck,
  isInsufficientMaterial,
  legalMoves,
  makeMove,
  moveToUci,
  parseUci,
  playUci,
  san,
  status,
  toFen,
  unmakeMove,
  type Position,
} from "../ts-harness/oracle/index.ts";

function uciMoves(fen: string): string[] {
  return legalMoves(position(fen)).map(moveToUci).sort();
}

/** Plays UCI moves one after another; throws on the first that is not legal. */
function play(pos: Position, ...moves: string[]): Position {
  return playUci(pos, moves);
}

describe("oracle legal moves", () => {
  test("en passant that would leave the king on an open rank is not offered", () => {
    expect(uciMoves("8/8/8/KPp4r/8/8/8/7k w - c6 0 1")).toEqual(["a5a4", "a5a6", "a5b6", "b5b6"]);
  });

  test("en passant may capture the pawn that gives check", () => {
    expect(uciMoves("8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1")).toContain("e4d3");
  });

  test("a pawn reaching the last rank offers all four promotions", () => {
    expect(uciMoves("4k3/P7/8/8/8/8/8/4K3 w - - 0 1").filter((m) => m.startsWith("a7"))).toEqual([
      "a7a8b",
      "a7a8n",
      "a7a8q",
      "a7a8r",
    ]);
  });

  test.each([
    ["both castlings with the way clear", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", ["e1c1", "e1g1"]],
    ["no castling out of check", "4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1", []],
    ["no castling through an attacked square", "4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1", ["e1c1"]],
    ["no castling into check", "4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1", ["e1c1"]],
    ["long castling while b1 is attacked", "1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1", ["e1c1"]],
    ["no castling over a piece", "4k3/8/8/8/8/8/8/RN2K1NR w KQ - 0 1", []],
    ["black castles on its own rank", "r3k2r/8/8/8/8/8/8/4K3 b kq - 0 1", ["e8c8", "e8g8"]],
  ])("castling: %s", (_why, fen, castles) => {
    const king = fen.split(" ")[1] === "w" ? "e1" : "e8";
    expect(
      uciMoves(fen).filter((m) => m === `${king}g${king[1]}` || m === `${king}c${king[1]}`),
    ).toEqual(castles);
  });
});

describe("oracle make and unmake", () => {
  test.each([
    [
      "a double step sets the en-passant square and resets the clock",
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3 1",
      "e2e4",
      "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    ],
    [
      "a black move advances the move number",
      "4k3/8/8/8/8/8/8/4K3 b - - 7 30",
      "e8d8",
      "3k4/8/8/8/8/8/8/4K3 w - - 8 31",
    ],
    [
      "short castling moves the rook and drops both rights",
      "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 5 10",
      "e1g1",
      "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 6 10",
    ],
    [
      "long castling moves the rook",
      "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 5 10",
      "e8c8",
      "2kr3r/8/8/8/8/8/8/R3K2R w KQ - 6 11",
    ],
    [
      "a rook capturing a rook drops a right of each side",
      "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 5 10",
      "a1a8",
      "R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 10",
    ],
    [
      "en passant removes the pawn that passed",
      "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
      "e5d6",
      "4k3/8/3P4/8/8/8/8/4K3 b - - 0 2",
    ],
    [
      "a capturing under-promotion",
      "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1",
      "a7b8n",
      "1N2k3/8/8/8/8/8/8/4K3 b - - 0 1",
    ],
  ])("%s", (_why, fen, move, after) => {
    const pos = play(position(fen), move);
    expect(toFen(pos)).toBe(after);
    expect(moveToUci(unmakeMove(pos)!)).toBe(move);
    expect(toFen(pos)).toBe(fen);
  });

  test.each([
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1",
  ])("every two-move line from %s unmakes back to the same FEN", (fen) => {
    const pos = position(fen);
    for (const first of legalMoves(pos)) {
      makeMove(pos, first);
      const middle = toFen(pos);
      for (const second of legalMoves(pos)) {
        makeMove(pos, second);
        unmakeMove(pos);
        expect(toFen(pos)).toBe(middle);
      }
      unmakeMove(pos);
      expect(toFen(pos)).toBe(fen);
    }
  });

  test("unmaking with no move made returns undefined", () => {
    expect(unmakeMove(position("4k3/8/8/8/8/8/8/4K3 w - - 0 1"))).toBeUndefined();
  });

  test("making an illegal move throws and names it", () => {
    expect(() =>
      makeMove(position("4k3/8/8/8/8/8/8/4K3 w - - 0 1"), { from: "e1", to: "e3" }),
    ).toThrow(/e1e3/);
  });
});

describe("oracle UCI parsing", () => {
  test("a legal move comes back as a move", () => {
    expect(parseUci(position(START), "g1f3")).toEqual({ ok: true, move: { from: "g1", to: "f3" } });
  });

  test("a promotion keeps its piece", () => {
    expect(parseUci(position("4k3/P7/8/8/8/8/8/4K3 w - - 0 1"), "a7a8n")).toEqual({
      ok: true,
      move: { from: "a7", to: "a8", promotion: "n" },
    });
  });

  test.each([
    [
      "text that is no move",
      START,
      "e2-e4",
      "uci",
      "'e2-e4' is not a UCI move (like e2e4 or e7e8q)",
    ],
    [
      "an upper-case promotion",
      "4k3/P7/8/8/8/8/8/4K3 w - - 0 1",
      "a7a8Q",
      "uci",
      "'a7a8Q' is not a UCI move (like e2e4 or e7e8q)",
    ],
    ["a move the piece cannot make", START, "e2e5", "illegal", `e2e5 is not legal in ${START}`],
    [
      "a promotion letter on a plain move",
      START,
      "e2e4q",
      "illegal",
      `e2e4q is not legal in ${START}`,
    ],
    [
      "a promotion without its letter",
      "4k3/P7/8/8/8/8/8/4K3 w - - 0 1",
      "a7a8",
      "illegal",
      "a7a8 needs a promotion letter (q, r, b or n) in 4k3/P7/8/8/8/8/8/4K3 w - - 0 1",
    ],
  ])("%s is an error", (_why, fen, text, code, message) => {
    expect(parseUci(position(fen), text)).toEqual({ ok: false, error: { code, message } });
  });
});

describe("oracle SAN", () => {
  test.each([
    ["a knight move named by its file", "Nbd7", "1n2k3/8/5n2/8/8/8/8/4K3 b - - 0 1", "b8d7"],
    ["a knight move named by its rank", "N1e2", "4k3/8/8/8/8/2N5/8/2N1K3 w - - 0 1", "c1e2"],
    ["a queen move named by its square", "Qa1b2", "4k3/8/8/8/8/Q7/8/Q1Q3K1 w - - 0 1", "a1b2"],
    ["a pinned rival needs no disambiguation", "Nd5", "4k3/4n3/8/8/1n6/8/8/4R2K b - - 0 1", "b4d5"],
    ["short castling", "O-O", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1"],
    ["long castling", "O-O-O", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8"],
    ["an en-passant capture", "exd6", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"],
    ["a promotion that checks", "e8=Q+", "k7/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8q"],
    ["a capturing promotion", "exd8=N", "3rk3/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7d8n"],
    [
      "a piece capture that checks",
      "Bxf7+",
      "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 2 3",
      "c4f7",
    ],
    [
      "the fool's mate",
      "Qh4#",
      "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2",
      "d8h4",
    ],
  ])("%s is %s", (_why, expected, fen, uci) => {
    const pos = position(fen);
    const parsed = parseUci(pos, uci);
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(san(pos, parsed.move)).toBe(expected);
    expect(toFen(pos)).toBe(fen);
  });
});

describe("oracle game state", () => {
  test.each([
    [
      "checkmate",
      "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
      "checkmate",
      true,
    ],
    ["stalemate", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "stalemate", false],
    [
      "checkmate on the hundredth quiet half-move",
      "7k/6Q1/6K1/8/8/8/8/8 b - - 100 80",
      "checkmate",
      true,
    ],
    ["the fifty-move rule", "4k3/8/8/8/8/8/8/R3K3 w - - 100 80", "fifty-move", false],
    [
      "king and bishop against king",
      "4k3/8/8/8/8/2B5/8/4K3 w - - 0 1",
      "insufficient-material",
      false,
    ],
    ["a game still going", "4k3/8/8/8/8/8/8/R3K3 w - - 99 80", "playing", false],
  ])("%s", (_why, fen, expected, check) => {
    const pos = position(fen);
    expect(status(pos)).toBe(expected);
    expect(inCheck(pos)).toBe(check);
  });

  test.each([
    ["kings alone", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", true],
    ["a single knight", "4k3/8/8/8/8/8/8/4KN2 w - - 0 1", true],
    ["bishops all on light squares", "4k3/8/8/3b4/8/8/8/4KB2 w - - 0 1", true],
    ["bishops on both colours", "4k3/8/8/4b3/8/8/8/4KB2 w - - 0 1", false],
    ["two knights", "4k3/8/8/8/8/8/8/3NKN2 w - - 0 1", false],
    ["a pawn", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", false],
    ["a rook", "4k3/8/8/8/8/8/8/4K2R w - - 0 1", false],
  ])("insufficient material with %s is %s", (_why, fen, expected) => {
    expect(isInsufficientMaterial(position(fen))).toBe(expected);
  });

  test("the third occurrence of a position is a threefold repetition", () => {
    const pos = position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    play(pos, "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1");
    expect(status(pos)).toBe("playing");
    play(pos, "f6g8");
    expect(status(pos)).toBe("threefold");
  });

  test("an en-passant square nobody can use does not make a position new", () => {
    const pos = position("4k3/8/8/8/8/8/4P3/4K2R w K - 0 1");
    play(pos, "e2e4", "e8d8", "h1h2", "d8e8", "h2h1", "e8d8", "h1h2", "d8e8", "h2h1");
    expect(status(pos)).toBe("playing");
    play(pos, "e8d8", "h1h2", "d8e8", "h2h1");
    expect(status(pos)).toBe("threefold");
  });
});
