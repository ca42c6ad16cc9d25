// gauntlet -- a match runner in the manner of cutechess-cli and fastchess: one engine (ours
// by default) plays each opponent, UCI or CECP/xboard, from every opening of a file with
// both colours, under real clocks that the runner keeps in wall time. The oracle judges
// every move: an illegal one loses, mate, stalemate, threefold repetition, the fifty-move
// rule and insufficient material end the game, a flag fall loses. Each finished game goes
// to a JSON-lines log (a rerun with the same log plays only what is missing) and to a PGN
// file; at the end W/D/L and Elo against each opponent, the rating on the CCRL Blitz scale
// anchored by the opponents' ratings (engines.json), and an SPRT when one is asked for.
//   npm run gauntlet -- [--ours SPEC] --opponent SPEC [--opponent SPEC ...]
//        [--tc 60+0.6 | 40/60] [--margin MS] [--openings small|wide|endings|FILE.epd|FILE.pgn]
//        [--games N] [--concurrency N] [--pgn FILE] [--log FILE] [--max-plies N]
//        [--sprt elo0=0,elo1=5,alpha=0.05,beta=0.05]
//        [--resign movecount=3,score=600] [--draw movenumber=40,movecount=8,score=10]
// SPEC is an engine of engines.json by name (hoichess, fairymax, phalanx, glaurung, toga2,
// stockfish, liberman), or key=value words: name=, cmd="program args", proto=uci|xboard,
// dir=, tc= (its own clock: time odds), rating=, nodes= (a UCI engine searches that many
// positions a move: fixed-node play), option.NAME=VALUE; a name first and words
// after it change that engine (`phalanx tc=30+0.3`).
import {
  accessSync,
  appendFileSync,
  constants,
  existsSync,
  mkdirSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import { delimiter, dirname, isAbsolute, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { buildAll, isMain, ROOT } from "../../core/build.ts";
import { OPENING_SETS } from "../../formats/positions.ts";
import { moveFromSan, readOpenings, type Opening } from "../../formats/openings.ts";
import { writePgn, type PgnGame } from "../../formats/pgn.ts";
import { START_FEN } from "../../oracle/fen.ts";
import * as oracle from "../../oracle/index.ts";
import {
  adjudicate,
  parseDraw,
  parseResign,
  whiteScore,
  type DrawRule,
  type ResignRule,
} from "./adjudication.ts";
import { estimateElo, formatElo } from "./elo.ts";
import { startPlayer, type EngineSpec, type Player, type Protocol } from "./players.ts";
import { estimateRating, formatRating } from "./rating.ts";
import {
  checkSprt,
  llrCutechess,
  llrGsprt,
  pentanomial,
  sprtBounds,
  sprtVerdict,
  type Sprt,
  type SprtVerdict,
} from "./sprt.ts";
import { Clock, formatTimeControl, parseTimeControl, type TimeControl } from "./time-control.ts";

type Result = PgnGame["result"];

export interface GauntletConfig {
  ours: EngineSpec;
  opponents: EngineSpec[];
  tc: TimeControl;
  marginMs: number;
  openings: Opening[];
  /** Games against each opponent: every opening twice, one with each colour. */
  games: number;
  concurrency: number;
  pgnPath: string | null;
  logPath: string | null;
  /** A game this long is adjudicated a draw. */
  maxPlies: number;
  sprt: Sprt | null;
  /** cutechess-cli's -resign and -draw on the engines' scores; absent: off. */
  resign?: ResignRule | null;
  draw?: DrawRule | null;
}

export interface GameRecord {
  type: "game";
  /** Its place in the schedule. */
  index: number;
  opponent: string;
  opening: string;
  oursWhite: boolean;
  white: string;
  black: string;
  result: Result;
  reason: string;
  fen?: string;
  moves: string[];
  date: string;
  timeControl: { white: string; black: string };
  /** Each side's moves under the clock and the wall ms it thought over them. */
  thinking: { white: { moves: number; ms: number }; black: { moves: number; ms: number } };
}

interface ScheduledGame {
  index: number;
  opponent: number;
  pair: number;
  opening: Opening;
  oursWhite: boolean;
}

// ---- engine specs ----------------------------------------------------------------------

type KnownEngine = {
  name: string;
  protocol: string;
  command: string[];
  options?: Record<string, string>;
  ccrlBlitz: number | null;
  ownBuild?: boolean;
};
const KNOWN: Record<string, KnownEngine> = JSON.parse(
  readFileSync(join(ROOT, "ts-harness/lab/match/engines.json"), "utf8"),
).engines;

/** Words of a spec or a command line: key=value, key="value with spaces", bare words. */
function specWords(text: string): string[] {
  return [...text.matchAll(/(?:[^\s"]+|"[^"]*")+/g)].map((m) => m[0].replace(/"/g, ""));
}

export function parseEngineSpec(text: string): EngineSpec & { ownBuild: boolean } {
  const words = specWords(text);
  let spec: EngineSpec & { ownBuild: boolean } = {
    name: "",
    command: [],
    protocol: "uci",
    options: {},
    ownBuild: false,
  };
  if (words[0] && !words[0].includes("=")) {
    const k = KNOWN[words[0].toLowerCase()];
    if (!k)
      throw new Error(
        `no engine '${words[0]}' in engines.json (known: ${Object.keys(KNOWN).join(", ")}); give name= cmd= proto= instead`,
      );
    spec = {
      name: k.name,
      command: [...k.command],
      protocol: k.protocol as Protocol,
      options: { ...(k.options ?? {}) },
      ownBuild: k.ownBuild ?? false,
      ...(k.ccrlBlitz !== null ? { rating: k.ccrlBlitz } : {}),
    };
    words.shift();
  }
  for (const w of words) {
    const m = /^([\w.]+)=(.*)$/.exec(w);
    if (!m) throw new Error(`engine spec '${text}': '${w}' is not key=value`);
    const [, key, value] = m as unknown as [string, string, string];
    if (key === "name") spec.name = value;
    else if (key === "cmd") spec.command = specWords(value);
    else if (key === "dir") spec.dir = resolve(value);
    else if (key === "proto") {
      if (value !== "uci" && value !== "xboard")
        throw new Error(`engine spec '${text}': proto is uci or xboard, not '${value}'`);
      spec.protocol = value;
    } else if (key === "tc") {
      parseTimeControl(value);
      spec.tc = value;
    } else if (key === "rating") {
      if (!/^\d+$/.test(value))
        throw new Error(`engine spec '${text}': rating is a whole number, not '${value}'`);
      spec.rating = Number(value);
    } else if (key === "nodes") {
      if (!/^[1-9]\d{0,8}$/.test(value))
        throw new Error(`engine spec '${text}': nodes is a whole number from 1, not '${value}'`);
      spec.nodes = Number(value);
    } else if (key.startsWith("option.") && key.length > 7) spec.options[key.slice(7)] = value;
    else
      throw new Error(
        `engine spec '${text}': unknown key '${key}' (name, cmd, dir, proto, tc, rating, nodes, option.NAME)`,
      );
  }
  if (spec.nodes !== undefined && spec.protocol !== "uci")
    throw new Error(`engine spec '${text}': nodes= needs a UCI engine (go nodes)`);
  if (spec.command.length === 0) throw new Error(`engine spec '${text}': no cmd`);
  if (!spec.name) spec.name = spec.command[0]!.split("/").pop()!;
  return spec;
}

/** The program exists and may run: found on PATH, or at its path. */
function checkCommand(spec: EngineSpec): void {
  const cmd = spec.command[0]!;
  const candidates = cmd.includes("/")
    ? [isAbsolute(cmd) ? cmd : resolve(spec.dir ?? ROOT, cmd)]
    : (process.env.PATH ?? "").split(delimiter).map((d) => join(d, cmd));
  const runnable = candidates.some((c) => {
    try {
      accessSync(c, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
  if (!runnable)
    throw new Error(
      `${spec.name}: cannot run '${cmd}' (not found, or not executable)${cmd.startsWith("/usr/games/") ? `; apt-get install -y ${cmd.split("/").pop()}` : ""}`,
    );
}

// ---- options ---------------------------------------------------------------------------

export function parseSprt(text: string): Sprt {
  const test: Sprt = { elo0: 0, elo1: 5, alpha: 0.05, beta: 0.05 };
  for (const part of text.split(/[,\s]+/).filter(Boolean)) {
    const m = /^(elo0|elo1|alpha|beta)=(-?\d+(?:\.\d+)?)$/.exec(part);
    if (!m)
      throw new Error(
        `--sprt takes elo0=, elo1=, alpha=, beta= (e.g. elo0=0,elo1=5,alpha=0.05,beta=0.05), not '${part}'`,
      );
    test[m[1] as keyof Sprt] = Number(m[2]);
  }
  checkSprt(test);
  return test;
}

export function parseConfig(argv: string[]): GauntletConfig & { ownBuild: boolean } {
  const { values: v } = parseArgs({
    args: argv,
    options: {
      ours: { type: "string", default: "liberman" },
      opponent: { type: "string", multiple: true },
      tc: { type: "string", default: "60+0.6" },
      margin: { type: "string", default: "50" },
      openings: { type: "string", default: "small" },
      games: { type: "string" },
      concurrency: { type: "string", default: "1" },
      pgn: { type: "string", default: "build/gauntlet.pgn" },
      log: { type: "string" },
      "max-plies": { type: "string", default: "600" },
      sprt: { type: "string" },
      resign: { type: "string" },
      draw: { type: "string" },
    },
    strict: true,
  });
  const int = (name: string, text: string, min: number, max: number) => {
    if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max)
      throw new Error(`--${name} must be a whole number from ${min} to ${max}, not '${text}'`);
    return Number(text);
  };
  if (!v.opponent?.length)
    throw new Error("give at least one --opponent (e.g. --opponent hoichess)");
  const ours = parseEngineSpec(v.ours!);
  const opponents = v.opponent.map(parseEngineSpec);
  const names = [ours, ...opponents].map((e) => e.name);
  if (new Set(names).size !== names.length)
    throw new Error(`two engines share a name (${names.join(", ")}); give one name=`);
  const set = v.openings!;
  const openings = Object.hasOwn(OPENING_SETS, set)
    ? OPENING_SETS[set as keyof typeof OPENING_SETS].map((o) => ({ ...o, moves: [...o.moves] }))
    : existsSync(set)
      ? readOpenings(set)
      : null;
  if (!openings)
    throw new Error(
      `--openings is one of ${Object.keys(OPENING_SETS).join(", ")} or an .epd or .pgn file, not '${set}'`,
    );
  const sprt = v.sprt === undefined ? null : parseSprt(v.sprt);
  if (sprt && opponents.length !== 1) throw new Error("--sprt needs exactly one --opponent");
  return {
    ours,
    opponents,
    ownBuild: [ours, ...opponents].some((e) => e.ownBuild),
    tc: parseTimeControl(v.tc!),
    marginMs: int("margin", v.margin!, 0, 10_000),
    openings,
    games: v.games === undefined ? 2 * openings.length : int("games", v.games, 1, 100_000),
    concurrency: int("concurrency", v.concurrency!, 1, 16),
    pgnPath: v.pgn === "" ? null : resolve(v.pgn!),
    logPath: v.log === undefined ? null : resolve(v.log),
    maxPlies: int("max-plies", v["max-plies"]!, 1, 10_000),
    sprt,
    resign: v.resign === undefined ? null : parseResign(v.resign),
    draw: v.draw === undefined ? null : parseDraw(v.draw),
  };
}

// ---- one game --------------------------------------------------------------------------

/** The legal move an engine's answer names: coordinates (e2e4, e7e8q, e7e8=Q) or SAN. */
export function engineMove(pos: oracle.Position, text: string): oracle.Move | null {
  const coord = /^([a-h][1-8])-?([a-h][1-8])=?([qrbnQRBN])?[+#]?$/.exec(text);
  if (coord) {
    const u = oracle.parseUci(pos, `${coord[1]}${coord[2]}${(coord[3] ?? "").toLowerCase()}`);
    return u.ok ? u.move : null;
  }
  return moveFromSan(pos, text);
}

/** The side has only its king, or its king and one knight or bishop: it cannot mate. */
function cannotMate(pos: oracle.Position, side: "w" | "b"): boolean {
  const board = oracle.toFen(pos).split(" ")[0]!;
  const own = [...board]
    .filter((c) => /[a-z]/i.test(c) && (c === c.toUpperCase()) === (side === "w"))
    .map((c) => c.toLowerCase());
  return own.length === 1 || (own.length === 2 && own.some((c) => c === "n" || c === "b"));
}

function verdict(
  pos: oracle.Position,
  plies: number,
  maxPlies: number,
): { result: Result; reason: string } | null {
  const s = oracle.status(pos);
  if (s === "checkmate")
    return {
      result: oracle.sideToMove(pos) === "w" ? "0-1" : "1-0",
      reason: `${oracle.sideToMove(pos) === "w" ? "black" : "white"} mates`,
    };
  const draws: Record<string, string> = {
    stalemate: "stalemate",
    threefold: "threefold repetition",
    "fifty-move": "fifty-move rule",
    "insufficient-material": "insufficient material",
  };
  if (s !== "playing") return { result: "1/2-1/2", reason: `draw by ${draws[s] ?? s}` };
  if (plies >= maxPlies)
    return { result: "1/2-1/2", reason: `adjudicated a draw after ${maxPlies} plies` };
  return null;
}

export async function playGame(
  cfg: GauntletConfig,
  white: Player,
  black: Player,
  opening: Opening,
): Promise<Omit<GameRecord, "type" | "index" | "opponent" | "oursWhite">> {
  const startFen = opening.fen ?? START_FEN;
  const parsed = oracle.parseFen(startFen);
  if (!parsed.ok) throw new Error(`opening ${opening.name}: ${parsed.error.message}`);
  const pos = parsed.pos;
  const moves: string[] = [];
  const sans: string[] = [];
  const play = (m: oracle.Move) => {
    sans.push(oracle.san(pos, m));
    moves.push(oracle.moveToUci(m));
    oracle.makeMove(pos, m);
  };
  for (const m of opening.moves) {
    const u = oracle.parseUci(pos, m);
    if (!u.ok) throw new Error(`opening ${opening.name}: ${u.error.message}`);
    play(u.move);
  }
  const tcOf = (p: Player) => (p.spec.tc ? parseTimeControl(p.spec.tc) : cfg.tc);
  const clocks = {
    w: new Clock(tcOf(white), cfg.marginMs),
    b: new Clock(tcOf(black), cfg.marginMs),
  };
  const start = { fen: opening.fen ?? null, moves: opening.moves };
  await white.newGame(start, clocks.w);
  await black.newGame(start, clocks.b);
  const thinking = { w: { moves: 0, ms: 0 }, b: { moves: 0, ms: 0 } };
  /** White's score after each engine move, for the adjudication rules. */
  const scores: (number | null)[] = [];
  let end: { result: Result; reason: string } | null;
  while (
    !(end =
      verdict(pos, moves.length, cfg.maxPlies) ??
      adjudicate(scores, moves.length, cfg.resign ?? null, cfg.draw ?? null))
  ) {
    const side = oracle.sideToMove(pos);
    const mover = side === "w" ? white : black;
    const clock = clocks[side];
    const lost: Result = side === "w" ? "0-1" : "1-0";
    const who = mover.engineName;
    const r = await mover.think({
      moves,
      sans,
      side,
      white: clocks.w,
      black: clocks.b,
      limitMs: clock.allowanceMs,
    });
    thinking[side].ms += r.ms;
    const leftMs = clock.leftMs;
    const flagged = r.kind === "timeout" || clock.charge(r.ms) === "flag";
    if (r.kind === "crash") end = { result: lost, reason: `${who} disconnects` };
    else if (flagged)
      end = cannotMate(pos, side === "w" ? "b" : "w")
        ? {
            result: "1/2-1/2",
            reason: `${who} loses on time, but the opponent cannot mate: a draw`,
          }
        : {
            result: lost,
            reason: `${who} loses on time (${r.kind === "timeout" ? "no move" : `a move of ${Math.round(r.ms)} ms`} with ${Math.round(leftMs)} ms left)`,
          };
    else if (r.kind === "resign") end = { result: lost, reason: `${who} resigns` };
    else if (r.kind === "rejected")
      end = { result: lost, reason: `${who} rejects the legal move ${r.move}` };
    if (end) break;
    if (r.kind !== "move") throw new Error(`unexpected answer ${r.kind}`);
    const m = engineMove(pos, r.move);
    if (!m) {
      end = { result: lost, reason: `${who} plays an illegal move ${r.move}` };
      break;
    }
    thinking[side].moves++;
    scores.push(r.score ? whiteScore(side, r.score) : null);
    play(m);
  }
  for (const p of [white, black]) p.endGame(end.result, end.reason);
  return {
    opening: opening.name,
    white: white.engineName,
    black: black.engineName,
    result: end.result,
    reason: end.reason,
    ...(opening.fen ? { fen: opening.fen } : {}),
    moves,
    date: new Date().toISOString().slice(0, 10).replace(/-/g, "."),
    timeControl: { white: formatTimeControl(clocks.w.tc), black: formatTimeControl(clocks.b.tc) },
    thinking: {
      white: { moves: thinking.w.moves, ms: Math.round(thinking.w.ms) },
      black: { moves: thinking.b.moves, ms: Math.round(thinking.b.ms) },
    },
  };
}

// ---- the schedule, the log, the tallies --------------------------------------------------

export function schedule(cfg: GauntletConfig): ScheduledGame[] {
  const out: ScheduledGame[] = [];
  for (let pair = 0; pair * 2 < cfg.games; pair++)
    for (let opponent = 0; opponent < cfg.opponents.length; opponent++)
      for (let g = pair * 2; g < Math.min(cfg.games, pair * 2 + 2); g++)
        out.push({
          index: out.length,
          opponent,
          pair,
          opening: cfg.openings[pair % cfg.openings.length]!,
          oursWhite: g % 2 === 0,
        });
  return out;
}

/** What a log must agree on to be continued: the engines, the clock, the openings. */
function signature(cfg: GauntletConfig): string {
  const engine = (e: EngineSpec) => ({
    name: e.name,
    command: e.command,
    protocol: e.protocol,
    options: e.options,
    tc: e.tc ?? null,
    ...(e.nodes !== undefined ? { nodes: e.nodes } : {}),
  });
  return JSON.stringify({
    ours: engine(cfg.ours),
    opponents: cfg.opponents.map(engine),
    tc: formatTimeControl(cfg.tc),
    marginMs: cfg.marginMs,
    openings: cfg.openings,
    maxPlies: cfg.maxPlies,
    // Only when set, so that the logs of gauntlets without adjudication still resume.
    ...(cfg.resign ? { resign: cfg.resign } : {}),
    ...(cfg.draw ? { draw: cfg.draw } : {}),
  });
}

/** The games of an earlier run of the same gauntlet; a log of another is refused. */
export function readLog(path: string, cfg: GauntletConfig): GameRecord[] {
  if (!existsSync(path)) return [];
  const records: GameRecord[] = [];
  const lines = readFileSync(path, "utf8")
    .split("\n")
    .filter((l) => l.trim());
  lines.forEach((line, i) => {
    let rec: { type?: string; signature?: string };
    try {
      rec = JSON.parse(line);
    } catch {
      if (i === lines.length - 1) return; // a line cut short when a run was stopped
      throw new Error(`${path}:${i + 1}: not JSON`);
    }
    if (rec.type === "start" && rec.signature !== signature(cfg))
      throw new Error(
        `${path} is the log of another gauntlet (other engines, clock or openings); give another --log, or remove it`,
      );
    if (rec.type === "game") records.push(rec as unknown as GameRecord);
  });
  return records;
}

export function pointsOfOurs(r: Pick<GameRecord, "result" | "oursWhite">): number {
  const white = r.result === "1-0" ? 1 : r.result === "0-1" ? 0 : 0.5;
  return r.oursWhite ? white : 1 - white;
}

export interface Tally {
  wins: number;
  draws: number;
  losses: number;
}

export function tallies(cfg: GauntletConfig, records: GameRecord[]): Tally[] {
  const t = cfg.opponents.map(() => ({ wins: 0, draws: 0, losses: 0 }));
  for (const r of records) {
    const i = cfg.opponents.findIndex((o) => o.name === r.opponent);
    const p = pointsOfOurs(r);
    if (i < 0) continue;
    if (p === 1) t[i]!.wins++;
    else if (p === 0) t[i]!.losses++;
    else t[i]!.draws++;
  }
  return t;
}

/** The SPRT's state over the games against the one opponent. */
export function sprtStatus(
  test: Sprt,
  records: GameRecord[],
  sched: ScheduledGame[],
): { cutechess: number; pentanomial: number; pairs: number; verdict: SprtVerdict } {
  const byIndex = new Map(records.map((r) => [r.index, r]));
  const t = { wins: 0, draws: 0, losses: 0 };
  for (const r of records) {
    const p = pointsOfOurs(r);
    if (p === 1) t.wins++;
    else if (p === 0) t.losses++;
    else t.draws++;
  }
  const pairs = new Map<string, number[]>();
  for (const g of sched) {
    const r = byIndex.get(g.index);
    const key = `${g.opponent}/${g.pair}`;
    if (r) pairs.set(key, [...(pairs.get(key) ?? []), pointsOfOurs(r)]);
  }
  const pairPoints = [...pairs.values()].filter((p) => p.length === 2).map((p) => p[0]! + p[1]!);
  const cutechess = llrCutechess(t, test.elo0, test.elo1);
  return {
    cutechess,
    pentanomial: llrGsprt(pentanomial(pairPoints), test.elo0, test.elo1),
    pairs: pairPoints.length,
    verdict: sprtVerdict(cutechess, test),
  };
}

function pgnOf(r: GameRecord): string {
  return writePgn({
    tags: {
      Event: "npm run gauntlet",
      Site: "liberman-chess",
      Date: r.date,
      Round: String(r.index + 1),
      White: r.white,
      Black: r.black,
      Opening: r.opening,
      TimeControl:
        r.timeControl.white === r.timeControl.black
          ? r.timeControl.white
          : `${r.timeControl.white} vs ${r.timeControl.black}`,
      Termination: r.reason,
    },
    moves: r.moves,
    result: r.result,
    ...(r.fen ? { fen: r.fen } : {}),
  });
}

// ---- the run -----------------------------------------------------------------------------

export interface GauntletRun {
  records: GameRecord[];
  /** Games played by this run (the rest came from the log). */
  played: number;
  sprt: ReturnType<typeof sprtStatus> | null;
}

export async function runGauntlet(
  cfg: GauntletConfig,
  report: (line: string) => void = () => {},
): Promise<GauntletRun> {
  for (const e of [cfg.ours, ...cfg.opponents]) checkCommand(e);
  const sched = schedule(cfg);
  const records = cfg.logPath ? readLog(cfg.logPath, cfg) : [];
  const done = new Set(records.map((r) => r.index));
  if (cfg.logPath) {
    mkdirSync(dirname(cfg.logPath), { recursive: true });
    if (!existsSync(cfg.logPath))
      writeFileSync(
        cfg.logPath,
        JSON.stringify({ type: "start", signature: signature(cfg) }) + "\n",
      );
  }
  if (cfg.pgnPath) mkdirSync(dirname(cfg.pgnPath), { recursive: true });
  const pending = sched.filter((g) => !done.has(g.index));
  let next = 0;
  let played = 0;
  let failed: unknown = null;
  const stopBySprt = () =>
    cfg.sprt !== null && sprtStatus(cfg.sprt, records, sched).verdict !== "continue";
  const worker = async () => {
    const players = new Map<string, Player>();
    const player = async (spec: EngineSpec) => {
      let p = players.get(spec.name);
      if (p?.needsRestart) {
        await p.quit();
        p = undefined;
      }
      if (!p) {
        p = startPlayer(spec, ROOT);
        players.set(spec.name, p);
        await p.start();
      }
      return p;
    };
    try {
      while (next < pending.length && failed === null && !stopBySprt()) {
        const g = pending[next++]!;
        const opp = cfg.opponents[g.opponent]!;
        const ours = await player(cfg.ours);
        const theirs = await player(opp);
        const game = await playGame(
          cfg,
          g.oursWhite ? ours : theirs,
          g.oursWhite ? theirs : ours,
          g.opening,
        );
        const rec: GameRecord = {
          type: "game",
          index: g.index,
          opponent: opp.name,
          oursWhite: g.oursWhite,
          ...game,
        };
        records.push(rec);
        played++;
        if (cfg.logPath) appendFileSync(cfg.logPath, JSON.stringify(rec) + "\n");
        if (cfg.pgnPath)
          writeFileSync(
            cfg.pgnPath,
            [...records]
              .sort((a, b) => a.index - b.index)
              .map(pgnOf)
              .join("\n"),
          );
        const t = tallies(cfg, records)[g.opponent]!;
        report(
          `game ${g.index + 1}/${sched.length} ${rec.white} - ${rec.black} (${g.opening.name}): ${rec.result} ${rec.reason}, ${rec.moves.length} plies; against ${opp.name} +${t.wins} =${t.draws} -${t.losses}`,
        );
      }
    } catch (e) {
      failed ??= e;
    } finally {
      await Promise.all([...players.values()].map((p) => p.quit()));
    }
  };
  await Promise.all(
    Array.from({ length: Math.max(1, Math.min(cfg.concurrency, pending.length)) }, worker),
  );
  if (failed !== null) throw failed;
  return { records, played, sprt: cfg.sprt ? sprtStatus(cfg.sprt, records, sched) : null };
}

/** The summary: each opponent's W/D/L and Elo, the anchored rating, the SPRT. */
export function summary(cfg: GauntletConfig, run: GauntletRun): string[] {
  const out: string[] = [];
  const t = tallies(cfg, run.records);
  cfg.opponents.forEach((o, i) => {
    const s = t[i]!;
    const n = s.wins + s.draws + s.losses;
    const e = estimateElo(s);
    out.push(
      `${cfg.ours.name} vs ${o.name}${o.tc ? ` (at ${o.tc})` : ""}: ${n} games, W/D/L ${s.wins}/${s.draws}/${s.losses}, ${n ? (e.score * 100).toFixed(1) : "-"}%, Elo ${n ? formatElo(e) : "-"}${o.rating !== undefined ? `, on the CCRL Blitz scale ${n ? formatRating(estimateRating([{ rating: o.rating, games: n, points: s.wins + s.draws / 2 }])) : "-"} (anchor ${o.rating})` : ""}`,
    );
  });
  let ms = 0;
  let ourMoves = 0;
  for (const r of run.records) {
    const side = r.oursWhite ? r.thinking.white : r.thinking.black;
    ms += side.ms;
    ourMoves += side.moves;
  }
  if (ourMoves > 0)
    out.push(
      `${cfg.ours.name} thought ${(ms / ourMoves).toFixed(0)} ms a move on average (${ourMoves} moves)`,
    );
  const rated = cfg.opponents
    .map((o, i) => ({ o, s: t[i]! }))
    .filter(({ o, s }) => o.rating !== undefined && s.wins + s.draws + s.losses > 0);
  if (rated.length > 1) {
    const est = estimateRating(
      rated.map(({ o, s }) => ({
        rating: o.rating!,
        games: s.wins + s.draws + s.losses,
        points: s.wins + s.draws / 2,
      })),
    );
    out.push(
      `${cfg.ours.name} on the CCRL Blitz scale, over all ${rated.reduce((a, r) => a + r.s.wins + r.s.draws + r.s.losses, 0)} rated games: ${formatRating(est)}; anchors ${rated.map(({ o }) => `${o.name} ${o.rating}`).join(", ")}`,
    );
  }
  if (cfg.sprt && run.sprt) {
    const { lower, upper } = sprtBounds(cfg.sprt);
    const word = { H1: "H1 accepted", H0: "H0 accepted", continue: "no verdict yet" }[
      run.sprt.verdict
    ];
    out.push(
      `SPRT [${cfg.sprt.elo0}, ${cfg.sprt.elo1}] alpha ${cfg.sprt.alpha} beta ${cfg.sprt.beta}: LLR ${run.sprt.cutechess.toFixed(2)} (${lower.toFixed(2)}, ${upper.toFixed(2)}) as cutechess computes it, ${word}; pentanomial GSPRT over ${run.sprt.pairs} pairs ${run.sprt.pentanomial.toFixed(2)}`,
    );
  }
  return out;
}

async function main(argv: string[]): Promise<number> {
  let cfg: ReturnType<typeof parseConfig>;
  try {
    cfg = parseConfig(argv);
  } catch (e) {
    process.stderr.write(`gauntlet: ${(e as Error).message}\n`);
    return 2;
  }
  // Once here, so that our engines started side by side read build/ and never run nasm at once.
  if (cfg.ownBuild) await buildAll();
  const started = Date.now();
  process.stderr.write(
    `gauntlet: ${cfg.ours.name} against ${cfg.opponents.map((o) => o.name).join(", ")}, ${cfg.games} games each at ${formatTimeControl(cfg.tc)}, ${cfg.concurrency} at a time\n`,
  );
  try {
    const run = await runGauntlet(cfg, (l) => process.stderr.write(l + "\n"));
    for (const line of summary(cfg, run)) console.log(line);
    console.log(
      `${run.played} games played now, ${run.records.length - run.played} from the log; PGN ${cfg.pgnPath ?? "-"} (${((Date.now() - started) / 60_000).toFixed(1)} min)`,
    );
    return 0;
  } catch (e) {
    process.stderr.write(`gauntlet: ${(e as Error).message}\n`);
    return 1;
  }
}

if (isMain(import.meta.url)) process.exitCode = await main(process.argv.slice(2));
