// bin/liberman-uci of two checkouts sharing one per-user cache, as one user with two
// clones has: each runs its own CHESS.COM, told apart by a number the program itself
// answers with (the deepest `go depth` its limit_words take, read from its map), and a
// checkout moved to another folder still starts. The checkouts are copies of this one's
// sources (node_modules linked), one with that limit changed in its asm/.
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { BUILT_ENV, ROOT } from "../ts-harness/core/build.ts";
import { UciClient } from "../ts-harness/core/uci-client.ts";
import * as oracle from "../ts-harness/oracle/index.ts";

const KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
/** The row of limit_words that gives `depth` its range, and the deepest it takes. */
const DEPTH_ROW = "dd 1, SEARCH_MAX_DEPTH";
const CHANGED_DEPTH = 40;
// The first isready of a checkout waits for nasm to assemble its CHESS.COM.
const READY_MS = 150_000;
const MOVE_MS = 30_000;

const work = mkdtempSync(join(tmpdir(), "uci-checkouts-test-"));
const cache = join(work, "cache");
const running: UciClient[] = [];
afterAll(async () => {
  await Promise.all(running.map((c) => c.quit()));
  rmSync(work, { recursive: true, force: true });
});

/** A copy of this checkout's sources at `dir`, node_modules linked. */
function checkout(dir: string): string {
  mkdirSync(dir, { recursive: true });
  for (const part of ["asm", "bin", "ts-harness", "dosbox-config", "package.json"])
    cpSync(join(ROOT, part), join(dir, part), { recursive: true });
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"));
  return dir;
}

/** The .asm files of `dir` holding `text`. */
function filesHolding(dir: string, text: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...filesHolding(path, text));
    else if (/\.(asm|inc)$/.test(name) && readFileSync(path, "utf8").includes(text)) out.push(path);
  }
  return out;
}

/** The deepest `go depth` the engine of `dir` takes, as it says when asked for 50. */
async function deepest(dir: string): Promise<number> {
  const engine = new UciClient(
    "env",
    ["-u", BUILT_ENV, `XDG_CACHE_HOME=${cache}`, join(dir, "bin/liberman-uci")],
    { cwd: work },
  );
  running.push(engine);
  engine.send("uci");
  await engine.waitFor(/^uciok$/, 10_000);
  engine.send("setoption name Backend value jsdos");
  engine.send("isready");
  await engine.waitFor(/^readyok$/, READY_MS);
  engine.send(`position fen ${KIWIPETE}`);
  engine.send("go depth 50 nodes 2000");
  const lines = await engine.waitFor(/^bestmove /, MOVE_MS);
  const legal = oracle.legalMoves(oracle.fenPosition(KIWIPETE)).map((m) => oracle.moveToUci(m));
  expect(legal).toContain(lines.at(-1)!.split(" ")[1]);
  await engine.quit(10_000);
  const note = lines.find((l) => l.startsWith("info string go depth 50: "));
  expect(note, lines.join("\n")).toBeDefined();
  return Number(/depth (\d+)$/.exec(note!)![1]);
}

describe("bin/liberman-uci of two checkouts with one cache", () => {
  const a = checkout(join(work, "a"));
  const b = checkout(join(work, "b"));

  test(
    "each checkout answers from its own CHESS.COM, the one with a changed asm/ too",
    async () => {
      const rows = filesHolding(join(b, "asm"), DEPTH_ROW);
      expect(rows, `one file of asm/ holds '${DEPTH_ROW}'`).toHaveLength(1);
      const text = readFileSync(rows[0]!, "utf8");
      writeFileSync(rows[0]!, text.replace(DEPTH_ROW, `dd 1, ${CHANGED_DEPTH}`));
      const first = await deepest(a);
      expect(await deepest(b)).toBe(CHANGED_DEPTH);
      expect(first).not.toBe(CHANGED_DEPTH);
      expect(await deepest(a)).toBe(first);
    },
    3 * READY_MS,
  );

  test(
    "a checkout moved to another folder starts and answers from its own program",
    async () => {
      const moved = join(work, "a-moved");
      renameSync(a, moved);
      expect(await deepest(moved)).not.toBe(CHANGED_DEPTH);
    },
    READY_MS,
  );
});
