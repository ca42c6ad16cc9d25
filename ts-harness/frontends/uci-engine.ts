// uci-engine -- the one thing the UCI protocol talks to (Stockfish's Engine): it keeps the
// game as a position object, the settings the GUI chose, and CHESS.COM kept running
// under an emulator between the searches of a game (its hash table with it), and runs
// `go`, `stop` and `ponderhit`, telling its caller through callbacks. A `go` walks one
// way: the limits, the clock's plan (uci-time.ts), the search's request, the jobs
// (uci-search.ts).
import { type BackendName } from "../core/engine-hosts.ts";
import { EngineProcess } from "../core/engine-process.ts";
import { BOOK_MAX_PLIES } from "../formats/book.ts";
import * as oracle from "../oracle/index.ts";
import type { SearchInfo } from "./uci-jobs.ts";
import type { EngineProgram } from "./uci-program.ts";
import { startSearch, type Game, type SearchHandle } from "./uci-search.ts";
import { nodesForElo } from "./uci-strength.ts";
import { timePlan, type GoLimits, type TimePlan } from "./uci-time.ts";

/** What the GUI set through the options. */
export interface EngineSettings {
  level: number;
  budgetMs: number;
  moveOverheadMs: number;
  mateLogic: number;
  /** Centipawns a draw is worth less than 0 to the engine (the Contempt option). */
  contempt: number;
  multiPv: number;
  ownBook: boolean;
  ponder: boolean;
  /** UCI_LimitStrength's rating, or null: full strength. */
  elo: number | null;
}

export interface EngineListener {
  info(info: SearchInfo, ms: number): void;
  /** A note for an `info string`. */
  note(text: string): void;
  bestmove(best: string | null, ponder: string | null): void;
}

/** A clock plan with no more than this hard limit (wall ms) is a move in a hurry. */
const HURRY_MS = 50;

/** The game from a FEN and moves, read once by the oracle. `error` names the first
 *  fault: a bad FEN (no game), or an illegal move (the game of the moves before it). */
export function readGame(
  fen: string,
  moves: readonly string[],
): { game: Game | null; error: string | null } {
  const parsed = oracle.parseFen(fen);
  if (!parsed.ok)
    return {
      game: null,
      error: `bad FEN '${fen}': ${parsed.error.code}: ${parsed.error.message}`,
    };
  const start = oracle.toFen(parsed.pos);
  const pos = parsed.pos;
  const played: string[] = [];
  let error: string | null = null;
  for (const m of moves) {
    const u = oracle.parseUci(pos, m);
    if (!u.ok) {
      error = `illegal move ${m} in position (move ${played.length + 1}): ${u.error.message}`;
      break;
    }
    oracle.makeMove(pos, u.move);
    played.push(oracle.moveToUci(u.move));
  }
  const legal = oracle.legalMoves(pos).map((m) => oracle.moveToUci(m));
  return { game: { fen: start, moves: played, pos, legal }, error };
}

/** The game of a FEN known to be good (a variant's start). */
export function startGame(fen: string): Game {
  const { game, error } = readGame(fen, []);
  if (!game) throw new Error(error!);
  return game;
}

export class Engine {
  private game: Game;
  private search: SearchHandle | null = null;
  /** The clock's plan a ponder search takes at `ponderhit`; undefined: not pondering. */
  private ponderPlan: TimePlan | null | undefined = undefined;
  private process: EngineProcess | null = null;
  private searchDone: Promise<void> = Promise.resolve();
  /** Under `go infinite` and `go ponder` UCI holds `bestmove` until `stop` (or
   *  `ponderhit`), even when the search ends by itself (a mate found, the depth cap):
   *  this lets the held answer out. */
  private releaseBestmove: (() => void) | null = null;
  private backend: BackendName = "auto";
  private hashMiB = 0;

  constructor(
    private readonly program: Promise<EngineProgram>,
    private readonly listener: EngineListener,
    startFen: string,
  ) {
    this.game = startGame(startFen);
  }

  get thinking(): boolean {
    return this.search !== null;
  }

  setGame(game: Game): void {
    this.game = game;
  }

  newGame(game: Game): void {
    this.game = game;
    this.process?.newGame();
  }

  /** The hash table emptied before the next search (UCI's Clear Hash), the game kept. */
  clearHash(): void {
    this.process?.newGame();
  }

  /** The hash table's MiB of extended memory (UCI's Hash), from the next search on. */
  setHash(mib: number): void {
    this.hashMiB = mib;
    this.process?.setHash(mib);
  }

  /** The emulator of the next search; a running search keeps its own. */
  setBackend(backend: BackendName): void {
    this.backend = backend;
    const old = this.process;
    this.process = null;
    void this.searchDone.then(() => old?.close());
  }

  /** The program built and its emulator started, so that the first go starts at once. */
  async ready(): Promise<void> {
    const program = await this.program;
    this.process ??= new EngineProcess(program.bytes, this.backend, this.hashMiB);
    try {
      await this.process.warm();
    } catch (e) {
      this.listener.note(`the emulator did not start: ${(e as Error).message.split("\n")[0]}`);
      await this.process.close();
    }
  }

  stop(): void {
    this.search?.stop();
    this.releaseBestmove?.();
  }

  ponderhit(): boolean {
    if (this.ponderPlan === undefined) return false;
    // The ponder search goes on as a normal one, under the plan of the go ponder, the
    // time spent pondering counted as spent on the move.
    this.search?.replan(this.ponderPlan);
    this.ponderPlan = undefined;
    this.releaseBestmove?.();
    return true;
  }

  /** The game with its root moves narrowed to `go searchmoves`: those that are legal here;
   *  each that is not is named, and with none legal (or under `go mate`, whose mate logic
   *  looks at every move) every move is searched. */
  private rootMoves(
    game: Game,
    searchMoves: readonly string[] | undefined,
    limits: GoLimits,
  ): Game {
    if (searchMoves === undefined) return game;
    if (limits.mate !== undefined) {
      this.listener.note("go mate looks at every move: searchmoves ignored");
      return game;
    }
    const legal = game.legal.filter((m) => searchMoves.includes(m));
    for (const m of searchMoves)
      if (!game.legal.includes(m))
        this.listener.note(`searchmoves: ${m} is not legal here; ignored`);
    if (legal.length === 0) {
      if (game.legal.length > 0)
        this.listener.note("searchmoves: no legal move named; searching every move");
      return game;
    }
    return { ...game, legal };
  }

  /** Stop what runs and end the emulator. */
  async quit(): Promise<void> {
    this.stop();
    await this.searchDone;
    await this.process?.close();
  }

  /** Before a new `go`: a search under way is stopped and its bestmove given. */
  async settle(): Promise<void> {
    if (this.search) {
      this.listener.note("go while thinking: the search in progress is stopped first");
      this.search.stop();
    }
    this.releaseBestmove?.();
    await this.searchDone;
  }

  /** Start a search (a search under way is stopped first); resolves once it has started.
   *  `searchMoves` (UCI's `go searchmoves`): the root moves to choose among. */
  async go(
    limits: GoLimits,
    ponder: boolean,
    settings: EngineSettings,
    searchMoves?: readonly string[],
  ): Promise<void> {
    await this.settle();
    const program = await this.program;
    if (settings.elo !== null) {
      const cap = nodesForElo(settings.elo);
      if (cap !== null) limits.nodes = Math.min(limits.nodes ?? cap, cap);
    }
    const started = Date.now();
    const game = this.rootMoves(this.game, searchMoves, limits);
    this.process ??= new EngineProcess(program.bytes, this.backend, this.hashMiB);
    const white = oracle.sideToMove(game.pos) === "w";
    const plan = timePlan(limits, white, settings.moveOverheadMs, this.process.pipeMs);
    // Short of time (a hard limit of HURRY_MS or less), the move is one iteration of
    // depth 1 without the mate logic: what a move costs beyond its thinking is then
    // the least it can be.
    const hurry =
      plan !== null && !ponder && limits.movetime === undefined && plan.hardMs <= HURRY_MS;
    if (hurry) limits.depth = 1;
    // The book knows games from chess's start position; `go mate`, `go infinite`,
    // `go ponder` and MultiPV ask for the search.
    const book =
      game.legal.length === this.game.legal.length &&
      settings.ownBook &&
      game.fen === oracle.START_FEN &&
      game.moves.length < BOOK_MAX_PLIES &&
      limits.mate === undefined &&
      !limits.infinite &&
      !ponder &&
      settings.multiPv === 1;
    const held = limits.infinite || ponder;
    const engineKept =
      limits.depth !== undefined || limits.nodes !== undefined || limits.mate !== undefined;
    const levelBudgetMs = program.uciLevelMs[settings.level - 1]!;
    // A go with no limit the bridge or the engine keeps thinks the Level's budget.
    const budget =
      settings.budgetMs || (plan === null && !held && !engineKept ? levelBudgetMs : undefined);
    const search = startSearch(
      this.process,
      program,
      {
        game,
        limits,
        plan: ponder ? null : plan,
        budgetMs: budget,
        levelBudgetMs,
        mateLogic: hurry ? 0 : settings.mateLogic,
        contempt: settings.contempt,
        bookSeed: book ? Math.floor(Math.random() * 65536) : undefined,
        multiPv: settings.multiPv,
        restricted: game.legal.length < this.game.legal.length,
        ponderMove: settings.ponder,
      },
      (info) => this.listener.info(info, Date.now() - started),
    );
    this.search = search;
    this.ponderPlan = ponder ? plan : undefined;
    const stopped = held
      ? new Promise<void>((resolve) => (this.releaseBestmove = resolve))
      : Promise.resolve();
    this.searchDone = search.done.then(async (r) => {
      if (r.note) this.listener.note(r.note);
      if (r.book) this.listener.note("book");
      await stopped;
      this.search = null;
      this.releaseBestmove = null;
      this.ponderPlan = undefined;
      this.listener.bestmove(r.best, r.best ? r.ponder : null);
    });
  }
}
