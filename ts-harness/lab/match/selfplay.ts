// selfplay -- the engine's games through the batch jobs:
//   npx tsx ts-harness/lab/match/selfplay.ts [--depths 1,2,3] [--random 60] [--seed 1]
//     [--limits "contempt 300"] [--batch 8] [--out ts-harness/fixtures/selfplay.ts]
// looks for a long game of CHESS.COM against itself and writes the longest as a test
// fixture (the defaults made ts-harness/fixtures/selfplay.ts). The games start from the start
// position, the match openings and seeded random openings of 2 to 6 plies, at each
// depth; each game is one `selfplay` job (asm/batch/PROTOCOL.md), which plays every move as
// `go depth D` and the other limit words choose it, to the game's end by its rules, a
// batch of games a boot. It prints each game's length and end, and the lengths by
// depth. Most of the engine's games end by mate or a draw within 300 plies: of the 213
// the defaults play, one ran past 500 (depth 1, 563 plies); with both sides shunning
// draws (`--depths 1 --random 250 --limits "contempt 300"`), 12 of 261 (docs/benchmarks.md
// gives the commit). On PeSTO's tables `--random 400 --seed 3` plays none past 333
// plies, and that game is the fixture.
// The fixture starts from the position after the opening, so every one of its plies is
// the engine's (test/game-savegame.test.ts loads it, test/asm-selfplay.test.ts plays
// parts of it again). A change to the engine's search or evaluation changes its games:
// make the fixture again then.
// playRandom plays the engine against seeded random play (test/asm-losalamos.test.ts).
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { programLimits, runBatch } from "../../core/asm-engine.ts";
import { isMain } from "../../core/build.ts";
import * as oracle from "../../oracle/index.ts";
import { OPENINGS, positionJob, seededRandom, START_FENS } from "../../formats/positions.ts";

/** A game of the `selfplay` job (asm/batch/PROTOCOL.md): its moves and how it ended, the
 *  status word of the game's end, `plies` (the job's limit) or `key`. */
export interface JobGame {
  moves: string[];
  end: string;
}

/** A game for the selfplay job: the position it starts from, the limit words of every
 *  move, and the most plies. */
export interface JobGameSpec {
  fen: string;
  limits: string;
  plies: number;
}

/** Games of the engine against itself, a `position` and a `selfplay` job each, in one
 *  boot. */
export async function selfPlayJobs(specs: JobGameSpec[], timeoutMs = 600_000): Promise<JobGame[]> {
  const jobs = specs.flatMap((s) => [`position ${s.fen}`, `selfplay ${s.plies} ${s.limits}`]);
  const answers = await runBatch(jobs, { timeoutMs });
  return specs.map((_, i) => {
    const [set, game] = [answers[2 * i]!, answers[2 * i + 1]!];
    const last = game.lines.at(-1)!;
    if (set.lines[0]?.[0] !== "position" || last[0] !== "selfplay")
      throw new Error(
        `${jobs[2 * i]}; ${jobs[2 * i + 1]}: ${[...set.lines, last].map((l) => l.join(" ")).join("; ")}`,
      );
    return { moves: game.lines.filter((l) => l[0] === "ply").map((l) => l[2]!), end: last[2]! };
  });
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
export async function playRandom(
  fen: string,
  colors: oracle.Color[],
  depth: number,
  seed: number,
  maxPlies: number,
  programBytes?: Uint8Array,
): Promise<RandomGame[]> {
  const rnd = seededRandom(seed);
  const { lineMax } = await programLimits();
  const games = colors.map((engineColor) => {
    const parsed = oracle.parseFen(fen);
    if (!parsed.ok) throw new Error(parsed.error.message);
    return { engineColor, pos: parsed.pos, moves: [] as string[] };
  });
  const over = (g: (typeof games)[number]) =>
    oracle.status(g.pos) !== "playing" || g.moves.length >= maxPlies;
  const sideOf = (g: (typeof games)[number]) => oracle.sideToMove(g.pos);
  const play = (g: (typeof games)[number], uci: string) => {
    const m = oracle.parseUci(g.pos, uci);
    if (!m.ok) throw new Error(`${uci}: ${m.error.message}`);
    oracle.makeMove(g.pos, m.move);
    g.moves.push(uci);
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
    const jobs = asking.flatMap((g) => [positionJob(fen, g.moves, lineMax), `go depth ${depth}`]);
    const answers = await runBatch(jobs, { timeoutMs: 120_000, programBytes });
    asking.forEach((g, i) => {
      const best = answers[2 * i + 1]!.lines.find((l) => l[0] === "bestmove")?.[1];
      if (!best)
        throw new Error(
          `${jobs[2 * i]}: no bestmove (${answers[2 * i + 1]!.lines.flat().join(" ")})`,
        );
      play(g, best);
    });
  }
  return games.map((g) => {
    const status = oracle.status(g.pos);
    return {
      engineColor: g.engineColor,
      moves: g.moves,
      status,
      mated: status === "checkmate" ? sideOf(g) : undefined,
    };
  });
}

/** A game of the engine against itself, as a fixture keeps it: the position it starts
 *  from (after `opening`, moves from the start position that are not the engine's),
 *  the limit words of its moves, every move the engine's, and how the game ended. */
export interface SelfPlayGame {
  fen: string;
  opening: string[];
  limits: string;
  moves: string[];
  end: string;
}

/** Plies of a random opening: 2 to 6. */
const RANDOM_OPENING_MIN = 2;
const RANDOM_OPENING_SPAN = 5;

/** The openings the search starts from: none, the match's, and `count` seeded random
 *  ones of 2 to 6 plies that leave the game going on. */
function openings(count: number, seed: number): string[][] {
  const out = [[], ...OPENINGS.map((o) => o.moves)];
  const rnd = seededRandom(seed);
  while (out.length < 1 + OPENINGS.length + count) {
    const pos = oracle.fenPosition(START_FENS.chess[0]!);
    const plies = RANDOM_OPENING_MIN + Math.floor(rnd() * RANDOM_OPENING_SPAN);
    const moves: string[] = [];
    while (moves.length < plies && oracle.status(pos) === "playing") {
      const legal = oracle.legalMoves(pos);
      const move = legal[Math.floor(rnd() * legal.length)]!;
      oracle.makeMove(pos, move);
      moves.push(oracle.moveToUci(move));
    }
    if (oracle.status(pos) === "playing") out.push(moves);
  }
  return out;
}

/** The median of some numbers. */
function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
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
      depths: { type: "string", default: "1,2,3" },
      random: { type: "string", default: "60" },
      seed: { type: "string", default: "1" },
      limits: { type: "string", default: "" },
      batch: { type: "string", default: "8" },
      out: { type: "string", default: "ts-harness/fixtures/selfplay.ts" },
    },
  });
  const started = Date.now();
  const start = START_FENS.chess[0]!;
  const tried = openings(Number(values.random), Number(values.seed)).flatMap((opening) =>
    values.depths!.split(",").map((d) => ({
      opening,
      fen: oracle.toFen(oracle.playUci(oracle.fenPosition(start), opening)),
      limits: `depth ${d} ${values.limits}`.trim(),
    })),
  );
  const games: SelfPlayGame[] = [];
  const batch = Number(values.batch);
  const most = (await programLimits()).jobs.get("selfplay")!.max; // the game record's plies
  for (let i = 0; i < tried.length; i += batch) {
    const some = tried.slice(i, i + batch);
    const played = await selfPlayJobs(
      some.map((t) => ({ fen: t.fen, limits: t.limits, plies: most })),
    );
    played.forEach((g, j) => {
      const t = some[j]!;
      games.push({ ...t, ...g });
      process.stderr.write(
        `${games.length}/${tried.length} ${t.limits}, opening ${t.opening.join(" ") || "-"}: ${g.moves.length} plies, ${g.end}\n`,
      );
    });
  }
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  const table = [
    `| limits | games | median plies | longest | 500 or more |`,
    `| --- | --- | --- | --- | --- |`,
  ];
  for (const limits of [...new Set(games.map((g) => g.limits))]) {
    const lengths = games.filter((g) => g.limits === limits).map((g) => g.moves.length);
    table.push(
      `| ${limits} | ${lengths.length} | ${median(lengths)} | ${Math.max(...lengths)} | ${lengths.filter((n) => n >= 500).length} |`,
    );
  }
  process.stderr.write(`${table.join("\n")}\n${games.length} games, ${minutes} min\n`);
  const best = games.reduce((a, b) => (b.moves.length > a.moves.length ? b : a));
  writeFileSync(
    values.out!,
    `// The longest of ${games.length} games of CHESS.COM against itself, found by \`npx tsx ts-harness/lab/match/selfplay.ts
// --depths ${values.depths} --random ${values.random} --seed ${values.seed}${values.limits ? ` --limits "${values.limits}"` : ""}\` (${minutes} min): ${best.moves.length} plies,
// every one the engine's \`${best.limits}\` move (the selfplay job), from the position after
// the opening; the last of them ends the game (${best.end}).
import type { SelfPlayGame } from "../lab/match/selfplay.ts";

export const SELF_PLAY: SelfPlayGame = {
  fen: ${JSON.stringify(best.fen)},
  opening: ${JSON.stringify(best.opening)},
  limits: ${JSON.stringify(best.limits)},
  moves: \`
${lines(best.moves)}\`.split(/\\s+/).filter(Boolean),
  end: ${JSON.stringify(best.end)},
};
`,
  );
  process.stderr.write(
    `${best.moves.length} plies (${best.limits}, ${best.end}) written to ${values.out}\n`,
  );
}
