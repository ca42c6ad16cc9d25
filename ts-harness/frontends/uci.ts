// uci -- CHESS.COM as a UCI engine on stdin/stdout, for any chess GUI:
//   bin/liberman-uci            (or npm run --silent uci)
// The protocol is kept here (the position and its history, the options, the state of
// the search); the `go`s of a game run in one CHESS.COM kept under an emulator, so its
// hash table stays between the moves (uci-search.ts); `ucinewgame` empties it. The
// bridge keeps the clock (a soft and a hard limit a move, from the time left, the
// increment and the moves to go, less Move Overhead); weakening is the user's choice:
// the Level's, the Budget's, or UCI_LimitStrength with UCI_Elo (uci-strength.ts). `isready` and `stop` are answered while a search runs; a bad command, an
// illegal move or a number out of the engine's range gets an `info string` naming it,
// and the engine goes on (a number out of range is clamped into it).
import { BOOK_MAX_PLIES } from "../formats/book.ts";
import { isMain } from "../core/build.ts";
import { engineProgram, optionFacts, type EngineProgram, type OptionFacts } from "./uci-program.ts";
import {
  BACKENDS,
  clampWord,
  EngineProcess,
  startSearch,
  timePlan,
  type BackendName,
  type GoLimits,
  type SearchHandle,
  type SearchInfo,
  type TimePlan,
} from "./uci-search.ts";
import * as oracle from "../oracle/index.ts";
import { ELO_DEFAULT, ELO_MAX, ELO_MIN, nodesForElo } from "./uci-strength.ts";

/** UCI_Variant's choices and their start positions: chess, and Los Alamos chess on 6x6
 *  (its FENs have six ranks; the oracle and CHESS.COM know it by them). */
const VARIANT_START: Readonly<Record<string, string>> = oracle.VARIANT_START_FEN;

interface SpinOption {
  name: string;
  min: number;
  max: number;
  default: number;
}

/** The spin options, from what the program says of itself. Level: the engine's levels,
 *  a `budget` in emulated ms (x 3000 instructions) each, deterministic in the emulator;
 *  the default one thinks what the game's default level (3 s a move) thinks on a
 *  3000-cycle DOSBox. */
function spinOptions(p: OptionFacts): SpinOption[] {
  return [
    { name: "Level", min: 1, max: p.uciLevels, default: p.uciLevelDefault },
    // A budget of its own in emulated ms (x 3000 instructions), instead of the Level's,
    // and a cap on every search, on the clock too; 0: none (the Level's for a bare `go`).
    { name: "Budget", min: 0, max: 600_000, default: 0 },
    { name: "Move Overhead", min: 0, max: 5000, default: 300 },
    // The mate logic's moves before the search (asm/inc/chess.inc: MATE_LEVEL_DEFAULT).
    { name: "Liberman Mate Depth", min: 0, max: p.mateMax, default: p.mateLogicDefault },
    { name: "MultiPV", min: 1, max: 8, default: 1 },
  ];
}

/** A clock plan with no more than this hard limit (wall ms) is a move in a hurry. */
const HURRY_MS = 50;

const GO_NUMBERS = [
  "wtime",
  "btime",
  "winc",
  "binc",
  "movestogo",
  "movetime",
  "depth",
  "nodes",
  "mate",
] as const;

export class UciEngine {
  private variant = "chess";
  private fen = VARIANT_START.chess!;
  private moves: string[] = [];
  /** The spin options' values by lower-case name, and the options, once the program is read. */
  private readonly options = new Map<string, number>();
  private spin: SpinOption[] | null = null;
  /** OwnBook: the opening book inside CHESS.COM answers while the game follows it. */
  private ownBook = true;
  /** UCI_LimitStrength and UCI_Elo: a node cap a move for the rating (uci-strength.ts). */
  private limitStrength = false;
  private elo = ELO_DEFAULT;
  /** Ponder: the GUI may ponder; the bestmove then names a move to ponder on. */
  private ponder = false;
  private backend: BackendName = "auto";
  private search: SearchHandle | null = null;
  /** The clock's plan a ponder search takes at `ponderhit`; null: not pondering. */
  private ponderPlan: TimePlan | null | undefined = undefined;
  /** CHESS.COM, kept running between the searches of a game (its hash table with it). */
  private engine: EngineProcess | null = null;
  private searchDone: Promise<void> = Promise.resolve();
  /** Under `go infinite` and `go ponder` UCI holds `bestmove` until `stop` (or
   *  `ponderhit`), even when the search ends by itself (a mate found, the depth cap):
   *  this lets the held answer out. */
  private releaseBestmove: (() => void) | null = null;

  constructor(
    private readonly out: (line: string) => void,
    private readonly program: Promise<EngineProgram>,
  ) {}

  /** Handle one line from the GUI. Resolves when the next line may be handled: a `go`
   *  resolves once its search has started (a `go` during a search first stops it). */
  async handle(line: string): Promise<void> {
    const words = line.trim().split(/\s+/).filter(Boolean);
    const [cmd, ...args] = words;
    switch (cmd) {
      case undefined:
        return;
      case "uci":
        this.out("id name Liberman Chess (CHESS.COM under DOSBox)");
        this.out("id author Leonid Liberman (the engine's logic) and the liberman-chess authors");
        for (const o of await this.spinList())
          this.out(
            `option name ${o.name} type spin default ${o.default} min ${o.min} max ${o.max}`,
          );
        this.out("option name OwnBook type check default true");
        this.out("option name Ponder type check default false");
        this.out("option name UCI_LimitStrength type check default false");
        this.out(
          `option name UCI_Elo type spin default ${ELO_DEFAULT} min ${ELO_MIN} max ${ELO_MAX}`,
        );
        this.out(
          `option name Backend type combo default auto${BACKENDS.map((b) => ` var ${b}`).join("")}`,
        );
        this.out(
          `option name UCI_Variant type combo default chess${Object.keys(VARIANT_START)
            .map((v) => ` var ${v}`)
            .join("")}`,
        );
        this.out("uciok");
        return;
      case "isready":
        if (!this.search) await this.ready();
        this.out("readyok");
        return;
      case "debug":
      case "register":
        return;
      case "setoption":
        await this.spinList();
        return this.setOption(args);
      case "ucinewgame":
        this.fen = VARIANT_START[this.variant]!;
        this.moves = [];
        this.engine?.newGame();
        return;
      case "position":
        return this.setPosition(args);
      case "go":
        if (this.search) {
          this.out("info string go while thinking: the search in progress is stopped first");
          this.search.stop();
        }
        this.releaseBestmove?.();
        await this.searchDone;
        return this.go(args);
      case "stop":
        this.search?.stop();
        this.releaseBestmove?.();
        return;
      case "ponderhit":
        if (this.ponderPlan === undefined) {
          this.out("info string ponderhit without a go ponder: ignored");
          return;
        }
        // The ponder search goes on as a normal one, on the clock from now.
        this.search?.replan(this.ponderPlan);
        this.ponderPlan = undefined;
        this.releaseBestmove?.();
        return;
      case "quit":
        this.search?.stop();
        this.releaseBestmove?.();
        await this.searchDone;
        await this.engine?.close();
        return;
      default:
        this.out(`info string unknown command: ${line.trim()}`);
    }
  }

  /** The program built and its emulator started, so that the first go starts at once. */
  private async ready(): Promise<void> {
    const program = await this.program;
    this.engine ??= new EngineProcess(program, this.backend);
    try {
      await this.engine.warm();
    } catch (e) {
      this.out(`info string the emulator did not start: ${(e as Error).message.split("\n")[0]}`);
      await this.engine.close();
    }
  }

  private checkOption(name: string, text: string): boolean | null {
    if (!["true", "false"].includes(text.toLowerCase())) {
      this.out(`info string ${name} is true or false, not '${text}'`);
      return null;
    }
    return text.toLowerCase() === "true";
  }

  private async setOption(args: string[]): Promise<void> {
    const nameAt = args.indexOf("name");
    const valueAt = args.indexOf("value");
    const name = args.slice(nameAt + 1, valueAt > 0 ? valueAt : undefined).join(" ");
    const text = valueAt > 0 ? args.slice(valueAt + 1).join(" ") : "";
    const key = nameAt === 0 ? name.toLowerCase() : "";
    if (key === "uci_variant") {
      if (VARIANT_START[text.toLowerCase()] === undefined)
        this.out(
          `info string UCI_Variant is one of ${Object.keys(VARIANT_START).join(", ")}, not '${text}'`,
        );
      else this.variant = text.toLowerCase();
      return;
    }
    if (key === "uci_limitstrength") {
      const value = this.checkOption("UCI_LimitStrength", text);
      if (value !== null) this.limitStrength = value;
      return;
    }
    if (key === "uci_elo") {
      const value = Number(text);
      if (!/^-?\d+$/.test(text) || value < ELO_MIN || value > ELO_MAX)
        this.out(
          `info string option UCI_Elo needs a whole number from ${ELO_MIN} to ${ELO_MAX}, not '${text}'`,
        );
      else this.elo = value;
      return;
    }
    if (key === "ownbook" || key === "ponder") {
      const value = this.checkOption(key === "ownbook" ? "OwnBook" : "Ponder", text);
      if (value !== null && key === "ownbook") this.ownBook = value;
      if (value !== null && key === "ponder") this.ponder = value;
      return;
    }
    if (key === "backend") {
      const b = text.toLowerCase() as BackendName;
      if (!BACKENDS.includes(b)) {
        this.out(`info string Backend is one of ${BACKENDS.join(", ")}, not '${text}'`);
        return;
      }
      this.backend = b;
      // The next search starts the emulator named; a running search keeps its own.
      const old = this.engine;
      this.engine = null;
      void this.searchDone.then(() => old?.close());
      return;
    }
    const option = this.spin!.find((o) => o.name.toLowerCase() === key);
    if (!option) {
      this.out(`info string unknown option: ${name || args.join(" ")}`);
      return;
    }
    const value = Number(text);
    if (!/^-?\d+$/.test(text) || value < option.min || value > option.max) {
      this.out(
        `info string option ${option.name} needs a whole number from ${option.min} to ${option.max}, not '${text}'`,
      );
      return;
    }
    this.options.set(option.name.toLowerCase(), value);
  }

  /** `position startpos|fen FEN [moves …]`. A bad FEN keeps the previous position; an
   *  illegal move keeps the moves before it (as the GUI's game stood until then). */
  private setPosition(args: string[]): void {
    const movesAt = args.indexOf("moves");
    const head = movesAt >= 0 ? args.slice(0, movesAt) : args;
    const moves = movesAt >= 0 ? args.slice(movesAt + 1) : [];
    let fen: string;
    if (head[0] === "startpos" && head.length === 1) fen = VARIANT_START[this.variant]!;
    else if (head[0] === "fen") fen = head.slice(1).join(" ");
    else {
      this.out(`info string position needs 'startpos' or 'fen FEN', not '${head.join(" ")}'`);
      return;
    }
    const parsed = oracle.parseFen(fen);
    if (!parsed.ok) {
      this.out(
        `info string bad FEN '${fen}': ${parsed.error.code}: ${parsed.error.message}; the position stays as it was`,
      );
      return;
    }
    const startFen = oracle.toFen(parsed.pos);
    const played: string[] = [];
    for (const m of moves) {
      const u = oracle.parseUci(parsed.pos, m);
      if (!u.ok) {
        this.out(
          `info string illegal move ${m} in position (move ${played.length + 1}): ${u.error.message}; the moves before it stand`,
        );
        break;
      }
      oracle.makeMove(parsed.pos, u.move);
      played.push(oracle.moveToUci(u.move));
    }
    this.fen = startFen;
    this.moves = played;
  }

  /** UCI's go words, with every number the engine takes clamped into its range. */
  private readGo(args: string[], program: EngineProgram): { limits: GoLimits; ponder: boolean } {
    const limits: GoLimits = {};
    let ponder = false;
    for (let i = 0; i < args.length; i++) {
      const w = args[i]!;
      if (w === "infinite") limits.infinite = true;
      else if (w === "ponder") ponder = true;
      else if (w === "searchmoves") {
        this.out("info string go searchmoves is not supported; searching every move");
        while (i + 1 < args.length && /^[a-h][1-8][a-h][1-8]/.test(args[i + 1]!)) i++;
      } else if (
        (GO_NUMBERS as readonly string[]).includes(w) &&
        /^-?\d+$/.test(args[i + 1] ?? "")
      ) {
        const word = w as (typeof GO_NUMBERS)[number];
        const n = Number(args[++i]);
        if (n < 0) this.out(`info string go ${word} ${n}: a negative number is taken as 0`);
        limits[word] = Math.max(0, n);
      } else this.out(`info string go: '${w}' is not understood; ignored`);
    }
    for (const word of ["depth", "mate"] as const) {
      if (limits[word] === undefined) continue;
      const c = clampWord(word, limits[word]!, program.words.get(word)!);
      if (c.note) this.out(`info string ${c.note}`);
      limits[word] = c.value;
    }
    if (limits.nodes !== undefined) {
      const range = program.words.get("nodes")!;
      if (limits.nodes < range.min) {
        this.out(`info string go nodes ${limits.nodes}: no node limit`);
        delete limits.nodes;
      } else limits.nodes = clampWord("nodes", limits.nodes, range).value;
    }
    if (limits.movestogo !== undefined) {
      const range = program.words.get("movestogo")!;
      if (limits.movestogo < range.min) {
        this.out(`info string go movestogo ${limits.movestogo}: taken as sudden death`);
        delete limits.movestogo;
      } else {
        const c = clampWord("movestogo", limits.movestogo, range);
        if (c.note) this.out(`info string ${c.note}`);
        limits.movestogo = c.value;
      }
    }
    return { limits, ponder };
  }

  /** The spin options of the program, their values set to the defaults the first time. */
  private async spinList(): Promise<SpinOption[]> {
    if (!this.spin) {
      this.spin = spinOptions(optionFacts());
      for (const o of this.spin) this.options.set(o.name.toLowerCase(), o.default);
    }
    return this.spin;
  }

  private async go(args: string[]): Promise<void> {
    const program = await this.program;
    await this.spinList();
    const { limits, ponder } = this.readGo(args, program);
    const cap = this.limitStrength ? nodesForElo(this.elo) : null;
    if (cap !== null) limits.nodes = Math.min(limits.nodes ?? cap, cap);
    const started = Date.now();
    const white =
      oracle.sideToMove(oracle.playUci(oracle.fenPosition(this.fen), this.moves)) === "w";
    const overhead = this.options.get("move overhead")!;
    const plan = timePlan(limits, white, overhead);
    // Short of time (a hard limit of HURRY_MS or less), the move is one iteration of
    // depth 1 without the mate logic: what a move costs beyond its thinking is then
    // the least it can be.
    const hurry =
      plan !== null && !ponder && limits.movetime === undefined && plan.hardMs <= HURRY_MS;
    if (hurry) limits.depth = 1;
    const multiPv = this.options.get("multipv")!;
    // The book knows games from chess's start position; `go mate`, `go infinite`,
    // `go ponder` and MultiPV ask for the search.
    const book =
      this.ownBook &&
      this.fen === VARIANT_START.chess &&
      this.moves.length < BOOK_MAX_PLIES &&
      limits.mate === undefined &&
      !limits.infinite &&
      !ponder &&
      multiPv === 1;
    const held = limits.infinite || ponder;
    const engineKept =
      limits.depth !== undefined || limits.nodes !== undefined || limits.mate !== undefined;
    // A go with no limit the bridge or the engine keeps thinks the Level's budget.
    const budget =
      this.options.get("budget")! ||
      (plan === null && !held && !engineKept
        ? program.uciLevelMs[this.options.get("level")! - 1]!
        : undefined);
    this.engine ??= new EngineProcess(program, this.backend);
    const search = startSearch(
      this.engine,
      {
        fen: this.fen,
        moves: this.moves,
        limits,
        plan: ponder ? null : plan,
        budgetMs: budget,
        levelBudgetMs: program.uciLevelMs[this.options.get("level")! - 1]!,
        mateLogic: hurry ? 0 : this.options.get("liberman mate depth")!,
        bookSeed: book ? Math.floor(Math.random() * 65536) : undefined,
        multiPv,
        ponderMove: this.ponder,
      },
      (info) => this.out(infoLine(info, Date.now() - started)),
    );
    this.search = search;
    this.ponderPlan = ponder ? plan : undefined;
    const stopped = held
      ? new Promise<void>((resolve) => (this.releaseBestmove = resolve))
      : Promise.resolve();
    this.searchDone = search.done.then(async (r) => {
      if (r.note) this.out(`info string ${r.note}`);
      if (r.book) this.out("info string book");
      await stopped;
      this.search = null;
      this.releaseBestmove = null;
      this.ponderPlan = undefined;
      this.out(`bestmove ${r.best ?? "0000"}${r.best && r.ponder ? ` ponder ${r.ponder}` : ""}`);
    });
  }
}

function infoLine(info: SearchInfo, ms: number): string {
  const score = "cp" in info.score ? `cp ${info.score.cp}` : `mate ${info.score.mate}`;
  const nps = ms > 0 ? Math.round((info.nodes * 1000) / ms) : 0;
  const pv = info.pv.length ? ` pv ${info.pv.join(" ")}` : "";
  const multipv = info.multipv !== undefined ? ` multipv ${info.multipv}` : "";
  return `info depth ${info.depth}${multipv} score ${score} nodes ${info.nodes} nps ${nps} time ${ms}${pv}`;
}

export async function main(): Promise<void> {
  // The emulator and its loader may print; stdout belongs to the protocol alone.
  const toStderr = (...a: unknown[]) => process.stderr.write(a.map(String).join(" ") + "\n");
  console.log = toStderr;
  console.info = toStderr;
  console.warn = toStderr;
  const write = (line: string) => process.stdout.write(line + "\n");
  const program = engineProgram();
  program.catch((e: Error) => {
    write(`info string cannot build CHESS.COM: ${e.message.split("\n")[0]}`);
    process.exit(1);
  });
  const engine = new UciEngine(write, program);
  const { createInterface } = await import("node:readline");
  const rl = createInterface({ input: process.stdin, terminal: false });
  // Lines are handled in order; a `go` only waits for its search to start, so isready,
  // stop and ponderhit are answered while it thinks. quit overtakes anything waiting.
  let queue = Promise.resolve();
  for await (const line of rl) {
    if (line.trim().split(/\s+/)[0] === "quit") break;
    queue = queue.then(() => engine.handle(line));
  }
  // The GUI's end of the pipe closed, or quit: stop the search, end the emulator.
  await engine.handle("quit");
  process.exit(0);
}

if (isMain(import.meta.url)) await main();
