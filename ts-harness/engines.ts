// engines -- one interface over the two chess engines the CLI and the tests talk to: the
// TypeScript oracle (in-process) and the assembly (CHESS.COM under js-dos, in one boot
// per batch). Answers come back as values, errors included, one per request.
import { runBatch, type BatchOptions, type JobLines } from "./asm-engine.ts";
import * as oracle from "./oracle/index.ts";

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

export interface Engine {
  readonly name: EngineName;
  perft(requests: PerftRequest[], opts?: BatchOptions): Promise<(PerftAnswer | EngineError)[]>;
  moves(fens: string[], opts?: BatchOptions): Promise<(MovesAnswer | EngineError)[]>;
}

const byUci = (a: [string, number], b: [string, number]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

export const oracleEngine: Engine = {
  name: "oracle",
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
      return { ok: true, moves: oracle.legalMoves(parsed.pos).map((m) => oracle.moveToUci(m)).sort() };
    });
  },
};

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
  const answer: PerftAnswer = { ok: true, nodes: Number(total[2]), tsc: field("tsc"), ticks: field("ticks") };
  if (divideLines.length > 0) answer.divide = divideLines.map((w): [string, number] => [w[1]!, Number(w[2])]).sort(byUci);
  return answer;
}

export const asmEngine: Engine = {
  name: "asm",
  async perft(requests, opts) {
    const jobs = requests.map((r) => `${r.divide ? "divide" : "perft"} ${r.depth} ${r.fen}`);
    return (await runBatch(jobs, opts)).map(perftAnswer);
  },
  async moves(fens, opts) {
    const groups = await runBatch(fens.map((f) => `moves ${f}`), opts);
    return groups.map((g): MovesAnswer | EngineError => {
      const err = jobError(g);
      if (err) return err;
      const line = g.lines.find((w) => w[0] === "moves");
      if (!line) return { ok: false, code: "protocol", message: `job ${g.job} has no moves line` };
      return { ok: true, moves: line.slice(2).sort() };
    });
  },
};

export function engineByName(name: string): Engine | null {
  return name === "oracle" ? oracleEngine : name === "asm" ? asmEngine : null;
}
