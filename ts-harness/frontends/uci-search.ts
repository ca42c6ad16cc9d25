// uci-search -- the searches of the UCI bridge. CHESS.COM is kept running from one search
// of a game to the next (so that its hash table stays), under js-dos in this process or
// under native DOSBox's dynamic core in a child process (the Backend option). Each search
// adds `position …` and `go …` to its JOBS.TXT after the `wait` job that ended the batch
// before (asm/batch/PROTOCOL.md); the bridge reads RESULT.TXT for the info lines as they
// are committed.
// The bridge keeps the time itself, in wall-clock milliseconds, whatever the emulator's
// speed: the engine thinks without a time limit of its own and watches STOP.TXT (the
// `watch` job): the bridge writes `2` there at the soft limit (no new iteration) and `1`
// at the hard one or at UCI's `stop` (the engine answers with its best move so far).
// Every wait has a wall-clock limit: when the engine does not answer in time after the
// stop, the search is abandoned and the move of the last info line (or a legal move) is
// played, so a GUI never waits forever; the emulator is then started again.
import { execa, type ResultPromise } from "execa";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
  appendFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { JOBS_FILE, RESULT_FILE } from "../core/asm-engine.ts";
import {
  CONFIG_DIR,
  DONE_FILE,
  DosSession,
  exitCodeBatch,
  BATCH_FILE,
  sleep,
} from "../core/runner.ts";
import { positionJob } from "../formats/positions.ts";
import * as oracle from "../oracle/index.ts";
import type { EngineProgram, WordRange } from "./uci-program.ts";

/** The limits of UCI's `go`, as numbers (ms, plies, nodes, moves). */
export interface GoLimits {
  wtime?: number;
  btime?: number;
  winc?: number;
  binc?: number;
  movestogo?: number;
  movetime?: number;
  depth?: number;
  nodes?: number;
  mate?: number;
  infinite?: boolean;
}

/** When the bridge tells the engine to stop, in wall ms from the start of the thinking:
 *  no new iteration past `softMs`, stop at `hardMs`. */
export interface TimePlan {
  softMs: number;
  hardMs: number;
}

/** What one search is asked. `fen` + `moves` is the game: the bridge sends as much of
 *  the history as the job line holds (the FEN of an earlier position, then the moves). */
export interface SearchRequest {
  fen: string;
  moves: string[];
  /** The limits the engine keeps itself (depth, nodes, mate), as the program takes them. */
  limits: GoLimits;
  /** The wall-clock plan, or null: the engine thinks until its own limits or `stop`. */
  plan: TimePlan | null;
  /** Emulated ms of a 3000-cycle DOSBox (x 3000 instructions): a budget for a `go`
   *  without limits, or the Budget option's cap on every search; none: no budget. */
  budgetMs?: number;
  /** The Level's budget, for a `go mate N` that finds no mate. */
  levelBudgetMs: number;
  /** The moves of Liberman's mate logic before the search (the go job's matelogic: 0..MATE_MAX_MOVES). */
  mateLogic: number;
  /** The opening book's seed (`go book SEED`), or none: no book. The game is then sent
   *  whole from the start position, which the book asks for. */
  bookSeed?: number;
  /** The k best moves, each with its score and line (1: the best only). */
  multiPv: number;
  /** Look for the move to ponder on when the engine's line has none. */
  ponderMove: boolean;
}

/** One `info` of the engine, in the engine's own terms. */
export interface SearchInfo {
  depth: number;
  score: { cp: number } | { mate: number };
  nodes: number;
  pv: string[];
  /** Under MultiPV: the line's rank, from 1. */
  multipv?: number;
}

export interface SearchResult {
  /** UCI move, or null when the side to move has none. */
  best: string | null;
  ponder: string | null;
  /** Why it ended when not by itself: a note for an `info string`. */
  note?: string;
  /** The move is the opening book's. */
  book?: boolean;
}

export interface SearchHandle {
  /** Ask for the best move now (UCI `stop`). */
  stop(): void;
  /** From now on keep to this plan (UCI `ponderhit`: the ponder search becomes a normal
   *  one on the clock). */
  replan(plan: TimePlan | null): void;
  readonly done: Promise<SearchResult>;
}

export type BackendName = "auto" | "dosbox" | "jsdos";
export const BACKENDS: readonly BackendName[] = ["auto", "dosbox", "jsdos"];

/** The file the engine watches (the `watch` job) and its bytes. */
export const STOP_FILE = "STOP.TXT";
const STOP_GO_ON = "0";
const STOP_NOW = "1";
const STOP_DEEPEN_NOT = "2";

/** How often the bridge reads RESULT.TXT: a file of the host under native DOSBox costs
 *  nothing; js-dos's file system is read through the emulator, which it slows. */
const POLL_MS: Record<Exclude<BackendName, "auto">, number> = { dosbox: 5, jsdos: 25 };
/** How long the engine may take to answer once it should stop, before the bridge gives up. */
const STOP_GRACE_MS = 5000;
const KEY_REPEAT_MS = 400;
const NATIVE_CONF = join(CONFIG_DIR, "engine-native.conf");
/** The clock's plan: of the time left (less Move Overhead) a move aims at time /
 *  (moves to go + MOVES_KEPT_BACK) + 3/4 of the increment; a sudden-death game is
 *  reckoned to last SUDDEN_DEATH_MOVES more moves, and at most MOVES_TO_GO_HORIZON moves
 *  ahead count. */
const SUDDEN_DEATH_MOVES = 35;
const MOVES_KEPT_BACK = 3;
const MOVES_TO_GO_HORIZON = 50;
/** No move plans on more than this share of what is left (the last move before a time
 *  control excepted), nor its hard limit on more than HARD_SHARE. */
const SOFT_SHARE = 0.3;
const HARD_SHARE = 0.5;
const LAST_MOVE_SHARE = 0.7;
const HARD_FACTOR = 3;
/** What a move costs beyond its thinking: the first iteration waited for, the stop
 *  written and read, the pipes (measured 30-100 ms a move on native DOSBox with both
 *  cores busy). Each of the moves to go after this one has it kept back, less the
 *  increment that pays for it, so that the last moves before a time control (or a bare
 *  clock) still have their time. */
const MOVE_COST_MS = 150;
/** In sudden death (its moves to go a guess) at most this share of the time left is kept
 *  back for them: a short clock with no increment still thinks a little on each move. */
const KEPT_SHARE = 0.5;
/** The budget (emulated ms of a 3000-cycle DOSBox) of the search that gives a move after
 *  a `go mate` was stopped: the Level 1's. */
const QUICK_BUDGET_MS = 250;
/** How long past the hard limit the first iteration is waited for. */
const FIRST_ITERATION_GRACE_MS = 100;
/** The least the clock plan gives a move, in wall ms. */
const MIN_THINK_MS = 10;

/** The wall-clock plan of a `go`, or null when it sets none (infinite, ponder, depth,
 *  nodes or mate alone). `movetime` is a hard limit; under the clock the soft and hard
 *  limits come from the time left, the increment and the moves to go, less the
 *  overhead kept back for the bridge and the GUI and MOVE_COST_MS for each move to go
 *  after this one that the increment does not pay. */
export function timePlan(limits: GoLimits, white: boolean, overheadMs: number): TimePlan | null {
  if (limits.infinite) return null;
  if (limits.movetime !== undefined) {
    const hard = Math.max(limits.movetime - overheadMs, 1);
    return { softMs: hard, hardMs: hard };
  }
  const left = white ? limits.wtime : limits.btime;
  if (left === undefined) return null;
  const inc = (white ? limits.winc : limits.binc) ?? 0;
  const togo =
    limits.movestogo !== undefined
      ? Math.min(Math.max(limits.movestogo, 1), MOVES_TO_GO_HORIZON)
      : SUDDEN_DEATH_MOVES;
  const kept = Math.min(
    Math.max(MOVE_COST_MS - inc, 0) * (togo - 1),
    limits.movestogo === undefined ? left * KEPT_SHARE : Infinity,
  );
  const usable = Math.max(left - overheadMs - kept, 0);
  const last = togo === 1;
  // A move may run past its aim (an iteration started before the soft limit ends after
  // it): the time left is shared as if among MOVES_KEPT_BACK moves more.
  const aim = usable / (togo + (last ? 0 : MOVES_KEPT_BACK)) + (last ? 0 : inc * 0.75);
  const soft = Math.min(aim, usable * (last ? LAST_MOVE_SHARE : SOFT_SHARE));
  const hard = Math.min(soft * HARD_FACTOR, usable * (last ? LAST_MOVE_SHARE : HARD_SHARE));
  const floor = Math.max(Math.min(MIN_THINK_MS, usable), 1);
  return { softMs: Math.max(Math.round(soft), floor), hardMs: Math.max(Math.round(hard), floor) };
}

/** The `go` job line: the engine's own limits, `infinite` when the bridge keeps the time
 *  (so that the engine takes no default budget), the budget, the mate logic, the book. */
export function goJob(req: SearchRequest): string {
  const l = req.limits;
  const words = ["go"];
  if (l.depth !== undefined) words.push("depth", String(l.depth));
  if (l.nodes !== undefined) words.push("nodes", String(l.nodes));
  if (l.mate !== undefined) words.push("mate", String(l.mate));
  if (req.budgetMs !== undefined) words.push("budget", String(req.budgetMs));
  if (words.length === 1) words.push("infinite");
  if (l.mate === undefined) words.push("matelogic", String(req.mateLogic));
  if (req.bookSeed !== undefined) words.push("book", String(req.bookSeed));
  return words.join(" ");
}

/** An engine `info depth D score cp X|mate M nodes N time MS pv …` line, or null. */
export function parseInfo(words: string[]): SearchInfo | null {
  if (words[0] !== "info") return null;
  const num = (name: string) => {
    const i = words.indexOf(name);
    return i > 0 ? Number(words[i + 1]) : NaN;
  };
  const s = words.indexOf("score");
  const kind = s > 0 ? words[s + 1] : undefined;
  const value = s > 0 ? Number(words[s + 2]) : NaN;
  const pvAt = words.indexOf("pv");
  const depth = num("depth");
  if (!Number.isFinite(depth) || !Number.isFinite(value) || (kind !== "cp" && kind !== "mate"))
    return null;
  return {
    depth,
    score: kind === "cp" ? { cp: value } : { mate: value },
    nodes: Number.isFinite(num("nodes")) ? num("nodes") : 0,
    pv: pvAt > 0 ? words.slice(pvAt + 1) : [],
  };
}

/** A running CHESS.COM in its emulator: its jobs file grows, its result file is read,
 *  its stop file written. */
interface EmulatorHost {
  appendJobs(lines: string[]): Promise<void>;
  readResult(): Promise<Uint8Array | null>;
  setStop(byte: string): Promise<void>;
  /** A key, where one can be pressed (js-dos); the stop file works everywhere. */
  press(): void;
  ended(): Promise<boolean>;
  close(): Promise<void>;
}

const startFiles = (jobs: string[]) => ({
  [JOBS_FILE]: jobs.join("\r\n") + "\r\n",
  [RESULT_FILE]: "",
  [STOP_FILE]: STOP_GO_ON,
});

class JsDosHost implements EmulatorHost {
  private constructor(
    private readonly session: DosSession,
    private jobs: string[],
  ) {}

  static async start(program: Uint8Array, jobs: string[]): Promise<JsDosHost> {
    const session = await DosSession.start({
      program: "CHESS.COM",
      programBytes: program,
      args: `/jobs ${JOBS_FILE} ${RESULT_FILE}`,
      files: startFiles(jobs),
      timeoutMs: 24 * 3600_000,
    });
    return new JsDosHost(session, jobs);
  }

  async appendJobs(lines: string[]): Promise<void> {
    this.jobs = [...this.jobs, ...lines];
    await this.session.writeFile(JOBS_FILE, this.jobs.join("\r\n") + "\r\n");
  }

  readResult(): Promise<Uint8Array | null> {
    return this.session.readFile(RESULT_FILE);
  }

  setStop(byte: string): Promise<void> {
    return this.session.writeFile(STOP_FILE, byte);
  }

  press(): void {
    this.session.press("space");
  }

  ended(): Promise<boolean> {
    return this.session.programEnded();
  }

  close(): Promise<void> {
    return this.session.close();
  }
}

/** Native DOSBox in a child process, on a fresh temp folder mounted as C:. DOSBox runs
 *  under a shell that reads the bridge's pipe: when the bridge ends, however it ends,
 *  the pipe closes and the shell kills DOSBox, so no emulator outlives its engine. */
class NativeHost implements EmulatorHost {
  private constructor(
    private readonly dir: string,
    private readonly proc: ResultPromise,
  ) {}

  static async start(program: Uint8Array, jobs: string[]): Promise<NativeHost> {
    const dir = mkdtempSync(join(tmpdir(), "liberman-uci-"));
    const drive = join(dir, "c");
    const home = join(dir, "home");
    for (const d of [drive, home]) mkdirSync(d);
    writeFileSync(join(drive, "CHESS.COM"), program);
    for (const [name, text] of Object.entries(startFiles(jobs)))
      writeFileSync(join(drive, name), text, "latin1");
    writeFileSync(
      join(drive, BATCH_FILE),
      exitCodeBatch(`CHESS.COM /jobs ${JOBS_FILE} ${RESULT_FILE}`, true),
      "latin1",
    );
    const dosbox = [
      "-conf",
      NATIVE_CONF,
      "-c",
      `mount c "${drive}"`,
      "-c",
      "c:",
      "-c",
      `call ${BATCH_FILE}`,
      "-c",
      "exit",
    ];
    const watchdog =
      'dosbox "$@" </dev/null >/dev/null 2>&1 & p=$!; read x; kill -9 $p 2>/dev/null';
    const proc = execa("sh", ["-c", watchdog, "sh", ...dosbox], {
      cwd: dir,
      env: { ...process.env, SDL_VIDEODRIVER: "dummy", SDL_AUDIODRIVER: "dummy", HOME: home },
      stdin: "pipe",
      stdout: "ignore",
      stderr: "ignore",
      reject: false,
    });
    return new NativeHost(drive, proc);
  }

  async appendJobs(lines: string[]): Promise<void> {
    appendFileSync(join(this.dir, JOBS_FILE), lines.join("\r\n") + "\r\n", "latin1");
  }

  async readResult(): Promise<Uint8Array | null> {
    const path = join(this.dir, RESULT_FILE);
    return existsSync(path) ? new Uint8Array(readFileSync(path)) : null;
  }

  async setStop(byte: string): Promise<void> {
    // Written in place: DOSBox opens the same file and reads its new first byte.
    writeFileSync(join(this.dir, STOP_FILE), byte, { flag: "r+" });
  }

  press(): void {}

  async ended(): Promise<boolean> {
    return this.proc.exitCode !== null || existsSync(join(this.dir, DONE_FILE));
  }

  async close(): Promise<void> {
    this.proc.stdin?.end();
    const exited = this.proc.then(
      () => undefined,
      () => undefined,
    );
    const killed = sleep(STOP_GRACE_MS).then(() => this.proc.kill("SIGKILL"));
    await Promise.race([exited, killed]);
    rmSync(join(this.dir, ".."), { recursive: true, force: true });
  }
}

/** Is `dosbox` on the PATH? */
export function dosboxOnPath(): boolean {
  return (process.env.PATH ?? "").split(":").some((d) => d && existsSync(join(d, "dosbox")));
}

/** The emulator a Backend option names: `auto` is native DOSBox when it is installed. */
export function resolveBackend(name: BackendName): Exclude<BackendName, "auto"> {
  return name === "auto" ? (dosboxOnPath() ? "dosbox" : "jsdos") : name;
}

/** CHESS.COM kept running between searches, so that its hash table stays from one move
 *  of a game to the next: each batch of jobs is added to its JOBS.TXT after the `wait`
 *  job that ended the batch before, and ends with `wait` itself. `newGame()` makes the
 *  next batch start with `newgame` (the table emptied). A program that has ended, or
 *  that a search gave up on, is started again for the next batch. */
export class EngineProcess {
  private host: EmulatorHost | null = null;
  private starting: Promise<EmulatorHost> | null = null;
  private jobCount = 0;
  private newGameWanted = true;
  readonly backend: Exclude<BackendName, "auto">;

  constructor(
    readonly program: EngineProgram,
    backend: BackendName,
  ) {
    this.backend = resolveBackend(backend);
  }

  get pollMs(): number {
    return POLL_MS[this.backend];
  }

  newGame(): void {
    this.newGameWanted = true;
  }

  /** Start the emulator now, so that the first search does not wait for it. */
  async warm(): Promise<void> {
    await this.running();
  }

  private async running(): Promise<EmulatorHost> {
    if (this.host && (await this.host.ended())) await this.close();
    if (this.host) return this.host;
    this.starting ??= (async () => {
      const first = [`watch ${STOP_FILE}`, "wait"];
      const host =
        this.backend === "dosbox"
          ? await NativeHost.start(this.program.bytes, first)
          : await JsDosHost.start(this.program.bytes, first);
      this.jobCount = first.length;
      this.host = host;
      this.starting = null;
      return host;
    })();
    return this.starting;
  }

  /** Send a batch; returns the host and the job number of the batch's first line. */
  async send(batch: string[]): Promise<{ host: EmulatorHost; first: number }> {
    const lines = this.newGameWanted ? ["newgame", ...batch] : batch;
    this.newGameWanted = false;
    const host = await this.running();
    await host.setStop(STOP_GO_ON);
    const first = this.jobCount + 1 + lines.length - batch.length;
    this.jobCount += lines.length + 1;
    await host.appendJobs([...lines, "wait"]);
    return { host, first };
  }

  /** Stop the emulator (the next batch starts it again). Safe to call twice. */
  async close(): Promise<void> {
    const host = this.host ?? (this.starting ? await this.starting.catch(() => null) : null);
    this.host = null;
    this.starting = null;
    this.newGameWanted = true;
    await host?.close();
  }
}

/** Where the engine's lines of a batch are read from, as they come. */
class ResultReader {
  private seen = 0;
  constructor(
    private readonly host: EmulatorHost,
    private readonly first: number,
  ) {}

  /** The whole lines written since the last call, each as [job number, ...words],
   *  of this batch's jobs only. */
  async next(): Promise<{ job: number; words: string[] }[]> {
    const bytes = await this.host.readResult();
    const lines = bytes ? Buffer.from(bytes).toString("latin1").split(/\r?\n/) : [];
    const out: { job: number; words: string[] }[] = [];
    // The last piece may be a line still being written: read only whole lines.
    for (; this.seen < lines.length - 1; this.seen++) {
      const words = lines[this.seen]!.trim().split(/\s+/);
      const job = Number(words[0]);
      if (job >= this.first) out.push({ job, words: words.slice(1) });
    }
    return out;
  }
}

/** The stops of one search: the plan's times and UCI's `stop`, turned into the stop
 *  file's bytes (and, on js-dos, keys) as they fall due. */
class StopControl {
  private asked = false;
  private started = Date.now();
  private plan: TimePlan | null;
  private written = STOP_GO_ON;
  private keyAt = 0;
  private since: number | null = null;

  constructor(
    plan: TimePlan | null,
    /** No soft stop: each job of the batch must run to its own limits (MultiPV). */
    private readonly hardOnly = false,
  ) {
    this.plan = plan;
  }

  stop(): void {
    this.asked = true;
  }

  get stopAsked(): boolean {
    return this.asked;
  }

  get elapsedMs(): number {
    return Date.now() - this.started;
  }

  replan(plan: TimePlan | null): void {
    this.started = Date.now();
    this.plan = plan;
  }

  get stopping(): boolean {
    return this.since !== null;
  }

  /** Past the soft limit (the MultiPV rounds start no other). */
  get pastSoft(): boolean {
    return this.asked || (this.plan !== null && Date.now() - this.started >= this.plan.softMs);
  }

  /** Write what is due; true when the engine has had STOP_GRACE_MS to answer a stop.
   *  The plan's limits wait for the first iteration (`searched`), so that every move is
   *  searched, however short its time (FIRST_ITERATION_GRACE_MS at most: the mate
   *  logic, and a mate job, report no iteration); UCI's `stop` does not. */
  async tick(host: EmulatorHost, thinking: boolean, searched: boolean): Promise<boolean> {
    const now = Date.now();
    const spent = now - this.started;
    const timed =
      this.plan !== null && (searched || spent >= this.plan.hardMs + FIRST_ITERATION_GRACE_MS);
    const hard = this.asked || (timed && spent >= this.plan!.hardMs);
    const soft = !this.hardOnly && timed && spent >= this.plan!.softMs;
    const want = hard ? STOP_NOW : soft ? STOP_DEEPEN_NOT : STOP_GO_ON;
    if (want !== this.written) {
      this.written = want;
      await host.setStop(want);
    }
    if (hard && this.since === null) this.since = now;
    if (hard && thinking && now - this.keyAt >= KEY_REPEAT_MS) {
      this.keyAt = now;
      host.press();
    }
    return this.since !== null && now - this.since > STOP_GRACE_MS;
  }
}

/** Start one search; `onInfo` gets each info line as the engine writes it. */
export function startSearch(
  engine: EngineProcess,
  req: SearchRequest,
  onInfo: (i: SearchInfo) => void,
): SearchHandle {
  const game = oracle.playUci(oracle.fenPosition(req.fen), req.moves);
  const legal = oracle.legalMoves(game).map((m) => oracle.moveToUci(m));
  const multi = req.multiPv > 1 && legal.length > 1 && req.limits.mate === undefined;
  // `go mate N` within a time: the mate logic gets half, the search after it the rest.
  const mateTimed = req.limits.mate !== undefined && req.plan !== null;
  const control = new StopControl(
    mateTimed ? { softMs: req.plan!.hardMs / 2, hardMs: req.plan!.hardMs / 2 } : req.plan,
    multi,
  );
  let lastInfo = null as SearchInfo | null;
  const done = (async (): Promise<SearchResult> => {
    if (legal.length === 0) return { best: null, ponder: null };
    try {
      if (multi) return await multiPvSearch(engine, req, legal, control, onInfo);
      const position =
        req.bookSeed === undefined
          ? positionJob(req.fen, req.moves, engine.program.lineMax)
          : `position startpos${req.moves.length ? " moves " + req.moves.join(" ") : ""}`;
      const r = await runGo(engine, position, goJob(req), control, (info) => {
        lastInfo = info;
        onInfo(info);
      });
      if (r.kind === "gave-up") {
        await engine.close();
        return {
          best: fallbackMove(lastInfo?.pv ?? [], legal),
          ponder: null,
          note: `no answer ${STOP_GRACE_MS} ms after the time to stop; playing the last pv move`,
        };
      }
      if (r.best === null && req.limits.mate !== undefined)
        return await searchInstead(engine, req, control, onInfo, legal);
      const best = r.best ?? fallbackMove(lastInfo?.pv ?? [], legal);
      if (r.book) return { best, ponder: null, book: true };
      const pv = lastInfo?.pv ?? [];
      let ponder = pv[0] === best ? (pv[1] ?? null) : null;
      if (
        !ponder &&
        req.ponderMove &&
        (req.plan === null || req.plan.hardMs >= PONDER_REPLY_MIN_PLAN_MS)
      )
        ponder = await replyTo(engine, req, best);
      return { best, ponder };
    } catch (e) {
      await engine.close();
      return {
        best: fallbackMove(lastInfo?.pv ?? [], legal),
        ponder: null,
        note: `search failed: ${(e as Error).message.split("\n")[0]}`,
      };
    }
  })();
  return { stop: () => control.stop(), replan: (plan) => control.replan(plan), done };
}

/** The search a `go mate N` makes when the mate logic finds no mate in N, or was stopped
 *  first: in the rest of the time, or the Level's budget; a short budget after a stop. */
async function searchInstead(
  engine: EngineProcess,
  req: SearchRequest,
  mateControl: StopControl,
  onInfo: (i: SearchInfo) => void,
  legal: string[],
): Promise<SearchResult> {
  let last: SearchInfo | null = null;
  const spent = mateControl.elapsedMs;
  const rest = req.plan && {
    softMs: Math.max(req.plan.softMs - spent, 1),
    hardMs: Math.max(req.plan.hardMs - spent, 1),
  };
  const quick = mateControl.stopAsked;
  // A mate search cut short by `stop` or its time proved nothing.
  const why = mateControl.stopping
    ? `the mate search for ${req.limits.mate} moves was stopped before it ended`
    : `no mate in ${req.limits.mate}`;
  const budgetMs = quick
    ? QUICK_BUDGET_MS
    : (req.budgetMs ?? (rest ? undefined : req.levelBudgetMs));
  const search = { ...req, limits: { ...req.limits, mate: undefined }, budgetMs };
  const control = new StopControl(quick ? null : rest);
  const r = await runGo(
    engine,
    positionJob(req.fen, req.moves, engine.program.lineMax),
    goJob(search),
    control,
    (info) => {
      last = info;
      onInfo(info);
    },
  );
  if (r.kind === "gave-up") await engine.close();
  const pv = (last as SearchInfo | null)?.pv ?? [];
  const best = (r.kind === "answer" ? r.best : null) ?? fallbackMove(pv, legal);
  return {
    best,
    ponder: pv[0] === best ? (pv[1] ?? null) : null,
    note: `${why}: the move of a search`,
  };
}

type GoOutcome =
  | { kind: "answer"; best: string | null; book: boolean; final: SearchInfo | null }
  | { kind: "gave-up" };

/** Run one `position` + `go` batch to its bestmove line, keeping to the stops. */
async function runGo(
  engine: EngineProcess,
  position: string,
  go: string,
  control: StopControl,
  onInfo: (i: SearchInfo) => void,
): Promise<GoOutcome> {
  const { host, first } = await engine.send([position, go]);
  const reader = new ResultReader(host, first);
  let thinking = false;
  let last: SearchInfo | null = null;
  for (;;) {
    for (const { job, words } of await reader.next()) {
      if (words[0] === "error")
        throw new Error(`the engine refused job ${job}: ${words.join(" ")}`);
      if (job === first) thinking ||= words[0] === "position";
      if (job !== first + 1) continue;
      const info = parseInfo(words);
      if (info) {
        last = info;
        onInfo(info);
      } else if (words[0] === "bestmove") {
        const best = words[1] && words[1] !== "none" ? words[1] : null;
        if (best && words[2] === "book") return { kind: "answer", best, book: true, final: null };
        // The mate logic answers without an iteration, and a stopped iteration's nodes
        // are counted on this line only: its score and nodes end the info.
        const final = parseInfo(["info", ...words.slice(2)]);
        if (
          final &&
          best &&
          (!last ||
            final.nodes > last.nodes ||
            JSON.stringify(final.score) !== JSON.stringify(last.score))
        ) {
          onInfo({ ...final, pv: last?.pv[0] === best ? last.pv : [best] });
        }
        return {
          kind: "answer",
          best,
          book: false,
          final: final ? { ...final, pv: [best ?? ""] } : null,
        };
      }
    }
    if (await host.ended()) throw new Error("the engine ended without an answer");
    if (await control.tick(host, thinking, last !== null)) return { kind: "gave-up" };
    await sleep(engine.pollMs);
  }
}

/** The move to ponder on after `best`: a short search of the reply. */
async function replyTo(
  engine: EngineProcess,
  req: SearchRequest,
  best: string,
): Promise<string | null> {
  const moves = [...req.moves, best];
  if (oracle.legalMoves(oracle.playUci(oracle.fenPosition(req.fen), moves)).length === 0)
    return null;
  const r = await runGo(
    engine,
    positionJob(req.fen, moves, engine.program.lineMax),
    `go depth ${PONDER_REPLY_DEPTH} matelogic 0`,
    new StopControl({ softMs: PONDER_REPLY_MS, hardMs: PONDER_REPLY_MS }),
    () => {},
  );
  return r.kind === "answer" ? r.best : null;
}
const PONDER_REPLY_DEPTH = 2;
const PONDER_REPLY_MS = 100;
/** A move with less time than this gets no ponder move looked for: the clock comes first. */
const PONDER_REPLY_MIN_PLAN_MS = 1000;

/** A score seen from the other side, one move earlier: the reply's score negated, a mate
 *  one move further (or nearer) off. */
function fromParent(s: SearchInfo["score"]): SearchInfo["score"] {
  if ("cp" in s) return { cp: -s.cp };
  return s.mate <= 0 ? { mate: -s.mate + 1 } : { mate: -s.mate };
}

function rank(s: SearchInfo["score"]): number {
  if ("cp" in s) return s.cp;
  return s.mate > 0 ? 1e9 - s.mate : -1e9 - s.mate;
}

/** MultiPV in the bridge: rounds of one search per root move (its reply searched to the
 *  round's depth less one), in one batch a round; after each round the k best are
 *  reported, each with its score and line (the move, then the reply's best). Rounds go
 *  deeper until the engine's limits, the soft limit of the plan (no new round) or a stop;
 *  a round cut short is dropped, and the last whole one answers. */
async function multiPvSearch(
  engine: EngineProcess,
  req: SearchRequest,
  legal: string[],
  control: StopControl,
  onInfo: (i: SearchInfo) => void,
): Promise<SearchResult> {
  // A round of depth d searches each reply to d - 1: the first round is of depth 2.
  const maxDepth = Math.max(req.limits.depth ?? engine.program.words.get("depth")!.max, 2);
  let best: SearchInfo[] = [];
  let nodes = 0;
  for (let depth = 2; depth <= maxDepth; depth++) {
    const batch: string[] = [];
    for (const m of legal) {
      batch.push(positionJob(req.fen, [...req.moves, m], engine.program.lineMax));
      const words = ["go", "depth", String(depth - 1)];
      if (req.limits.nodes !== undefined)
        words.push("nodes", String(Math.max(1, Math.floor(req.limits.nodes / legal.length))));
      words.push("matelogic", "0");
      batch.push(words.join(" "));
    }
    const { host, first } = await engine.send(batch);
    const reader = new ResultReader(host, first);
    const scored: SearchInfo[] = [];
    let whole = true;
    for (let answered = 0; answered < legal.length;) {
      for (const { job, words } of await reader.next()) {
        if (words[0] === "error")
          throw new Error(`the engine refused job ${job}: ${words.join(" ")}`);
        if (words[0] !== "bestmove") continue;
        const i = (job - first) >> 1;
        const m = legal[i]!;
        const reply = words[1] && words[1] !== "none" ? words[1] : null;
        const info = parseInfo(["info", ...words.slice(2)]);
        if (!info || words.includes("key")) whole = false;
        nodes += info?.nodes ?? 0;
        const score = info ? fromParent(info.score) : { cp: 0 };
        scored.push({ depth, score, nodes, pv: reply ? [m, reply] : [m] });
        answered++;
      }
      if (answered >= legal.length) break;
      if (await host.ended()) throw new Error("the engine ended without an answer");
      if (await control.tick(host, true, best.length > 0 || answered > 0)) {
        await engine.close();
        whole = false;
        break;
      }
      await sleep(engine.pollMs);
    }
    if (!whole && best.length > 0) break;
    scored.sort((a, b) => rank(b.score) - rank(a.score));
    best = scored.slice(0, req.multiPv).map((s, k) => ({ ...s, nodes, multipv: k + 1 }));
    for (const line of best) onInfo(line);
    if (!whole || control.pastSoft || control.stopping) break;
    if ("mate" in best[0]!.score && best[0]!.score.mate > 0 && best[0]!.score.mate * 2 - 1 <= depth)
      break;
  }
  const top = best[0]?.pv ?? [];
  return { best: top[0] ?? legal[0]!, ponder: top[1] ?? null };
}
/** The first move of the last pv when it is legal, else the first legal move. */
function fallbackMove(pv: string[], legal: string[]): string {
  return pv[0] && legal.includes(pv[0]) ? pv[0] : legal[0]!;
}

/** Clamp a number a GUI gives into a range the program takes; the note says what
 *  changed, or is null. */
export function clampWord(
  word: string,
  value: number,
  range: WordRange,
): { value: number; note: string | null } {
  if (value < range.min)
    return {
      value: range.min,
      note: `go ${word} ${value}: the engine takes ${range.min} to ${range.max}; ${word} ${range.min}`,
    };
  if (value > range.max)
    return {
      value: range.max,
      note: `go ${word} ${value}: the engine takes ${range.min} to ${range.max}; ${word} ${range.max}`,
    };
  return { value, note: null };
}
