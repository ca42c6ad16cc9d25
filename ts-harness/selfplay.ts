// selfplay -- a long game of CHESS.COM against itself, written as a test fixture:
//   npx tsx ts-harness/selfplay.ts [--plies 520] [--depth 2] [--variant chess|losalamos]
//     [--out test/fixtures/selfplay.ts]
// Each ply is one boot of `CHESS /jobs` with two jobs, `position FEN moves ...` (from
// the last capture or pawn move, so the engine sees the repetitions) and `go depth D`;
// its bestmove is played. Self-play games end by mate or a draw long before 500 plies,
// so where the engine's move would end the game (by the oracle's rules) or leave the
// other side only moves that end it, or would let
// the 50-move count pass LATE_HALFMOVES when a pawn move or capture can reset it, the
// oracle's first such legal move in UCI order that does not end the game is played
// instead; the fixture lists those plies. A boot a ply makes this minutes long: it is run once, by hand, and
// the game committed (test/game-savegame.test.ts loads it).
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { runBatch } from "./asm-engine.ts";
import { isMain } from "./build.ts";
import * as oracle from "./oracle/index.ts";
import { seededRandom, START_FENS } from "./positions.ts";

/** Moves after the last capture or pawn move kept in a position job (its line stays
 *  under the 511-character limit of asm/PROTOCOL.md). */
const HISTORY_MOVES = 80;
/** From this 50-move count on, a pawn move or a capture is played if one keeps the game. */
const LATE_HALFMOVES = 90;

/** The `position` job of a game so far: from its last capture or pawn move, so that the
 *  engine knows the repetitions, with at most HISTORY_MOVES moves. */
class PositionJob {
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

export interface SelfPlayGame {
  fen: string;
  depth: number;
  moves: string[];
  /** Plies (from 0) where the engine's move would have ended the game, and was replaced. */
  replaced: number[];
}

/** Does a move end the game, or leave the other side only moves that end it? */
function endsGame(pos: oracle.Position, move: oracle.Move, lookAhead = true): boolean {
  oracle.makeMove(pos, move);
  const st = oracle.status(pos);
  const over = st !== "playing" || (lookAhead && oracle.legalMoves(pos).every((m) => endsGame(pos, m, false)));
  oracle.unmakeMove(pos);
  return over;
}

export async function selfPlay(fen: string, plies: number, depth: number, progress = (_: string) => {}): Promise<SelfPlayGame> {
  const parsed = oracle.parseFen(fen);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const pos = parsed.pos;
  const game: SelfPlayGame = { fen, depth, moves: [], replaced: [] };
  /** By ply: moves that led where every move ends the game (taken back, not tried again). */
  const banned: Set<string>[] = [new Set()];
  let job = new PositionJob(fen);
  const byUci = (a: oracle.Move, b: oracle.Move) => (oracle.moveToUci(a) < oracle.moveToUci(b) ? -1 : 1);
  while (game.moves.length < plies) {
    const ply = game.moves.length;
    const jobs = [job.text, `go depth ${depth}`];
    const [set, go] = await runBatch(jobs, { timeoutMs: 120_000 });
    if (set!.lines[0]?.[0] !== "position") throw new Error(`${jobs[0]}: ${set!.lines.flat().join(" ")}`);
    const best = go!.lines.find((l) => l[0] === "bestmove")?.[1];
    const parsedMove = best ? oracle.parseUci(pos, best) : null;
    if (!parsedMove?.ok) throw new Error(`ply ${ply}: the engine answered ${best ?? "nothing"}`);
    let move: oracle.Move | undefined = parsedMove.move;
    const allowed = oracle.legalMoves(pos).filter((m) => !banned[ply]!.has(oracle.moveToUci(m)));
    const resets = (m: oracle.Move) => oracle.pieceAt(pos, m.from)?.role === "p" || oracle.pieceAt(pos, m.to) !== undefined;
    const late = pos.halfmove >= LATE_HALFMOVES;
    if (banned[ply]!.has(best!) || (late && !resets(move)) || endsGame(pos, move)) {
      let keeps = allowed.filter((m) => !endsGame(pos, m)).sort(byUci);
      if (keeps.length === 0) keeps = allowed.filter((m) => !endsGame(pos, m, false)).sort(byUci);
      const engineKept = !banned[ply]!.has(best!) && !endsGame(pos, move);
      move = (late ? keeps.find(resets) : undefined) ?? (engineKept ? move : keeps[0]);
    }
    if (move === undefined) {
      // Every move ends the game here: take the last move back and try another there.
      if (ply === 0) throw new Error("every first move ends the game");
      banned[ply - 1]!.add(game.moves.pop()!);
      banned.pop();
      oracle.unmakeMove(pos);
      if (game.replaced.at(-1) === ply - 1) game.replaced.pop();
      job = new PositionJob(fen);
      const replay = oracle.parseFen(fen);
      if (!replay.ok) throw new Error(replay.error.message);
      for (const uci of game.moves) {
        oracle.playUci(replay.pos, [uci]);
        job.played(replay.pos, uci);
      }
      progress(`ply ${ply}: stuck, back to ply ${ply - 1}`);
      continue;
    }
    const uci = oracle.moveToUci(move);
    if (uci !== best) game.replaced.push(ply);
    oracle.makeMove(pos, move);
    game.moves.push(uci);
    banned.push(new Set());
    job.played(pos, uci);
    progress(`ply ${game.moves.length}: ${uci}${uci !== best ? " (replaced " + best + ")" : ""}`);
  }
  return game;
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
      depth: { type: "string", default: "2" },
      variant: { type: "string", default: "chess" },
      out: { type: "string", default: "test/fixtures/selfplay.ts" },
    },
  });
  const variant = values.variant === "losalamos" ? "losalamos" : "chess";
  const fen = START_FENS[variant][0]!;
  const started = Date.now();
  const game = await selfPlay(fen, Number(values.plies), Number(values.depth), (s) => process.stderr.write(s + "\n"));
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  writeFileSync(
    values.out!,
    `// A game of CHESS.COM against itself, made by \`npx tsx ts-harness/selfplay.ts --plies ${values.plies} --depth ${values.depth} --variant ${variant}\`
// (${minutes} min): each move the engine's \`go depth ${game.depth}\` answer, but for the plies listed in
// \`replaced\`, where that answer would have ended the game and the oracle's first move in
// UCI order that does not end it was played instead (ts-harness/selfplay.ts says why).
import type { SelfPlayGame } from "../../ts-harness/selfplay.ts";

export const SELF_PLAY: SelfPlayGame = {
  fen: ${JSON.stringify(game.fen)},
  depth: ${game.depth},
  moves: \`
${lines(game.moves)}\`.split(/\\s+/).filter(Boolean),
  replaced: [${game.replaced.join(", ")}],
};
`,
  );
  process.stderr.write(`${game.moves.length} plies, ${game.replaced.length} replaced, ${minutes} min\n`);
}
