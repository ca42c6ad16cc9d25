// agree -- how often the engine plays stockfish's move, and what its other moves lose by
// stockfish's count: a measure of playing strength with less noise than a match, since
// every change is judged on the same positions (yet a doubling of the time, about 7 cp,
// lies inside the 95% margin of --against: a few large losses weigh most).
//   npm run agree -- [--budget MS] [--depth D] [--positions FILE] [--out FILE] [--against FILE] [--from PGN ...]
// --out writes each position's move and loss; --against FILE (another run's --out) prints the
// paired difference of the mean loss with its 95% margin, the same positions on both sides.
// The positions (FEN, stockfish's move and score at --depth) are read from --positions
// (default ts-harness/fixtures/agree-positions.json: 335 positions, every fifth ply from
// the eleventh, of the session's match games), or built from PGN files with --from and
// written there. The engine thinks on each with the `best` job's budget (default 3000 ms,
// the game's default level); a move that is not stockfish's is scored by stockfish alone
// (`go depth D searchmoves MOVE`, kept in the file), its loss clamped to 0..1000 cp (a
// mate counts 2000).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { Chess } from "chess.js";
import { isMain, ROOT } from "../../core/build.ts";
import { asmEngine } from "../../core/engines.ts";
import { UciClient } from "../../core/uci-client.ts";

const STOCKFISH = "/usr/games/stockfish";
const MATE_CP = 2000;
const LOSS_MAX = 1000;
const BLUNDER_CP = 200;
const FIRST_PLY = 10;
const PLY_STEP = 5;

export interface AgreePosition {
  fen: string;
  /** Stockfish's move and score (cp, side to move's view) at the file's depth. */
  best: string;
  score: number;
  /** Stockfish's score of other moves, each searched alone. */
  scores: Record<string, number>;
}

async function analyse(
  sf: UciClient,
  depth: number,
  fen: string,
  move?: string,
): Promise<{ best: string; score: number }> {
  sf.send(`position fen ${fen}`);
  sf.send(`go depth ${depth}${move ? ` searchmoves ${move}` : ""}`);
  const lines = await sf.waitFor(/^bestmove /, 120_000);
  let score = 0;
  for (const line of lines) {
    const m = / score (cp|mate) (-?\d+)/.exec(line);
    if (m) score = m[1] === "cp" ? Number(m[2]) : Number(m[2]) > 0 ? MATE_CP : -MATE_CP;
  }
  return { best: lines[lines.length - 1]!.split(" ")[1]!, score };
}

/** One position's answer of a run (--out), for a paired comparison with another run. */
export interface AgreeAnswer {
  fen: string;
  move: string;
  /** Centipawns lost against stockfish's move, 0 .. LOSS_MAX. */
  loss: number;
}

/** The mean of this run's loss less the other run's over the positions both answered, and
 *  its standard error: the same positions, so a small change shows above the noise of the
 *  positions themselves. */
export function pairedLoss(
  mine: readonly AgreeAnswer[],
  other: readonly AgreeAnswer[],
): { n: number; differ: number; mean: number; se: number } {
  const theirs = new Map(other.map((a) => [a.fen, a]));
  const diffs: number[] = [];
  let differ = 0;
  for (const a of mine) {
    const b = theirs.get(a.fen);
    if (!b) continue;
    if (a.move !== b.move) differ++;
    diffs.push(a.loss - b.loss);
  }
  const n = diffs.length;
  if (n < 2) return { n, differ, mean: n === 1 ? diffs[0]! : 0, se: Infinity };
  const mean = diffs.reduce((s, x) => s + x, 0) / n;
  const variance = diffs.reduce((s, x) => s + (x - mean) ** 2, 0) / (n - 1);
  return { n, differ, mean, se: Math.sqrt(variance / n) };
}

/** Every fifth position from the eleventh ply of each game in the PGN files, once each. */
function pgnPositions(files: string[]): string[] {
  const fens = new Set<string>();
  for (const file of files) {
    for (const text of readFileSync(file, "utf8").split(/\n(?=\[Event )/)) {
      const game = new Chess();
      try {
        game.loadPgn(text);
      } catch (e) {
        throw new Error(`${file}: a game cannot be read (${(e as Error).message})`);
      }
      const replay = new Chess();
      game.history().forEach((san, ply) => {
        replay.move(san);
        if (ply >= FIRST_PLY && ply % PLY_STEP === 0 && !replay.isGameOver())
          fens.add(replay.fen());
      });
    }
  }
  return [...fens];
}

async function main(argv: string[]): Promise<number> {
  const { values: v, positionals } = parseArgs({
    args: argv,
    options: {
      budget: { type: "string", default: "3000" },
      depth: { type: "string", default: "13" },
      positions: { type: "string", default: "ts-harness/fixtures/agree-positions.json" },
      from: { type: "boolean", default: false },
      out: { type: "string" },
      against: { type: "string" },
    },
    allowPositionals: true,
    strict: true,
  });
  const budget = Number(v.budget);
  const depth = Number(v.depth);
  if (!/^\d+$/.test(v.budget!) || budget < 1 || budget > 65535)
    throw new Error(`--budget must be 1..65535 ms, not '${v.budget}'`);
  if (!/^\d+$/.test(v.depth!) || depth < 1 || depth > 30)
    throw new Error(`--depth must be 1..30, not '${v.depth}'`);
  if (v.from && positionals.length === 0) throw new Error("--from needs PGN files");
  const file = resolve(ROOT, v.positions!);
  const sf = new UciClient(STOCKFISH);
  try {
    await sf.handshake({ Threads: 1, Hash: 64 });
    let positions: AgreePosition[];
    if (v.from) {
      positions = [];
      for (const fen of pgnPositions(positionals))
        positions.push({ fen, ...(await analyse(sf, depth, fen)), scores: {} });
    } else {
      if (!existsSync(file))
        throw new Error(`${file}: no such positions file (build one with --from PGN ...)`);
      positions = JSON.parse(readFileSync(file, "utf8")) as AgreePosition[];
    }
    const answers = await asmEngine.best(
      positions.map((p) => ({ fen: p.fen, ms: budget })),
      { timeoutMs: 6 * 3_600_000 },
    );
    let agreed = 0;
    let loss = 0;
    let blunders = 0;
    let depths = 0;
    const answered: AgreeAnswer[] = [];
    for (const [i, a] of answers.entries()) {
      const p = positions[i]!;
      if (!a.ok || !a.move)
        throw new Error(`the engine gave no move for ${p.fen}: ${a.ok ? "none" : a.message}`);
      depths += a.depth;
      if (a.move === p.best) {
        agreed++;
        answered.push({ fen: p.fen, move: a.move, loss: 0 });
        continue;
      }
      p.scores[a.move] ??= (await analyse(sf, depth, p.fen, a.move)).score;
      const lost = Math.max(0, Math.min(LOSS_MAX, p.score - p.scores[a.move]!));
      answered.push({ fen: p.fen, move: a.move, loss: lost });
      loss += lost;
      if (lost >= BLUNDER_CP) blunders++;
    }
    writeFileSync(file, JSON.stringify(positions, null, 0) + "\n");
    if (v.out) writeFileSync(v.out, JSON.stringify(answered, null, 0) + "\n");
    const n = positions.length;
    console.log(
      `budget ${budget} ms, ${n} positions, stockfish depth ${depth}: the same move ${((100 * agreed) / n).toFixed(1)}%, mean loss ${(loss / n).toFixed(1)} cp, ${blunders} moves losing ${BLUNDER_CP} cp or more, mean depth ${(depths / n).toFixed(2)}`,
    );
    if (v.against) {
      const other = JSON.parse(readFileSync(v.against, "utf8")) as AgreeAnswer[];
      const d = pairedLoss(answered, other);
      console.log(
        `against ${v.against}: ${d.n} positions in both, ${d.differ} with another move; mean loss ${d.mean >= 0 ? "+" : ""}${d.mean.toFixed(1)} cp ± ${(1.96 * d.se).toFixed(1)} (95%) this run less that one`,
      );
    }
    return 0;
  } finally {
    await sf.quit();
  }
}

if (isMain(import.meta.url)) {
  try {
    process.exitCode = await main(process.argv.slice(2));
  } catch (e) {
    process.stderr.write(`agree: ${(e as Error).message}\n`);
    process.exitCode = 2;
  }
}
