// uci -- CHESS.COM as a UCI engine on stdin/stdout, for any chess GUI:
//   npm run --silent uci
// The protocol is kept here (the position and its history, the options, the state of
// the search); the `go`s of a game run in one CHESS.COM kept under js-dos, so its hash
// table stays between the moves (uci-search.ts); `ucinewgame` empties it. `isready` and
// `stop` are answered while a search runs; a bad command or an illegal move gets an
// `info string` naming it, and the engine goes on.
import { BOOK_MAX_PLIES } from "../formats/book.ts";
import { programLimits, type ProgramLimits } from "../core/asm-engine.ts";
import { CHESS, isMain, program as assembled } from "../core/build.ts";
import { EngineProcess, startSearch, type GoLimits, type SearchHandle, type SearchInfo } from "./uci-search.ts";
import * as oracle from "../oracle/index.ts";

/** UCI_Variant's choices and their start positions: chess, and Los Alamos chess on 6x6
 *  (its FENs have six ranks; the oracle and CHESS.COM know it by them). */
const VARIANT_START: Readonly<Record<string, string>> = oracle.VARIANT_START_FEN;

interface SpinOption {
  name: string;
  min: number;
  max: number;
  default: number;
}

/** The spin options, from what the program says of itself (programLimits). Level: the
 *  engine's levels, a `budget` in ms (x 3000 emulated instructions) each, deterministic in
 *  the emulator; the default one thinks what the game's default level (3 s a move) thinks
 *  on a 3000-cycle DOSBox. Liberman Mate Depth: the mate logic's moves before the search. */
function spinOptions(limits: ProgramLimits): SpinOption[] {
  return [
    { name: "Level", min: 1, max: limits.uciLevelMs.length, default: limits.uciLevelDefault },
    // A budget of its own in emulated ms (x 3000 instructions), instead of the Level's; 0: the Level's.
    { name: "Budget", min: 0, max: 600_000, default: 0 },
    { name: "Move Overhead", min: 0, max: 5000, default: 300 },
    { name: "Liberman Mate Depth", min: limits.mateLogic.min, max: limits.mateLogic.max, default: limits.mateLogic.default },
  ];
}

/** The spin options, their values (by lower-case name) and the levels' budgets. */
interface UciSettings {
  spin: SpinOption[];
  values: Map<string, number>;
  levelMs: readonly number[];
}

const GO_NUMBERS = ["wtime", "btime", "winc", "binc", "movestogo", "movetime", "depth", "nodes", "mate"] as const;

export class UciEngine {
  private variant = "chess";
  private fen = VARIANT_START.chess!;
  private moves: string[] = [];
  /** The spin options and their values, once the program's limits are read. */
  private settings: UciSettings | null = null;
  /** OwnBook: the opening book inside CHESS.COM answers while the game follows it. */
  private ownBook = true;
  private search: SearchHandle | null = null;
  /** CHESS.COM, kept running between the searches of a game (its hash table with it). */
  private engine: EngineProcess | null = null;
  private searchDone: Promise<void> = Promise.resolve();
  /** Under `go infinite` UCI holds `bestmove` until `stop`, even when the search ends
   *  by itself (a mate found, the depth cap): this lets the held answer out. */
  private releaseBestmove: (() => void) | null = null;

  constructor(
    private readonly out: (line: string) => void,
    private readonly program: Promise<Uint8Array>,
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
        this.out("id name Liberman Chess (CHESS.COM under js-dos)");
        this.out("id author Leonid Liberman (the engine's logic) and the liberman-chess authors");
        for (const o of (await this.setup()).spin) this.out(`option name ${o.name} type spin default ${o.default} min ${o.min} max ${o.max}`);
        this.out("option name OwnBook type check default true");
        this.out(`option name UCI_Variant type combo default chess${Object.keys(VARIANT_START).map((v) => ` var ${v}`).join("")}`);
        this.out("uciok");
        return;
      case "isready":
        if (!this.search) await this.program;
        this.out("readyok");
        return;
      case "debug":
      case "register":
        return;
      case "setoption":
        return this.setOption(args, await this.setup());
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
        this.out("info string ponderhit: this engine does not ponder");
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

  /** The spin options from the program's limits, read once. */
  private async setup(): Promise<UciSettings> {
    if (!this.settings) {
      const limits = await programLimits();
      const spin = spinOptions(limits);
      this.settings = { spin, values: new Map(spin.map((o) => [o.name.toLowerCase(), o.default])), levelMs: limits.uciLevelMs };
    }
    return this.settings;
  }

  private setOption(args: string[], settings: UciSettings): void {
    const nameAt = args.indexOf("name");
    const valueAt = args.indexOf("value");
    const name = args.slice(nameAt + 1, valueAt > 0 ? valueAt : undefined).join(" ");
    const text = valueAt > 0 ? args.slice(valueAt + 1).join(" ") : "";
    if (nameAt === 0 && name.toLowerCase() === "uci_variant") {
      if (VARIANT_START[text.toLowerCase()] === undefined) this.out(`info string UCI_Variant is one of ${Object.keys(VARIANT_START).join(", ")}, not '${text}'`);
      else this.variant = text.toLowerCase();
      return;
    }
    if (nameAt === 0 && name.toLowerCase() === "ownbook") {
      if (!["true", "false"].includes(text.toLowerCase())) this.out(`info string OwnBook is true or false, not '${text}'`);
      else this.ownBook = text.toLowerCase() === "true";
      return;
    }
    const option = settings.spin.find((o) => o.name.toLowerCase() === name.toLowerCase());
    if (nameAt !== 0 || !option) {
      this.out(`info string unknown option: ${name || args.join(" ")}`);
      return;
    }
    const value = Number(text);
    if (!/^-?\d+$/.test(text) || value < option.min || value > option.max) {
      this.out(`info string option ${option.name} needs a whole number from ${option.min} to ${option.max}, not '${text}'`);
      return;
    }
    settings.values.set(option.name.toLowerCase(), value);
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
      this.out(`info string bad FEN '${fen}': ${parsed.error.code}: ${parsed.error.message}; the position stays as it was`);
      return;
    }
    const startFen = oracle.toFen(parsed.pos);
    const played: string[] = [];
    for (const m of moves) {
      const u = oracle.parseUci(parsed.pos, m);
      if (!u.ok) {
        this.out(`info string illegal move ${m} in position (move ${played.length + 1}): ${u.error.message}; the moves before it stand`);
        break;
      }
      oracle.makeMove(parsed.pos, u.move);
      played.push(oracle.moveToUci(u.move));
    }
    this.fen = startFen;
    this.moves = played;
  }

  private async go(args: string[]): Promise<void> {
    const limits: GoLimits = {};
    for (let i = 0; i < args.length; i++) {
      const w = args[i]!;
      if (w === "infinite") limits.infinite = true;
      else if (w === "ponder") limits.infinite = true;
      else if (w === "searchmoves") {
        this.out("info string go searchmoves is not supported; searching every move");
        while (i + 1 < args.length && /^[a-h][1-8][a-h][1-8]/.test(args[i + 1]!)) i++;
      } else if ((GO_NUMBERS as readonly string[]).includes(w) && /^-?\d+$/.test(args[i + 1] ?? "")) {
        limits[w as (typeof GO_NUMBERS)[number]] = Math.max(0, Number(args[++i]));
      } else this.out(`info string go: '${w}' is not understood; ignored`);
    }
    const program = await this.program;
    const { values, levelMs } = await this.setup();
    const started = Date.now();
    // The book knows games from chess's start position; `go mate` and `go infinite` ask
    // for the search.
    const book = this.ownBook && this.fen === VARIANT_START.chess && this.moves.length < BOOK_MAX_PLIES &&
      limits.mate === undefined && !limits.infinite;
    this.engine ??= new EngineProcess(program);
    const search = startSearch(this.engine, {
      fen: this.fen,
      moves: this.moves,
      limits,
      budgetMs: values.get("budget")! || levelMs[values.get("level")! - 1]!,
      overheadMs: values.get("move overhead")!,
      mateLogic: values.get("liberman mate depth")!,
      bookSeed: book ? Math.floor(Math.random() * 65536) : undefined,
    }, (info) => this.out(infoLine(info, Date.now() - started)));
    this.search = search;
    const stopped = limits.infinite ? new Promise<void>((resolve) => (this.releaseBestmove = resolve)) : Promise.resolve();
    this.searchDone = search.done.then(async (r) => {
      if (r.note) this.out(`info string ${r.note}`);
      if (r.book) this.out("info string book");
      this.search = null;
      await stopped;
      this.releaseBestmove = null;
      this.out(`bestmove ${r.best ?? "0000"}${r.best && r.ponder ? ` ponder ${r.ponder}` : ""}`);
    });
  }
}

function infoLine(info: SearchInfo, ms: number): string {
  const score = "cp" in info.score ? `cp ${info.score.cp}` : `mate ${info.score.mate}`;
  const nps = ms > 0 ? Math.round((info.nodes * 1000) / ms) : 0;
  const pv = info.pv.length ? ` pv ${info.pv.join(" ")}` : "";
  return `info depth ${info.depth} score ${score} nodes ${info.nodes} nps ${nps} time ${ms}${pv}`;
}

async function main(): Promise<void> {
  // The emulator and its loader may print; stdout belongs to the protocol alone.
  const toStderr = (...a: unknown[]) => process.stderr.write(a.map(String).join(" ") + "\n");
  console.log = toStderr;
  console.info = toStderr;
  console.warn = toStderr;
  const write = (line: string) => process.stdout.write(line + "\n");
  const program = assembled(CHESS);
  program.catch((e: Error) => {
    write(`info string cannot build CHESS.COM: ${e.message.split("\n")[0]}`);
    process.exit(1);
  });
  const engine = new UciEngine(write, program);
  const { createInterface } = await import("node:readline");
  const rl = createInterface({ input: process.stdin, terminal: false });
  // Lines are handled in order; a `go` only waits for its search to start, so isready
  // and stop are answered while it thinks. quit overtakes anything still waiting.
  let queue = Promise.resolve();
  for await (const line of rl) {
    if (line.trim().split(/\s+/)[0] === "quit") break;
    queue = queue.then(() => engine.handle(line));
  }
  await engine.handle("quit");
  process.exit(0);
}

if (isMain(import.meta.url)) await main();
