// A match's openings from a file: PGN lines in SAN (from the start, or from a FEN tag)
// and EPD positions, each checked by the oracle; a bad one names its file and line.
import { expect, test } from "vitest";
import { parseEpdOpenings, parsePgnOpenings } from "../ts-harness/formats/openings.ts";

const PGN = `[Event "lines"]
[Opening "Ruy Lopez"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 {the Spanish} a6 *

[Opening "Queen's Gambit Accepted"]

1. d4 d5 2. c4 dxc4 3. e3 $1 Nf6 1/2-1/2

[Opening "set up"]
[SetUp "1"]
[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]

1. e4 Kd7 2. O-O-O?? *
`;

test("PGN lines become UCI moves, each named by its Opening tag, a FEN tag kept", () => {
  expect(() => parsePgnOpenings(PGN, "lines.pgn")).toThrow(
    /lines\.pgn:14: 'O-O-O\?\?' is no legal move/,
  );
  const ok = parsePgnOpenings(PGN.replace(" 2. O-O-O??", " 2. Kd2"), "lines.pgn");
  expect(ok).toEqual([
    { name: "Ruy Lopez", moves: ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6"] },
    { name: "Queen's Gambit Accepted", moves: ["d2d4", "d7d5", "c2c4", "d5c4", "e2e3", "g8f6"] },
    { name: "set up", moves: ["e2e4", "e8d7", "e1d2"], fen: "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1" },
  ]);
});

test("castling in PGN (O-O, 0-0) is the king's move in UCI", () => {
  const [o] = parsePgnOpenings("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 *\n");
  expect(o!.moves.at(-1)).toBe("e1g1");
});

test("EPD lines become FEN starts named by their id; a finished game is refused", () => {
  const list = parseEpdOpenings(
    'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - id "e4";\n# a comment\n4k3/8/8/8/8/8/8/4K2R w K - hmvc 3;\n',
    "o.epd",
  );
  expect(list).toEqual([
    { name: "e4", moves: [], fen: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1" },
    { name: "position 2", moves: [], fen: "4k3/8/8/8/8/8/8/4K2R w K - 3 1" },
  ]);
  expect(() => parseEpdOpenings("7k/5Q2/6K1/8/8/8/8/8 b - -\n", "m.epd")).toThrow(
    /m\.epd:1: the game is already over \(stalemate\)/,
  );
});
