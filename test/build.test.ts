import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, sep } from "node:path";
import { describe, expect, test } from "vitest";
import {
  assemble,
  BuildError,
  BUILD_DIR,
  CHESS,
  PROBE,
  ROOT,
  type AsmTarget,
} from "../ts-harness/core/build.ts";

/** Runs `check` on a target assembled in a folder of its own, build/<name>/ (other test
 *  files read build/ meanwhile), from `source` when given; the folder goes afterwards. */
async function inScratch(
  name: string,
  source: string | null,
  check: (target: AsmTarget) => Promise<void>,
): Promise<void> {
  const dir = join(BUILD_DIR, name);
  mkdirSync(dir, { recursive: true });
  try {
    if (source === null) return await check({ ...PROBE, output: `build/${name}/PROBE.COM` });
    writeFileSync(join(dir, `${name}.asm`), source);
    await check({
      source: `build/${name}/${name}.asm`,
      output: `build/${name}/${name.toUpperCase()}.COM`,
    });
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

/** A program with its own symbol map and listing, big enough that nasm takes a while. */
function mapped(name: string, labels: number): { source: string; target: AsmTarget } {
  const body = Array.from({ length: labels }, (_, i) => `label_${i}: nop`).join("\n");
  return {
    source: `cpu 386\norg 100h\n[map all build/${name}/${name}.map]\n${body}\nlast_label: ret\n`,
    target: {
      source: `build/${name}/${name}.asm`,
      output: `build/${name}/${name.toUpperCase()}.COM`,
      listing: `build/${name}/${name}.lst`,
      map: `build/${name}/${name}.map`,
    },
  };
}

/** Runs `check` in build/<name>/, removed afterwards. */
async function inFolder(name: string, check: (dir: string) => Promise<void>): Promise<void> {
  const dir = join(BUILD_DIR, name);
  mkdirSync(dir, { recursive: true });
  try {
    await check(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// Two commands at once (the CLI while the UCI bridge starts, two engines of a match)
// both ask for their program: neither may disturb what the other reads.
describe("builds beside running commands", () => {
  test("a build whose sources have not changed is reused: the program, listing and map are left as they were", () =>
    inFolder("reuse", async (dir) => {
      const { source, target } = mapped("reuse", 200);
      writeFileSync(join(dir, "reuse.asm"), source);
      const first = await assemble(target);
      const times = [target.output, target.listing!, target.map!].map(
        (f) => statSync(join(ROOT, f)).mtimeMs,
      );
      await new Promise((r) => setTimeout(r, 20));
      expect(await assemble(target)).toEqual(first);
      expect(
        [target.output, target.listing!, target.map!].map((f) => statSync(join(ROOT, f)).mtimeMs),
      ).toEqual(times);
      writeFileSync(
        join(dir, "reuse.asm"),
        source.replace("last_label: ret", "last_label: nop\nret"),
      );
      expect((await assemble(target)).length).toBe(first.length + 1);
    }));

  test("a build that fails leaves the last good program and map in place", () =>
    inFolder("kept", async (dir) => {
      const { source, target } = mapped("kept", 50);
      writeFileSync(join(dir, "kept.asm"), source);
      const good = await assemble(target);
      const map = readFileSync(join(ROOT, target.map!), "utf8");
      writeFileSync(join(dir, "kept.asm"), `${source}frobnicate ax\n`);
      await expect(assemble(target)).rejects.toThrow(BuildError);
      expect(new Uint8Array(readFileSync(join(ROOT, target.output)))).toEqual(good);
      expect(readFileSync(join(ROOT, target.map!), "utf8")).toBe(map);
    }));

  test(
    "while two builds of changed sources run at once, every read of the program and the map finds them whole",
    () =>
      inFolder("race", async (dir) => {
        const LABELS = 4000;
        const { source, target } = mapped("race", LABELS);
        writeFileSync(join(dir, "race.asm"), source);
        const size = (await assemble(target)).length;
        const torn: string[] = [];
        let building = true;
        const reader = (async () => {
          while (building) {
            const bytes = readFileSync(join(ROOT, target.output));
            const map = readFileSync(join(ROOT, target.map!), "utf8");
            if (bytes.length < size) torn.push(`a program of ${bytes.length} bytes`);
            if (!map.includes("last_label")) torn.push(`a map of ${map.length} characters`);
            await new Promise((r) => setImmediate(r));
          }
        })();
        for (let round = 0; round < 3; round++) {
          writeFileSync(
            join(dir, "race.asm"),
            source.replace("last_label: ret", `${"nop\n".repeat(round + 1)}last_label: ret`),
          );
          await Promise.all([assemble(target), assemble(target)]);
        }
        building = false;
        await reader;
        expect(torn).toEqual([]);
      }),
    60_000,
  );
});

// STYLE: one file per concept, none over 800 lines (headers included), each listed in
// docs/architecture.md; the shared header keeps only the contract every layer needs.
const ASM_DIR = join(ROOT, "asm");
const MAX_ASM_LINES = 800;
const MAX_SHARED_HEADER_LINES = 300;
const WIDTH = 100; // .prettierrc.json's printWidth
const asmFiles = (readdirSync(ASM_DIR, { recursive: true }) as string[]).filter(
  (name) => name.endsWith(".asm") || name.endsWith(".inc"),
);
const lineCount = (name: string): number =>
  readFileSync(join(ASM_DIR, name), "utf8").split("\n").length - 1;

/** The paths docs/architecture.md's listing names: the code blocks under its "## The listing"
 *  and "## Beside the two trees", a folder (ending in "/") or a file a line, each indented
 *  two spaces under its folder. */
function listedPaths(): Set<string> {
  const doc = readFileSync(join(ROOT, "docs", "architecture.md"), "utf8");
  const blocks = ["The listing", "Beside the two trees"].map((title) => {
    const block = new RegExp(`^## ${title}\\n[\\s\\S]*?^\`\`\`\\n([\\s\\S]*?)^\`\`\``, "m").exec(
      doc,
    );
    if (!block) throw new Error(`docs/architecture.md has no code block under ## ${title}`);
    return block[1]!;
  });
  const paths = new Set<string>();
  for (const block of blocks) addListed(block, paths);
  return paths;
}

/** A listing block's paths into `paths`. */
function addListed(block: string, paths: Set<string>): void {
  const folders: string[] = [];
  for (const line of block.split("\n")) {
    const entry = /^( *)(\S+)/.exec(line);
    if (!entry) continue;
    const depth = entry[1]!.length / 2;
    if (!Number.isInteger(depth) || depth > folders.length)
      throw new Error(`docs/architecture.md: "${line}" is not indented under a folder`);
    folders.length = depth;
    const name = entry[2]!;
    if (name.endsWith("/")) folders.push(name.slice(0, -1));
    else paths.add([...folders, name].join("/"));
  }
}

/** Every file under asm/, ts-harness/ and the folders beside them, as a path from the
 *  repository's root. */
const SOURCE_TREES = ["asm", "ts-harness", "test", "bin", "dosbox-config", "web"];
const sourceFiles = (): string[] =>
  SOURCE_TREES.flatMap((tree) =>
    (readdirSync(join(ROOT, tree), { recursive: true }) as string[])
      .filter((name) => statSync(join(ROOT, tree, name)).isFile())
      .map((name) => `${tree}/${name.split(sep).join("/")}`),
  );

describe("asm layout", () => {
  test("no asm file or header is over 800 lines", () => {
    const long = asmFiles
      .map((name) => ({ name, lines: lineCount(name) }))
      .filter(({ lines }) => lines > MAX_ASM_LINES);
    expect(asmFiles).toContain(join("inc", "chess.inc"));
    expect(long).toEqual([]);
  });

  test("asm comments keep to the project's width of 100 columns (a code line too long for its comment aside)", () => {
    const commentAt = (line: string): number => {
      let quote = "";
      for (let i = 0; i < line.length; i++) {
        const c = line[i]!;
        if (quote) quote = c === quote ? "" : quote;
        else if (c === '"' || c === "'" || c === "`") quote = c;
        else if (c === ";") return i;
      }
      return -1;
    };
    const wide = asmFiles
      .filter((name) => !name.endsWith("book-table.inc"))
      .flatMap((name) =>
        readFileSync(join(ASM_DIR, name), "utf8")
          .split("\n")
          .map((line, i) => ({ where: `${name}:${i + 1}`, line })),
      )
      .filter(({ line }) => {
        const at = commentAt(line);
        return (
          line.length > WIDTH && at >= 0 && (line.slice(0, at).trim() === "" || at + 12 <= WIDTH)
        );
      })
      .map(({ where }) => where);
    expect(wide).toEqual([]);
  });

  test("the shared header asm/inc/chess.inc holds at most 300 lines: the contract, not the layers' constants", () => {
    expect(lineCount(join("inc", "chess.inc"))).toBeLessThanOrEqual(MAX_SHARED_HEADER_LINES);
  });

  test("every file in asm/, ts-harness/, test/, bin/, dosbox-config/ and web/ has its line in docs/architecture.md's listing", () => {
    const listed = listedPaths();
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter((path) => !listed.has(path))).toEqual([]);
  });

  test("every file docs/architecture.md lists under those folders is in the tree", () => {
    const files = new Set(sourceFiles());
    expect(
      [...listedPaths()].filter(
        (path) => SOURCE_TREES.some((tree) => path.startsWith(`${tree}/`)) && !files.has(path),
      ),
    ).toEqual([]);
  });

  test("chess.asm includes every asm file but itself and the probe, and each layer's header", () => {
    const root = readFileSync(join(ASM_DIR, "chess.asm"), "utf8");
    const included = new Set(
      [...root.matchAll(/^%include "(\S+\.(?:asm|inc))"/gm)].map((m) => m[1]),
    );
    const layerHeader = (name: string): boolean => /^(\w+)\/\1\.inc$/.test(name);
    expect(
      asmFiles
        .map((name) => name.split(sep).join("/"))
        .filter((name) => name.endsWith(".asm") || layerHeader(name))
        .filter(
          (name) => !included.has(name) && name !== "chess.asm" && name !== "tools/probe.asm",
        ),
    ).toEqual([]);
  });
});
