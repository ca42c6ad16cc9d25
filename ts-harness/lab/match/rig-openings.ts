// rig-openings -- the openings of the self-play rig: random book exits that stockfish
// calls balanced.
//   npx tsx ts-harness/lab/match/rig-openings.ts [--count 2000] [--held-out 700]
//        [--seed 1] [--depth 8] [--window 50]
// Each opening is 8, 9 or 10 plies of seeded random legal moves from the start position;
// Debian's stockfish (/usr/games/stockfish, one thread) searches its end to --depth, and
// the opening is kept when the score lies within ±--window centipawns (no mate), the
// position is still a game and no earlier opening reached it. The first --count kept
// go to ts-harness/fixtures/rig-openings.pgn, the games a match plays; the next
// --held-out go to ts-harness/fixtures/rig-openings-held-out.pgn, a set that no change
// is tuned on and that confirms a verdict. The same arguments write the same files.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { isMain, ROOT } from "../../core/build.ts";
import { UciClient } from "../../core/uci-client.ts";
import { seededRandom } from "../../formats/positions.ts";
import { sanTokens } from "../../formats/pgn.ts";
import * as oracle from "../../oracle/index.ts";

const STOCKFISH = "/usr/games/stockfish";
export const RIG_OPENINGS = "ts-harness/fixtures/rig-openings.pgn";
export const RIG_HELD_OUT = "ts-harness/fixtures/rig-openings-held-out.pgn";
/** The openings' lengths in plies: the fewest, and how many more a line may have. */
const MIN_PLIES = 8;
const EXTRA_PLIES = 2;
/** How long stockfish may take over one position, at most. */
const SEARCH_MS = 60_000;

function start(): oracle.Position {
  const parsed = oracle.parseFen(oracle.START_FEN);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.pos;
}

/** A random walk of MIN_PLIES to MIN_PLIES + EXTRA_PLIES legal moves (UCI), or null when
 *  the game ends on the way. */
export function randomExit(rnd: () => number): string[] | null {
  const pos = start();
  const plies = MIN_PLIES + Math.floor(rnd() * (EXTRA_PLIES + 1));
  const moves: string[] = [];
  for (let i = 0; i < plies; i++) {
    const legal = oracle.legalMoves(pos);
    if (legal.length === 0) return null;
    const m = legal[Math.floor(rnd() * legal.length)]!;
    moves.push(oracle.moveToUci(m));
    oracle.makeMove(pos, m);
  }
  return oracle.status(pos) === "playing" ? moves : null;
}

/** Stockfish's score of the position after `moves` in centipawns for the side to move,
 *  null for a mate score. */
async function score(sf: UciClient, moves: string[], depth: number): Promise<number | null> {
  sf.send(`position startpos moves ${moves.join(" ")}`);
  sf.send(`go depth ${depth}`);
  const lines = await sf.waitFor(/^bestmove /, SEARCH_MS);
  const last = lines.filter((l) => / score /.test(l)).at(-1);
  const m = last && / score (cp|mate) (-?\d+)/.exec(last);
  if (!m) throw new Error(`stockfish gave no score for ${moves.join(" ")}`);
  return m[1] === "cp" ? Number(m[2]) : null;
}

/** One opening as PGN: its name and its moves, no other tags (the file holds thousands). */
function pgnOf(name: string, moves: string[]): string {
  return `[Opening "${name}"]\n\n${sanTokens(oracle.START_FEN, moves).join(" ")} *\n`;
}

async function main(argv: string[]): Promise<number> {
  const { values: v } = parseArgs({
    args: argv,
    options: {
      count: { type: "string", default: "2000" },
      "held-out": { type: "string", default: "700" },
      seed: { type: "string", default: "1" },
      depth: { type: "string", default: "8" },
      window: { type: "string", default: "50" },
    },
    strict: true,
  });
  const n = (name: string, text: string) => {
    if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > 100_000)
      throw new Error(`--${name} is a whole number from 1 to 100000, not '${text}'`);
    return Number(text);
  };
  const count = n("count", v.count!);
  const heldOut = n("held-out", v["held-out"]!);
  const depth = n("depth", v.depth!);
  const window = n("window", v.window!);
  const rnd = seededRandom(n("seed", v.seed!));
  const sf = new UciClient(STOCKFISH);
  await sf.handshake({ Threads: 1, Hash: 16 });
  const kept: string[][] = [];
  const seen = new Set<string>();
  let tried = 0;
  try {
    while (kept.length < count + heldOut) {
      const moves = randomExit(rnd);
      if (!moves) continue;
      tried++;
      const key = oracle.positionKey(oracle.playUci(start(), moves));
      if (seen.has(key)) continue;
      const cp = await score(sf, moves, depth);
      if (cp === null || Math.abs(cp) > window) continue;
      seen.add(key);
      kept.push(moves);
      if (kept.length % 100 === 0)
        process.stderr.write(`rig-openings: ${kept.length} kept of ${tried} tried\n`);
    }
  } finally {
    await sf.quit();
  }
  const write = (file: string, lines: string[][], first: number) =>
    writeFileSync(
      join(ROOT, file),
      lines.map((m, i) => pgnOf(`rig ${first + i + 1}`, m)).join("\n"),
    );
  write(RIG_OPENINGS, kept.slice(0, count), 0);
  write(RIG_HELD_OUT, kept.slice(count), count);
  console.log(
    `rig-openings: ${count} openings in ${RIG_OPENINGS}, ${heldOut} in ${RIG_HELD_OUT}; ${tried} random exits tried, ${kept.length} within ±${window} cp at depth ${depth}`,
  );
  return 0;
}

if (isMain(import.meta.url)) process.exitCode = await main(process.argv.slice(2));
