// positions -- test positions made by the oracle through seeded random play, biased so
// that en passant, promotion, check and castling each turn up often (in Los Alamos
// chess: promotion, check, endgames, mates and stalemates). Deterministic: the same
// seed gives the same positions on every machine.
import { KIWIPETE } from "../fixtures/perft.ts";
import * as oracle from "../oracle/index.ts";

export type Feature = "en-passant" | "promotion" | "check" | "castling" | "game-over" | "endgame";

export interface SampledPosition {
  fen: string;
  /** The feature this position was collected for. */
  feature: Feature;
}

/** mulberry32: a small seeded PRNG (public domain), good enough for test sampling. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Openings after which the chances are about even (common main lines), in UCI. */
export const OPENINGS: { name: string; moves: string[] }[] = [
  { name: "Italian", moves: ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "f8c5"] },
  { name: "Sicilian", moves: ["e2e4", "c7c5", "g1f3", "d7d6"] },
  { name: "French", moves: ["e2e4", "e7e6", "d2d4", "d7d5"] },
  { name: "Caro-Kann", moves: ["e2e4", "c7c6", "d2d4", "d7d5"] },
  { name: "Queen's Gambit Declined", moves: ["d2d4", "d7d5", "c2c4", "e7e6"] },
  { name: "Slav", moves: ["d2d4", "d7d5", "c2c4", "c7c6"] },
  { name: "King's Indian", moves: ["d2d4", "g8f6", "c2c4", "g7g6"] },
  { name: "Nimzo-Indian", moves: ["d2d4", "g8f6", "c2c4", "e7e6", "b1c3", "f8b4"] },
  { name: "English", moves: ["c2c4", "e7e5", "b1c3", "g8f6"] },
  { name: "Reti", moves: ["g1f3", "d7d5", "g2g3", "g8f6"] },
];

/** A wider set for self-play (`npm run match -- --openings wide`): the ten above and fifty
 *  more main lines of the common openings, so that two deterministic builds play 120
 *  different games instead of 20. */
export const WIDE_OPENINGS: { name: string; moves: string[] }[] = [
  ...OPENINGS,
  ...(
    [
      ["Ruy Lopez, Morphy", "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6"],
      ["Ruy Lopez, Berlin", "e2e4 e7e5 g1f3 b8c6 f1b5 g8f6 e1g1 f6e4"],
      ["Ruy Lopez, Exchange", "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5c6 d7c6"],
      ["Scotch", "e2e4 e7e5 g1f3 b8c6 d2d4 e5d4 f3d4 g8f6"],
      ["Two Knights, d3", "e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 d2d3 f8e7"],
      ["Italian, c3 d4", "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 c2c3 g8f6 d2d4 e5d4"],
      ["Four Knights, Spanish", "e2e4 e7e5 g1f3 b8c6 b1c3 g8f6 f1b5 f8b4"],
      ["Petroff", "e2e4 e7e5 g1f3 g8f6 f3e5 d7d6 e5f3 f6e4"],
      ["Philidor", "e2e4 e7e5 g1f3 d7d6 d2d4 g8f6 b1c3 b8d7"],
      ["Vienna", "e2e4 e7e5 b1c3 g8f6 f2f4 d7d5"],
      ["King's Gambit Accepted", "e2e4 e7e5 f2f4 e5f4 g1f3 g7g5"],
      ["Sicilian, Najdorf", "e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6"],
      ["Sicilian, Dragon", "e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 g7g6"],
      ["Sicilian, Sveshnikov", "e2e4 c7c5 g1f3 b8c6 d2d4 c5d4 f3d4 g8f6 b1c3 e7e5"],
      ["Sicilian, Taimanov", "e2e4 c7c5 g1f3 e7e6 d2d4 c5d4 f3d4 b8c6"],
      ["Sicilian, Alapin", "e2e4 c7c5 c2c3 g8f6 e4e5 f6d5 d2d4 c5d4"],
      ["Sicilian, Closed", "e2e4 c7c5 b1c3 b8c6 g2g3 g7g6 f1g2 f8g7"],
      ["Sicilian, Rossolimo", "e2e4 c7c5 g1f3 b8c6 f1b5 g7g6"],
      ["French, Winawer", "e2e4 e7e6 d2d4 d7d5 b1c3 f8b4 e4e5 c7c5"],
      ["French, Advance", "e2e4 e7e6 d2d4 d7d5 e4e5 c7c5 c2c3 b8c6"],
      ["French, Tarrasch", "e2e4 e7e6 d2d4 d7d5 b1d2 g8f6 e4e5 f6d7"],
      ["Caro-Kann, Classical", "e2e4 c7c6 d2d4 d7d5 b1c3 d5e4 c3e4 c8f5"],
      ["Caro-Kann, Advance", "e2e4 c7c6 d2d4 d7d5 e4e5 c8f5 g1f3 e7e6"],
      ["Caro-Kann, Panov", "e2e4 c7c6 d2d4 d7d5 e4d5 c6d5 c2c4 g8f6 b1c3 b8c6"],
      ["Pirc", "e2e4 d7d6 d2d4 g8f6 b1c3 g7g6 g1f3 f8g7"],
      ["Modern", "e2e4 g7g6 d2d4 f8g7 b1c3 d7d6"],
      ["Scandinavian", "e2e4 d7d5 e4d5 d8d5 b1c3 d5a5 d2d4 g8f6"],
      ["Alekhine", "e2e4 g8f6 e4e5 f6d5 d2d4 d7d6 g1f3 c8g4"],
      ["Nimzowitsch Defence", "e2e4 b8c6 d2d4 d7d5 b1c3 d5e4"],
      ["Queen's Gambit Accepted", "d2d4 d7d5 c2c4 d5c4 g1f3 g8f6 e2e3 e7e6"],
      ["Queen's Gambit Declined, Exchange", "d2d4 d7d5 c2c4 e7e6 b1c3 g8f6 c4d5 e6d5"],
      ["Semi-Slav", "d2d4 d7d5 c2c4 c7c6 g1f3 g8f6 b1c3 e7e6"],
      ["Slav, main line", "d2d4 d7d5 c2c4 c7c6 g1f3 g8f6 b1c3 d5c4 a2a4 c8f5"],
      ["Catalan", "d2d4 g8f6 c2c4 e7e6 g2g3 d7d5 f1g2 f8e7"],
      ["Queen's Indian", "d2d4 g8f6 c2c4 e7e6 g1f3 b7b6 g2g3 c8b7"],
      ["Bogo-Indian", "d2d4 g8f6 c2c4 e7e6 g1f3 f8b4 c1d2 d8e7"],
      ["Nimzo-Indian, Rubinstein", "d2d4 g8f6 c2c4 e7e6 b1c3 f8b4 e2e3 e8g8"],
      ["Grunfeld, Exchange", "d2d4 g8f6 c2c4 g7g6 b1c3 d7d5 c4d5 f6d5"],
      ["King's Indian, Classical", "d2d4 g8f6 c2c4 g7g6 b1c3 f8g7 e2e4 d7d6 g1f3 e8g8"],
      ["Modern Benoni", "d2d4 g8f6 c2c4 c7c5 d4d5 e7e6 b1c3 e6d5 c4d5 d7d6"],
      ["Benko Gambit", "d2d4 g8f6 c2c4 c7c5 d4d5 b7b5 c4b5 a7a6"],
      ["Dutch", "d2d4 f7f5 g2g3 g8f6 f1g2 e7e6 g1f3 f8e7"],
      ["London", "d2d4 d7d5 g1f3 g8f6 c1f4 e7e6 e2e3 c7c5"],
      ["Colle", "d2d4 d7d5 g1f3 g8f6 e2e3 e7e6 f1d3 c7c5"],
      ["Trompowsky", "d2d4 g8f6 c1g5 e7e6 e2e4 h7h6 g5f6 d8f6"],
      ["English, Symmetrical", "c2c4 c7c5 b1c3 b8c6 g2g3 g7g6 f1g2 f8g7"],
      ["English, Four Knights", "c2c4 e7e5 b1c3 g8f6 g1f3 b8c6 g2g3 d7d5"],
      ["King's Indian Attack", "g1f3 g8f6 g2g3 g7g6 f1g2 f8g7 e1g1 e8g8"],
      ["Bird", "f2f4 d7d5 g1f3 g8f6 e2e3 g7g6"],
      ["Larsen", "b2b3 e7e5 c1b2 b8c6 e2e3 g8f6"],
    ] as const
  ).map(([name, line]) => ({ name, moves: line.split(" ") })),
];

/** Endings with a passed pawn for self-play (`npm run match -- --openings endings`): 37
 *  positions of this project's matches against stockfish before `1a686ca` with no more than
 *  a queen and a rook a side, that stockfish 15.1 at depth 13 scores within 100 cp of
 *  equal, each played from its FEN (the fifty-move count set to 0) with both colours:
 *  what the evaluation knows of endings, which the openings seldom reach. */
export const ENDING_STARTS: { name: string; moves: string[]; fen?: string }[] = (
  [
    "8/1pp3p1/p7/P4k1p/bPPpN2P/3PpP2/6P1/4K3 b - c3 0 1",
    "3k4/4pp2/8/2B1P2p/1P1P2p1/1r3bP1/5P1P/R4K2 b - - 0 1",
    "8/4k3/6R1/1r4p1/4Kp2/8/7P/8 b - - 0 1",
    "8/p2k4/2pb4/8/3p1P2/3K2R1/r1PB4/8 b - - 0 1",
    "8/1p6/2p2k2/P1P4p/5K2/5pB1/6bP/8 b - - 0 1",
    "8/5ppp/1P4k1/8/P4RPP/4K3/2r1b3/8 b - - 0 1",
    "8/7k/1R5p/3b2p1/6P1/1PBpK3/5P2/6r1 w - - 0 1",
    "8/pp4R1/4k3/1pP5/1K6/P3Pp2/2b5/8 w - - 0 1",
    "r7/1p3kp1/1Pn1p3/r3Pp2/3p1P1p/1Q6/6PP/3R2K1 w - - 0 1",
    "8/8/8/5k2/7p/4Kp1P/8/8 w - - 0 1",
    "8/8/4kp1B/7P/5KP1/1b6/8/8 b - - 0 1",
    "2kr4/6pp/p2P1p2/1pr5/5K2/2P1R3/P5PP/3R4 b - - 0 1",
    "2r5/1pq1kp2/8/p7/3Pp2Q/8/6PP/1R4K1 b - - 0 1",
    "8/8/3k4/1PpP4/4R3/r7/4K3/8 w - - 0 1",
    "8/7p/8/3k4/5PK1/1rbp4/3B4/3R4 w - - 0 1",
    "1n5r/1r6/1BpR1p2/2P2k1P/p1P1pp2/P7/1P2KP2/7R b - - 0 1",
    "6k1/2PB1p1p/6p1/3P4/8/8/1r3rPP/R4K1R w - - 0 1",
    "1k3Q2/q5p1/8/p7/7P/6P1/5PBK/2r5 b - - 0 1",
    "8/1p6/3k4/1PpP2q1/2P5/3B1K2/8/5R2 w - - 0 1",
    "3r4/5ppp/2kB4/p1Pn4/3K4/8/5PPP/4R3 w - - 0 1",
    "8/8/2B5/4k3/8/3K2b1/7p/8 b - - 0 1",
    "k1r5/1p6/p4n1p/3pP1p1/1b2p1P1/1PB4P/1P3P2/1B2R1K1 b - - 0 1",
    "8/N7/4k2p/4p1p1/8/2P4P/b4KP1/8 w - - 0 1",
    "8/5p2/2k4p/2np2p1/p5P1/2K1P3/R7/8 w - - 0 1",
    "4n1r1/1Qb3k1/8/6P1/8/p6K/8/8 w - - 0 1",
    "R7/8/Pk6/6K1/8/8/7r/8 b - - 0 1",
    "8/8/8/2k5/8/4K3/5r1p/Q7 b - - 0 1",
    "r1r3k1/p4ppp/2p5/pN1Rp3/8/2P2P1P/5P2/1R4K1 w - - 0 1",
    "8/4N3/6bp/4k3/8/7p/2r1BP1K/5R2 b - - 0 1",
    "8/8/5k1p/6p1/2R3P1/r2p4/3K3P/8 b - - 0 1",
    "3r4/P6p/4RPk1/P2b4/8/4K3/8/8 w - - 0 1",
    "4k3/4p2P/3p4/3P1Q2/2K1P3/8/4q3/8 w - - 0 1",
    "8/3n2p1/2kP1p2/r1P4p/p7/4B2P/5PP1/2R3K1 b - - 0 1",
    "2k5/8/1P1K4/8/3B4/8/2n5/8 w - - 0 1",
    "6k1/R5P1/8/2r5/8/4K3/8/8 w - - 0 1",
    "4B3/8/4b3/4Ppk1/7p/2R4P/3n1BPK/3r4 w - - 0 1",
    "7Q/8/3kn3/Kp6/p7/7p/8/5b2 w - - 0 1",
  ] as const
).map((fen, i) => ({ name: `ending ${i + 1}`, moves: [], fen }));

/** The opening sets `npm run match -- --openings NAME` knows. */
export const OPENING_SETS = {
  small: OPENINGS,
  wide: WIDE_OPENINGS,
  endings: ENDING_STARTS,
} as const;

export const START_FENS: Record<oracle.Variant, string[]> = {
  chess: [
    oracle.START_FEN,
    KIWIPETE,
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
  ],
  // The start position, one with bishops (a set-up the VB6 seed allows), and sparse
  // ones that reach promotions, endgames and mates quickly.
  losalamos: [
    oracle.VARIANT_START_FEN.losalamos,
    "rbqkbr/pppppp/6/6/PPPPPP/RBQKBR w - - 0 1",
    "r2k1r/pp2pp/6/6/PP2PP/R2K1R w - - 0 1",
    "2qk2/1p2p1/6/6/1P2P1/2QK2 w - - 0 1",
  ],
};

/** A position with at most this many pieces, kings included, counts as an endgame. */
const ENDGAME_PIECES = 5;

function isCastle(m: oracle.Move, pos: oracle.Position): boolean {
  const p = oracle.pieceAt(pos, m.from);
  return p?.role === "k" && Math.abs(m.from.charCodeAt(0) - m.to.charCodeAt(0)) === 2;
}

function isEnPassant(m: oracle.Move, pos: oracle.Position): boolean {
  const p = oracle.pieceAt(pos, m.from);
  return p?.role === "p" && m.from[0] !== m.to[0] && oracle.pieceAt(pos, m.to) === undefined;
}

/** How much random play favours a move: pawns run (promotions, en passant), kings
 *  castle, captures thin the board (checks, endings). */
function weight(m: oracle.Move, pos: oracle.Position): number {
  const p = oracle.pieceAt(pos, m.from);
  if (m.promotion) return 20;
  if (isCastle(m, pos)) return 15;
  if (isEnPassant(m, pos)) return 30;
  let w = 1;
  if (p?.role === "p") w += 4;
  if (oracle.pieceAt(pos, m.to)) w += 3;
  return w;
}

function pick<T>(items: T[], weights: number[], rnd: () => number): T {
  const total = weights.reduce((a, b) => a + b, 0);
  let r = rnd() * total;
  for (let i = 0; i < items.length; i++) {
    r -= weights[i]!;
    if (r < 0) return items[i]!;
  }
  return items[items.length - 1]!;
}

function featuresOf(pos: oracle.Position, moves: oracle.Move[]): Feature[] {
  const f: Feature[] = [];
  if (moves.length === 0) f.push("game-over");
  if (moves.some((m) => isEnPassant(m, pos))) f.push("en-passant");
  if (moves.some((m) => m.promotion)) f.push("promotion");
  if (oracle.inCheck(pos)) f.push("check");
  if (/ [KQkq]+ /.test(oracle.toFen(pos)) && moves.some((m) => isCastle(m, pos)))
    f.push("castling");
  if (
    oracle
      .toFen(pos)
      .split(" ")[0]!
      .replace(/[^a-zA-Z]/g, "").length <= ENDGAME_PIECES
  )
    f.push("endgame");
  return f;
}

/** `perFeature` distinct positions for each of en passant, promotion, check and castling
 *  (and up to perFeature/4 finished games), from seeded biased random play; in Los
 *  Alamos chess, which has no en passant and no castling, for each of promotion, check
 *  and endgame, and up to perFeature/2 finished games. */
export function samplePositions(
  seed: number,
  perFeature: number,
  variant: oracle.Variant = "chess",
): SampledPosition[] {
  const rnd = seededRandom(seed);
  const chess = variant === "chess";
  const quota: Record<Feature, number> = {
    "en-passant": chess ? perFeature : 0,
    promotion: perFeature,
    check: perFeature,
    castling: chess ? perFeature : 0,
    "game-over": Math.floor(perFeature / (chess ? 4 : 2)),
    endgame: chess ? 0 : perFeature,
  };
  const starts = START_FENS[variant];
  const seen = new Set<string>();
  const out: SampledPosition[] = [];
  const wanted = () => Object.values(quota).some((q) => q > 0);
  for (let game = 0; game < 5000 && wanted(); game++) {
    const pos = oracle.fenPosition(starts[game % starts.length]!);
    for (let ply = 0; ply < 160; ply++) {
      const moves = oracle.legalMoves(pos);
      const fen = oracle.toFen(pos);
      for (const feature of featuresOf(pos, moves)) {
        // Keep only some of each kind, so that positions spread over the games.
        if (quota[feature] > 0 && !seen.has(fen) && rnd() < 0.5) {
          seen.add(fen);
          quota[feature]--;
          out.push({ fen, feature });
          break;
        }
      }
      if (moves.length === 0) break;
      oracle.makeMove(
        pos,
        pick(
          moves,
          moves.map((m) => weight(m, pos)),
          rnd,
        ),
      );
    }
  }
  return out;
}

/** A game of `plies` moves from `fen` by seeded random play in which no move ends the
 *  game (no mate, stalemate or draw by the oracle's rules). Material is spent slowly so
 *  that the game can last a thousand plies and more: captures and pawn moves are rare
 *  until the 50-move count runs high, then a pawn step is preferred. Returns its UCI
 *  moves. */
export function longGame(seed: number, plies: number, fen = START_FENS.chess[0]!): string[] {
  const rnd = seededRandom(seed);
  for (let attempt = 0; attempt < 100; attempt++) {
    const parsed = oracle.parseFen(fen);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const pos = parsed.pos;
    const moves: string[] = [];
    while (moves.length < plies) {
      // Weighted picks until one keeps the game going (each candidate tried once).
      let candidates = oracle.legalMoves(pos);
      const late = pos.halfmove > 70;
      let played = false;
      while (candidates.length > 0 && !played) {
        const move = pick(
          candidates,
          candidates.map((m) => {
            const capture = oracle.pieceAt(pos, m.to) !== undefined;
            const pawn = oracle.pieceAt(pos, m.from)?.role === "p";
            if (late) return pawn && !capture ? 50 : capture ? 5 : 1;
            return capture ? 0.05 : pawn ? 0.2 : 1;
          }),
          rnd,
        );
        oracle.makeMove(pos, move);
        if (oracle.status(pos) === "playing") {
          moves.push(oracle.moveToUci(move));
          played = true;
        } else {
          oracle.unmakeMove(pos);
          candidates = candidates.filter((m) => m !== move);
        }
      }
      if (!played) break;
    }
    if (moves.length === plies) return moves;
  }
  throw new Error(`no game of ${plies} plies from seed ${seed}`);
}

/** A FEN whose move number the program takes (1..65535): a game past move 65535 is
 *  numbered again from 1, which no rule reads. */
function numberable(fen: string, plies: number): string {
  const f = fen.split(" ");
  const full = Number(f[5]);
  if (f.length === 6 && full + Math.ceil(plies / 2) > 65535) f[5] = "1";
  return f.join(" ");
}

/** The `position` job of a game so far (asm/batch/PROTOCOL.md): the FEN of an earlier
 *  position and the moves since, starting as far back as a job line of `lineMax`
 *  characters allows (the program's LINE_MAX: programLimits().lineMax) and no further
 *  back than the last capture or pawn move, before which nothing can repeat. Throws on
 *  a bad FEN or an illegal move. */
export function positionJob(fen: string, moves: readonly string[], lineMax: number): string {
  const parsed = oracle.parseFen(fen);
  if (!parsed.ok) throw new Error(`positionJob: ${parsed.error.message}`);
  const pos = parsed.pos;
  const fens = [oracle.toFen(pos)];
  for (const m of moves) {
    const u = oracle.parseUci(pos, m);
    if (!u.ok) throw new Error(`positionJob: ${u.error.message}`);
    oracle.makeMove(pos, u.move);
    fens.push(oracle.toFen(pos));
  }
  let from = Math.max(0, moves.length - pos.halfmove);
  const line = (i: number) =>
    `position ${numberable(fens[i]!, moves.length - i)}${i < moves.length ? " moves " + moves.slice(i).join(" ") : ""}`;
  while (line(from).length > lineMax) from++;
  return line(from);
}
