import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { assemble, BuildError, BUILD_DIR, CHESS, PROBE, type AsmTarget } from "../ts-harness/build.ts";

/** Runs `check` on a target assembled in a folder of its own, build/<name>/ (other test
 *  files read build/ meanwhile), from `source` when given; the folder goes afterwards. */
async function inScratch(name: string, source: string | null, check: (target: AsmTarget) => Promise<void>): Promise<void> {
  const dir = join(BUILD_DIR, name);
  mkdirSync(dir, { recursive: true });
  try {
    if (source === null) return await check({ ...PROBE, output: `build/${name}/PROBE.COM` });
    writeFileSync(join(dir, `${name}.asm`), source);
    await check({ source: `build/${name}/${name}.asm`, output: `build/${name}/${name.toUpperCase()}.COM` });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("nasm build", () => {
  test("the probe program assembles to a .COM", () =>
    inScratch("probe-check", null, async (target) => {
      const bytes = await assemble(target);
      expect(bytes.length).toBeGreaterThan(100);
      expect(bytes.length).toBeLessThan(4096);
    }));

  test("a test cannot assemble CHESS.COM a second time: the run's global setup built it", async () => {
    await expect(assemble(CHESS)).rejects.toThrow(/built once per test run/);
  });

  test("a nasm error fails the build and names the file and the line", () =>
    inScratch("broken", "cpu 386\norg 100h\n  mov ax, bx\n  frobnicate ax\n", async (target) => {
      await expect(assemble(target)).rejects.toThrow(BuildError);
      await expect(assemble(target)).rejects.toThrow(/build\/broken\/broken\.asm:4: error:/);
    }));

  // A label alone on a line that looks like an instruction typo draws an orphan-label warning.
  test("a warning fails the build too", () =>
    inScratch("warn", "cpu 386\norg 100h\nlodsbb\n", async (target) => {
      await expect(assemble(target)).rejects.toThrow(/warn\.asm:3: (error|warning)/);
    }));
});
