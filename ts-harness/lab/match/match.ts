// match -- play CHESS.COM, through its UCI bridge, against another UCI engine (Debian's
// stockfish with UCI_LimitStrength and UCI_Elo by default) and estimate the Elo
// difference.
//   npm run match -- [--games N] [--elo E | --opponent "COMMAND" | --opponent-build DIR]
//                    [--level L | --budget MS] [--opponent-budget MS]
//                    [--tc SECONDS+INC | --movetime MS] [--opponent-movetime MS | --opponent-nodes N]
//                    [--concurrency N] [--pgn FILE] [--book] [--openings small | wide | endings]
//                    [--ours-elo E]
// The engine's own opening book stays off unless --book, so that a match measures the
// search. --opponent-build plays the CHESS.COM of another checkout of this project (DIR,
// its own UCI bridge) with the same level or budget: self-play between two builds, which
// tells small changes apart with fewer games than stockfish does. --opponent-budget gives
// that build a budget of its own, so that one build plays itself at two budgets (what a
// doubling of the time is worth). --ours-elo puts stockfish at UCI_Elo E in our place, under
// the opponent's node count or move time: what a step of UCI_Elo is worth on this scale.
// Each opening of a small balanced set (10 main lines; --openings wide: 60, for self-play
// between deterministic builds; --openings endings: 37 balanced endings from a FEN) is
// played twice, once with each colour. The
// oracle keeps every game: an illegal move loses, mate, stalemate and the draws end it,
// a flag fall loses under a clock. Progress goes to stderr after each game; at the end
// W/D/L, the score and the Elo difference with its 95% margin, and the PGN is written.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { execa } from "execa";
import { programLimits } from "../../core/asm-engine.ts";
import { buildAll, BUILT_ENV, isMain, ROOT } from "../../core/build.ts";
import { estimateElo, formatElo, likelihoodOfSuperiority } from "./elo.ts";
import { writePgn, type PgnGame } from "../../formats/pgn.ts";
import { UciClient } from "../../core/uci-client.ts";
import * as oracle from "../../oracle/index.ts";
import { OPENING_SETS } from "../../formats/positions.ts";

const STOCKFISH = "/usr/games/stockfish";

/** A game longer than this is adjudicated a draw. */
const MAX_PLIES = 300;

/** A game's start: moves from the initial position, or from a FEN (the endings set). */
type Opening = { name: string; moves: string[]; fen?: string };

interface Player {
  name: string;
  client: UciClient;
}

interface Clock {
  /** Wall ms left for each side; null under a level or a fixed move time. */
  left: { w: number; b: number } | null;
  incMs: number;
}

interface MatchConfig {
  games: number;
  /** The UCI bridge's Level for both CHESS.COM sides; null: the program's default level. */
  level: number | null;
  /** Emulated ms a move (x 3000 instructions) instead of the level's; null: the level's. */
  budget: number | null;
  tc: { baseMs: number; incMs: number } | null;
  movetime: number | null;
  opponentMovetime: number;
  /** Nodes a move for the opponent instead of a move time: a result the load cannot change. */
  opponentNodes: number | null;
  opponentCommand: string | null;
  /** Another checkout of this project whose CHESS.COM is the opponent; null: none. */
  opponentBuild: string | null;
  /** That build's budget (emulated ms a move) instead of ours; null: ours. */
  opponentBudget: number | null;
  /** Stockfish at this UCI_Elo plays in our place (a calibration of the scale); null: CHESS.COM. */
  oursElo: number | null;
  elo: number;
  concurrency: number;
  pgnPath: string;
  /** The engine's own opening book (UCI OwnBook); off, a match measures the search alone. */
  book: boolean;
  /** The openings played in turn, each with both colours (--openings small | wide). */
  openings: Opening[];
}

interface GameRecord {
  pgn: PgnGame;
  /** Points of our engine: 1, 0.5 or 0. */
  points: number;
  reason: string;
}

const TSX = join(ROOT, "node_modules/.bin/tsx");

/** The UCI bridge of the checkout at root (this one, or --opponent-build's). */
function bridge(root: string): UciClient {
  return new UciClient(TSX, ["ts-harness/frontends/uci.ts"], { cwd: root });
}

/** The Level the CHESS.COM sides play: the one asked for, which must be one of the
 *  program's (programLimits().uciLevelMs), or its default. */
async function matchLevel(cfg: MatchConfig): Promise<number> {
  const limits = await programLimits();
  if (cfg.level === null) return limits.uciLevelDefault;
  if (cfg.level > limits.uciLevelMs.length)
    throw new Error(
      `--level must be a whole number from 1 to ${limits.uciLevelMs.length}, not '${cfg.level}'`,
    );
  return cfg.level;
}

async function startPlayers(cfg: MatchConfig): Promise<{ ours: Player; theirs: Player }> {
  const level = await matchLevel(cfg);
  // js-dos at fixed cycles: the budgets count emulated instructions, the same on every run.
  const options = {
    Backend: "jsdos",
    Level: level,
    OwnBook: String(cfg.book),
    ...(cfg.budget !== null ? { Budget: cfg.budget } : {}),
  };
  let ours: Player;
  if (cfg.oursElo !== null) {
    ours = { name: `Stockfish 15.1 (UCI_Elo ${cfg.oursElo})`, client: new UciClient(STOCKFISH) };
    await ours.client.handshake(
      { Threads: 1, Hash: 16, UCI_LimitStrength: "true", UCI_Elo: cfg.oursElo },
      30_000,
    );
  } else {
    ours = { name: "Liberman Chess", client: bridge(ROOT) };
    await ours.client.handshake(options, 120_000);
  }
  let theirs: Player;
  if (cfg.opponentBuild) {
    const budget = cfg.opponentBudget ?? cfg.budget;
    theirs = {
      name: `Liberman Chess of ${cfg.opponentBuild}${cfg.opponentBudget !== null ? ` (budget ${cfg.opponentBudget} ms)` : ""}`,
      client: bridge(cfg.opponentBuild),
    };
    await theirs.client.handshake(
      {
        Backend: "jsdos",
        Level: level,
        OwnBook: String(cfg.book),
        ...(budget !== null ? { Budget: budget } : {}),
      },
      120_000,
    );
  } else if (cfg.opponentCommand) {
    const [cmd, ...args] = cfg.opponentCommand.split(/\s+/);
    theirs = { name: cfg.opponentCommand, client: new UciClient(cmd!, args) };
    await theirs.client.handshake({}, 30_000);
  } else {
    theirs = { name: `Stockfish 15.1 (UCI_Elo ${cfg.elo})`, client: new UciClient(STOCKFISH) };
    await theirs.client.handshake(
      { Threads: 1, Hash: 16, UCI_LimitStrength: "true", UCI_Elo: cfg.elo },
      30_000,
    );
  }
  return { ours, theirs };
}

/** The `go` line for the side to move (a CHESS.COM opponent thinks as ours does). */
export function goCommand(cfg: MatchConfig, clock: Clock, isOurs: boolean): string {
  if (clock.left) {
    const inc = clock.incMs;
    return `go wtime ${Math.round(clock.left.w)} btime ${Math.round(clock.left.b)} winc ${inc} binc ${inc}`;
  }
  if (cfg.movetime !== null) return `go movetime ${cfg.movetime}`;
  if ((isOurs && cfg.oursElo === null) || cfg.opponentBuild) return "go";
  return cfg.opponentNodes !== null
    ? `go nodes ${cfg.opponentNodes}`
    : `go movetime ${cfg.opponentMovetime}`;
}

/** How the game stands by the rules, or null while it goes on. */
function verdict(
  pos: oracle.Position,
  plies: number,
): { result: PgnGame["result"]; reason: string } | null {
  const s = oracle.status(pos);
  if (s === "checkmate")
    return { result: oracle.sideToMove(pos) === "w" ? "0-1" : "1-0", reason: "checkmate" };
  if (s !== "playing") return { result: "1/2-1/2", reason: s };
  if (plies >= MAX_PLIES)
    return { result: "1/2-1/2", reason: `adjudicated after ${MAX_PLIES} plies` };
  return null;
}

async function playGame(
  cfg: MatchConfig,
  players: { ours: Player; theirs: Player },
  round: number,
  opening: Opening,
  oursWhite: boolean,
): Promise<GameRecord> {
  const startFen = opening.fen ?? oracle.START_FEN;
  const parsed = oracle.parseFen(startFen);
  if (!parsed.ok) throw new Error(`opening ${opening.name}: ${parsed.error.message}`);
  const pos = parsed.pos;
  const moves: string[] = [];
  for (const m of opening.moves) {
    const u = oracle.parseUci(pos, m);
    if (!u.ok) throw new Error(`opening ${opening.name}: ${u.error.message}`);
    oracle.makeMove(pos, u.move);
    moves.push(m);
  }
  const white = oursWhite ? players.ours : players.theirs;
  const black = oursWhite ? players.theirs : players.ours;
  for (const p of [white, black]) {
    p.client.send("ucinewgame");
    p.client.send("isready");
    await p.client.waitFor(/^readyok$/, 30_000);
  }
  const clock: Clock = {
    left: cfg.tc ? { w: cfg.tc.baseMs, b: cfg.tc.baseMs } : null,
    incMs: cfg.tc?.incMs ?? 0,
  };
  let end: { result: PgnGame["result"]; reason: string } | null = null;
  while (!(end = verdict(pos, moves.length))) {
    const side = oracle.sideToMove(pos);
    const mover = side === "w" ? white : black;
    const isOurs = mover === players.ours;
    mover.client.send(
      `position ${opening.fen ? `fen ${opening.fen}` : "startpos"} moves ${moves.join(" ")}`,
    );
    const go = goCommand(cfg, clock, isOurs);
    const started = Date.now();
    mover.client.send(go);
    // A move must come; a clock or move time gives the limit, a level a generous one.
    const limit = clock.left ? clock.left[side] + 10_000 : (cfg.movetime ?? 60_000) + 60_000;
    const lines = await mover.client.waitFor(/^bestmove /, limit);
    const spent = Date.now() - started;
    const best = lines[lines.length - 1]!.split(/\s+/)[1] ?? "";
    const loser = side === "w" ? "0-1" : "1-0";
    if (clock.left) {
      clock.left[side] -= spent;
      if (clock.left[side] < 0) {
        end = { result: loser, reason: `${mover.name} lost on time` };
        break;
      }
      clock.left[side] += clock.incMs;
    }
    const u = oracle.parseUci(pos, best);
    if (!u.ok) {
      end = { result: loser, reason: `${mover.name} played an illegal move ${best}` };
      break;
    }
    oracle.makeMove(pos, u.move);
    moves.push(best);
  }
  const pointsWhite = end.result === "1-0" ? 1 : end.result === "0-1" ? 0 : 0.5;
  const pgn: PgnGame = {
    tags: {
      Event: "npm run match",
      Site: "liberman-chess",
      Date: new Date().toISOString().slice(0, 10).replace(/-/g, "."),
      Round: String(round),
      White: white.name,
      Black: black.name,
      Opening: opening.name,
      TimeControl: cfg.tc ? `${cfg.tc.baseMs / 1000}+${cfg.tc.incMs / 1000}` : "-",
      Termination: end.reason,
    },
    moves,
    result: end.result,
    ...(opening.fen ? { fen: opening.fen } : {}),
  };
  return { pgn, points: oursWhite ? pointsWhite : 1 - pointsWhite, reason: end.reason };
}

export function parseConfig(argv: string[]): MatchConfig {
  const { values: v } = parseArgs({
    args: argv,
    options: {
      games: { type: "string", default: "20" },
      level: { type: "string" },
      budget: { type: "string" },
      tc: { type: "string" },
      movetime: { type: "string" },
      "opponent-movetime": { type: "string", default: "100" },
      "opponent-nodes": { type: "string" },
      opponent: { type: "string" },
      "opponent-build": { type: "string" },
      "opponent-budget": { type: "string" },
      elo: { type: "string", default: "1500" },
      concurrency: { type: "string", default: "1" },
      pgn: { type: "string", default: "build/match.pgn" },
      book: { type: "boolean", default: false },
      openings: { type: "string", default: "small" },
      "ours-elo": { type: "string" },
    },
    strict: true,
  });
  const int = (name: string, text: string, min: number, max: number) => {
    if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max)
      throw new Error(`--${name} must be a whole number from ${min} to ${max}, not '${text}'`);
    return Number(text);
  };
  // The program's levels are checked when the players start (matchLevel): here, a number.
  const level = (text: string) => {
    if (!/^[1-9]\d*$/.test(text))
      throw new Error(`--level must be a whole number from 1, not '${text}'`);
    return Number(text);
  };
  let tc: MatchConfig["tc"] = null;
  if (v.tc !== undefined) {
    const m = /^(\d+(?:\.\d+)?)\+(\d+(?:\.\d+)?)$/.exec(v.tc);
    if (!m) throw new Error(`--tc must be SECONDS+INCREMENT (e.g. 60+1), not '${v.tc}'`);
    tc = { baseMs: Number(m[1]) * 1000, incMs: Number(m[2]) * 1000 };
  }
  if (tc && v.movetime !== undefined) throw new Error("give --tc or --movetime, not both");
  if (v.opponent !== undefined && v["opponent-build"] !== undefined)
    throw new Error("give --opponent or --opponent-build, not both");
  if (v["opponent-budget"] !== undefined && v["opponent-build"] === undefined)
    throw new Error("--opponent-budget needs --opponent-build (a CHESS.COM opponent)");
  if (v["ours-elo"] !== undefined) {
    for (const o of ["opponent", "opponent-build", "budget", "level", "book"] as const)
      if (v[o] !== undefined && !(o === "book" && v.book === false))
        throw new Error(`--ours-elo plays stockfish against stockfish; --${o} is for CHESS.COM`);
  }
  const build = v["opponent-build"] === undefined ? null : resolve(v["opponent-build"]);
  if (
    build &&
    !(
      existsSync(join(build, "ts-harness/frontends/uci.ts")) &&
      existsSync(join(build, "node_modules"))
    )
  ) {
    throw new Error(
      `--opponent-build: '${build}' is no checkout of this project with its packages (ts-harness/frontends/uci.ts, node_modules)`,
    );
  }
  const set = v.openings!;
  if (!Object.hasOwn(OPENING_SETS, set))
    throw new Error(
      `--openings must be one of ${Object.keys(OPENING_SETS).join(", ")}, not '${set}'`,
    );
  return {
    openings: OPENING_SETS[set as keyof typeof OPENING_SETS],
    games: int("games", v.games!, 1, 1000),
    level: v.level === undefined ? null : level(v.level),
    budget: v.budget === undefined ? null : int("budget", v.budget, 1, 600_000),
    tc,
    movetime: v.movetime === undefined ? null : int("movetime", v.movetime, 1, 600_000),
    opponentMovetime: int("opponent-movetime", v["opponent-movetime"]!, 1, 600_000),
    opponentNodes:
      v["opponent-nodes"] === undefined
        ? null
        : int("opponent-nodes", v["opponent-nodes"], 1, 100_000_000),
    opponentCommand: v.opponent ?? null,
    opponentBuild: build,
    opponentBudget:
      v["opponent-budget"] === undefined
        ? null
        : int("opponent-budget", v["opponent-budget"], 1, 600_000),
    elo: int("elo", v.elo!, 1320, 3190),
    oursElo: v["ours-elo"] === undefined ? null : int("ours-elo", v["ours-elo"], 1320, 3190),
    concurrency: int("concurrency", v.concurrency!, 1, 8),
    pgnPath: resolve(ROOT, v.pgn!), // a path of its own stays as given
    book: v.book!,
  };
}

/** Assemble the other checkout's CHESS.COM once, before its bridges start side by side and
 *  read it (they inherit buildAll's word that build/ is current). False, with nasm's
 *  message on stderr, when it does not build. */
async function buildOpponent(root: string): Promise<boolean> {
  const env = { ...process.env };
  delete env[BUILT_ENV];
  const r = await execa(TSX, ["ts-harness/core/build.ts"], {
    cwd: root,
    env,
    extendEnv: false,
    reject: false,
  });
  if (r.exitCode !== 0) {
    process.stderr.write(
      `match: --opponent-build: ${root} does not build:\n${r.stderr || r.stdout}\n`,
    );
    return false;
  }
  return true;
}

async function main(argv: string[]): Promise<number> {
  let cfg: MatchConfig;
  try {
    cfg = parseConfig(argv);
  } catch (e) {
    process.stderr.write(`match: ${(e as Error).message}\n`);
    return 2;
  }
  const theirs = cfg.opponentBuild
    ? cfg.opponentBudget !== null
      ? `budget ${cfg.opponentBudget} ms`
      : "the same"
    : cfg.opponentNodes !== null
      ? `${cfg.opponentNodes} nodes`
      : `${cfg.opponentMovetime} ms`;
  const limits =
    cfg.oursElo !== null && !cfg.tc && cfg.movetime === null
      ? `${theirs} a move each`
      : cfg.tc
        ? `${cfg.tc.baseMs / 1000}+${cfg.tc.incMs / 1000} s`
        : cfg.movetime !== null
          ? `${cfg.movetime} ms a move`
          : `${cfg.budget !== null ? `budget ${cfg.budget} ms` : `level ${cfg.level ?? "default"}`} against ${theirs} a move`;
  const schedule = Array.from({ length: cfg.games }, (_, i) => ({
    round: i + 1,
    opening: cfg.openings[Math.floor(i / 2) % cfg.openings.length]!,
    oursWhite: i % 2 === 0,
  }));
  const records: GameRecord[] = new Array(cfg.games);
  const tally = { wins: 0, draws: 0, losses: 0 };
  let next = 0;
  let opponentName = "";
  const started = Date.now();
  mkdirSync(dirname(cfg.pgnPath), { recursive: true });
  // Once here, so that engines started side by side read build/ and never run nasm at once.
  if (cfg.oursElo === null) await buildAll();
  if (cfg.opponentBuild && !(await buildOpponent(cfg.opponentBuild))) return 2;
  process.stderr.write(`match: ${cfg.games} games, ${limits}, ${cfg.concurrency} at a time\n`);
  const worker = async () => {
    const players = await startPlayers(cfg);
    opponentName = players.theirs.name;
    try {
      while (next < schedule.length) {
        const g = schedule[next++]!;
        const r = await playGame(cfg, players, g.round, g.opening, g.oursWhite);
        records[g.round - 1] = r;
        if (r.points === 1) tally.wins++;
        else if (r.points === 0) tally.losses++;
        else tally.draws++;
        const done = tally.wins + tally.draws + tally.losses;
        process.stderr.write(
          `game ${g.round} (${g.opening.name}, ours ${g.oursWhite ? "white" : "black"}): ${r.pgn.result} ${r.reason}, ${r.pgn.moves.length} plies; after ${done}/${cfg.games}: +${tally.wins} =${tally.draws} -${tally.losses}\n`,
        );
        writeFileSync(
          cfg.pgnPath,
          records
            .filter(Boolean)
            .map((x) => writePgn(x.pgn))
            .join("\n"),
        );
      }
    } finally {
      await Promise.all([players.ours.client.quit(), players.theirs.client.quit()]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(cfg.concurrency, cfg.games) }, worker));
  const e = estimateElo(tally);
  const n = cfg.games;
  console.log(
    `${cfg.oursElo === null ? "Liberman Chess" : `Stockfish 15.1 (UCI_Elo ${cfg.oursElo})`} vs ${opponentName}, ${n} games, ${limits}`,
  );
  console.log(
    `W/D/L: ${tally.wins}/${tally.draws}/${tally.losses}  score ${(tally.wins + tally.draws / 2).toFixed(1)}/${n} (${(e.score * 100).toFixed(1)}%)`,
  );
  console.log(
    `Elo difference: ${formatElo(e)} (95%), likelihood of superiority ${(likelihoodOfSuperiority(tally) * 100).toFixed(1)}%`,
  );
  console.log(`PGN: ${cfg.pgnPath}  (${((Date.now() - started) / 60_000).toFixed(1)} min)`);
  return 0;
}

if (isMain(import.meta.url)) process.exitCode = await main(process.argv.slice(2));
