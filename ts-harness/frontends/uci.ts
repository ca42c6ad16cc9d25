// uci -- CHESS.COM as a UCI engine on stdin/stdout, for any chess GUI:
//   bin/liberman-uci            (or npm run --silent uci)
// This file parses the GUI's lines and prints the answers; the position, the searches
// and their callbacks are the Engine's (uci-engine.ts), the clock is uci-time.ts's.
// Weakening is the user's choice: the Level's, the Budget's, or UCI_LimitStrength with
// UCI_Elo (uci-strength.ts). `isready` and `stop` are answered while a search runs; a
// bad command, an illegal move or a number out of the engine's range gets an
// `info string` naming it, and the engine goes on (a number out of range is clamped).
import { isMain } from "../core/build.ts";
import {
  BACKENDS,
  killHosts,
  removeDeadHostFolders,
  type BackendName,
} from "../core/engine-hosts.ts";
import * as oracle from "../oracle/index.ts";
import { benchMain, benchSummary, readBenchDepth, runBench } from "./uci-bench.ts";
import { Engine, readGame, startGame, type EngineSettings } from "./uci-engine.ts";
import { readGo, type SearchInfo } from "./uci-jobs.ts";
import { engineProgram, optionFacts, type EngineProgram, type OptionFacts } from "./uci-program.ts";
import { ELO_DEFAULT, ELO_MAX, ELO_MIN } from "./uci-strength.ts";

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
    // The mate logic's moves before the search (MATE_LEVEL_DEFAULT).
    { name: "Liberman Mate Depth", min: 0, max: p.mateMax, default: p.mateLogicDefault },
    { name: "MultiPV", min: 1, max: 8, default: 1 },
    // What a draw by repetition or the 50-move rule is worth less than 0 to the engine.
    { name: "Contempt", min: 0, max: p.contemptMax, default: 0 },
    // The hash table's MiB of extended memory (the `hash` job); 0: today's 128 KiB.
    { name: "Hash", min: 0, max: p.hashMaxMiB, default: p.hashMaxMiB },
  ];
}

export class UciEngine {
  private variant = "chess";
  /** The spin options' values by lower-case name, and the options, once read. */
  private readonly options = new Map<string, number>();
  private spin: SpinOption[] | null = null;
  private ownBook = true;
  private limitStrength = false;
  private elo = ELO_DEFAULT;
  private ponder = false;
  private backend: BackendName = "auto";
  /** Why the last `position` could not be set, or null: a `go` then plays no move. */
  private positionFault: string | null = null;
  private readonly engine: Engine;

  constructor(
    private readonly out: (line: string) => void,
    private readonly program: Promise<EngineProgram>,
  ) {
    this.engine = new Engine(
      program,
      {
        info: (info, ms) => out(infoLine(info, ms)),
        note: (text) => out(`info string ${text}`),
        bestmove: (best, ponder) =>
          out(`bestmove ${best ?? "0000"}${ponder ? ` ponder ${ponder}` : ""}`),
      },
      VARIANT_START.chess!,
    );
  }

  /** Handle one line from the GUI. Resolves when the next line may be handled: a `go`
   *  resolves once its search has started (a `go` during a search first stops it). */
  async handle(line: string): Promise<void> {
    const words = line.trim().split(/\s+/).filter(Boolean);
    const [cmd, ...args] = words;
    switch (cmd) {
      case undefined:
        return;
      case "uci":
        return this.uci();
      case "isready":
        if (!this.engine.thinking) await this.engine.ready();
        this.out("readyok");
        return;
      case "debug":
      case "register":
        return;
      case "setoption":
        this.spinList();
        return this.setOption(args);
      case "ucinewgame":
        this.positionFault = null;
        this.engine.newGame(startGame(VARIANT_START[this.variant]!));
        return;
      case "position":
        return this.setPosition(args);
      case "go":
        return this.go(args);
      case "stop":
        this.engine.stop();
        return;
      case "ponderhit":
        if (!this.engine.ponderhit())
          this.out("info string ponderhit without a go ponder: ignored");
        return;
      case "quit":
        return this.engine.quit();
      case "bench":
        return this.bench(args);
      default:
        this.out(`info string unknown command: ${line.trim()}`);
    }
  }

  private uci(): void {
    this.out("id name Liberman Chess (CHESS.COM under DOSBox)");
    this.out("id author Leonid Liberman (the engine's logic) and the liberman-chess authors");
    for (const o of this.spinList())
      this.out(`option name ${o.name} type spin default ${o.default} min ${o.min} max ${o.max}`);
    this.out("option name Clear Hash type button");
    this.out("option name OwnBook type check default true");
    this.out("option name Ponder type check default false");
    this.out("option name UCI_LimitStrength type check default false");
    this.out(`option name UCI_Elo type spin default ${ELO_DEFAULT} min ${ELO_MIN} max ${ELO_MAX}`);
    this.out(
      `option name Backend type combo default auto${BACKENDS.map((b) => ` var ${b}`).join("")}`,
    );
    this.out(
      `option name UCI_Variant type combo default chess${Object.keys(VARIANT_START)
        .map((v) => ` var ${v}`)
        .join("")}`,
    );
    this.out("uciok");
  }

  private checkOption(name: string, text: string): boolean | null {
    if (!["true", "false"].includes(text.toLowerCase())) {
      this.out(`info string ${name} is true or false, not '${text}'`);
      return null;
    }
    return text.toLowerCase() === "true";
  }

  private setOption(args: string[]): void {
    const nameAt = args.indexOf("name");
    const valueAt = args.indexOf("value");
    const name = args.slice(nameAt + 1, valueAt > 0 ? valueAt : undefined).join(" ");
    const text = valueAt > 0 ? args.slice(valueAt + 1).join(" ") : "";
    if (nameAt !== 0 || name === "") {
      this.out(`info string setoption needs 'name NAME [value VALUE]', not '${args.join(" ")}'`);
      return;
    }
    const key = name.toLowerCase();
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
    if (key === "clear hash") {
      this.engine.clearHash();
      return;
    }
    if (key === "backend") {
      const b = text.toLowerCase() as BackendName;
      if (!BACKENDS.includes(b))
        this.out(`info string Backend is one of ${BACKENDS.join(", ")}, not '${text}'`);
      else {
        this.backend = b;
        this.engine.setBackend(b);
      }
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
    if (option.name === "Hash") this.engine.setHash(value);
  }

  /** `position startpos|fen FEN [moves …]`. A position that cannot be set (a bad FEN, an
   *  illegal move) is named at once, and its `go` answers `bestmove 0000`: never a move
   *  of a position the GUI did not set. */
  private setPosition(args: string[]): void {
    const movesAt = args.indexOf("moves");
    const head = movesAt >= 0 ? args.slice(0, movesAt) : args;
    const moves = movesAt >= 0 ? args.slice(movesAt + 1) : [];
    let fen: string;
    if (head[0] === "startpos" && head.length === 1) fen = VARIANT_START[this.variant]!;
    else if (head[0] === "fen") fen = head.slice(1).join(" ");
    else {
      this.positionFault = `position needs 'startpos' or 'fen FEN', not '${head.join(" ")}'`;
      this.out(`info string ${this.positionFault}`);
      return;
    }
    const { game, error } = readGame(fen, moves);
    this.positionFault = error;
    if (error) this.out(`info string ${error}; no move until a position is set`);
    else this.engine.setGame(game!);
  }

  /** `bench [DEPTH]`: the fixed positions searched in a CHESS.COM of their own. */
  private async bench(args: string[]): Promise<void> {
    await this.engine.settle();
    const depth = readBenchDepth(args[0], (await this.program).words.get("depth")!.max);
    if (typeof depth === "string") {
      this.out(`info string ${depth}`);
      return;
    }
    try {
      const r = await runBench(await this.program, this.backend, depth);
      for (const line of r.lines) this.out(`info string ${line}`);
      for (const line of benchSummary(r)) this.out(line);
    } catch (e) {
      this.out(`info string ${(e as Error).message.split("\n")[0]}`);
    }
  }

  /** The spin options of the program, their values set to the defaults the first time. */
  private spinList(): SpinOption[] {
    if (!this.spin) {
      this.spin = spinOptions(optionFacts());
      for (const o of this.spin) this.options.set(o.name.toLowerCase(), o.default);
      this.engine.setHash(this.options.get("hash")!);
    }
    return this.spin;
  }

  private async go(args: string[]): Promise<void> {
    if (this.positionFault !== null) {
      await this.engine.settle();
      this.out(`info string no position to search: ${this.positionFault}`);
      this.out("bestmove 0000");
      return;
    }
    const program = await this.program;
    this.spinList();
    const { limits, ponder, searchMoves } = readGo(args, program.words, (note) =>
      this.out(`info string ${note}`),
    );
    const o = (name: string) => this.options.get(name)!;
    const settings: EngineSettings = {
      level: o("level"),
      budgetMs: o("budget"),
      moveOverheadMs: o("move overhead"),
      mateLogic: o("liberman mate depth"),
      contempt: o("contempt"),
      multiPv: o("multipv"),
      ownBook: this.ownBook,
      ponder: this.ponder,
      elo: this.limitStrength ? this.elo : null,
    };
    return this.engine.go(limits, ponder, settings, searchMoves);
  }
}

function infoLine(info: SearchInfo, ms: number): string {
  const score = "cp" in info.score ? `cp ${info.score.cp}` : `mate ${info.score.mate}`;
  const nps = ms > 0 ? Math.round((info.nodes * 1000) / ms) : 0;
  const pv = info.pv.length ? ` pv ${info.pv.join(" ")}` : "";
  const multipv = info.multipv !== undefined ? ` multipv ${info.multipv}` : "";
  return `info depth ${info.depth}${multipv} score ${score} nodes ${info.nodes} nps ${nps} time ${ms}${pv}`;
}

const SIGNALS = ["SIGHUP", "SIGINT", "SIGTERM"] as const;

/** The longest line the bridge writes: an `info string` that quotes a GUI's line longer
 *  than that is cut, with the length it had. */
export const UCI_LINE_MAX = 1000;

/** A line as the bridge writes it: printable ASCII alone (what the GUI sent that is not,
 *  a NUL, an escape, a UTF-8 letter, quoted back as \u{hex}), at most UCI_LINE_MAX
 *  characters, so that no raw byte and no line a GUI cannot hold reaches its pipe. */
export function uciLine(line: string): string {
  const text = line.replace(/[^\x20-\x7e]/gu, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`);
  if (text.length <= UCI_LINE_MAX) return text;
  const more = ` ... (${text.length} characters)`;
  return text.slice(0, UCI_LINE_MAX - more.length) + more;
}

export async function main(): Promise<void> {
  if (process.argv[2] === "bench") {
    removeDeadHostFolders();
    const code = await benchMain(process.argv.slice(3));
    killHosts();
    process.exit(code);
  }
  // The emulator and its loader may print; stdout belongs to the protocol alone.
  const toStderr = (...a: unknown[]) => process.stderr.write(a.map(String).join(" ") + "\n");
  console.log = toStderr;
  console.info = toStderr;
  console.warn = toStderr;
  // After quit nothing more is said, not even the bestmove of a search it stopped.
  let ended = false;
  const write = (line: string) => {
    if (!ended) process.stdout.write(uciLine(line) + "\n");
  };
  const end = (code: number) => {
    ended = true;
    killHosts();
    process.exit(code);
  };
  // A signal ends the emulator and removes its folder, then ends the process by the same
  // signal, as its default would.
  for (const name of SIGNALS)
    process.on(name, () => {
      ended = true;
      killHosts();
      process.removeAllListeners(name);
      process.kill(process.pid, name);
    });
  removeDeadHostFolders();
  const program = engineProgram();
  program.catch((e: Error) => {
    write(`info string cannot build CHESS.COM: ${e.message.split("\n")[0]}`);
    end(1);
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
  // The GUI's end of the pipe closed, or quit: the emulator is ended with the process,
  // at once (a search has nothing to keep, and the engine is gone within a second).
  end(0);
}

if (isMain(import.meta.url)) await main();
