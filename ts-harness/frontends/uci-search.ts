// uci-search -- one search of the UCI engine, from its request to its best move: the
// `position` and `go` jobs sent to the kept CHESS.COM (core/engine-process.ts), the info
// lines read as they are committed, the stops of the clock (uci-time.ts) written while it
// thinks. Every wait has a wall-clock limit: when the engine does not answer in time after
// the stop, the search is abandoned and the move of the last info line (or a legal move)
// is played, so a GUI never waits forever; the emulator is then started again.
import { EngineProcess, ResultReader } from "../core/engine-process.ts";
import { sleep } from "../core/runner.ts";
import { positionJob } from "../formats/positions.ts";
import * as oracle from "../oracle/index.ts";
import { goJob, parseInfo, type GoWords, type SearchInfo } from "./uci-jobs.ts";
import { multiPvSearch } from "./uci-multipv.ts";
import type { EngineProgram } from "./uci-program.ts";
import { STOP_GRACE_MS, StopControl, type TimePlan } from "./uci-time.ts";

/** The game as the GUI set it: the FEN it started from, the moves played since, the
 *  position they lead to and its legal moves (the oracle's, read once). */
export interface Game {
  readonly fen: string;
  readonly moves: readonly string[];
  readonly pos: oracle.Position;
  readonly legal: readonly string[];
}

/** What one search is asked. The bridge sends as much of the game's history as the job
 *  line holds (the FEN of an earlier position, then the moves). */
export interface SearchRequest extends GoWords {
  game: Game;
  /** The wall-clock plan, or null: the engine thinks until its own limits or `stop`. */
  plan: TimePlan | null;
  /** The Level's budget, for a `go mate N` that finds no mate. */
  levelBudgetMs: number;
  /** The k best moves, each with its score and line (1: the best only). */
  multiPv: number;
  /** The game's legal moves narrowed (`go searchmoves`): each searched as under MultiPV. */
  restricted?: boolean;
  /** Look for the move to ponder on when the engine's line has none. */
  ponderMove: boolean;
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
  /** From now on keep to this plan (UCI `ponderhit`). */
  replan(plan: TimePlan | null): void;
  readonly done: Promise<SearchResult>;
}

/** The budget (emulated ms of a 3000-cycle DOSBox) of the search that gives a move after
 *  a `go mate` was stopped: the Level 1's. */
const QUICK_BUDGET_MS = 250;
const PONDER_REPLY_DEPTH = 2;
const PONDER_REPLY_MS = 100;
/** A move with less time than this gets no ponder move looked for: the clock comes first. */
const PONDER_REPLY_MIN_PLAN_MS = 1000;

/** Start one search; `onInfo` gets each info line as the engine writes it. */
export function startSearch(
  engine: EngineProcess,
  program: EngineProgram,
  req: SearchRequest,
  onInfo: (i: SearchInfo) => void,
): SearchHandle {
  const legal = req.game.legal;
  const multi =
    req.limits.mate === undefined && (req.restricted || (req.multiPv > 1 && legal.length > 1));
  // `go mate N` within a time: the mate logic gets half, the search after it the rest.
  const mateTimed = req.limits.mate !== undefined && req.plan !== null;
  const control = new StopControl(
    mateTimed ? { softMs: req.plan!.hardMs / 2, hardMs: req.plan!.hardMs / 2 } : req.plan,
    multi,
  );
  let lastInfo = null as SearchInfo | null;
  const position = (moves: readonly string[]) => positionJob(req.game.fen, moves, program.lineMax);
  const done = (async (): Promise<SearchResult> => {
    if (legal.length === 0) return { best: null, ponder: null };
    try {
      if (multi) return await multiPvSearch(engine, program, req, control, onInfo);
      const start =
        req.bookSeed === undefined
          ? position(req.game.moves)
          : `position startpos${req.game.moves.length ? " moves " + req.game.moves.join(" ") : ""}`;
      const r = await runGo(engine, start, goJob(req), control, (info) => {
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
        return await searchInstead(engine, position(req.game.moves), req, control, onInfo);
      const best = r.best ?? fallbackMove(lastInfo?.pv ?? [], legal);
      if (r.book) return { best, ponder: null, book: true };
      const pv = lastInfo?.pv ?? [];
      let ponder = pv[0] === best ? (pv[1] ?? null) : null;
      if (
        !ponder &&
        req.ponderMove &&
        (req.plan === null || req.plan.hardMs >= PONDER_REPLY_MIN_PLAN_MS)
      )
        ponder = await replyTo(engine, req.game, position([...req.game.moves, best]), best);
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
  position: string,
  req: SearchRequest,
  mateControl: StopControl,
  onInfo: (i: SearchInfo) => void,
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
  const r = await runGo(engine, position, goJob(search), control, (info) => {
    last = info;
    onInfo(info);
  });
  if (r.kind === "gave-up") await engine.close();
  const pv = (last as SearchInfo | null)?.pv ?? [];
  const best = (r.kind === "answer" ? r.best : null) ?? fallbackMove(pv, req.game.legal);
  return {
    best,
    ponder: pv[0] === best ? (pv[1] ?? null) : null,
    note: `${why}: the move of a search`,
  };
}

type GoOutcome = { kind: "answer"; best: string | null; book: boolean } | { kind: "gave-up" };

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
        const sinceStop = control.sinceStop;
        if (sinceStop !== null) engine.measuredStop(sinceStop);
        const best = words[1] && words[1] !== "none" ? words[1] : null;
        if (best && words[2] === "book") return { kind: "answer", best, book: true };
        // The mate logic answers without an iteration, and a stopped iteration's nodes
        // are counted on this line only: its score and nodes end the info.
        const final = parseInfo(["info", ...words.slice(2)]);
        if (
          final &&
          best &&
          (!last ||
            final.nodes > last.nodes ||
            JSON.stringify(final.score) !== JSON.stringify(last.score))
        )
          onInfo({ ...final, pv: last?.pv[0] === best ? last.pv : [best] });
        return { kind: "answer", best, book: false };
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
  game: Game,
  position: string,
  best: string,
): Promise<string | null> {
  const after = oracle.fenPosition(oracle.toFen(game.pos));
  if (oracle.legalMoves(oracle.playUci(after, [best])).length === 0) return null;
  const r = await runGo(
    engine,
    position,
    `go depth ${PONDER_REPLY_DEPTH} matelogic 0`,
    new StopControl({ softMs: PONDER_REPLY_MS, hardMs: PONDER_REPLY_MS }),
    () => {},
  );
  return r.kind === "answer" ? r.best : null;
}

/** The first move of the last pv when it is legal, else the first legal move. */
function fallbackMove(pv: string[], legal: readonly string[]): string {
  return pv[0] && legal.includes(pv[0]) ? pv[0] : legal[0]!;
}
