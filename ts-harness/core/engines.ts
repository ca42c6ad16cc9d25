// engines -- one interface over the two chess engines the CLI and the tests talk to: the
// TypeScript oracle (in-process) and the assembly (CHESS.COM under js-dos, in one boot
// per batch). Answers come back as values, errors included, one per request.
import { runBatch, type BatchOptions, type JobLines } from "./asm-engine.ts";
import * as oracle from "../oracle/index.ts";

export type EngineName = "oracle" | "asm";
export const ENGINE_NAMES: readonly EngineName[] = ["oracle", "asm"];

export interface PerftRequest {
  fen: string;
  depth: number;
  divide: boolean;
}

export interface EngineError {
  ok: false;
  code: string;
  message: string;
}

export interface PerftAnswer {
  ok: true;
  nodes: number;
  /** Root moves with their counts, sorted by UCI (when asked for). */
  divide?: [string, number][];
  /** Emulated instructions the job took (assembly only). */
  tsc?: number;
  /** BIOS ticks the job took (assembly only). */
  ticks?: number;
}

export interface MovesAnswer {
  ok: true;
  moves: string[];
}

/** Emulated instructions, BIOS ticks and nodes a search job took (assembly only). */
export interface JobCost {
  tsc?: number;
  ticks?: number;
  nodes?: number;
}

export interface MateRequest {
  fen: string;
  /** N: look for a mate in at most N moves (1..8, CHESS.COM's MATE_MAX_MOVES). */
  moves: number;
}

export interface MateAnswer extends JobCost {
  ok: true;
  /** The length of the shortest mate found, in moves; null when there is none in N. */
  length: number | null;
  /** First moves of that mate: the engine's choice (asm) or every one (oracle), sorted. */
  firstMoves: string[];
}

export interface KeysAnswer extends JobCost {
  ok: true;
  /** Every first move that forces mate in at most N moves (UCI) and the fewest moves it
   *  forces mate in, sorted by move; two or more keys: the problem is cooked. */
  keys: { move: string; length: number }[];
}

export interface SolveRequest extends MateRequest {
  /** The aim: a direct mate (the default), a helpmate or a selfmate. */
  aim?: "direct" | "help" | "self";
}

const SOLVE_JOB = { direct: "solution", help: "helpsolution", self: "selfsolution" } as const;

export interface SolutionAnswer extends JobCost {
  ok: true;
  /** The keys of the mate in at most N moves and each one's tree, as a walk down it
   *  (ts-harness/formats/solution.ts nests and prints them). */
  lines: oracle.SolutionLine[];
}

/** The problemists' aims besides the direct mate (asm/batch/PROTOCOL.md: `helpmate`,
 *  `selfmate`; the oracle's stipulations.ts). */
export interface StipulationRequest {
  fen: string;
  /** N: look for one in at most N moves (1..5). */
  moves: number;
}

export interface HelpmateAnswer extends JobCost {
  ok: true;
  /** The shortest helpmate's length in moves of each side; null when there is none in N. */
  length: number | null;
  /** The distinct solutions of that length, counted up to 1,000. */
  solutions: number;
  /** One solution, 2 * length moves in UCI (the engine's first). */
  line: string[];
}

export interface SelfmateAnswer extends JobCost {
  ok: true;
  /** The shortest selfmate's length; null when there is none in N. */
  length: number | null;
  /** Keys of that selfmate: the engine's choice (asm) or every one (oracle), sorted. */
  keys: string[];
}

export interface ExchangeRequest {
  fen: string;
  /** D, in plies. */
  depth: number;
}

export interface ExchangeAnswer extends JobCost {
  ok: true;
  /** Liberman's exchange value of the side to move. */
  value: number;
  /** Moves reaching the value: the engine's choice (asm) or every one (oracle), sorted;
   *  empty when there is no legal move. */
  bestMoves: string[];
}

export interface BestRequest {
  fen: string;
  /** The budget in emulated milliseconds (x 3000 instructions). */
  ms: number;
}

export interface BestAnswer extends JobCost {
  ok: true;
  /** The move played; null when there is no legal move. */
  move: string | null;
  score: number;
  depth: number;
}

export type Job =
  "perft" | "moves" | "mate" | "keys" | "solution" | "helpmate" | "selfmate" | "exchange" | "best";

export interface Engine {
  readonly name: EngineName;
  /** The jobs the engine can do; any other answers each request with an error value. */
  readonly jobs: readonly Job[];
  perft(requests: PerftRequest[], opts?: BatchOptions): Promise<(PerftAnswer | EngineError)[]>;
  moves(fens: string[], opts?: BatchOptions): Promise<(MovesAnswer | EngineError)[]>;
  mate(requests: MateRequest[], opts?: BatchOptions): Promise<(MateAnswer | EngineError)[]>;
  /** Every key of a direct mate in at most N moves (`keys N FEN`). */
  keys(requests: MateRequest[], opts?: BatchOptions): Promise<(KeysAnswer | EngineError)[]>;
  /** The keys of a direct mate in at most N moves and their trees (`solution N FEN`). */
  solution(requests: MateRequest[], opts?: BatchOptions): Promise<(SolutionAnswer | EngineError)[]>;
  helpmate(
    requests: StipulationRequest[],
    opts?: BatchOptions,
  ): Promise<(HelpmateAnswer | EngineError)[]>;
  selfmate(
    requests: StipulationRequest[],
    opts?: BatchOptions,
  ): Promise<(SelfmateAnswer | EngineError)[]>;
  exchange(
    requests: ExchangeRequest[],
    opts?: BatchOptions,
  ): Promise<(ExchangeAnswer | EngineError)[]>;
  /** The move the engine plays, thinking within the budget. */
  best(requests: BestRequest[], opts?: BatchOptions): Promise<(BestAnswer | EngineError)[]>;
}

const byUci = (a: [string, number], b: [string, number]) =>
  a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0;

export const oracleEngine: Engine = {
  name: "oracle",
  jobs: ["perft", "moves", "mate", "keys", "solution", "helpmate", "selfmate", "exchange"],
  async perft(requests) {
    return requests.map((r): PerftAnswer | EngineError => {
      const parsed = oracle.parseFen(r.fen);
      if (!parsed.ok) return { ok: false, code: parsed.error.code, message: parsed.error.message };
      if (!r.divide) return { ok: true, nodes: oracle.perft(parsed.pos, r.depth) };
      const divide = oracle.divide(parsed.pos, r.depth).slice().sort(byUci);
      return { ok: true, nodes: divide.reduce((s, [, n]) => s + n, 0), divide };
    });
  },
  async moves(fens) {
    return fens.map((fen): MovesAnswer | EngineError => {
      const parsed = oracle.parseFen(fen);
      if (!parsed.ok) return { ok: false, code: parsed.error.code, message: parsed.error.message };
      return {
        ok: true,
        moves: oracle
          .legalMoves(parsed.pos)
          .map((m) => oracle.moveToUci(m))
          .sort(),
      };
    });
  },
  async mate(requests) {
    return requests.map((r) =>
      oracleAnswer(r.fen, (pos): MateAnswer => {
        const found = oracle.findMate(pos, r.moves);
        return {
          ok: true,
          length: found?.length ?? null,
          firstMoves: (found?.moves ?? []).map(oracle.moveToUci).sort(),
        };
      }),
    );
  },
  async keys(requests) {
    return requests.map((r) =>
      oracleAnswer(r.fen, (pos): KeysAnswer => ({
        ok: true,
        keys: sortedKeys(
          oracle
            .findKeys(pos, r.moves)
            .map((k) => ({ move: oracle.moveToUci(k.move), length: k.length })),
        ),
      })),
    );
  },
  async solution(requests: SolveRequest[]) {
    const lines = {
      direct: oracle.solutionLines,
      help: oracle.helpSolutionLines,
      self: oracle.selfSolutionLines,
    };
    return requests.map((r) =>
      oracleAnswer(r.fen, (pos): SolutionAnswer => ({
        ok: true,
        lines: lines[r.aim ?? "direct"](pos, r.moves),
      })),
    );
  },
  async helpmate(requests) {
    return requests.map((r) =>
      oracleAnswer(r.fen, (pos): HelpmateAnswer => {
        const found = oracle.findHelpmate(pos, r.moves);
        return {
          ok: true,
          length: found?.length ?? null,
          solutions: found?.solutions ?? 0,
          line: (found?.line ?? []).map(oracle.moveToUci),
        };
      }),
    );
  },
  async selfmate(requests) {
    return requests.map((r) =>
      oracleAnswer(r.fen, (pos): SelfmateAnswer => {
        const found = oracle.findSelfmate(pos, r.moves);
        return {
          ok: true,
          length: found?.length ?? null,
          keys: (found?.keys ?? []).map(oracle.moveToUci).sort(),
        };
      }),
    );
  },
  async exchange(requests) {
    return requests.map((r) =>
      oracleAnswer(r.fen, (pos): ExchangeAnswer => {
        const result = oracle.exchange(pos, r.depth);
        return {
          ok: true,
          value: result.value,
          bestMoves: result.moves.map(oracle.moveToUci).sort(),
        };
      }),
    );
  },
  async best(requests) {
    return requests.map((): EngineError => ({
      ok: false,
      code: "unsupported",
      message: "the oracle has no search of its own",
    }));
  },
};

/** Runs an oracle question on a FEN; a bad FEN or an argument out of range (the
 *  oracle's RangeError) comes back as an error value, as the assembly gives it. */
function oracleAnswer<A>(fen: string, ask: (pos: oracle.Position) => A): A | EngineError {
  const parsed = oracle.parseFen(fen);
  if (!parsed.ok) return { ok: false, code: parsed.error.code, message: parsed.error.message };
  try {
    return ask(parsed.pos);
  } catch (e) {
    if (e instanceof RangeError) return { ok: false, code: "arg", message: e.message };
    throw e;
  }
}

/** The error line of a job, if it failed: `error <code> <message...>`. */
function jobError(g: JobLines): EngineError | null {
  const e = g.lines.find((w) => w[0] === "error");
  return e ? { ok: false, code: e[1] ?? "unknown", message: e.slice(2).join(" ") } : null;
}

function perftAnswer(g: JobLines): PerftAnswer | EngineError {
  const err = jobError(g);
  if (err) return err;
  const total = g.lines.find((w) => w[0] === "perft");
  if (!total) return { ok: false, code: "protocol", message: `job ${g.job} has no perft line` };
  const field = (name: string) => {
    const i = total.indexOf(name);
    return i > 0 ? Number(total[i + 1]) : undefined;
  };
  const divideLines = g.lines.filter((w) => w[0] === "divide");
  const answer: PerftAnswer = {
    ok: true,
    nodes: Number(total[2]),
    tsc: field("tsc"),
    ticks: field("ticks"),
  };
  if (divideLines.length > 0)
    answer.divide = divideLines.map((w): [string, number] => [w[1]!, Number(w[2])]).sort(byUci);
  return answer;
}

/** The number after a named field of a result line (`nodes 12 ticks 0 tsc 345`). */
function numberAfter(words: string[], name: string): number | undefined {
  const i = words.indexOf(name);
  return i > 0 ? Number(words[i + 1]) : undefined;
}

function jobCost(words: string[]): JobCost {
  return {
    nodes: numberAfter(words, "nodes"),
    ticks: numberAfter(words, "ticks"),
    tsc: numberAfter(words, "tsc"),
  };
}

/** The job's one result line starting with one of `verbs`, or a protocol error. */
function resultLine(g: JobLines, verbs: string[]): string[] | EngineError {
  const err = jobError(g);
  if (err) return err;
  const stopped = g.lines.find((w) => w[0] === "stopped");
  if (stopped)
    return {
      ok: false,
      code: "limit",
      message: `job ${g.job} stopped at a limit: ${stopped.join(" ")}`,
    };
  const line = g.lines.find((w) => verbs.includes(w[0]!));
  return (
    line ?? {
      ok: false,
      code: "protocol",
      message: `job ${g.job} has no ${verbs.join(" or ")} line`,
    }
  );
}

function mateAnswer(g: JobLines): MateAnswer | EngineError {
  const line = resultLine(g, ["mate", "nomate"]);
  if (!Array.isArray(line)) return line;
  if (line[0] === "nomate") return { ok: true, length: null, firstMoves: [], ...jobCost(line) };
  return { ok: true, length: Number(line[1]), firstMoves: [line[2]!], ...jobCost(line) };
}

function sortedKeys(keys: { move: string; length: number }[]): KeysAnswer["keys"] {
  return keys.sort((a, b) => (a.move < b.move ? -1 : a.move > b.move ? 1 : 0));
}

/** `<n> keys <N> <uci>/<k>,<uci>/<k>,... nodes ...`, or `<n> keys <N> nodes ...`. */
function keysAnswer(g: JobLines): KeysAnswer | EngineError {
  const line = resultLine(g, ["keys"]);
  if (!Array.isArray(line)) return line;
  const list = line[2] === "nodes" ? [] : line[2]!.split(",");
  const keys = list.map((item) => {
    const [move, length] = item.split("/");
    return { move: move!, length: Number(length) };
  });
  return { ok: true, keys: sortedKeys(keys), ...jobCost(line) };
}

const SOLUTION_ROLES = new Set(["key", "threat", "move"]);

/** `<n> line <ply> <role> <uci> [<k>]` lines, then `<n> solution <N> <keys> nodes ...`
 *  (a selfmate's `selfsolution`, a helpmate's `helpmate` or `nohelpmate` line). */
function solutionAnswer(g: JobLines): SolutionAnswer | EngineError {
  const end = resultLine(g, ["solution", "selfsolution", "helpmate", "nohelpmate"]);
  if (!Array.isArray(end)) return end;
  const lines: oracle.SolutionLine[] = [];
  for (const w of g.lines.filter((l) => l[0] === "line")) {
    const [, ply, role, move, length] = w;
    if (!SOLUTION_ROLES.has(role!) || !move)
      return { ok: false, code: "protocol", message: `job ${g.job}: a bad line: ${w.join(" ")}` };
    lines.push({
      ply: Number(ply),
      role: role as oracle.SolutionRole,
      move,
      ...(length === undefined ? {} : { length: Number(length) }),
    });
  }
  return { ok: true, lines, ...jobCost(end) };
}

function helpmateAnswer(g: JobLines): HelpmateAnswer | EngineError {
  const line = resultLine(g, ["helpmate", "nohelpmate"]);
  if (!Array.isArray(line)) return line;
  if (line[0] === "nohelpmate")
    return { ok: true, length: null, solutions: 0, line: [], ...jobCost(line) };
  return {
    ok: true,
    length: Number(line[1]),
    solutions: Number(line[2]),
    line: line[3]!.split(","),
    ...jobCost(line),
  };
}

function selfmateAnswer(g: JobLines): SelfmateAnswer | EngineError {
  const line = resultLine(g, ["selfmate", "noselfmate"]);
  if (!Array.isArray(line)) return line;
  if (line[0] === "noselfmate") return { ok: true, length: null, keys: [], ...jobCost(line) };
  return { ok: true, length: Number(line[1]), keys: [line[2]!], ...jobCost(line) };
}

function exchangeAnswer(g: JobLines): ExchangeAnswer | EngineError {
  const line = resultLine(g, ["exchange"]);
  if (!Array.isArray(line)) return line;
  return {
    ok: true,
    value: Number(line[1]),
    bestMoves: line[2] === "none" ? [] : [line[2]!],
    ...jobCost(line),
  };
}

function bestAnswer(g: JobLines): BestAnswer | EngineError {
  const line = resultLine(g, ["best"]);
  if (!Array.isArray(line)) return line;
  return {
    ok: true,
    move: line[1] === "none" ? null : line[1]!,
    score: numberAfter(line, "score")!,
    depth: numberAfter(line, "depth")!,
    ...jobCost(line),
  };
}

export const asmEngine: Engine = {
  name: "asm",
  jobs: ["perft", "moves", "mate", "keys", "solution", "helpmate", "selfmate", "exchange", "best"],
  async perft(requests, opts) {
    const jobs = requests.map((r) => `${r.divide ? "divide" : "perft"} ${r.depth} ${r.fen}`);
    return (
      await runBatch(
        jobs,
        opts,
        requests.map((r) => r.fen),
      )
    ).map(perftAnswer);
  },
  async moves(fens, opts) {
    const groups = await runBatch(
      fens.map((f) => `moves ${f}`),
      opts,
      fens,
    );
    return groups.map((g): MovesAnswer | EngineError => {
      const err = jobError(g);
      if (err) return err;
      const line = g.lines.find((w) => w[0] === "moves");
      if (!line) return { ok: false, code: "protocol", message: `job ${g.job} has no moves line` };
      return { ok: true, moves: line.slice(2).sort() };
    });
  },
  async mate(requests, opts) {
    return (
      await runBatch(
        requests.map((r) => `mate ${r.moves} ${r.fen}`),
        opts,
        requests.map((r) => r.fen),
      )
    ).map(mateAnswer);
  },
  async keys(requests, opts) {
    return (
      await runBatch(
        requests.map((r) => `keys ${r.moves} ${r.fen}`),
        opts,
        requests.map((r) => r.fen),
      )
    ).map(keysAnswer);
  },
  async solution(requests: SolveRequest[], opts) {
    return (
      await runBatch(
        requests.map((r) => `${SOLVE_JOB[r.aim ?? "direct"]} ${r.moves} ${r.fen}`),
        opts,
        requests.map((r) => r.fen),
      )
    ).map(solutionAnswer);
  },
  async helpmate(requests, opts) {
    return (
      await runBatch(
        requests.map((r) => `helpmate ${r.moves} ${r.fen}`),
        opts,
        requests.map((r) => r.fen),
      )
    ).map(helpmateAnswer);
  },
  async selfmate(requests, opts) {
    return (
      await runBatch(
        requests.map((r) => `selfmate ${r.moves} ${r.fen}`),
        opts,
        requests.map((r) => r.fen),
      )
    ).map(selfmateAnswer);
  },
  async exchange(requests, opts) {
    return (
      await runBatch(
        requests.map((r) => `exchange ${r.depth} ${r.fen}`),
        opts,
        requests.map((r) => r.fen),
      )
    ).map(exchangeAnswer);
  },
  async best(requests, opts) {
    return (
      await runBatch(
        requests.map((r) => `best ${r.ms} ${r.fen}`),
        opts,
        requests.map((r) => r.fen),
      )
    ).map(bestAnswer);
  },
};

export function engineByName(name: string): Engine | null {
  return name === "oracle" ? oracleEngine : name === "asm" ? asmEngine : null;
}
