// bin/liberman-uci driven by node-uci (npm), a UCI client nobody here wrote: from a fresh
// folder with a fresh cache, a checkout (a copy of this one's sources, node_modules
// linked) plays a game, analyses with MultiPV 3, ponders and quits; then the checkout is
// moved and started again with the same cache. Every move is checked with the oracle.
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
  id: { name: string | null };
  options: Map<string, unknown>;
}
const { Engine } = createRequire(import.meta.url)("node-uci") as {
  Engine: new (path: string) => NodeUciEngine;
};

const KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
// The first isready of the checkout waits for nasm to assemble its CHESS.COM.
const SESSION_MS = 120_000;

const work = mkdtempSync(join(tmpdir(), "uci-node-uci-test-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

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
    // A session normally takes 10-15 s. One in several runs under a loaded suite has hung
    // inside the client's session (not yet understood): each try has its own folders.
    { timeout: SESSION_MS, retry: 2 },
    async () => {
      const base = mkdtempSync(join(work, "try-"));
      const repo = join(base, "checkout");
      checkout(repo);
      const engine = await new Engine(launcher("first", repo, base)).init();
      expect(engine.id.name).toMatch(/Liberman/);
      expect(engine.options.has("MultiPV")).toBe(true);
      await engine.setoption("OwnBook", false);
      await engine.isready();
      await engine.ucinewgame();
      const moves: string[] = [];
      for (let ply = 0; ply < 6; ply++) {
        await engine.position("startpos", moves);
        const r = await engine.go({ movetime: 300 });
        expect(legal(oracle.START_FEN, moves)).toContain(r.bestmove);
        moves.push(r.bestmove);
      }
      await engine.setoption("MultiPV", 3);
      await engine.position(KIWIPETE);
      const multi = await engine.go({ depth: 3 });
      const deepest = multi.info.filter((i) => i.depth === 3 && i.multipv !== undefined);
      expect(deepest.map((i) => i.multipv)).toEqual([1, 2, 3]);
      for (const i of deepest) expect(legal(KIWIPETE, [])).toContain(i.pv!.split(" ")[0]);
      expect(multi.bestmove).toBe(deepest[0]!.pv!.split(" ")[0]);
      await engine.setoption("MultiPV", 1);
      await engine.setoption("Ponder", true);
      await engine.position("startpos", moves);
      const pondering = engine.go({ ponder: true, wtime: 20_000, btime: 20_000 });
      await new Promise((r) => setTimeout(r, 1500));
      await engine.ponderhit();
      const pondered = await pondering;
      expect(legal(oracle.START_FEN, moves)).toContain(pondered.bestmove);
      if (pondered.ponder)
        expect(legal(oracle.START_FEN, [...moves, pondered.bestmove])).toContain(pondered.ponder);
      await engine.quit();

      const moved = join(base, "moved");
      renameSync(repo, moved);
      const again = await new Engine(launcher("second", moved, base)).init();
      await again.isready();
      await again.position(KIWIPETE);
      expect(legal(KIWIPETE, [])).toContain((await again.go({ depth: 3 })).bestmove);
      await again.quit();
    },
  );
});
