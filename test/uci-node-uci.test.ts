// bin/liberman-uci driven by node-uci (npm), a UCI client nobody here wrote: from a fresh
// folder with a fresh cache, a checkout (a copy of this one's sources, node_modules
// linked) plays a game, analyses with MultiPV 3, ponders and quits; then the checkout is
// moved and started again with the same cache. Every move is checked with the oracle.
// node-uci waits for an answer by the last line of each chunk it reads from the engine's
// stdout: two answers in one chunk (a client slow to read, on a loaded machine) and the
// first is never seen. Its ponderhit() sends isready and waits for readyok while the
// go ponder waits for its bestmove, which comes at once when the pondering has used the
// move's time: `readyok` and `bestmove` then share a chunk and one wait hangs. So the
// session sends ponderhit with write() and waits for the bestmove alone, and every step
// has a bound of its own, so that a wait that never ends fails at once, saying which.
import {
  chmodSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { BUILT_ENV, ROOT } from "../ts-harness/core/build.ts";
import * as oracle from "../ts-harness/oracle/index.ts";

interface GoResult {
  bestmove: string;
  ponder?: string;
  info: { depth?: number; multipv?: number; pv?: string }[];
}
interface NodeUciEngine {
  init(): Promise<NodeUciEngine>;
  setoption(name: string, value: string | number | boolean): Promise<NodeUciEngine>;
  isready(): Promise<NodeUciEngine>;
  ucinewgame(): Promise<NodeUciEngine>;
  position(fen: string, moves?: string[]): Promise<NodeUciEngine>;
  go(limits: Record<string, number | boolean>): Promise<GoResult>;
  ponderhit(): Promise<NodeUciEngine>;
  quit(): Promise<NodeUciEngine>;
  write(command: string): void;
  id: { name: string | null };
  options: Map<string, unknown>;
  proc?: { kill(signal: string): void };
}
const { Engine } = createRequire(import.meta.url)("node-uci") as {
  Engine: new (path: string) => NodeUciEngine;
};

const KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
// The bounds of the steps: a start bundles the checkout's TypeScript; the first isready
// waits for nasm to assemble its CHESS.COM (20-30 s on a loaded machine); any other step
// is a command or a search of at most a second or two. The whole session takes 10-15 s
// on a quiet machine.
const START_MS = 30_000;
const FIRST_READY_MS = 60_000;
const STEP_MS = 20_000;
const SESSION_MS = 120_000;

const work = mkdtempSync(join(tmpdir(), "uci-node-uci-test-"));
const started: NodeUciEngine[] = [];
afterAll(() => {
  for (const e of started) e.proc?.kill("SIGKILL");
  rmSync(work, { recursive: true, force: true });
});

/** `step` within `ms`, or an error naming it. */
async function within<T>(ms: number, what: string, step: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([step, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** node-uci's engine started at `path`, its uciok within START_MS. */
async function start(path: string): Promise<NodeUciEngine> {
  const engine = new Engine(path);
  started.push(engine);
  return within(START_MS, "uci", engine.init());
}

function legal(fen: string, moves: string[]): string[] {
  return oracle
    .legalMoves(oracle.playUci(oracle.fenPosition(fen), moves))
    .map((m) => oracle.moveToUci(m));
}

/** A copy of this checkout's sources at `dir`, node_modules linked. */
function checkout(dir: string): void {
  mkdirSync(dir, { recursive: true });
  for (const part of ["asm", "bin", "ts-harness", "dosbox-config", "package.json"])
    cpSync(join(ROOT, part), join(dir, part), { recursive: true });
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"));
}

/** node-uci starts a path with no arguments: a script in a fresh folder that starts the
 *  checkout's engine there, with the shared cache and no test build to lean on. */
function launcher(name: string, repo: string, base: string): string {
  const dir = join(base, name);
  mkdirSync(dir);
  const path = join(dir, "engine");
  writeFileSync(
    path,
    `#!/bin/sh\ncd "${dir}" && unset ${BUILT_ENV} && XDG_CACHE_HOME="${join(base, "cache")}" exec "${repo}/bin/liberman-uci"\n`,
  );
  chmodSync(path, 0o755);
  return path;
}

describe("bin/liberman-uci under node-uci", () => {
  test(
    "node-uci plays a game, analyses with MultiPV 3, ponders and quits; the checkout moved starts again",
    { timeout: SESSION_MS },
    async () => {
      const repo = join(work, "checkout");
      checkout(repo);
      const engine = await start(launcher("first", repo, work));
      expect(engine.id.name).toMatch(/Liberman/);
      expect(engine.options.has("MultiPV")).toBe(true);
      await within(FIRST_READY_MS, "the first isready", engine.setoption("OwnBook", false));
      await within(STEP_MS, "ucinewgame", engine.ucinewgame());
      const moves: string[] = [];
      for (let ply = 0; ply < 6; ply++) {
        await within(STEP_MS, "position", engine.position("startpos", moves));
        const r = await within(STEP_MS, "go movetime 300", engine.go({ movetime: 300 }));
        expect(legal(oracle.START_FEN, moves)).toContain(r.bestmove);
        moves.push(r.bestmove);
      }
      await within(STEP_MS, "setoption", engine.setoption("MultiPV", 3));
      await within(STEP_MS, "position", engine.position(KIWIPETE));
      const multi = await within(STEP_MS, "go depth 3, MultiPV 3", engine.go({ depth: 3 }));
      const deepest = multi.info.filter((i) => i.depth === 3 && i.multipv !== undefined);
      expect(deepest.map((i) => i.multipv)).toEqual([1, 2, 3]);
      for (const i of deepest) expect(legal(KIWIPETE, [])).toContain(i.pv!.split(" ")[0]);
      expect(multi.bestmove).toBe(deepest[0]!.pv!.split(" ")[0]);
      await within(STEP_MS, "setoption", engine.setoption("MultiPV", 1));
      await within(STEP_MS, "setoption", engine.setoption("Ponder", true));
      await within(STEP_MS, "position", engine.position("startpos", moves));
      const pondering = engine.go({ ponder: true, wtime: 20_000, btime: 20_000 });
      await new Promise((r) => setTimeout(r, 1500));
      engine.write("ponderhit");
      const pondered = await within(STEP_MS, "go ponder, ponderhit", pondering);
      expect(legal(oracle.START_FEN, moves)).toContain(pondered.bestmove);
      if (pondered.ponder)
        expect(legal(oracle.START_FEN, [...moves, pondered.bestmove])).toContain(pondered.ponder);
      await within(STEP_MS, "quit", engine.quit());

      const moved = join(work, "moved");
      renameSync(repo, moved);
      const again = await start(launcher("second", moved, work));
      await within(STEP_MS, "isready", again.isready());
      await within(STEP_MS, "position", again.position(KIWIPETE));
      const r = await within(STEP_MS, "go depth 3", again.go({ depth: 3 }));
      expect(legal(KIWIPETE, [])).toContain(r.bestmove);
      await within(STEP_MS, "quit", again.quit());
    },
  );
});
