// selfplay -- the engine's games through the batch jobs:
//   npx tsx ts-harness/selfplay.ts [--plies 520] [--self 300] [--depth 4]
//     [--variant chess|losalamos] [--out test/fixtures/selfplay.ts]
// writes a long game of CHESS.COM against itself as a test fixture. Each of its plies
// is one boot of `CHESS /jobs` with two jobs, `position FEN moves ...` (from the last
// capture or pawn move, so that the engine sees the repetitions) and `go depth D`, and
// the engine's bestmove is played. A game of the engine against itself ends by mate or
// a draw after 150 to 400 plies (it trades down to a lone king, then mates it or runs
// into the 50-move rule), so: a move of the engine that would end the game, now or
// within LOOK_AHEAD plies on every line, is replaced by a seeded random one that does
// not (the fixture lists those plies); after `--self` plies (or where every move would
// end the game) the game goes on by longGame's seeded random play, which spends
// material slowly, to `--plies`. A boot a ply makes this minutes long: it is run once,
// by hand, and the game committed (test/game-savegame.test.ts loads it).
// playRandom plays the engine against seeded random play (test/asm-losalamos.test.ts).
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { runBatch } from "./asm-engine.ts";
import { isMain } from "./build.ts";
import * as oracle from "./oracle/index.ts";
import { longGame, seededRandom, START_FENS } from "./positions.ts";

/** Moves after the last capture or pawn move kept in a position job (its line stays
 *  under the 511-character limit of asm/PROTOCOL.md). */
const HISTORY_MOVES = 80;
/** Plies the game must be able to go on after a move played, by the oracle's search. */
const LOOK_AHEAD = 6;
/** Positions that search may visit; past them a line counts as going on. */
const LOOK_AHEAD_NODES = 5000;
/** The seed of the replacements' and the continuation's random play. */
const RANDOM_SEED = 2026;
/** Seeds tried for the continuation from a position. */
const CONTINUATION_TRIES = 20;
/** Self-play plies given up at a time when no continuation is found. */
const CUT_BACK = 20;

/** The `position` job of a game so far: from its last capture or pawn move, so that the
 *  engine knows the repetitions, with at most HISTORY_MOVES moves (the history is whole
 *  while the position's half-move clock is below HISTORY_MOVES). */
export class PositionJob {
  private recent: string[] = [];
  constructor(private since: string) {}
  get text(): string {
    return `position ${this.since}${this.recent.length ? " moves " + this.recent.join(" ") : ""}`;
  }
  /** Note a move, just made on `pos`. */
  played(pos: oracle.Position, uci: string): void {
    if (pos.halfmove === 0 || this.recent.length >= HISTORY_MOVES) {
      this.since = oracle.toFen(pos);
      this.recent = [];
    } else this.recent.push(uci);
  }
}

/** A game of the `selfplay` job (asm/PROTOCOL.md): its moves and how it ended, the
 *  status word of the game's end, `plies` (the job's limit) or `key`. */
export interface JobGame {
  moves: string[];
  end: string;
}

/** A game for the selfplay job: the position, its first moves (an opening, played by
 *  the `position` job), the limit words of every engine move, and the most plies. */
export interface JobGameSpec {
  fen: string;
  opening: string[];
  limits: string;
  plies: number;
}

/** Games of the engine against itself, a `position` and a `selfplay` job each, in one
 *  boot; `moves` are the engine's moves after the opening. */
export async function selfPlayJobs(specs: JobGameSpec[], timeoutMs = 600_000): Promise<JobGame[]> {
  const jobs = specs.flatMap((s) => [new PositionJob(s.fen).text + (s.opening.length ? " moves " + s.opening.join(" ") : ""), `selfplay ${s.plies} ${s.limits}`]);
  const answers = await runBatch(jobs, { timeoutMs });
  return specs.map((_, i) => {
    const [set, game] = [answers[2 * i]!, answers[2 * i + 1]!];
    const last = game.lines.at(-1)!;
    if (set.lines[0]?.[0] !== "position" || last[0] !== "selfplay") throw new Error(`${jobs[2 * i]}; ${jobs[2 * i + 1]}: ${[...set.lines, last].map((l) => l.join(" ")).join("; ")}`);
    return { moves: game.lines.filter((l) => l[0] === "ply").map((l) => l[2]!), end: last[2]! };
  });
}

export interface SelfPlayGame {
  fen: string;
  depth: number;
  moves: string[];
  /** The plies (from the first) of the engine against itself; the rest is random play. */
  selfPlies: number;
  /** Plies (from 0) where the engine's move would have ended the game, and was replaced. */
  replaced: number[];
}

/** Is there a line of `plies` more plies on which the game goes on? (The first such
 *  line found ends the search.) */
function goesOn(pos: oracle.Position, plies: number, budget: { nodes: number }): boolean {
  if (plies === 0 || --budget.nodes <= 0) return true;
  for (const m of oracle.legalMoves(pos)) {
    oracle.makeMove(pos, m);
    const on = oracle.status(pos) === "playing" && goesOn(pos, plies - 1, budget);
    oracle.unmakeMove(pos);
    if (on) return true;
  }
  return false;
}

/** Does a move end the game, now or within LOOK_AHEAD plies on every line? */
function endsGame(pos: oracle.Position, move: oracle.Move): boolean {
  oracle.makeMove(pos, move);
  const over = oracle.status(pos) !== "playing" || !goesOn(pos, LOOK_AHEAD, { nodes: LOOK_AHEAD_NODES });
  oracle.unmakeMove(pos);
  return over;
}

/** Does every position of the game, after each of its moves, leave it going on? */
function goesOnThroughout(fen: string, moves: string[]): boolean {
  const pos = oracle.fenPosition(fen);
  return moves.every((uci) => {
    oracle.playUci(pos, [uci]);
    return oracle.status(pos) === "playing";
  });
}

export async function selfPlay(fen: string, plies: number, selfPlies: number, depth: number, progress = (_: string) => {}): Promise<SelfPlayGame> {
  const pos = oracle.fenPosition(fen);
  const game: SelfPlayGame = { fen, depth, moves: [], selfPlies: 0, replaced: [] };
  const job = new PositionJob(fen);
  const rnd = seededRandom(RANDOM_SEED);
  while (game.moves.length < selfPlies) {
    const ply = game.moves.length;
    const [set, go] = await runBatch([job.text, `go depth ${depth}`], { timeoutMs: 120_000 });
    if (set!.lines[0]?.[0] !== "position") throw new Error(`${job.text}: ${set!.lines.flat().join(" ")}`);
    const best = go!.lines.find((l) => l[0] === "bestmove")?.[1];
    const parsed = best ? oracle.parseUci(pos, best) : null;
    if (!parsed?.ok) throw new Error(`ply ${ply}: the engine answered ${best ?? "nothing"}`);
    let move: oracle.Move | undefined = parsed.move;
    if (endsGame(pos, move)) {
      const keeps = oracle.legalMoves(pos).filter((m) => !endsGame(pos, m));
      move = keeps[Math.floor(rnd() * keeps.length)];
      if (move === undefined) break;
      game.replaced.push(ply);
    }
    const uci = oracle.moveToUci(move);
    oracle.makeMove(pos, move);
    game.moves.push(uci);
    job.played(pos, uci);
    progress(`ply ${game.moves.length}: ${uci}${uci !== best ? " (replaced " + best + ")" : ""}`);
  }
  // The continuation, from the last self-play position that has one (a game traded
  // down to a lone king has none: it is cut back CUT_BACK plies at a time).
  for (let cut = game.moves.length; cut >= 0; cut -= CUT_BACK) {
    const from = oracle.playUci(oracle.fenPosition(fen), game.moves.slice(0, cut));
    for (let seed = RANDOM_SEED; seed < RANDOM_SEED + CONTINUATION_TRIES; seed++) {
      let rest: string[];
      try {
        rest = longGame(seed, plies - cut, oracle.toFen(from));
      } catch {
        continue; // no game that long from here with this seed
      }
      const moves = [...game.moves.slice(0, cut), ...rest];
      if (goesOnThroughout(fen, moves)) {
        return { ...game, moves, selfPlies: cut, replaced: game.replaced.filter((r) => r < cut) };
      }
    }
    progress(`no continuation from ply ${cut}`);
  }
  throw new Error(`no continuation to ${plies} plies`);
}

export interface RandomGame {
  engineColor: oracle.Color;
  moves: string[];
  status: oracle.Status;
  /** The side that was mated, if any. */
  mated?: oracle.Color;
}

/** Games of the engine (`go depth D` on `position FEN moves ...`) against seeded random
 *  play, one per entry of `colors` (the engine's colour), all advanced together: each
 *  round is one boot that answers every game where the engine is to move. A game ends
 *  by the oracle's rules or at `maxPlies`. */
export async function playRandom(fen: string, colors: oracle.Color[], depth: number, seed: number, maxPlies: number, programBytes?: Uint8Array): Promise<RandomGame[]> {
  const rnd = seededRandom(seed);
  const games = colors.map((engineColor) => {
    const parsed = oracle.parseFen(fen);
    if (!parsed.ok) throw new Error(parsed.error.message);
    return { engineColor, pos: parsed.pos, moves: [] as string[], job: new PositionJob(fen) };
  });
  const over = (g: (typeof games)[number]) => oracle.status(g.pos) !== "playing" || g.moves.length >= maxPlies;
  const sideOf = (g: (typeof games)[number]) => oracle.sideToMove(g.pos);
  const play = (g: (typeof games)[number], uci: string) => {
    const m = oracle.parseUci(g.pos, uci);
    if (!m.ok) throw new Error(`${uci}: ${m.error.message}`);
    oracle.makeMove(g.pos, m.move);
    g.moves.push(uci);
    g.job.played(g.pos, uci);
  };
  for (;;) {
    for (const g of games) {
      while (!over(g) && sideOf(g) !== g.engineColor) {
        const legal = oracle.legalMoves(g.pos);
        play(g, oracle.moveToUci(legal[Math.floor(rnd() * legal.length)]!));
      }
    }
    const asking = games.filter((g) => !over(g));
    if (asking.length === 0) break;
    const jobs = asking.flatMap((g) => [g.job.text, `go depth ${depth}`]);
    const answers = await runBatch(jobs, { timeoutMs: 120_000, programBytes });
    asking.forEach((g, i) => {
      const best = answers[2 * i + 1]!.lines.find((l) => l[0] === "bestmove")?.[1];
      if (!best) throw new Error(`${jobs[2 * i]}: no bestmove (${answers[2 * i + 1]!.lines.flat().join(" ")})`);
      play(g, best);
    });
  }
  return games.map((g) => {
    const status = oracle.status(g.pos);
    return { engineColor: g.engineColor, moves: g.moves, status, mated: status === "checkmate" ? sideOf(g) : undefined };
  });
}

/** Moves, fourteen a line. */
function lines(moves: string[]): string {
  const out: string[] = [];
  for (let i = 0; i < moves.length; i += 14) out.push(moves.slice(i, i + 14).join(" "));
  return out.join("\n");
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      plies: { type: "string", default: "520" },
      self: { type: "string", default: "300" },
      depth: { type: "string", default: "4" },
      variant: { type: "string", default: "chess" },
      out: { type: "string", default: "test/fixtures/selfplay.ts" },
    },
  });
  const variant = values.variant === "losalamos" ? "losalamos" : "chess";
  const fen = START_FENS[variant][0]!;
  const started = Date.now();
  const game = await selfPlay(fen, Number(values.plies), Number(values.self), Number(values.depth), (s) => process.stderr.write(s + "\n"));
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  writeFileSync(
    values.out!,
    `// A game of CHESS.COM against itself, made by \`npx tsx ts-harness/selfplay.ts --plies ${values.plies} --self ${values.self} --depth ${values.depth} --variant ${variant}\`
// (${minutes} min): its first ${game.selfPlies} plies are the engine's \`go depth ${game.depth}\` answers, but for the
// plies listed in \`replaced\`, where that answer would have ended the game; the rest is
// seeded random play (ts-harness/selfplay.ts says why).
import type { SelfPlayGame } from "../../ts-harness/selfplay.ts";

export const SELF_PLAY: SelfPlayGame = {
  fen: ${JSON.stringify(game.fen)},
  depth: ${game.depth},
  moves: \`
${lines(game.moves)}\`.split(/\\s+/).filter(Boolean),
  selfPlies: ${game.selfPlies},
  replaced: [${game.replaced.join(", ")}],
};
`,
  );
  process.stderr.write(`${game.moves.length} plies, ${game.selfPlies} of self-play, ${game.replaced.length} of them replaced, ${minutes} min\n`);
}
