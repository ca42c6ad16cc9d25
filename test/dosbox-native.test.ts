import { execa } from "execa";
import { describe, expect, test } from "vitest";
import {
  JOBS_FILE,
  parseResult,
  RESULT_FILE,
  runBatch,
  type JobLines,
} from "../ts-harness/core/asm-engine.ts";
import { CHESS, program } from "../ts-harness/core/build.ts";
import { dosboxInstalled, runDosNative } from "../ts-harness/core/dosbox-native.ts";

const dosboxReady = dosboxInstalled();
if (!dosboxReady)
  console.warn("dosbox-native tests skipped: DOSBox is missing and setup.mjs could not install it");

/** Positions with known traps (castling both ways, en passant with a pin, promotions),
 *  one job of every verb, and bad input. `best` stops on an rdtsc budget, so its move and
 *  node count must match too. */
const JOBS = [
  "perft 3 rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
  "divide 2 r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
  "perft 3 r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
  "moves 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
  "perft 2 r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
  "mate 2 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
  "exchange 4 r1bqkbnr/pppp1ppp/2n5/4p3/3PP3/5N2/PPP2PPP/RNBQKB1R b KQkq - 0 3",
  "best 1000 r1bqkbnr/pppp1ppp/2n5/4p3/3PP3/5N2/PPP2PPP/RNBQKB1R b KQkq - 0 3",
  "moves rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
  "frobnicate 8/8/8/8/8/8/8/K6k w - - 0 1",
];

/** A job's result lines without the emulator-dependent cost fields (ticks, tsc). */
function withoutCosts(groups: JobLines[]): JobLines[] {
  return groups.map((g) => ({
    job: g.job,
    lines: g.lines.map((words) =>
      words.filter(
        (w, i) => !["ticks", "tsc"].includes(w) && !["ticks", "tsc"].includes(words[i - 1] ?? ""),
      ),
    ),
  }));
}

describe.skipIf(!dosboxReady)("CHESS.COM in native DOSBox", () => {
  test("a batch of jobs gives the same results as under js-dos, apart from ticks and tsc", async () => {
    const chess = await program(CHESS);
    const [jsdos, native] = await Promise.all([
      runBatch(JOBS, { programBytes: chess, timeoutMs: 50_000 }),
      runDosNative({
        program: "CHESS.COM",
        programBytes: chess,
        args: `/jobs ${JOBS_FILE} ${RESULT_FILE}`,
        files: {
          [JOBS_FILE]: JOBS.join("\r\n") + "\r\n",
          [RESULT_FILE]: "FAIL native DOSBox: the program did not write its result file\r\n",
        },
        timeoutMs: 50_000,
      }),
    ]);
    expect(native.exitCode).toBe(0);
    const nativeGroups = parseResult(
      Buffer.from(native.files.get(RESULT_FILE) ?? new Uint8Array()).toString("latin1"),
      JOBS,
    );
    expect(withoutCosts(nativeGroups)).toEqual(withoutCosts(jsdos));
  }, 60_000);

  test("runBatch's native option runs DOSBox and answers as js-dos does, with the same emulated instruction counts to a few timer interrupts", async () => {
    const chess = await program(CHESS);
    const jobs = [
      "mate 3 k7/1pR2R2/p6r/8/1N6/2K5/3P4/4B3 w - - 0 1",
      "mate 4 r3k3/2Qp3R/1p6/1b2K3/4p3/8/5p2/8 w q - 0 1",
      "perft 3 rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ];
    const [jsdos, native] = await Promise.all([
      runBatch(jobs, { programBytes: chess, timeoutMs: 50_000 }),
      runBatch(jobs, { programBytes: chess, timeoutMs: 50_000, native: true }),
    ]);
    expect(withoutCosts(native)).toEqual(withoutCosts(jsdos));
    const tsc = (groups: JobLines[]) =>
      groups.map((g) => Number(g.lines[0]![g.lines[0]!.indexOf("tsc") + 1]));
    tsc(native).forEach((count, i) => {
      expect(count).toBeGreaterThan(0);
      expect(Math.abs(count - tsc(jsdos)[i]!)).toBeLessThanOrEqual(
        Math.max(50, tsc(jsdos)[i]! * 1e-5),
      );
    });
    const path = process.env.PATH;
    process.env.PATH = "/nonexistent";
    try {
      await expect(runBatch(jobs, { programBytes: chess, native: true })).rejects.toThrow(
        /dosbox' is not installed/,
      );
    } finally {
      process.env.PATH = path;
    }
  }, 60_000);
});

describe.skipIf(!dosboxReady)("npm run dosbox", () => {
  // No window can open: DOSBox says why, and the script fails at once instead of
  // drawing in the terminal or waiting for ever.
  for (const [what, display] of [
    ["a display that does not exist", ":87"],
    ["no display at all", undefined],
  ] as const) {
    test(`with ${what} exits non-zero within a bounded time, with DOSBox's own message`, async () => {
      const env: Record<string, string | undefined> = { ...process.env, DISPLAY: display };
      delete env.WAYLAND_DISPLAY;
      delete env.SDL_VIDEODRIVER;
      if (display === undefined) delete env.DISPLAY;
      const started = Date.now();
      // Its own process group, killed whole when it runs over: npm, tsx and DOSBox.
      const run = execa("npm", ["run", "--silent", "dosbox"], {
        env,
        extendEnv: false,
        stdin: "ignore",
        reject: false,
        detached: true,
      });
      let overran = false;
      const limit = setTimeout(() => {
        overran = true;
        try {
          process.kill(-run.pid!, "SIGKILL");
        } catch {
          // Already gone.
        }
      }, 45_000);
      const r = await run;
      clearTimeout(limit);
      expect(overran, "npm run dosbox returned by itself").toBe(false);
      expect(r.exitCode).not.toBe(0);
      expect(r.stderr).toMatch(/DOSBox did not run the game: .*(SDL|display|video)/i);
      expect(Date.now() - started).toBeLessThan(45_000);
    }, 60_000);
  }
});
