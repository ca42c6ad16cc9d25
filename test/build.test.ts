import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { assemble, BuildError, BUILD_DIR, CHESS, PROBE } from "../ts-harness/build.ts";

describe("nasm build", () => {
  test("the probe program assembles to a .COM", async () => {
    // Into a folder of its own: other test files read build/PROBE.COM meanwhile.
    const target = { ...PROBE, output: "build/probe-check/PROBE.COM" };
    try {
      const bytes = await assemble(target);
      expect(bytes.length).toBeGreaterThan(100);
      expect(bytes.length).toBeLessThan(4096);
    } finally {
      rmSync(join(BUILD_DIR, "probe-check"), { recursive: true, force: true });
    }
  });

  test("a test cannot assemble CHESS.COM a second time: the run's global setup built it", async () => {
    await expect(assemble(CHESS)).rejects.toThrow(/built once per test run/);
  });

  test("a nasm error fails the build and names the file and the line", async () => {
    const dir = join(BUILD_DIR, "broken");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "broken.asm"), "cpu 386\norg 100h\n  mov ax, bx\n  frobnicate ax\n");
    const target = { source: "build/broken/broken.asm", output: "build/broken/BROKEN.COM" };
    try {
      await expect(assemble(target)).rejects.toThrow(BuildError);
      await expect(assemble(target)).rejects.toThrow(/build\/broken\/broken\.asm:4: error:/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("a warning fails the build too", async () => {
    const dir = join(BUILD_DIR, "warn");
    mkdirSync(dir, { recursive: true });
    // A label alone on a line that looks like an instruction typo draws an orphan-label warning.
    writeFileSync(join(dir, "warn.asm"), "cpu 386\norg 100h\nlodsbb\n");
    const target = { source: "build/warn/warn.asm", output: "build/warn/WARN.COM" };
    try {
      await expect(assemble(target)).rejects.toThrow(/warn\.asm:3: (error|warning)/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
