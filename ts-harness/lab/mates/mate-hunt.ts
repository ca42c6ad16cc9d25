// mate-hunt -- where the mate set's middlegame mates in 5 come from: stockfish plays
// itself from the wide openings (ts-harness/formats/positions.ts), weakly (64 to 512 nodes
// a move) and with some seeded random moves, so that its games go wrong. In a game that
// ends in mate, the winner's positions 9, 11, ... 25 plies before it with both sides'
// pieces out are looked at by stockfish, and the first where it sees a mate in 5 is
// kept; `--forward` looks instead at every position of the game from the opening on and
// keeps the first. The oracle then proves each: no mate in 4, and stockfish's move mates
// in 5 (findMate and isMateIn; about a minute a position, more on a busy machine).
//
//   npx tsx ts-harness/lab/mates/mate-hunt.ts [--forward] [--first G] [--games N] [--seed S] > SEEN
//   npx tsx ts-harness/lab/mates/mate-hunt.ts --prove SEEN
//
// The hunt prints a line a game where stockfish saw a mate in 5, `seen FEN;KEY;SOURCE`;
// the proof prints each such line again as `proven` or `refused`. Reproducible:
// stockfish 15.1 with one thread, its hash cleared (ucinewgame) before each move and each
// look, searches a fixed number of nodes or plies; the random moves come from
// seededRandom(seed + game). Run both under `nice -n 19`.
import { readFileSync } from "node:fs";
import { isMain } from "../../core/build.ts";
import { UciClient } from "../../core/uci-client.ts";
import { seededRandom, WIDE_OPENINGS } from "../../formats/positions.ts";
import {
  findMate,
  isMateIn,
  legalMoves,
  moveToUci,
  parseFen,
  parseUci,
  playUci,
  START_FEN,
  status,
  toFen,
  type Position,
} from "../../oracle/index.ts";

const STOCKFISH = "/usr/games/stockfish";
/** Nodes a move of the self-play games: weak play, so that mates come up. */
const PLAY_NODES = [64, 128, 256, 512] as const;
/** The chance that a move of a game is drawn at random among the legal ones. */
const RANDOM_MOVE = 0.06;
/** A game stops here if it has not ended. */
const MAX_PLIES = 160;
/** Stockfish's first look at a position, and the deeper one that must see a mate in 5
 *  too. */
const LOOK_DEPTH = 10;
const CONFIRM_DEPTH = 16;
const FORWARD_DEPTH = 18;
/** The winner's positions looked at: up to 2 * MAX_BEFORE + 1 plies before the mate. */
const MAX_BEFORE = 12;
const LENGTH = 5;
/** Both sides' pieces out: each side keeps at least this many pieces besides king and
 *  pawns, and the board at least this many men. */
const MIN_PIECES = 2;
const MIN_MEN = 14;
const TIMEOUT_MS = 120_000;
const SEED = 20261205;

export interface HuntedMate {
  fen: string;
  key: string;
  source: string;
}

/** Pieces other than kings and pawns of each side, and all men, read off the FEN. */
function material(fen: string): { white: number; black: number; men: number } {
  const board = fen.split(" ")[0]!;
  let white = 0,
    black = 0,
    men = 0;
  for (const c of board) {
    if (!/[a-z]/i.test(c)) continue;
    men++;
    if ("NBRQ".includes(c)) white++;
    if ("nbrq".includes(c)) black++;
  }
  return { white, black, men };
}

/** Stockfish's look at a position: the mate it sees last (null for a cp score), its move. */
export async function look(
  sf: UciClient,
  fen: string,
  words: string,
): Promise<{ mate: number | null; best: string }> {
  sf.send("ucinewgame");
  sf.send(`position fen ${fen}`);
  sf.send(`go ${words}`);
  const lines = await sf.waitFor(/^bestmove /, TIMEOUT_MS);
  let mate: number | null = null;
  for (const l of lines) {
    const m = / score (mate|cp) (-?\d+)/.exec(l);
    if (m) mate = m[1] === "mate" ? Number(m[2]) : null;
  }
  return { mate, best: lines[lines.length - 1]!.split(" ")[1]! };
}

/** One move of a self-play game: stockfish's at `nodes`, or now and then a random one. */
async function nextMove(
  sf: UciClient,
  pos: Position,
  moves: readonly string[],
  nodes: number,
  rnd: () => number,
): Promise<string> {
  if (rnd() < RANDOM_MOVE) {
    const legal = legalMoves(pos);
    return moveToUci(legal[Math.floor(rnd() * legal.length)]!);
  }
  sf.send("ucinewgame");
  sf.send(`position startpos moves ${moves.join(" ")}`);
  sf.send(`go nodes ${nodes}`);
  return (await sf.waitFor(/^bestmove /, TIMEOUT_MS)).at(-1)!.split(" ")[1]!;
}

/** Both sides' pieces out. */
function middlegame(fen: string): boolean {
  const m = material(fen);
  return m.white >= MIN_PIECES && m.black >= MIN_PIECES && m.men >= MIN_MEN;
}

/** One self-play game of stockfish from an opening. Scanned back from its end (when it
 *  ends in mate): the first of the winner's positions 2j + 1 plies before the mate
 *  (j = LENGTH - 1 .. MAX_BEFORE), in the middlegame, where stockfish sees a mate in 5
 *  at LOOK_DEPTH and at CONFIRM_DEPTH. Scanned forward (`forward`): the first position
 *  of the game, in the middlegame, where it sees one at LOOK_DEPTH and FORWARD_DEPTH. */
async function huntGame(
  sf: UciClient,
  game: number,
  seed: number,
  forward: boolean,
): Promise<HuntedMate | null> {
  const opening = WIDE_OPENINGS[game % WIDE_OPENINGS.length]!;
  const rnd = seededRandom(seed + game);
  const nodes = PLAY_NODES[Math.floor(rnd() * PLAY_NODES.length)]!;
  const moves = [...opening.moves];
  const parsed = parseFen(START_FEN);
  if (!parsed.ok) throw new Error("mate-hunt: the start position does not parse");
  const pos = parsed.pos;
  playUci(pos, moves);
  const source = (ply: number): string =>
    `stockfish self-play ${game} (${opening.name}, ${nodes} nodes), ply ${ply}`;
  const fens: string[] = [];
  while (moves.length < MAX_PLIES && status(pos) === "playing") {
    const fen = toFen(pos);
    fens.push(fen);
    if (
      forward &&
      middlegame(fen) &&
      (await look(sf, fen, `depth ${LOOK_DEPTH}`)).mate === LENGTH
    ) {
      const seen = await look(sf, fen, `depth ${FORWARD_DEPTH}`);
      if (seen.mate === LENGTH) return { fen, key: seen.best, source: source(moves.length) };
    }
    const move = await nextMove(sf, pos, moves, nodes, rnd);
    playUci(pos, [move]);
    moves.push(move);
  }
  if (forward || status(pos) !== "checkmate") return null;
  for (let j = LENGTH - 1; j <= MAX_BEFORE; j++) {
    const at = fens.length - 1 - 2 * j;
    if (at < 0) break;
    const fen = fens[at]!;
    if (!middlegame(fen) || (await look(sf, fen, `depth ${LOOK_DEPTH}`)).mate !== LENGTH) continue;
    const seen = await look(sf, fen, `depth ${CONFIRM_DEPTH}`);
    if (seen.mate === LENGTH)
      return { fen, key: seen.best, source: source(at + opening.moves.length) };
  }
  return null;
}

/** The oracle's proof: no mate in 4, and the key mates in 5. */
export function provenMateIn5(fen: string, key: string): boolean {
  const parsed = parseFen(fen);
  if (!parsed.ok) return false;
  const pos: Position = parsed.pos;
  const move = parseUci(pos, key);
  if (!move.ok) return false;
  return findMate(pos, LENGTH - 1) === null && isMateIn(pos, move.move, LENGTH);
}

/** Proves each `FEN;KEY;SOURCE` line of a file with the oracle; prints those proven. */
function proveFile(file: string): void {
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const [fen, key] = line.replace(/^seen /, "").split(";");
    if (!fen || !key) continue;
    console.log(`${provenMateIn5(fen, key) ? "proven" : "refused"} ${line.replace(/^seen /, "")}`);
  }
}

async function hunt(first: number, games: number, seed: number, forward: boolean): Promise<void> {
  const sf = new UciClient(STOCKFISH);
  await sf.handshake({ Threads: 1, Hash: 16 });
  try {
    for (let g = first; g < first + games; g++) {
      const found = await huntGame(sf, g, seed, forward);
      if (found) console.log(`seen ${found.fen};${found.key};${found.source}`);
    }
  } finally {
    await sf.quit();
  }
}

async function main(): Promise<void> {
  const arg = (name: string, fallback: number): number => {
    const at = process.argv.indexOf(name);
    return at < 0 ? fallback : Number(process.argv[at + 1]);
  };
  const proveAt = process.argv.indexOf("--prove");
  if (proveAt >= 0) proveFile(process.argv[proveAt + 1]!);
  else
    await hunt(
      arg("--first", 0),
      arg("--games", 120),
      arg("--seed", SEED),
      process.argv.includes("--forward"),
    );
}

if (isMain(import.meta.url)) await main();
