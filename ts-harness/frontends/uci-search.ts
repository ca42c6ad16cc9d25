// uci-search -- one search of the UCI bridge: CHESS.COM, kept running under js-dos from
// one search of a game to the next (so that its hash table stays), gets `position …` and
// `go …` added to its JOBS.TXT after the `wait` job that ended the last batch
// (asm/batch/PROTOCOL.md), the bridge polls RESULT.TXT for the info lines as they are
// committed, and a key press stops the search (the engine then answers with its best
// move so far). Every wait has a wall-clock limit: when the emulator does not answer in
// time after the key, the search is abandoned and the move of the last info line (or a
// legal move) is played, so a GUI never waits forever; the emulator is then booted
// again for the next search.
import { JOB_LINE_MAX, JOBS_FILE, RESULT_FILE } from "../core/asm-engine.ts";
import { DosSession, sleep } from "../core/runner.ts";
import * as oracle from "../oracle/index.ts";

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

/** What one search is asked. `fen` + `moves` is the game: the bridge sends as much of
 *  the history as the job line holds (the FEN of an earlier position, then the moves). */
export interface SearchRequest {
  fen: string;
  moves: string[];
  limits: GoLimits;
  /** Emulated ms of a 3000-cycle DOSBox (the game's level budget) when `go` sets no limit. */
  budgetMs: number;
  /** Wall ms the bridge keeps back from the clock for itself and the GUI. */
  overheadMs: number;
  /** The moves of Liberman's mate logic before the search (the go job's matelogic: 0..MATE_MAX_MOVES). */
  mateLogic: number;
  /** The opening book's seed (`go book SEED`), or none: no book. The game is then sent
   *  whole from the start position, which the book asks for. */
  bookSeed?: number;
}

/** One `info` of the engine, in the engine's own terms. */
export interface SearchInfo {
  depth: number;
  score: { cp: number } | { mate: number };
  nodes: number;
  pv: string[];
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
  readonly done: Promise<SearchResult>;
}

const POLL_MS = 30;
/** How long the engine may take to answer once it should stop, before the bridge gives up. */
const STOP_GRACE_MS = 5000;
const KEY_REPEAT_MS = 400;
/** Emulated ms of the engine's clock per wall ms: harness.conf runs 100,000 cycles a
 *  millisecond and js-dos manages about 45 million instructions a second in Node. The
 *  bridge scales the GUI's times by it; its own key press keeps the wall-clock limit. */
const EMULATED_PER_WALL = 0.45;
const DEFAULT_MOVES_TO_GO = 30;

/** The wall-clock time this move may take, or null when `go` sets none. */
export function wallLimitMs(limits: GoLimits, white: boolean, overheadMs: number): number | null {
  if (limits.infinite) return null;
  if (limits.movetime !== undefined) return Math.max(limits.movetime - overheadMs, 1);
  const left = white ? limits.wtime : limits.btime;
  if (left === undefined) return null;
  const inc = (white ? limits.winc : limits.binc) ?? 0;
  const togo = Math.max(limits.movestogo ?? DEFAULT_MOVES_TO_GO, 1);
  const share = left / togo + (togo > 1 ? inc * 0.75 : 0);
  // Never plan on more than a third of what is left (half with one move to go).
  const cap = togo === 1 ? left / 2 : left / 3;
  return Math.max(Math.min(share, cap) - overheadMs, 1);
}

/** `position FEN moves …` for the game, starting as far back as the line allows and no
 *  further back than the last capture or pawn move (nothing before it can repeat). */
export function positionJob(fen: string, moves: string[]): string {
  const parsed = oracle.parseFen(fen);
  if (!parsed.ok) throw new Error(`positionJob: ${parsed.error.message}`);
  const pos = parsed.pos;
  const fens = [oracle.toFen(pos)];
  for (const m of moves) {
    const u = oracle.parseUci(pos, m);
    if (!u.ok) throw new Error(`positionJob: ${u.error.message}`);
    oracle.makeMove(pos, u.move);
    fens.push(oracle.toFen(pos));
  }
  let from = Math.max(0, moves.length - pos.halfmove);
  const line = (i: number) => `position ${fens[i]}${i < moves.length ? " moves " + moves.slice(i).join(" ") : ""}`;
  while (line(from).length > JOB_LINE_MAX) from++;
  return line(from);
}

/** The `go` job line: UCI's limits, the clock's times scaled to the engine's clock, the
 *  level's budget. */
export function goJob(req: SearchRequest, white: boolean): string {
  const l = req.limits;
  const words = ["go"];
  const scaled = (ms: number) => String(Math.max(1, Math.round(ms * EMULATED_PER_WALL)));
  const wall = wallLimitMs(l, white, req.overheadMs);
  if (l.movetime !== undefined && wall !== null) words.push("movetime", scaled(wall));
  for (const k of ["wtime", "btime", "winc", "binc"] as const) if (l[k] !== undefined) words.push(k, scaled(l[k]!));
  if (l.movestogo !== undefined) words.push("movestogo", String(l.movestogo));
  if (l.depth !== undefined) words.push("depth", String(l.depth));
  if (l.nodes !== undefined) words.push("nodes", String(l.nodes));
  if (l.mate !== undefined) words.push("mate", String(l.mate));
  if (l.infinite) words.push("infinite");
  // The level's budget is the thinking of a `go` without limits, and caps it under a
  // clock: each go pays a boot of the emulator, so the engine keeps its moves short.
  const clock = l.movetime === undefined && !l.infinite && (l.wtime !== undefined || l.btime !== undefined);
  if (words.length === 1 || clock) words.push("budget", String(req.budgetMs));
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
  if (!Number.isFinite(depth) || !Number.isFinite(value) || (kind !== "cp" && kind !== "mate")) return null;
  return {
    depth,
    score: kind === "cp" ? { cp: value } : { mate: value },
    nodes: Number.isFinite(num("nodes")) ? num("nodes") : 0,
    pv: pvAt > 0 ? words.slice(pvAt + 1) : [],
  };
}

/** CHESS.COM kept running between searches, so that its hash table stays from one move
 *  of a game to the next: each batch of jobs is added to its JOBS.TXT after the `wait`
 *  job that ended the batch before, and ends with `wait` itself. `newGame()` makes the
 *  next batch start with `newgame` (the table emptied). A program that has ended, or
 *  that a search gave up on, is booted again for the next batch. */
export class EngineProcess {
  private session: DosSession | null = null;
  private jobs: string[] = [];
  private newGameWanted = true;

  constructor(private readonly program: Uint8Array) {}

  newGame(): void {
    this.newGameWanted = true;
  }

  /** Send a batch; returns the session and the job number of the batch's first line. */
  async send(batch: string[]): Promise<{ session: DosSession; first: number }> {
    const lines = this.newGameWanted ? ["newgame", ...batch] : batch;
    this.newGameWanted = false;
    if (this.session && (await this.session.programEnded())) await this.close();
    const first = (this.session ? this.jobs.length : 0) + 1 + lines.length - batch.length;
    if (this.session) {
      this.jobs.push(...lines, "wait");
      await this.session.writeFile(JOBS_FILE, this.jobs.join("\r\n") + "\r\n");
      return { session: this.session, first };
    }
    this.jobs = [...lines, "wait"];
    this.session = await DosSession.start({
      program: "CHESS.COM",
      programBytes: this.program,
      args: `/jobs ${JOBS_FILE} ${RESULT_FILE}`,
      files: { [JOBS_FILE]: this.jobs.join("\r\n") + "\r\n", [RESULT_FILE]: "" },
      timeoutMs: 24 * 3600_000,
    });
    return { session: this.session, first };
  }

  /** Stop the emulator (the next batch boots it again). Safe to call twice. */
  async close(): Promise<void> {
    const session = this.session;
    this.session = null;
    await session?.close();
  }
}

/** Start one search; `onInfo` gets each info line as the engine writes it. */
export function startSearch(engine: EngineProcess, req: SearchRequest, onInfo: (i: SearchInfo) => void): SearchHandle {
  const game = oracle.playUci(oracle.fenPosition(req.fen), req.moves);
  const white = oracle.sideToMove(game) === "w";
  const legal = oracle.legalMoves(game).map((m) => oracle.moveToUci(m));
  let stopAsked = false;
  const stop = () => {
    stopAsked = true;
  };
  const done = (async (): Promise<SearchResult> => {
    if (legal.length === 0) return { best: null, ponder: null };
    const position = req.bookSeed === undefined ? positionJob(req.fen, req.moves) : `position startpos${req.moves.length ? " moves " + req.moves.join(" ") : ""}`;
    const wall = wallLimitMs(req.limits, white, req.overheadMs);
    const started = Date.now();
    let lastInfo: SearchInfo | null = null;
    try {
      const { session, first } = await engine.send([position, goJob(req, white)]);
      const positionNumber = String(first);
      const goNumber = String(first + 1);
      // The key goes in only once the go job runs (one pressed while DOS boots may be
      // lost), and again every KEY_REPEAT_MS until the answer comes.
      let thinking = false;
      let stopSince: number | null = null;
      let keyAt = 0;
      let seen = 0;
      for (;;) {
        const bytes = await session.readFile(RESULT_FILE);
        const lines = bytes ? Buffer.from(bytes).toString("latin1").split(/\r?\n/) : [];
        // The last piece may be a line still being written: read only whole lines.
        for (; seen < lines.length - 1; seen++) {
          const words = lines[seen]!.trim().split(/\s+/);
          const rest = words.slice(1);
          if (Number(words[0]) < first) continue;
          if (rest[0] === "error") throw new Error(`the engine refused job ${words[0]}: ${rest.join(" ")}`);
          if (words[0] === positionNumber) thinking ||= rest[0] === "position";
          if (words[0] !== goNumber) continue;
          const info = parseInfo(rest);
          if (info) {
            lastInfo = info;
            onInfo(info);
          } else if (rest[0] === "bestmove") {
            const best = rest[1] && rest[1] !== "none" ? rest[1] : null;
            // The mate logic answers without an iteration: its score is on this line.
            const final = parseInfo(["info", ...rest.slice(2)]);
            if (final && best && (!lastInfo || JSON.stringify(final.score) !== JSON.stringify(lastInfo.score))) onInfo({ ...final, pv: [best] });
            const pv = lastInfo?.pv ?? [];
            if (best && rest[2] === "book") return { best, ponder: null, book: true };
            return { best: best ?? fallbackMove(pv, legal), ponder: pv[0] === best ? (pv[1] ?? null) : null };
          }
        }
        if (await session.programEnded()) throw new Error("the engine ended without an answer");
        const now = Date.now();
        if (stopSince === null && (stopAsked || (wall !== null && now - started >= wall))) stopSince = now;
        if (stopSince !== null && thinking && now - keyAt >= KEY_REPEAT_MS) {
          keyAt = now;
          session.press("space");
        }
        if (stopSince !== null && now - stopSince > STOP_GRACE_MS) {
          await engine.close();
          return { best: fallbackMove(lastInfo?.pv ?? [], legal), ponder: null, note: `no answer ${STOP_GRACE_MS} ms after the time to stop; playing the last pv move` };
        }
        await sleep(POLL_MS);
      }
    } catch (e) {
      await engine.close();
      return { best: fallbackMove(lastInfo?.pv ?? [], legal), ponder: null, note: `search failed: ${(e as Error).message.split("\n")[0]}` };
    }
  })();
  return { stop, done };
}

/** The first move of the last pv when it is legal, else the first legal move. */
function fallbackMove(pv: string[], legal: string[]): string {
  return pv[0] && legal.includes(pv[0]) ? pv[0] : legal[0]!;
}
