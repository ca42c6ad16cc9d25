// mate-set -- the benchmark set of the mate solver (npm run bench): published mates and
// our own positions, each a forced mate of exactly `length` moves for the side to move
// (no shorter one), as the oracle proves it: `npx tsx ts-harness/lab/mate-set.ts` proves
// the whole set again with the oracle's findMate (several minutes: the mates in 5 take
// about a minute each).
//
// Published: the mates of ts-harness/fixtures/mates.ts of 3 moves and more, and two games'
// earlier positions (the FEN is the position after the published moves quoted, replayed
// through chess.js); the key of a game is the move the oracle finds, which need not be
// the game's move. Our own: random positions with a few pieces, White to move (the
// pieces and their squares drawn by a seeded random generator), kept when Stockfish 15.1
// at depth 12 saw a mate and the oracle proved its exact length.
import { PUBLISHED_MATES, type KnownMate } from "../fixtures/mates.ts";
import { isMain } from "../core/build.ts";
import { findMate, moveToUci, parseFen } from "../oracle/index.ts";

const GAMES: readonly KnownMate[] = [
  // Ed. Lasker - Thomas, London 1912 (ts-harness/fixtures/mates.ts has the moves): 13.Neg4+
  // starts the king hunt that ends with 18.Kd2#.
  { source: "Ed. Lasker - Thomas 1912, before 13.Neg4+", fen: "rn3r2/pbppq1p1/1p2pN1k/4N3/3P4/3B4/PPP2PPP/R3K2R w KQ - 1 13", length: 5, key: "e5g4" },
  // Greco - NN, 1620 (ts-harness/fixtures/mates.ts has the moves): 12.Qf7, a mate in 5 against
  // the best defence; the game's 12...Qe7 allowed it in 3.
  { source: "Greco - NN 1620, before 12.Qf7", fen: "rn1q1bnr/pbp5/7k/5Qpp/3PP2P/8/PPP2PP1/RNB1K2R w KQ - 0 12", length: 5, key: "f5f7" },
];
/** Our own positions of one seed and one length, each [FEN, key]. */
function own(seed: number, length: number, rows: readonly (readonly [fen: string, key: string])[]): KnownMate[] {
  return rows.map(([fen, key]) => ({ source: `own, seed ${seed}`, fen, length, key }));
}

// Own positions, seed 1301 (mates in 3 and 4) and 1305 (mates in 5).
const OWN_3 = own(1301, 3, [
  ["K1R5/3P4/8/Q4N2/2P1P3/p7/8/1k6 w - - 0 1", "c8b8"],
  ["8/5Q2/k2P2P1/1N4p1/6R1/1K6/8/8 w - - 0 1", "b3b4"],
  ["1K6/6p1/3k4/3n1Qp1/R2p1R2/4P3/6p1/8 w - - 0 1", "f4d4"],
  ["8/3P4/2K5/8/Q6N/8/1B3kP1/1Rq5 w - - 0 1", "b2c1"],
  ["8/4P3/1R6/5p1P/R1P1B2p/2k1NK2/7q/8 w - - 0 1", "a4a3"],
  ["1Q6/8/1N6/6k1/4B3/7K/2Np4/8 w - - 0 1", "b8d8"],
  ["K3b3/1N5p/6Q1/3R4/4p1p1/pk5P/R3B2p/8 w - - 0 1", "g6e4"],
  ["8/p7/1P4Q1/8/8/2K4k/8/6B1 w - - 0 1", "b6b7"],
  ["5R2/1QP5/1B6/4p3/1p2K3/3b3k/2P3R1/8 w - - 0 1", "e4e5"],
  ["1N6/6P1/1Q6/7k/4p3/8/K7/8 w - - 0 1", "g7g8q"],
  ["8/K2Pk1N1/3pp1Pp/8/1R6/6Qn/8/8 w - - 0 1", "d7d8q"],
  ["5N2/n1p5/4p2p/QB1k4/5P2/2P2K2/3pR3/3r4 w - - 0 1", "a5a2"],
  ["8/5n1R/1N4R1/2p5/Knp1pPB1/2Q4r/5Pk1/8 w - - 0 1", "g4h3"],
  ["2k5/8/R7/8/4R3/7P/3p4/3K4 w - - 0 1", "a6a7"],
  ["3B4/1P2pP2/8/8/8/5K2/5N2/6k1 w - - 0 1", "b7b8q"],
]);
const OWN_4 = own(1301, 4, [
  ["8/6k1/QB6/N4B1K/8/4n1P1/8/8 w - - 0 1", "a6b7"],
  ["1R6/2P1P3/B7/5k2/K4p2/8/4PB2/8 w - - 0 1", "b8b6"],
  ["5r2/8/8/Q4P2/Bp6/4k2P/pK6/7N w - - 0 1", "a5e5"],
  ["8/5B1r/1P4P1/8/p7/2R2K2/1QN1p2k/8 w - - 0 1", "g6h7"],
  ["6n1/8/5Npk/8/6Q1/3R1K2/p3B3/8 w - - 0 1", "f6g8"],
  ["4R3/k4P2/8/4P2Q/3P4/8/2R5/5qK1 w - - 0 1", "g1f1"],
  ["8/2r2P2/5K2/8/7k/7B/8/6R1 w - - 0 1", "f7f8q"],
  ["3k2K1/7P/4Q3/7N/8/2p5/5q2/1n6 w - - 0 1", "h7h8q"],
  ["8/1k6/8/5P2/n6Q/2N2P1P/2K3RP/8 w - - 0 1", "h4h7"],
  ["8/1n2B1P1/2N5/8/b2pQ3/Kp2N3/5kr1/8 w - - 0 1", "e7h4"],
  ["B3b2q/2Br4/1P6/k2K1R1P/8/7R/5N2/8 w - - 0 1", "d5c4"],
]);
const OWN_5 = own(1305, 5, [
  ["8/P1k5/7P/4P3/3R4/1B1p4/3K1p2/6N1 w - - 0 1", "a7a8q"],
  ["7k/5r2/3p1r2/3R4/4QpKp/1B2P1b1/8/8 w - - 0 1", "d5h5"],
  ["1R2K3/Q7/n7/k1p1r3/p2p4/7p/7P/8 w - - 0 1", "e8f7"],
  ["5Q2/3PK3/8/8/6P1/7n/8/7k w - - 0 1", "f8f3"],
]);

/** The whole set, by length: at least 20 mates in 3, 15 in 4 and 5 in 5. */
export const MATE_SET: readonly KnownMate[] = [
  ...PUBLISHED_MATES.filter((m) => m.length === 3), ...OWN_3,
  ...PUBLISHED_MATES.filter((m) => m.length === 4), ...OWN_4,
  ...GAMES, ...OWN_5,
];

/** Proves every position with the oracle: its shortest mate has the stated length. */
function prove(): void {
  let wrong = 0;
  for (const m of MATE_SET) {
    const parsed = parseFen(m.fen);
    const found = parsed.ok ? findMate(parsed.pos, m.length) : null;
    const ok = found?.length === m.length && found.moves.some((move) => moveToUci(move) === m.key);
    if (!ok) wrong++;
    console.log(`${ok ? "ok  " : "FAIL"} mate ${m.length} ${m.source}: ${m.fen}`);
  }
  console.log(wrong === 0 ? `all ${MATE_SET.length} proven` : `${wrong} of ${MATE_SET.length} wrong`);
  process.exitCode = wrong === 0 ? 0 : 1;
}

if (isMain(import.meta.url)) prove();
