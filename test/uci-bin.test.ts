// bin/liberman-uci as a GUI launches it: from a fresh temporary folder, with a fresh
// per-user cache (so that the bridge is bundled and CHESS.COM assembled there, as on a
// user's first start), through a scripted session of the commands GUIs send. Every move
// it names is checked with the oracle. Under Backend jsdos (the tests' fixed cycles),
// then once under native DOSBox for what only a child process can get wrong: a `quit`
// during a search leaves no emulator behind. The repository must not change.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { BUILT_ENV, ROOT } from "../ts-harness/core/build.ts";
import { UciClient } from "../ts-harness/core/uci-client.ts";
import * as oracle from "../ts-harness/oracle/index.ts";

const BIN = join(ROOT, "bin/liberman-uci");
const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
// python-chess and lichess-bot wait 10 s for uciok.
const UCIOK_MS = 10_000;
// The first isready waits for CHESS.COM to be assembled into the fresh cache.
const FIRST_READY_MS = 150_000;
const MOVE_WAIT_MS = 30_000;

const work = mkdtempSync(join(tmpdir(), "uci-bin-test-"));
const running: UciClient[] = [];
afterAll(async () => {
  await Promise.all(running.map((c) => c.quit()));
  rmSync(work, { recursive: true, force: true });
});

/** bin/liberman-uci started in a folder of its own, with its own cache and temp folder,
 *  outside the test run's build (it must build for itself, as a user's first start). */
function launch(name: string): { engine: UciClient; temp: string } {
  const cwd = join(work, name);
  const temp = join(cwd, "tmp");
  execFileSync("mkdir", ["-p", temp]);
  const env = ["-u", BUILT_ENV, `XDG_CACHE_HOME=${join(work, "cache")}`, `TMPDIR=${temp}`, BIN];
  const engine = new UciClient("env", env, { cwd });
  running.push(engine);
  return { engine, temp };
}

/** Every file of the repository but node_modules, .git and the run's own folders, with
 *  its size and time of change. */
function repositoryFiles(): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      const rel = relative(ROOT, path);
      if (["node_modules", ".git", "build", "test-artifacts"].includes(rel)) continue;
      const s = statSync(path);
      if (s.isDirectory()) walk(path);
      else out.set(rel, `${s.size} ${s.mtimeMs}`);
    }
  };
  walk(ROOT);
  return out;
}

function legal(fen: string, moves: string[]): string[] {
  return oracle
    .legalMoves(oracle.playUci(oracle.fenPosition(fen), moves))
    .map((m) => oracle.moveToUci(m));
}

const bestmove = (lines: string[]) => lines.at(-1)!.split(" ");

/** The processes whose command line names `path`. */
function processesNaming(path: string): string[] {
  return execFileSync("ps", ["-eo", "pid,args"], { encoding: "utf8" })
    .split("\n")
    .filter((l) => l.includes(path) && !l.includes("ps -eo"));
}

describe("bin/liberman-uci from a fresh folder", () => {
  const before = repositoryFiles();
  const { engine, temp } = launch("gui");

  test(
    "answers uci with its options and uciok, and isready once CHESS.COM is built",
    async () => {
      engine.send("uci");
      const lines = await engine.waitFor(/^uciok$/, UCIOK_MS);
      expect(lines[0]).toMatch(/^id name \S/);
      expect(lines).toContainEqual(
        "option name Backend type combo default auto var auto var dosbox var jsdos",
      );
      expect(lines).toContainEqual("option name MultiPV type spin default 1 min 1 max 8");
      expect(lines).toContainEqual("option name Ponder type check default false");
      expect(lines).toContainEqual(expect.stringMatching(/^option name Move Overhead type spin /));
      engine.send("setoption name Backend value jsdos");
      engine.send("isready");
      const ready = await engine.waitFor(/^readyok$/, FIRST_READY_MS);
      expect(ready.filter((l) => l.startsWith("info string"))).toEqual([]);
    },
    FIRST_READY_MS + UCIOK_MS,
  );

  test(
    "plays a game's moves under go movetime, depth, nodes and wtime, each a legal move",
    async () => {
      engine.send("ucinewgame");
      engine.send("setoption name OwnBook value false"); // the book knows this opening
      const moves = ["e2e4", "c7c5", "g1f3", "d7d6"];
      for (const go of [
        "go movetime 1000",
        "go depth 3",
        "go nodes 3000",
        "go wtime 30000 btime 30000 winc 200 binc 200",
      ]) {
        engine.send(`position startpos moves ${moves.join(" ")}`);
        engine.send(go);
        const lines = await engine.waitFor(/^bestmove /, MOVE_WAIT_MS);
        expect(legal(START, moves), `${go}: ${lines.join("\n")}`).toContain(bestmove(lines)[1]);
        expect(
          lines.some((l) => /^info depth \d+ /.test(l)),
          go,
        ).toBe(true);
      }
    },
    4 * MOVE_WAIT_MS,
  );

  test(
    "go infinite thinks until stop, then answers",
    async () => {
      engine.send(`position fen ${KIWIPETE}`);
      engine.send("go infinite");
      await engine.waitFor(/^info depth 2 /, MOVE_WAIT_MS);
      engine.send("isready");
      expect((await engine.waitFor(/^(readyok|bestmove .*)$/, 5000)).at(-1)).toBe("readyok");
      engine.send("stop");
      expect(legal(KIWIPETE, [])).toContain(bestmove(await engine.waitFor(/^bestmove /, 5000))[1]);
    },
    2 * MOVE_WAIT_MS,
  );

  test(
    "go ponder holds its answer until ponderhit, then answers on the clock",
    async () => {
      engine.send("setoption name Ponder value true");
      engine.send("position startpos moves d2d4 d7d5 c2c4 e7e6");
      engine.send("go ponder wtime 20000 btime 20000");
      await engine.waitFor(/^info depth 3 /, MOVE_WAIT_MS);
      engine.send("isready");
      expect((await engine.waitFor(/^(readyok|bestmove .*)$/, 5000)).at(-1)).toBe("readyok");
      engine.send("ponderhit");
      const words = bestmove(await engine.waitFor(/^bestmove /, 20_000));
      const moves = ["d2d4", "d7d5", "c2c4", "e7e6"];
      expect(legal(START, moves)).toContain(words[1]);
      // The answer names a move to ponder on: a legal reply.
      expect(words[2]).toBe("ponder");
      expect(legal(START, [...moves, words[1]!])).toContain(words[3]);
    },
    2 * MOVE_WAIT_MS,
  );

  test(
    "go ponder then stop answers with a legal move",
    async () => {
      engine.send("position startpos moves e2e4");
      engine.send("go ponder wtime 20000 btime 20000");
      await engine.waitFor(/^info depth 2 /, MOVE_WAIT_MS);
      engine.send("stop");
      expect(legal(START, ["e2e4"])).toContain(
        bestmove(await engine.waitFor(/^bestmove /, 5000))[1],
      );
      engine.send("setoption name Ponder value false");
    },
    MOVE_WAIT_MS,
  );

  test(
    "MultiPV 3 reports three lines a depth, three different legal moves each with a score, the best first",
    async () => {
      engine.send("setoption name MultiPV value 3");
      engine.send(`position fen ${KIWIPETE}`);
      engine.send("go depth 3");
      const lines = await engine.waitFor(/^bestmove /, 2 * MOVE_WAIT_MS);
      const multi = lines.filter((l) => / multipv \d /.test(l));
      const depth3 = multi.filter((l) => l.startsWith("info depth 3 "));
      expect(depth3.map((l) => Number(/ multipv (\d+)/.exec(l)![1]))).toEqual([1, 2, 3]);
      const firsts = depth3.map((l) => / pv (\S+)/.exec(l)![1]!);
      expect(new Set(firsts).size).toBe(3);
      for (const m of firsts) expect(legal(KIWIPETE, [])).toContain(m);
      for (const l of depth3) expect(l).toMatch(/ score (cp|mate) -?\d+ /);
      expect(bestmove(lines)[1]).toBe(firsts[0]);
      engine.send("setoption name MultiPV value 1");
    },
    2 * MOVE_WAIT_MS,
  );

  test(
    "numbers out of the engine's range are clamped with an info string, and the move is searched",
    async () => {
      engine.send(`position fen ${KIWIPETE}`);
      engine.send("go depth 50 nodes 0 movetime 800");
      const lines = await engine.waitFor(/^bestmove /, MOVE_WAIT_MS);
      expect(lines).toContainEqual(expect.stringMatching(/^info string go depth 50: .*depth 48$/));
      expect(lines).toContainEqual("info string go nodes 0: no node limit");
      expect(lines.some((l) => /^info depth \d+ /.test(l))).toBe(true);
      expect(legal(KIWIPETE, [])).toContain(bestmove(lines)[1]);
    },
    MOVE_WAIT_MS,
  );

  test("quit ends the engine, and the repository is as it was", async () => {
    await engine.quit(10_000);
    expect(engine.hasExited).toBe(true);
    expect(processesNaming(temp)).toEqual([]);
    const after = repositoryFiles();
    const changed = [...after].filter(([k, v]) => before.get(k) !== v).map(([k]) => k);
    expect(changed).toEqual([]);
  }, 15_000);
});

describe.skipIf(!existsSync("/usr/bin/dosbox"))("bin/liberman-uci under native DOSBox", () => {
  test(
    "two engines at once both answer, and a quit during a search leaves no emulator running",
    async () => {
      const a = launch("native-a");
      const b = launch("native-b");
      for (const { engine } of [a, b]) {
        engine.send("uci");
        engine.send("setoption name Backend value dosbox");
        engine.send("isready");
      }
      for (const { engine } of [a, b]) await engine.waitFor(/^readyok$/, FIRST_READY_MS);
      for (const { engine } of [a, b]) {
        engine.send(`position fen ${KIWIPETE}`);
        engine.send("go depth 4");
      }
      for (const { engine } of [a, b])
        expect(legal(KIWIPETE, [])).toContain(
          bestmove(await engine.waitFor(/^bestmove /, MOVE_WAIT_MS))[1],
        );
      a.engine.send("go infinite");
      await a.engine.waitFor(/^info depth 3 /, MOVE_WAIT_MS);
      expect(processesNaming(a.temp).length).toBeGreaterThan(0);
      await a.engine.quit(10_000);
      expect(processesNaming(a.temp)).toEqual([]);
      // The other engine goes on.
      b.engine.send("go depth 3");
      expect(legal(KIWIPETE, [])).toContain(
        bestmove(await b.engine.waitFor(/^bestmove /, MOVE_WAIT_MS))[1],
      );
      await b.engine.quit(10_000);
      expect(processesNaming(b.temp)).toEqual([]);
    },
    FIRST_READY_MS + 4 * MOVE_WAIT_MS,
  );

  // Once: movetime lost Move Overhead (300 ms) as well as the pipe's cost; after ponderhit the search planned afresh as if it had not
  // pondered (6.9 s where an unpondered move took 2.5).
  test(
    "go movetime 2000 answers after 1.85 to 2.6 s, MultiPV 3 lines carry the move and its reply's principal line, each move legal, and ponderhit after three seconds of pondering answers within a second",
    async () => {
      const { engine } = launch("native-c");
      engine.send("uci");
      engine.send("setoption name Backend value dosbox");
      engine.send("setoption name OwnBook value false");
      engine.send("isready");
      await engine.waitFor(/^readyok$/, FIRST_READY_MS);
      engine.send(`position fen ${KIWIPETE}`);
      engine.send("go depth 3");
      await engine.waitFor(/^bestmove /, MOVE_WAIT_MS);
      const moves = ["d2d4", "d7d5", "c2c4", "e7e6"];
      engine.send(`position startpos moves ${moves.join(" ")}`);
      let sent = Date.now();
      engine.send("go movetime 2000");
      const timed = await engine.waitFor(/^bestmove /, MOVE_WAIT_MS);
      const took = Date.now() - sent;
      expect(legal(START, moves)).toContain(bestmove(timed)[1]);
      expect(took).toBeGreaterThanOrEqual(1850);
      expect(took).toBeLessThanOrEqual(2600);

      engine.send("setoption name MultiPV value 3");
      engine.send(`position fen ${KIWIPETE}`);
      engine.send("go movetime 3000");
      const multi = (await engine.waitFor(/^bestmove /, MOVE_WAIT_MS)).filter((l) =>
        / multipv \d /.test(l),
      );
      const last = multi.slice(-3);
      expect(last.map((l) => Number(/ multipv (\d+)/.exec(l)![1]))).toEqual([1, 2, 3]);
      const pvs = last.map((l) => / pv (.*)$/.exec(l)![1]!.split(" "));
      // Each line is the move and its reply's principal line, as the search and the hash
      // table know it: more than the move and one reply.
      expect(Math.max(...pvs.map((pv) => pv.length)), last.join("\n")).toBeGreaterThanOrEqual(3);
      for (const l of last) {
        const pv = / pv (.*)$/.exec(l)![1]!.split(" ");
        expect(pv.length, l).toBeGreaterThanOrEqual(2);
        let pos = oracle.fenPosition(KIWIPETE);
        for (const m of pv) {
          expect(legal(oracle.toFen(pos), []), l).toContain(m);
          pos = oracle.playUci(pos, [m]);
        }
      }
      engine.send("setoption name MultiPV value 1");

      engine.send("setoption name Ponder value true");
      engine.send(`position startpos moves ${moves.join(" ")}`);
      engine.send("go ponder wtime 20000 btime 20000");
      await new Promise((r) => setTimeout(r, 3000));
      sent = Date.now();
      engine.send("ponderhit");
      const hit = await engine.waitFor(/^bestmove /, MOVE_WAIT_MS);
      expect(legal(START, moves)).toContain(bestmove(hit)[1]);
      expect(Date.now() - sent).toBeLessThanOrEqual(1000);
      await engine.quit(10_000);
    },
    FIRST_READY_MS + 4 * MOVE_WAIT_MS,
  );
});
