import { existsSync, readdirSync } from "node:fs";
import { beforeAll, describe, expect, test } from "vitest";
import { PROBE, program } from "../ts-harness/core/build.ts";
import { dosboxInstalled, runDosNative } from "../ts-harness/core/dosbox-native.ts";
import {
  ARTIFACT_DIR,
  ARTIFACTS_ENV,
  DosRunError,
  DosSession,
  runDos,
  type DosRunOptions,
  type DosRunResult,
} from "../ts-harness/core/runner.ts";

// The runners are tested with asm/tools/probe.asm, a tiny program with one verb per feature.
// js-dos and Debian's native DOSBox must behave the same; only js-dos has a screen here.
let probe: Uint8Array;
beforeAll(async () => {
  probe = await program(PROBE);
});

const dosboxReady = dosboxInstalled();
if (!dosboxReady)
  console.warn(
    "native DOSBox runner tests skipped: DOSBox is missing and setup.mjs could not install it",
  );

type Runner = (opts: DosRunOptions) => Promise<DosRunResult>;
const RUNNERS: [string, Runner][] = [["headless js-dos", runDos]];
if (dosboxReady) RUNNERS.push(["native DOSBox", runDosNative]);

describe.each(RUNNERS)("the %s runner", (_name, runner) => {
  const run = (args: string, extra: Partial<DosRunOptions> = {}) =>
    runner({ program: "PROBE.COM", programBytes: probe, args, timeoutMs: 30_000, ...extra });

  test("a program's command tail reaches it and its stdout comes back", async () => {
    const r = await run("echo Liberman 1997");
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe("Liberman 1997\r\n");
  });

  test("a file the program writes comes back by its DOS name", async () => {
    const r = await run("write OUT.TXT carreau db 64");
    expect(r.exitCode).toBe(0);
    expect(Buffer.from(r.files.get("OUT.TXT")!).toString("latin1")).toBe("carreau db 64");
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

  test("a usage error exits with code 2 and says why", async () => {
    const r = await run("frobnicate");
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toMatch(/^usage: PROBE/);
  });

  test("rdtsc counts emulated instructions: a 10-million-iteration loop of two instructions costs 20 million", async () => {
    const r = await run("spin");
    const m = /^tsc (\d+) ticks (\d+)$/.exec(
      Buffer.from(r.files.get("SPIN.TXT")!).toString("latin1"),
    );
    expect(m).not.toBeNull();
    const tsc = Number(m![1]);
    // dec ecx + jnz, 10^7 times; the rest is the few instructions around the loop and
    // the timer interrupts that fall inside it.
    expect(tsc).toBeGreaterThanOrEqual(20_000_000);
    expect(tsc).toBeLessThan(20_010_000);
    // At fixed 100000 cycles/ms, 20 M instructions are 200 emulated ms = 3.6 BIOS ticks.
    expect(Number(m![2])).toBeGreaterThanOrEqual(3);
    expect(Number(m![2])).toBeLessThanOrEqual(4);
  });

  test("a program that never returns is stopped at the time limit with a clear error", async () => {
    const started = Date.now();
    const err = await run("hang", { timeoutMs: 2_000 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DosRunError);
    expect((err as DosRunError).kind).toBe("timeout");
    expect((err as DosRunError).message).toMatch(
      /PROBE\.COM hang: no end of the program after \d+ ms/,
    );
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe("the headless js-dos runner's screen and keys", () => {
  test("mode 13h is captured in a screenshot and a key press reaches INT 16h", async () => {
    const s = await DosSession.start({
      program: "PROBE.COM",
      programBytes: probe,
      args: "draw",
      timeoutMs: 30_000,
      captureStdout: false,
    });
    try {
      // The bottom-right quarter is drawn last: once it is not black, the picture is whole.
      const img = await s.waitUntil("the drawing", async () => {
        if (s.width() !== 320 || s.height() !== 200) return null;
        const shot = await s.screenshot();
        return shot.data[(199 * 320 + 319) * 4 + 1] !== 0 ? shot : null;
      });
      const rgb = (x: number, y: number) => [
        ...img.data.subarray((y * 320 + x) * 4, (y * 320 + x) * 4 + 3),
      ];
      // VGA default palette: 4 = red (AA,00,00), 15 = white, 1 = blue, 2 = green.
      expect(rgb(10, 10)).toEqual([0xaa, 0, 0]);
      expect(rgb(310, 10)).toEqual([0xff, 0xff, 0xff]);
      expect(rgb(10, 190)).toEqual([0, 0, 0xaa]);
      expect(rgb(310, 190)).toEqual([0, 0xaa, 0]);
      await s.saveScreenshot("runner-probe-draw");
      s.press("enter");
      const r = await s.finish();
      expect(Buffer.from(r.files.get("KEY.TXT")!).toString("latin1")).toBe("1C0D");
    } finally {
      await s.close();
    }
  });

  test("a time-out keeps the last screen as a PNG when the test run asks for it", async () => {
    expect(process.env[ARTIFACTS_ENV]).toBeTruthy();
    const err = await runDos({
      program: "PROBE.COM",
      programBytes: probe,
      args: "hang",
      timeoutMs: 2_000,
    }).catch((e: unknown) => e);
    expect((err as DosRunError).kind).toBe("timeout");
    expect((err as DosRunError).screenPng).toMatch(/\.png$/);
  });

  test("a failed run outside the test run (the CLI, the game driver) writes nothing into the checkout", async () => {
    const asked = process.env[ARTIFACTS_ENV];
    // Other test files may keep their own failures meanwhile: count this program's.
    const probes = () =>
      existsSync(ARTIFACT_DIR)
        ? readdirSync(ARTIFACT_DIR).filter((f) => f.startsWith("failed-PROBE")).length
        : 0;
    const before = probes();
    delete process.env[ARTIFACTS_ENV];
    try {
      const err = await runDos({
        program: "PROBE.COM",
        programBytes: probe,
        args: "hang",
        timeoutMs: 2_000,
      }).catch((e: unknown) => e);
      expect((err as DosRunError).kind).toBe("timeout");
      expect((err as DosRunError).screenPng).toBeNull();
      expect(probes()).toBe(before);
    } finally {
      process.env[ARTIFACTS_ENV] = asked;
    }
  });
});
