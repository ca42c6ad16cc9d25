// players -- an engine in a match, whatever it speaks: UCI (`position … moves …`, `go` with
// both clocks, `bestmove`) or CECP/xboard protocol 2 (`xboard`, `protover 2` and the
// `feature` replies, `new`, `force`, `setboard` where the engine offers it and the moves
// from the start position where not, `level`, `time`/`otim`, `go`, `move`). The runner
// owns the game: it asks the side to move for a move, times it, and judges it.
// The process and its lines go through UciClient, whose wait always has a limit.
import { UciClient, UciTimeout } from "../../core/uci-client.ts";
import { START_FEN } from "../../oracle/fen.ts";
import { lastScore, type EngineScore } from "./adjudication.ts";
import { centiseconds, uciGo, xboardLevel, type Clock } from "./time-control.ts";

export type Protocol = "uci" | "xboard";

export interface EngineSpec {
  name: string;
  /** The program and its arguments. */
  command: string[];
  /** Working folder; the runner's when absent. */
  dir?: string;
  protocol: Protocol;
  /** UCI `setoption`s, or CECP `option NAME=VALUE`s. */
  options: Record<string, string>;
  /** A time control of its own (time odds); the match's when absent. */
  tc?: string;
  /** A rating on the CCRL Blitz scale: an anchor of the gauntlet's estimate. */
  rating?: number;
  /** A UCI engine searches this many positions a move (`go nodes N`); its clock still
   *  runs, as a bound, but it is not told the time. */
  nodes?: number;
}

/** How a game starts for an engine: a FEN (null: the standard start) and the moves from it. */
export interface GameStart {
  fen: string | null;
  moves: readonly string[];
}

export interface ThinkRequest {
  /** Every move from the start position (or FEN) so far, in UCI, and in SAN. */
  moves: readonly string[];
  sans: readonly string[];
  side: "w" | "b";
  white: Clock;
  black: Clock;
  /** Wait no longer than this for the answer (the mover's allowance). */
  limitMs: number;
}

export type ThinkResult =
  /** `score`: the engine's last `info … score` before its move (UCI), for adjudication. */
  | { kind: "move"; move: string; ms: number; score?: EngineScore | null }
  | { kind: "resign"; ms: number }
  | { kind: "timeout"; ms: number }
  | { kind: "crash"; ms: number; detail: string }
  | { kind: "rejected"; move: string; ms: number };

export interface Player {
  readonly spec: EngineSpec;
  /** The name the engine gives (myname, id name), or the spec's. */
  readonly engineName: string;
  start(): Promise<void>;
  /** Sets up a game; throws when the engine cannot start from it (a FEN without setboard). */
  newGame(start: GameStart, ownTc: Clock): Promise<void>;
  think(req: ThinkRequest): Promise<ThinkResult>;
  endGame(result: string, reason: string): void;
  /** The engine missed a deadline or died: start it afresh before its next game. */
  readonly needsRestart: boolean;
  quit(): Promise<void>;
}

const HANDSHAKE_MS = 60_000;
/** A CECP engine that does not answer protover 2 with done=0 is given this long for its features. */
const FEATURE_WAIT_MS = 2000;
/** A CECP engine that says done=0 may take this long before done=1. */
const FEATURE_DONE_MS = 30_000;

export function startPlayer(spec: EngineSpec, cwd: string): Player {
  return spec.protocol === "uci" ? new UciPlayer(spec, cwd) : new XboardPlayer(spec, cwd);
}

async function timed<T>(
  work: () => Promise<T>,
): Promise<{ value: T; ms: number } | { error: unknown; ms: number }> {
  const t0 = performance.now();
  try {
    const value = await work();
    return { value, ms: performance.now() - t0 };
  } catch (error) {
    return { error, ms: performance.now() - t0 };
  }
}

function failure(client: UciClient, error: unknown, ms: number): ThinkResult {
  if (!(error instanceof UciTimeout)) throw error;
  return client.hasExited ? { kind: "crash", ms, detail: error.message } : { kind: "timeout", ms };
}

class UciPlayer implements Player {
  private client: UciClient | null = null;
  engineName: string;
  needsRestart = false;
  /** The FEN the game starts from; null: the standard start. */
  private fen: string | null = null;

  constructor(
    readonly spec: EngineSpec,
    private readonly cwd: string,
  ) {
    this.engineName = spec.name;
  }

  async start(): Promise<void> {
    const [cmd, ...args] = this.spec.command;
    this.client = new UciClient(cmd!, args, { cwd: this.spec.dir ?? this.cwd });
    const c = this.client;
    c.send("uci");
    const lines = await c.waitFor(/^uciok$/, HANDSHAKE_MS);
    // The runner never ponders: an engine that may ponder would spend its time expecting it.
    const ponder = lines.some((l) => /^option name Ponder type check\b/.test(l))
      ? { Ponder: "false" }
      : {};
    for (const [name, value] of Object.entries({ ...ponder, ...this.spec.options }))
      c.send(`setoption name ${name} value ${value}`);
    c.send("isready");
    await c.waitFor(/^readyok$/, HANDSHAKE_MS);
    const id = lines.map((l) => /^id name (.+)$/.exec(l)?.[1]).find(Boolean);
    if (id) this.engineName = id.trim();
    this.needsRestart = false;
  }

  async newGame(start: GameStart): Promise<void> {
    this.fen = start.fen;
    this.client!.send("ucinewgame");
    this.client!.send("isready");
    await this.client!.waitFor(/^readyok$/, HANDSHAKE_MS);
  }

  async think(req: ThinkRequest): Promise<ThinkResult> {
    const c = this.client!;
    const from = this.fen === null ? "startpos" : `fen ${this.fen}`;
    c.send(`position ${from}${req.moves.length ? ` moves ${req.moves.join(" ")}` : ""}`);
    const go =
      this.spec.nodes !== undefined
        ? `go nodes ${this.spec.nodes}`
        : uciGo(req.side, req.white, req.black);
    const r = await timed(() => {
      c.send(go);
      return c.waitFor(/^bestmove(\s|$)/, req.limitMs);
    });
    if ("error" in r) {
      this.needsRestart = true;
      return failure(c, r.error, r.ms);
    }
    const move = r.value[r.value.length - 1]!.split(/\s+/)[1] ?? "";
    return { kind: "move", move, ms: r.ms, score: lastScore(r.value) };
  }

  endGame(): void {}

  async quit(): Promise<void> {
    await this.client?.quit();
  }
}

/** The `feature` pairs of a line: name=value, name="quoted value". */
export function parseFeatures(line: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of line.replace(/^feature\s+/, "").matchAll(/(\w+)=("([^"]*)"|\S+)/g))
    out[m[1]!] = m[3] ?? m[2]!;
  return out;
}

/** What a CECP engine's line says of the game, when it says anything. */
export function readXboardLine(
  line: string,
): { kind: "move"; move: string } | { kind: "resign" } | { kind: "illegal" } | null {
  const move =
    /^move\s+(\S+)/.exec(line) ??
    /^\d+\s*\.\s*\.\.\.\s*(\S+)/.exec(line) ??
    /^my move is\s*:?\s*(\S+)/i.exec(line);
  if (move) return { kind: "move", move: move[1]! };
  if (/^resign\b/i.test(line) || /^tellics resign\b/.test(line)) return { kind: "resign" };
  if (/^(Illegal move|Error \(illegal move\))/i.test(line)) return { kind: "illegal" };
  return null;
}

class XboardPlayer implements Player {
  private client: UciClient | null = null;
  engineName: string;
  needsRestart = false;
  features: Record<string, string> = {};
  /** Moves of the game the engine has been told (or made itself). */
  private known = 0;
  private pingId = 0;

  constructor(
    readonly spec: EngineSpec,
    private readonly cwd: string,
  ) {
    this.engineName = spec.name;
  }

  async start(): Promise<void> {
    const [cmd, ...args] = this.spec.command;
    const c = (this.client = new UciClient(cmd!, args, { cwd: this.spec.dir ?? this.cwd }));
    c.send("xboard");
    c.send("protover 2");
    // protover 2 engines answer with features, done=1 last; done=0 asks for more time.
    const deadline = Date.now() + FEATURE_DONE_MS;
    let waitMs = FEATURE_WAIT_MS;
    for (;;) {
      let lines: string[];
      try {
        lines = await c.waitFor(/^feature\s/, Math.min(waitMs, deadline - Date.now()));
      } catch (e) {
        if (c.hasExited) throw e;
        break; // no more features: a protocol 1 engine, or one that never says done
      }
      const f = parseFeatures(lines[lines.length - 1]!);
      for (const k of Object.keys(f)) if (k !== "option") c.send(`accepted ${k}`);
      Object.assign(this.features, f);
      if (f.done === "0") waitMs = FEATURE_DONE_MS;
      if (f.done === "1") break;
    }
    if (this.features.myname) this.engineName = this.features.myname;
    for (const [name, value] of Object.entries(this.spec.options))
      c.send(`option ${name}=${value}`);
    await this.sync();
    this.needsRestart = false;
  }

  private feature(name: string, dflt: string): string {
    return this.features[name] ?? dflt;
  }

  /** ping N … pong N where the engine offers it: everything before is read. */
  private async sync(): Promise<void> {
    if (this.feature("ping", "0") !== "1") return;
    const n = ++this.pingId;
    this.client!.send(`ping ${n}`);
    await this.client!.waitFor(new RegExp(`^pong ${n}\\b`), HANDSHAKE_MS);
  }

  private moveText(uci: string, san: string): string {
    const text = this.feature("san", "0") === "1" ? san : uci;
    return this.feature("usermove", "0") === "1" ? `usermove ${text}` : text;
  }

  async newGame(start: GameStart, ownTc: Clock): Promise<void> {
    if (this.feature("reuse", "1") === "0") {
      await this.quit();
      await this.start();
    }
    const fen = start.fen !== null && start.fen !== START_FEN ? start.fen : null;
    if (fen !== null && this.feature("setboard", "0") !== "1")
      throw new Error(
        `${this.engineName} offers no setboard, so it cannot start from the FEN ${fen}; give the openings as moves from the start position (PGN)`,
      );
    const c = this.client!;
    c.send("new");
    c.send("force");
    c.send(xboardLevel(ownTc.tc));
    c.send("easy");
    c.send("nopost");
    if (fen !== null) c.send(`setboard ${fen}`);
    this.known = 0;
    await this.sync();
  }

  /** The moves the engine has not heard yet, sent in force mode. */
  private catchUp(req: ThinkRequest): void {
    for (; this.known < req.moves.length; this.known++)
      this.client!.send(this.moveText(req.moves[this.known]!, req.sans[this.known]!));
  }

  async think(req: ThinkRequest): Promise<ThinkResult> {
    const c = this.client!;
    this.catchUp(req);
    const own = req.side === "w" ? req.white : req.black;
    const opp = req.side === "w" ? req.black : req.white;
    const r = await timed(async () => {
      if (this.feature("time", "1") === "1") {
        c.send(`time ${centiseconds(own)}`);
        c.send(`otim ${centiseconds(opp)}`);
      }
      c.send("go");
      for (;;) {
        const lines = await c.waitFor(
          /^(move\s|\d+\s*\.\s*\.\.\.|my move is|resign|tellics resign|illegal move|error \(illegal move\))/i,
          req.limitMs,
        );
        const said = readXboardLine(lines[lines.length - 1]!);
        if (said) return said;
      }
    });
    if ("error" in r) {
      this.needsRestart = true;
      return failure(c, r.error, r.ms);
    }
    c.send("force");
    const said = r.value;
    if (said.kind === "move") {
      this.known = req.moves.length + 1;
      return { kind: "move", move: said.move, ms: r.ms };
    }
    if (said.kind === "resign") return { kind: "resign", ms: r.ms };
    return { kind: "rejected", move: req.moves[req.moves.length - 1] ?? "", ms: r.ms };
  }

  endGame(result: string, reason: string): void {
    if (this.needsRestart) return;
    this.client!.send(`result ${result} {${reason}}`);
    this.client!.send("force");
  }

  async quit(): Promise<void> {
    await this.client?.quit();
  }
}
