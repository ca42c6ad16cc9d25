// mate-set -- the benchmark set of the mate solver (npm run bench): published mates and
// our own positions, each a forced mate of exactly `length` moves for the side to move
// (no shorter one), as the oracle proves it: `npx tsx ts-harness/lab/mates/mate-set.ts` proves
// the whole set again with the oracle's findMate (several minutes: the mates in 5 take
// about a minute each).
//
// Published: the mates of ts-harness/fixtures/mates.ts of 3 moves and more, and two games'
// earlier positions (the FEN is the position after the published moves quoted, replayed
// through chess.js); the key of a game is the move the oracle finds, which need not be
// the game's move. Our own: random positions with a few pieces, White to move (the
// pieces and their squares drawn by a seeded random generator), kept when Stockfish 15.1
// at depth 12 saw a mate and the oracle proved its exact length. Middlegames: positions
// of stockfish's seeded self-play games with both sides' pieces out (below: HUNTED_5).
import { PUBLISHED_MATES, type KnownMate } from "../../fixtures/mates.ts";
import { isMain } from "../../core/build.ts";
import { findMate, moveToUci, parseFen } from "../../oracle/index.ts";

const GAMES: readonly KnownMate[] = [
  // Ed. Lasker - Thomas, London 1912 (ts-harness/fixtures/mates.ts has the moves): 13.Neg4+
  // starts the king hunt that ends with 18.Kd2#.
  {
    source: "Ed. Lasker - Thomas 1912, before 13.Neg4+",
    fen: "rn3r2/pbppq1p1/1p2pN1k/4N3/3P4/3B4/PPP2PPP/R3K2R w KQ - 1 13",
    length: 5,
    key: "e5g4",
  },
  // Greco - NN, 1620 (ts-harness/fixtures/mates.ts has the moves): 12.Qf7, a mate in 5 against
  // the best defence; the game's 12...Qe7 allowed it in 3.
  {
    source: "Greco - NN 1620, before 12.Qf7",
    fen: "rn1q1bnr/pbp5/7k/5Qpp/3PP2P/8/PPP2PP1/RNB1K2R w KQ - 0 12",
    length: 5,
    key: "f5f7",
  },
];
/** Our own positions of one seed and one length, each [FEN, key]. */
function own(
  seed: number,
  length: number,
  rows: readonly (readonly [fen: string, key: string])[],
): KnownMate[] {
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

// Middlegames of stockfish's self-play games, both sides' pieces out, each kept where
// stockfish 15.1 saw a mate in 5 and the oracle proved it; the key is stockfish's move.
// ts-harness/lab/mates/mate-hunt.ts with its seed 20261205 finds them again: games 0 .. 1699
// scanned back from their mate (`--first 0 --games 1700`), and one of games 0 .. 44 scanned
// forward (`--forward --games 45`), the slowest of the set. A position two games reach is
// listed once.
const HUNTED_5: readonly KnownMate[] = (
  [
    [
      "1r2k2r/5pp1/p3p3/3q3n/2p4p/PP2R3/4KP2/6R1 b k - 7 36",
      "h5f4",
      "stockfish self-play 24 (Sicilian, Taimanov, 256 nodes), ply 71",
    ],
    [
      "2r2bkr/1p3p2/p2P2p1/4NN1p/PP6/1Bn4P/1Q3P2/K5R1 w - h6 0 39",
      "b3f7",
      "stockfish self-play 63 (Caro-Kann, 64 nodes), ply 76",
    ],
    [
      "6k1/3r3p/1p2N1p1/p2P1Q2/P1P1P3/qP5P/8/1K4RR w - - 3 39",
      "g1g6",
      "stockfish self-play 66 (King's Indian, 256 nodes), ply 76",
    ],
    [
      "8/p6r/1p1pkN1b/2r3Bp/3P4/3Q1BP1/PPP5/2KR3N w - - 11 31",
      "d4d5",
      "stockfish self-play 140 (King's Gambit Accepted, 128 nodes), ply 60",
    ],
    [
      "3k3N/pb2r1p1/1p3p1p/1B1p4/1P1B4/PQ5P/5PP1/4R1K1 w - - 5 29",
      "h8f7",
      "stockfish self-play 210 (French, Tarrasch, 256 nodes), ply 56",
    ],
    [
      "1R3bk1/3P1p2/4n1pp/1P6/R6P/3b2P1/2p2PBK/4Q3 w - - 3 48",
      "e1e6",
      "stockfish self-play 266 (Sicilian, Closed, 128 nodes), ply 94",
    ],
    [
      "r2qkb1r/pp3ppp/2p2n2/5Q2/4p1P1/2Pn2P1/PPK3BP/RNB3NR b kq - 3 13",
      "d3e1",
      "stockfish self-play 302 (French, 512 nodes), ply 25",
    ],
    [
      "4Q3/6kp/4p3/2P2pp1/N1b5/P3P1P1/5K1P/q2R4 w - - 2 27",
      "d1d7",
      "stockfish self-play 345 (Bogo-Indian, 512 nodes), ply 52",
    ],
    [
      "2r3k1/5pp1/pN6/7p/1p1p2nP/1P3RB1/2r1qNP1/1R4K1 b - - 2 39",
      "c2c1",
      "stockfish self-play 364 (Queen's Gambit Declined, 128 nodes), ply 77",
    ],
    [
      "7r/Q1b1kppp/1r2N3/8/2N5/P7/KP3PPP/3R3R w - - 3 32",
      "a7c7",
      "stockfish self-play 393 (Caro-Kann, Panov, 128 nodes), ply 62",
    ],
    [
      "r3k2r/pppb2p1/1b2p1Pp/3PqR2/4p3/P1N1n1P1/1P1p3K/6R1 b kq - 2 28",
      "e5f5",
      "stockfish self-play 398 (Nimzowitsch Defence, 512 nodes), ply 55",
    ],
    [
      "8/1p4k1/p2p2pp/P4p2/4q3/1P3p2/2rR1R1K/8 b - - 0 39",
      "e4h4",
      "stockfish self-play 502 (Sicilian, Dragon, 64 nodes), ply 77",
    ],
    [
      "8/4rkpp/5p2/p1N5/P4P2/2Pb1K1P/4r1P1/R7 b - - 1 40",
      "e7e3",
      "stockfish self-play 518 (Nimzowitsch Defence, 64 nodes), ply 79",
    ],
    [
      "6k1/5p1p/2Bp1p2/p3r1b1/6P1/PP4PR/4r3/3n2K1 b - - 2 39",
      "e2c2",
      "stockfish self-play 528 (King's Indian, Classical, 128 nodes), ply 77",
    ],
    [
      "6k1/1q6/1p2b2p/1P6/1PP2B2/3PNPP1/6KP/q7 b - - 0 39",
      "a1b2",
      "stockfish self-play 551 (Ruy Lopez, Berlin, 256 nodes), ply 77",
    ],
    [
      "8/4k1pr/1Rnb2Q1/3bN3/1p1P3p/5P2/2P3PP/6K1 w - - 5 34",
      "b6b7",
      "stockfish self-play 636 (Scandinavian, 256 nodes), ply 66",
    ],
    [
      "2r3k1/pp1b2p1/7p/3Pp3/1bp1Q3/1P2q3/P3N1PP/3R1K1R b - - 2 26",
      "c8f8",
      "stockfish self-play 640 (Queen's Gambit Declined, Exchange, 128 nodes), ply 51",
    ],
    [
      "2r1kb2/5p2/1p6/1p1pp3/6qp/P1N2P2/1PP5/5R1K b - - 0 34",
      "g4h3",
      "stockfish self-play 684 (Sicilian, Taimanov, 128 nodes), ply 67",
    ],
    [
      "5rk1/p1Q4p/3p4/8/3q1pP1/5K1P/PP6/7R b - - 2 39",
      "d4e3",
      "stockfish self-play 768 (King's Indian, Classical, 256 nodes), ply 77",
    ],
    [
      "r3k2r/1b1p1ppp/4p3/2pPb3/1n2P3/P1P1K1N1/1q3nPP/4R3 b kq - 1 26",
      "f2g4",
      "stockfish self-play 770 (Benko Gambit, 128 nodes), ply 51",
    ],
    [
      "5Q2/p3b1pk/5n2/8/B1p5/6P1/P3P1KP/5R2 w - - 0 48",
      "a4c2",
      "stockfish self-play 829 (Modern Benoni, 512 nodes), ply 94",
    ],
    [
      "r2q1rk1/ppp2pp1/7p/2P5/2pnQP2/5n2/P4P1P/RNB2R1K b - - 1 16",
      "d8h4",
      "stockfish self-play 840 (Italian, 64 nodes), ply 31",
    ],
    [
      "2r5/8/2pq1kp1/p2P1p1p/8/R2n2P1/PP5P/4rBK1 b - - 3 38",
      "d6c5",
      "stockfish self-play 969 (Reti, 128 nodes), ply 75",
    ],
    [
      "r1b1k1r1/1p3p2/4p3/p2PP3/1n4PP/5P2/6BK/2Bnq3 b q - 2 32",
      "e1h4",
      "stockfish self-play 988 (French, Winawer, 256 nodes), ply 63",
    ],
    [
      "5r2/pp4qk/4R3/6pp/4Q3/1P1q3P/P5P1/7K b - - 1 36",
      "d3e4",
      "stockfish self-play 1081 (Sicilian, 512 nodes), ply 71",
    ],
    [
      "r7/3k1p1p/3B4/P4bp1/8/7P/5PP1/R3Q1K1 w - - 0 33",
      "e1e7",
      "stockfish self-play 1158 (Philidor, 128 nodes), ply 64",
    ],
    [
      "2r2k2/5pbp/1pR3pB/3p4/3P4/2P2N1P/q4PP1/2Q3K1 w - - 1 24",
      "c6c8",
      "stockfish self-play 1233 (Caro-Kann, Panov, 512 nodes), ply 46",
    ],
    [
      "3N4/3Q3p/5ppk/1Pb1p3/4P3/6PP/r2pBP2/6K1 w - - 3 47",
      "d8f7",
      "stockfish self-play 1266 (King's Indian, 256 nodes), ply 92",
    ],
    [
      "r1b1k3/pp3p2/2n1p3/3p1nB1/5P1P/P1b5/2qNK1P1/5R2 b q - 1 26",
      "c2d2",
      "stockfish self-play 1288 (French, Winawer, 512 nodes), ply 51",
    ],
    [
      "7k/p3n3/7q/1P1b1B2/3P1PP1/2P4Q/P6P/5RK1 w - - 0 31",
      "h3h6",
      "stockfish self-play 1366 (Nimzo-Indian, Rubinstein, 256 nodes), ply 60",
    ],
    [
      "4rr2/1pp5/7k/p1pP2q1/2P2P2/P1PQp2P/1n2K2R/7R b - - 3 29",
      "g5h5",
      "stockfish self-play 1446 (King's Indian, 128 nodes), ply 57",
    ],
    [
      "r1b1kbr1/2Q2ppp/p3p3/1p1N4/8/1P6/P1P2PPP/R1B1K2R w KQq - 1 17",
      "c7c6",
      "stockfish self-play 1584 (Sicilian, Taimanov, 256 nodes), ply 32",
    ],
    [
      "6k1/7p/2pb1Q2/rB1N4/1p1N4/4K3/1P3P2/7q w - - 3 36",
      "f6e6",
      "stockfish self-play 1653 (Caro-Kann, Panov, 128 nodes), ply 70",
    ],
    [
      "8/1n2k1r1/p3p2Q/P2p1p2/5Pp1/4P3/2r3P1/RR4K1 w - - 2 41",
      "b1b7",
      "stockfish self-play 1661 (Semi-Slav, 256 nodes), ply 80",
    ],
    [
      "r3r1k1/1b1n1pb1/pP1B2p1/2pR3p/2B1N3/5Q1P/2P2PP1/5K1R w - - 8 23",
      "f3f7",
      "stockfish self-play 34 (Pirc, 64 nodes), ply 44, scanned forward",
    ],
  ] as const
).map(([fen, key, source]) => ({ source, fen, length: 5, key }));

/** The whole set, by length: at least 20 mates in 3, 15 in 4 and 40 in 5. */
export const MATE_SET: readonly KnownMate[] = [
  ...PUBLISHED_MATES.filter((m) => m.length === 3),
  ...OWN_3,
  ...PUBLISHED_MATES.filter((m) => m.length === 4),
  ...OWN_4,
  ...GAMES,
  ...OWN_5,
  ...HUNTED_5,
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
  console.log(
    wrong === 0 ? `all ${MATE_SET.length} proven` : `${wrong} of ${MATE_SET.length} wrong`,
  );
  process.exitCode = wrong === 0 ? 0 : 1;
}

if (isMain(import.meta.url)) prove();
