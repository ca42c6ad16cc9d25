// positions -- the tuner's positions: games played at a low node count from varied
// openings, each position labelled by its game's result. The games come from a source:
// Debian's stockfish against itself (here, the default) or CHESS.COM against itself
// (selfgames.ts); the filter, the file and its resumption below are the same for both.
// A stockfish game opens with one of the match's sixty wide openings (by its seed), then
// RANDOM_PLIES uniformly random legal moves (the oracle's, by the seed), then stockfish
// plays both sides, `go nodes N` with N drawn per game from NODES_MIN..NODES_MAX. It ends
// by the oracle's rules (mate, stalemate, the three draws), or is adjudicated: won when
// both sides' searches put one side ADJUDICATE_CP or more ahead for ADJUDICATE_PLIES
// plies running (the game cut there), drawn at MAX_PLIES.
//
// A position is kept from ply FIRST_PLY on, once per file (its board, side, castling and
// en passant), when it is quiet:
//   - the side to move is not in check;
//   - the move the game went on with (the search's) neither captures nor promotes;
//   - no capture or promotion of the side to move wins material by Liberman's exchange
//     logic (the oracle's exchange.ts) three plies deep: for each such move m,
//     value(m) - X(position after m, 2) <= 0.
// The static evaluation then stands for the quiescence search's score (Texel's method).
//
// Output: one EPD line a position, `<board side castling ep> hmvc H; fmvn F; c9 "R"; id "gN";`
// with R the game's result (1-0, 1/2-1/2, 0-1) and N its number. Games are appended whole,
// in order, so a run stopped at any point goes on from the last whole game (resumable);
// the same seed and game numbers give the same games.
import { appendFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { dirname } from "node:path";
import { UciClient } from "../../core/uci-client.ts";
import { parseEpd } from "../../formats/epd.ts";
import { seededRandom, WIDE_OPENINGS } from "../../formats/positions.ts";
import * as oracle from "../../oracle/index.ts";

export const RANDOM_PLIES = 4;
export const FIRST_PLY = 16;
export const NODES_MIN = 300;
export const NODES_MAX = 1200;
export const ADJUDICATE_CP = 1000;
export const ADJUDICATE_PLIES = 6;
export const MAX_PLIES = 400;
const MATE_CP = 100_000;
/** The fewest and most nodes a move: a game's own count is drawn from the range. */
export type NodeRange = readonly [number, number];
const EXCHANGE_DEPTH_AFTER = 2;
const MOVE_TIMEOUT_MS = 30_000;

export type Result = "1-0" | "1/2-1/2" | "0-1";
/** A result as a number for white: 1, 0.5 or 0. */
export const RESULT_VALUE: Record<Result, number> = { "1-0": 1, "1/2-1/2": 0.5, "0-1": 0 };

export interface LabelledPosition {
  /** A whole FEN. */
  fen: string;
  /** The game's result for white: 1, 0.5, 0. */
  result: number;
  /** The game's number in its file (its `id "gN"`). */
  game: number;
}

/** The role a move takes (a pawn by en passant: a pawn's step across files to an empty
 *  square), or undefined. */
export function victimOf(pos: oracle.Position, m: oracle.Move): oracle.Role | undefined {
  const taken = oracle.pieceAt(pos, m.to)?.role;
  if (taken) return taken;
  return oracle.pieceAt(pos, m.from)?.role === "p" && m.from[0] !== m.to[0] ? "p" : undefined;
}

/** Does a capture or promotion win material by Liberman's exchange logic? (see header) */
export function exchangeWins(pos: oracle.Position): boolean {
  for (const m of oracle.legalMoves(pos)) {
    const victim = victimOf(pos, m);
    if (!victim && !m.promotion) continue;
    const gain =
      (victim ? oracle.EXCHANGE_VALUES[victim] : 0) +
      (m.promotion ? oracle.EXCHANGE_VALUES[m.promotion] - oracle.EXCHANGE_VALUES.p : 0);
    oracle.makeMove(pos, m);
    const back = oracle.exchange(pos, EXCHANGE_DEPTH_AFTER).value;
    oracle.unmakeMove(pos);
    if (gain - back > 0) return true;
  }
  return false;
}

/** The position's key for the file's once-only rule: its four EPD fields. */
export function positionFields(fen: string): string {
  return fen.split(" ").slice(0, 4).join(" ");
}

/** Reads an EPD file of labelled positions (this module's output). Throws on a bad line. */
export function readPositions(path: string): LabelledPosition[] {
  const out: LabelledPosition[] = [];
  readFileSync(path, "utf8")
    .split("\n")
    .forEach((line, i) => {
      if (line.trim() === "") return;
      const r = parseEpd(line);
      const c9 = r.ok
        ? r.epd.operations.find((o) => o.opcode === "c9")?.operands[0]?.replace(/"/g, "")
        : undefined;
      if (!r.ok || !c9 || !(c9 in RESULT_VALUE))
        throw new Error(`${path}:${i + 1}: not a labelled position: ${line.slice(0, 80)}`);
      const id = r.epd.operations.find((o) => o.opcode === "id")?.operands[0];
      out.push({
        fen: r.epd.fen,
        result: RESULT_VALUE[c9 as Result],
        game: Number(/^"g(\d+)"$/.exec(id ?? "")?.[1] ?? -1),
      });
    });
  return out;
}

/** The number of the last whole game in a file, -1 for none, and its positions' keys. */
function resumeState(path: string): { lastGame: number; seen: Set<string> } {
  const seen = new Set<string>();
  let lastGame = -1;
  if (!existsSync(path)) return { lastGame, seen };
  for (const line of readFileSync(path, "utf8").split("\n")) {
    const id = /id "g(\d+)"/.exec(line);
    if (!id) continue;
    lastGame = Math.max(lastGame, Number(id[1]));
    seen.add(positionFields(line));
  }
  return { lastGame, seen };
}

/** A game as a source hands it back: the moves before the first searched one, each
 *  searched position with its move and its score, and the result. */
export interface Played {
  result: Result;
  /** The moves (UCI) from the start position that no search chose. */
  start: string[];
  /** Each position before a searched move, the move, its ply from the start position,
   *  and the search's score from white's view (null: none given). */
  plies: { fen: string; uci: string; ply: number; score: number | null }[];
}

/** Where the games come from: plays each game by its seed and hands it back, in order.
 *  A game that cannot be played is an error naming it. */
export type GameSource = (games: { game: number; seed: number }[]) => AsyncIterable<Played>;

/** A score in centipawns from white's view, mates as MATE_CP. */
export function whiteCp(kind: string, n: number, whiteToMove: boolean): number {
  const cp = kind === "cp" ? n : n > 0 ? MATE_CP : -MATE_CP;
  return whiteToMove ? cp : -cp;
}

/** Stockfish's score from white's view in centipawns, from its last `info ... score`. */
function whiteScore(lines: string[], whiteToMove: boolean): number | null {
  for (let i = lines.length - 1; i >= 0; i--) {
    const m = / score (cp|mate) (-?\d+)/.exec(lines[i]!);
    if (m) return whiteCp(m[1]!, Number(m[2]), whiteToMove);
  }
  return null;
}

/** The adjudication (see the header), fed each searched move's score from white's view
 *  in turn: the winner once one side has been ADJUDICATE_CP or more ahead for
 *  ADJUDICATE_PLIES plies running, else null. */
export function adjudicator(): (score: number | null) => Result | null {
  let ahead = 0;
  let run = 0;
  return (score) => {
    const side = score === null || Math.abs(score) < ADJUDICATE_CP ? 0 : Math.sign(score);
    run = side !== 0 && side === ahead ? run + 1 : side !== 0 ? 1 : 0;
    ahead = side;
    return run >= ADJUDICATE_PLIES ? (ahead > 0 ? "1-0" : "0-1") : null;
  };
}

/** The result of a game that has ended by the rules (mate, stalemate, the three draws),
 *  null while it goes on. */
export function gameEnd(pos: oracle.Position): Result | null {
  const end = oracle.status(pos);
  if (end === "playing") return null;
  if (end !== "checkmate") return "1/2-1/2";
  return oracle.sideToMove(pos) === "w" ? "0-1" : "1-0";
}

/** One game of stockfish against itself, by the game's seed (see the header). */
async function playGame(engine: UciClient, seed: number, range: NodeRange): Promise<Played> {
  const rnd = seededRandom(seed);
  const opening = WIDE_OPENINGS[Math.floor(rnd() * WIDE_OPENINGS.length)]!;
  const nodes = range[0] + Math.floor(rnd() * (range[1] - range[0] + 1));
  const pos = oracle.playUci(oracle.fenPosition(oracle.START_FEN), opening.moves);
  const moves = [...opening.moves];
  for (let i = 0; i < RANDOM_PLIES; i++) {
    const legal = oracle.legalMoves(pos);
    if (legal.length === 0) break;
    const m = legal[Math.floor(rnd() * legal.length)]!;
    oracle.makeMove(pos, m);
    moves.push(oracle.moveToUci(m));
  }
  engine.send("ucinewgame");
  const played: Played = { result: "1/2-1/2", start: [...moves], plies: [] };
  const adjudicate = adjudicator();
  for (;;) {
    const end = gameEnd(pos);
    if (end) return { ...played, result: end };
    if (moves.length >= MAX_PLIES) return played;
    engine.send(`position startpos moves ${moves.join(" ")}`);
    engine.send(`go nodes ${nodes}`);
    const lines = await engine.waitFor(/^bestmove /, MOVE_TIMEOUT_MS);
    const uci = lines.at(-1)!.split(" ")[1]!;
    const parsed = oracle.parseUci(pos, uci);
    if (!parsed.ok) throw new Error(`stockfish played ${uci}, not legal in ${oracle.toFen(pos)}`);
    const score = whiteScore(lines, oracle.sideToMove(pos) === "w");
    played.plies.push({ fen: oracle.toFen(pos), uci, ply: moves.length, score });
    oracle.makeMove(pos, parsed.move);
    moves.push(uci);
    const won = adjudicate(score);
    if (won) return { ...played, result: won };
  }
}

/** Debian's stockfish against itself, `go nodes N` with N drawn per game from `range`. */
export function stockfishGames(
  stockfish: string,
  range: NodeRange = [NODES_MIN, NODES_MAX],
): GameSource {
  return async function* (games) {
    const engine = new UciClient(stockfish);
    try {
      await engine.handshake({ Threads: 1, Hash: 16 });
      for (const g of games) yield await playGame(engine, g.seed, range);
    } finally {
      await engine.quit();
    }
  };
}

/** The quiet positions of a game, as the header says. */
function quietPlies(game: Played, seen: Set<string>): string[] {
  const kept: string[] = [];
  for (const p of game.plies) {
    if (p.ply < FIRST_PLY) continue;
    const key = positionFields(p.fen);
    if (seen.has(key)) continue;
    const pos = oracle.fenPosition(p.fen);
    if (oracle.inCheck(pos)) continue;
    const parsed = oracle.parseUci(pos, p.uci);
    if (!parsed.ok) continue;
    if (parsed.move.promotion || victimOf(pos, parsed.move)) continue;
    if (exchangeWins(pos)) continue;
    seen.add(key);
    kept.push(p.fen);
  }
  return kept;
}

export interface GenerateOptions {
  out: string;
  games: number;
  seed: number;
  source: GameSource;
  onGame?: (game: number, positions: number, played: Played) => void;
}

/** Plays games `0 .. games - 1` (those not yet in `out`) and appends their quiet positions. */
export async function generatePositions(opts: GenerateOptions): Promise<void> {
  const { lastGame, seen } = resumeState(opts.out);
  mkdirSync(dirname(opts.out), { recursive: true });
  const games: { game: number; seed: number }[] = [];
  for (let g = lastGame + 1; g < opts.games; g++)
    games.push({ game: g, seed: opts.seed * 1_000_003 + g });
  let i = 0;
  for await (const game of opts.source(games)) {
    const g = games[i++]!.game;
    const lines = quietPlies(game, seen).map((fen) => {
      const f = fen.split(" ");
      return `${f.slice(0, 4).join(" ")} hmvc ${f[4]}; fmvn ${f[5]}; c9 "${game.result}"; id "g${g}";`;
    });
    if (lines.length > 0) appendFileSync(opts.out, lines.join("\n") + "\n");
    opts.onGame?.(g, lines.length, game);
  }
}
