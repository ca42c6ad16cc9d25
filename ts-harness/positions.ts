// positions -- test positions made by the oracle through seeded random play, biased so
// that en passant, promotion, check and castling each turn up often (in Los Alamos
// chess: promotion, check, endgames, mates and stalemates). Deterministic: the same
// seed gives the same positions on every machine.
import { KIWIPETE, START } from "./fixtures/perft.ts";
import * as oracle from "./oracle/index.ts";

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

export const START_FENS: Record<oracle.Variant, string[]> = {
  chess: [
    START,
    KIWIPETE,
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
  ],
  // The start position, one with bishops (a set-up the VB6 seed allows), and sparse
  // ones that reach promotions, endgames and mates quickly.
  losalamos: [
    "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1",
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
  if (/ [KQkq]+ /.test(oracle.toFen(pos)) && moves.some((m) => isCastle(m, pos))) f.push("castling");
  if (oracle.toFen(pos).split(" ")[0]!.replace(/[^a-zA-Z]/g, "").length <= ENDGAME_PIECES) f.push("endgame");
  return f;
}

/** `perFeature` distinct positions for each of en passant, promotion, check and castling
 *  (and up to perFeature/4 finished games), from seeded biased random play; in Los
 *  Alamos chess, which has no en passant and no castling, for each of promotion, check
 *  and endgame, and up to perFeature/2 finished games. */
export function samplePositions(seed: number, perFeature: number, variant: oracle.Variant = "chess"): SampledPosition[] {
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
      oracle.makeMove(pos, pick(moves, moves.map((m) => weight(m, pos)), rnd));
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
        const move = pick(candidates, candidates.map((m) => {
          const capture = oracle.pieceAt(pos, m.to) !== undefined;
          const pawn = oracle.pieceAt(pos, m.from)?.role === "p";
          if (late) return pawn && !capture ? 50 : capture ? 5 : 1;
          return capture ? 0.05 : pawn ? 0.2 : 1;
        }), rnd);
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
