import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { JOBS_FILE, parseResult, RESULT_FILE, runBatch, type JobLines } from "../ts-harness/asm-engine.ts";
import { assemble, CHESS, PROBE, ROOT } from "../ts-harness/build.ts";
import { DOSBOX, runDosNative } from "../ts-harness/dosbox-native.ts";
import { DosRunError } from "../ts-harness/runner.ts";

// Debian's dosbox is installed by setup.mjs when missing (as root on Debian); the tests
// skip only when it is still missing after that.
const dosboxReady = spawnSync(process.execPath, [join(ROOT, "ts-harness/setup.mjs"), DOSBOX], { stdio: "inherit" }).status === 0;
if (!dosboxReady) console.warn("dosbox-native tests skipped: DOSBox is missing and setup.mjs could not install it");

describe.skipIf(!dosboxReady)("native DOSBox runner", () => {
  let probe: Uint8Array;
  beforeAll(async () => {
    probe = await assemble(PROBE);
  });
  const run = (args: string, extra: Partial<Parameters<typeof runDosNative>[0]> = {}) =>
    runDosNative({ program: "PROBE.COM", programBytes: probe, args, timeoutMs: 20_000, ...extra });

  test("a file the program writes comes back by its DOS name", async () => {
    const r = await run("write OUT.TXT carreau db 64");
    expect(r.exitCode).toBe(0);
    expect(Buffer.from(r.files.get("OUT.TXT")!).toString("latin1")).toBe("carreau db 64");
  });

  test("the program's stdout comes back", async () => {
    const r = await run("echo Liberman 1997");
    expect(r.stdout).toBe("Liberman 1997\r\n");
  });

  test.each([0, 1, 37, 255])("the exit code %i is reported", async (code) => {
    const r = await run(`exit ${code}`);
    expect(r.exitCode).toBe(code);
  });

  test("input files are placed beside the program byte for byte", async () => {
    const bytes = new Uint8Array(300).map((_, i) => (i * 7) & 0xff);
    const r = await run("exit 0", { files: { "DATA.BIN": bytes } });
    expect([...r.files.get("DATA.BIN")!]).toEqual([...bytes]);
  });

  test("a program that never returns is killed at the time limit with a clear error", async () => {
    const started = Date.now();
    const err = await run("hang", { timeoutMs: 2_000 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DosRunError);
    expect((err as DosRunError).kind).toBe("timeout");
    expect((err as DosRunError).message).toMatch(/PROBE\.COM hang: no end of the program after \d+ ms/);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  test("at the same fixed cycles, the emulated clock agrees with js-dos: the probe's timed loop takes the same BIOS ticks", async () => {
    // harness.conf's fixed 100000 cycles: 20 M instructions are 200 emulated ms, 3-4 ticks
    // (the js-dos runner test pins the same window).
    const r = await run("spin");
    const m = /^tsc (\d+) ticks (\d+)$/.exec(Buffer.from(r.files.get("SPIN.TXT")!).toString("latin1"));
    expect(m).not.toBeNull();
    expect(Number(m![1])).toBeGreaterThanOrEqual(20_000_000);
    expect(Number(m![1])).toBeLessThan(20_010_000);
    expect(Number(m![2])).toBeGreaterThanOrEqual(3);
    expect(Number(m![2])).toBeLessThanOrEqual(4);
  });
});

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
    lines: g.lines.map((words) => words.filter((w, i) => !["ticks", "tsc"].includes(w) && !["ticks", "tsc"].includes(words[i - 1] ?? ""))),
  }));
}

const chessWritten = existsSync(join(ROOT, CHESS.source));
if (!chessWritten) console.warn(`CHESS.COM batch comparison skipped: ${CHESS.source} does not exist yet`);

describe.skipIf(!dosboxReady || !chessWritten)("CHESS.COM in native DOSBox", () => {
  test("a batch of jobs gives the same results as under js-dos, apart from ticks and tsc", async () => {
    const chess = await assemble(CHESS);
    const [jsdos, native] = await Promise.all([
      runBatch(JOBS, { programBytes: chess, timeoutMs: 50_000 }),
      runDosNative({
        program: "CHESS.COM",
        programBytes: chess,
        args: `/jobs ${JOBS_FILE} ${RESULT_FILE}`,
        files: { [JOBS_FILE]: JOBS.join("\r\n") + "\r\n", [RESULT_FILE]: "FAIL native DOSBox: the program did not write its result file\r\n" },
        timeoutMs: 50_000,
      }),
    ]);
    expect(native.exitCode).toBe(0);
    const nativeGroups = parseResult(Buffer.from(native.files.get(RESULT_FILE) ?? new Uint8Array()).toString("latin1"), JOBS.length);
    expect(withoutCosts(nativeGroups)).toEqual(withoutCosts(jsdos));
  }, 60_000);
});
