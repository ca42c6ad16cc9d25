// uci-bench -- `bin/liberman-uci bench [DEPTH]` (or `bench` in a UCI session), as Stockfish,
// OpenBench and fastchess expect: a fixed set of positions searched to a fixed depth by a
// freshly started CHESS.COM, one `best` job each in one batch, as `npm run record` runs
// its jobs; then `Nodes searched: N` and `Nodes/second: M`. The node count is the
// search's signature: it changes only when the search does, whatever the machine.
import { sleep } from "../core/runner.ts";
import { BACKENDS, type BackendName } from "../core/engine-hosts.ts";
import { EngineProcess, ResultReader } from "../core/engine-process.ts";
import { engineProgram, type EngineProgram } from "./uci-program.ts";

/** The positions: the six of the Chess Programming Wiki's perft page (start, Kiwipete,
 *  3 to 6), then two middlegames of Stockfish's bench list. */
export const BENCH_FENS: readonly string[] = [
  "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
  "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
  "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
  "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
  "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
  "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
  "4rrk1/pp1n3p/3q2pQ/2p1pb2/2PP4/2P3N1/P2B2PP/4RRK1 b - - 7 19",
  "r3r1k1/2p2ppp/p1p1bn2/8/1q2P3/2NPQN2/PPP3PP/R4RK1 b - - 2 15",
];
export const BENCH_DEPTH = 6;
/** The `best` job's budget when none is wanted (emulated ms), as the record's. */
const NO_BUDGET_MS = 65535;
/** However slow the machine, a bench ends. */
const BENCH_LIMIT_MS = 600_000;

/** The bench's jobs at `depth`: the record's fixed-depth `best` jobs. */
export function benchJobs(depth = BENCH_DEPTH): string[] {
  return BENCH_FENS.map((fen) => `best ${NO_BUDGET_MS} matelogic 0 depth ${depth} ${fen}`);
}

export interface BenchResult {
  nodes: number;
  ms: number;
  /** Each position's answer line, as the engine wrote it. */
  lines: string[];
}

/** Run the bench in a CHESS.COM of its own under `backend`. */
export async function runBench(
  program: EngineProgram,
  backend: BackendName,
  depth = BENCH_DEPTH,
): Promise<BenchResult> {
  const jobs = benchJobs(depth);
  const engine = new EngineProcess(program.bytes, backend);
  try {
    await engine.warm();
    const started = Date.now();
    const { host, first } = await engine.send(jobs);
    const reader = new ResultReader(host, first);
    const lines: string[] = [];
    let nodes = 0;
    while (lines.length < jobs.length) {
      for (const { job, words } of await reader.next()) {
        if (job >= first + jobs.length) continue;
        if (words[0] !== "best")
          throw new Error(`bench: job ${jobs[job - first]} answered ${words.join(" ")}`);
        nodes += Number(words[words.indexOf("nodes") + 1]);
        lines.push(words.join(" "));
      }
      if (Date.now() - started > BENCH_LIMIT_MS)
        throw new Error(`bench: no end within ${BENCH_LIMIT_MS / 1000} s`);
      if (lines.length < jobs.length) {
        if (await host.ended()) throw new Error("bench: the engine ended before its answers");
        await sleep(engine.pollMs);
      }
    }
    return { nodes, ms: Date.now() - started, lines };
  } finally {
    await engine.close();
  }
}

/** The bench's closing lines, as Stockfish prints them. */
export function benchSummary(r: BenchResult): string[] {
  return [
    `Total time (ms): ${r.ms}`,
    `Nodes searched: ${r.nodes}`,
    `Nodes/second: ${Math.round((r.nodes * 1000) / Math.max(r.ms, 1))}`,
  ];
}

/** The bench's depth from its word (none: BENCH_DEPTH), or what is wrong with it. */
export function readBenchDepth(word: string | undefined, max: number): number | string {
  if (word === undefined) return BENCH_DEPTH;
  const n = Number(word);
  if (!/^\d+$/.test(word) || n < 1 || n > max)
    return `bench takes a depth from 1 to ${max}, not '${word}'`;
  return n;
}

/** `bin/liberman-uci bench [DEPTH [BACKEND]]`: the bench on stdout, errors on stderr. */
export async function benchMain(args: string[]): Promise<number> {
  try {
    const program = await engineProgram();
    const depth = readBenchDepth(args[0], program.words.get("depth")!.max);
    const backend = (args[1] ?? "auto") as BackendName;
    if (typeof depth === "string" || !BACKENDS.includes(backend)) {
      process.stderr.write(
        `usage: liberman-uci bench [DEPTH [${BACKENDS.join("|")}]]: ${typeof depth === "string" ? depth : `no backend '${args[1]}'`}\n`,
      );
      return 2;
    }
    const r = await runBench(program, backend, depth);
    for (const line of r.lines) process.stderr.write(line + "\n");
    process.stdout.write(benchSummary(r).join("\n") + "\n");
    return 0;
  } catch (e) {
    process.stderr.write(`bench: ${(e as Error).message.split("\n")[0]}\n`);
    return 1;
  }
}
