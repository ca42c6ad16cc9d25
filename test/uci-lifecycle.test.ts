// bin/liberman-uci ended as GUIs, match runners and terminals end engines, during a
// `go infinite`: quit, its stdin closed, SIGTERM, SIGINT, SIGHUP. Each time, under native
// DOSBox (a child process) and under js-dos (a thread of the engine's process), the engine
// is gone within a second, no process of it is left (`ps`: DOSBox's command line names the
// engine's temp folder; /proc: no process keeps the temp folder the engine was given) and
// that folder is empty; after quit it prints nothing more. A SIGKILL ends everything too;
// the folder it leaves under DOSBox the next start removes.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { BUILT_ENV, ROOT } from "../ts-harness/core/build.ts";
import { UciClient } from "../ts-harness/core/uci-client.ts";

const BIN = join(ROOT, "bin/liberman-uci");
const KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const END_MS = 1000;
// The first isready waits for CHESS.COM to be assembled into the fresh cache.
const READY_MS = 150_000;
const THINK_MS = 30_000;

const work = mkdtempSync(join(tmpdir(), "uci-lifecycle-test-"));
const running: UciClient[] = [];
afterAll(async () => {
  for (const c of running) if (!c.hasExited) c.signal("SIGKILL");
  rmSync(work, { recursive: true, force: true });
});

let started = 0;
/** The engine in a folder of its own with its own temp folder, thinking under go infinite. */
async function thinking(backend: string, temp?: string) {
  const dir = join(work, `e${++started}`);
  temp ??= join(dir, "tmp");
  mkdirSync(temp, { recursive: true });
  const env = ["-u", BUILT_ENV, `XDG_CACHE_HOME=${join(work, "cache")}`, `TMPDIR=${temp}`, BIN];
  const engine = new UciClient("env", env, { cwd: dir.replace(/\/e\d+$/, "") });
  running.push(engine);
  engine.send("uci");
  engine.send(`setoption name Backend value ${backend}`);
  engine.send("isready");
  await engine.waitFor(/^readyok$/, READY_MS);
  engine.send(`position fen ${KIWIPETE}`);
  engine.send("go infinite");
  await engine.waitFor(/^info depth 2 /, THINK_MS);
  return { engine, temp };
}

/** The processes whose command line names `path`. */
function processesNaming(path: string): string[] {
  return execFileSync("ps", ["-eo", "pid,args"], { encoding: "utf8" })
    .split("\n")
    .filter((l) => l.includes(path) && !l.includes("ps -eo"));
}

/** The processes given `temp` as their temp folder: the engine and all it started. */
function processesKeeping(temp: string): string[] {
  const out: string[] = [];
  for (const pid of readdirSync("/proc").filter((n) => /^\d+$/.test(n))) {
    try {
      const env = readFileSync(`/proc/${pid}/environ`, "latin1").split("\0");
      if (env.includes(`TMPDIR=${temp}`)) out.push(pid);
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return out;
}

const hasDosbox = existsSync("/usr/bin/dosbox");
const backends = hasDosbox ? ["dosbox", "jsdos"] : ["jsdos"];
const endings = ["quit", "stdin closed", "SIGTERM", "SIGINT", "SIGHUP"] as const;
const cases = backends.flatMap((b) => endings.map((e) => [b, e] as const));

describe("bin/liberman-uci ended during go infinite", () => {
  test.each(cases)(
    "under %s, %s ends it within a second, with no process left and its temp folder empty",
    async (backend, ending) => {
      const { engine, temp } = await thinking(backend);
      if (backend === "dosbox") expect(processesNaming(temp).length).toBeGreaterThan(0);
      expect(processesKeeping(temp)).toContain(String(engine.pid));
      const said = engine.lines.length;
      if (ending === "quit") engine.send("quit");
      else if (ending === "stdin closed") engine.closeInput();
      else engine.signal(ending);
      expect(await engine.exitWithin(END_MS), `${ending}: still running`).toBe(true);
      expect(processesNaming(temp)).toEqual([]);
      expect(processesKeeping(temp)).toEqual([]);
      expect(readdirSync(temp)).toEqual([]);
      // Info lines already in the pipe may still come; the stopped search's bestmove not.
      if (ending === "quit")
        expect(engine.lines.slice(said).filter((l) => !l.startsWith("info "))).toEqual([]);
    },
    READY_MS + THINK_MS,
  );

  test.each(backends)(
    "under %s, after a SIGKILL no process is left, and the next start removes the folder left",
    async (backend) => {
      const { engine, temp } = await thinking(backend);
      const left = readdirSync(temp);
      // DOSBox's folder; js-dos keeps its files in memory.
      expect(left.length).toBe(backend === "dosbox" ? 1 : 0);
      engine.signal("SIGKILL");
      expect(await engine.exitWithin(END_MS)).toBe(true);
      await new Promise((r) => setTimeout(r, END_MS));
      expect(processesNaming(temp)).toEqual([]);
      expect(processesKeeping(temp)).toEqual([]);
      expect(readdirSync(temp)).toEqual(left);
      const next = await thinking(backend, temp);
      if (left[0]) expect(readdirSync(temp)).not.toContain(left[0]);
      next.engine.send("quit");
      expect(await next.engine.exitWithin(END_MS)).toBe(true);
      expect(readdirSync(temp)).toEqual([]);
    },
    2 * (READY_MS + THINK_MS),
  );
});
