import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { describe, expect, test } from "vitest";
import { assemble, BuildError, BUILD_DIR, CHESS, PROBE, ROOT, type AsmTarget } from "../ts-harness/core/build.ts";

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

// STYLE: one file per concept, none over 800 lines, each listed in the README's layout.
const ASM_DIR = join(ROOT, "asm");
const MAX_ASM_LINES = 800;
const asmFiles = (readdirSync(ASM_DIR, { recursive: true }) as string[]).filter((name) => name.endsWith(".asm"));

/** The names the README's Layout section lists under asm/ (its code block, one a line). */
function layoutNames(): Set<string> {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  const layout = /## Layout\n+```\n([\s\S]*?)```/.exec(readme);
  if (!layout) throw new Error("README.md has no Layout section with a code block");
  const block = /^asm\/.*\n((?:  \S.*\n)*)/m.exec(layout[1]!);
  if (!block) throw new Error("README.md's Layout section has no asm/ folder");
  return new Set(block[1]!.split("\n").map((line) => line.trim().split(/\s+/)[0]!).filter(Boolean));
}

describe("asm layout", () => {
  test("no asm file is over 800 lines", () => {
    const long = asmFiles
      .map((name) => ({ name, lines: readFileSync(join(ASM_DIR, name), "utf8").split("\n").length - 1 }))
      .filter(({ lines }) => lines > MAX_ASM_LINES);
    expect(long).toEqual([]);
  });

  test("every file in asm/ has its line in the README's layout", () => {
    const listed = layoutNames();
    expect(listed.size).toBeGreaterThan(10);
    expect((readdirSync(ASM_DIR, { recursive: true }) as string[]).filter((name) => name.includes(".") && !listed.has(basename(name)))).toEqual([]);
  });

  test("chess.asm includes every asm file but itself and the probe", () => {
    const root = readFileSync(join(ASM_DIR, "chess.asm"), "utf8");
    const included = new Set([...root.matchAll(/^%include "(\S+\.asm)"/gm)].map((m) => m[1]));
    expect(asmFiles.filter((name) => !included.has(name) && name !== "chess.asm" && name !== "tools/probe.asm")).toEqual([]);
  });
});
