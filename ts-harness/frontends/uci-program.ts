// uci-program -- the CHESS.COM a UCI engine runs, and what it says of its limits.
// A GUI starts the engine from anywhere and may start two at once; neither may write
// into the repository. So the program is assembled once per version of asm/ into a
// per-user cache ($XDG_CACHE_HOME/liberman-chess, or ~/.cache/liberman-chess; the temp
// folder if that cannot be written), under a folder named by the hash of asm/'s files:
// nasm runs in a fresh folder beside it, which is then renamed into place, so that a
// reader never sees half a build and two engines building at once both end with the
// same program. In a test run the global setup's build/ is read instead, and with
// LIBERMAN_PROGRAM set, that CHESS.COM with the chess.map beside it (a build of the
// self-play rig, ts-harness/lab/match/rig-build.ts).
import { execa } from "execa";
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from "node:fs";
import { homedir, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { BUILT_ENV, CHESS, MappedProgram, program, readSymbolMap, ROOT } from "../core/build.ts";

const ASM_DIR = join(ROOT, "asm");
const CACHE_NAME = "liberman-chess";
const PROGRAM_FILE = "CHESS.COM";
/** The path of a CHESS.COM to run instead of asm/'s, its chess.map beside it. */
export const PROGRAM_ENV = "LIBERMAN_PROGRAM";
/** Where asm/chess.asm's `[map all MAP_FILE]` writes, from nasm's working folder. */
const MAP_FILE = join("build", "chess.map");

/** The number range of a limit word of the `go` job (asm/batch/think.asm, limit_words). */
export interface WordRange {
  readonly min: number;
  readonly max: number;
}

/** The program with what the bridge must keep to, read from its symbol map. */
export interface EngineProgram {
  readonly bytes: Uint8Array;
  /** The longest job line (LINE_MAX). */
  readonly lineMax: number;
  /** The `go` job's limit words and the numbers each takes. */
  readonly words: ReadonlyMap<string, WordRange>;
  /** The UCI Level's budgets in emulated ms, level 1 first, and the default level
   *  (UCI_LEVEL_* in asm/batch/batch.inc). */
  readonly uciLevelMs: readonly number[];
  readonly uciLevelDefault: number;
  /** The mate logic's default moves before the search (MATE_LEVEL_DEFAULT). */
  readonly mateLogicDefault: number;
}

function asmFiles(dir: string, prefix = ""): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const rel = prefix ? `${prefix}/${name}` : name;
    if (statSync(join(dir, name)).isDirectory()) out.push(...asmFiles(join(dir, name), rel));
    else out.push(rel);
  }
  return out;
}

/** A name for this version of asm/: its files' paths and bytes hashed. */
function asmHash(): string {
  const h = createHash("sha256");
  for (const rel of asmFiles(ASM_DIR))
    h.update(rel)
      .update("\0")
      .update(readFileSync(join(ASM_DIR, rel)))
      .update("\0");
  return h.digest("hex").slice(0, 20);
}

function cacheRoot(): string {
  const base = process.env.XDG_CACHE_HOME || join(homedir(), ".cache");
  for (const root of [
    join(base, CACHE_NAME),
    join(tmpdir(), `${CACHE_NAME}-${process.getuid?.() ?? "user"}`),
  ]) {
    try {
      mkdirSync(root, { recursive: true });
      return root;
    } catch {
      // Not writable: the next one.
    }
  }
  throw new Error(
    "no folder to build CHESS.COM in: neither the cache folder nor the temp folder can be written",
  );
}

/** The folder of this asm/'s build in the cache, assembled there first if need be. */
async function cachedBuild(): Promise<string> {
  const root = cacheRoot();
  const dir = join(root, asmHash());
  if (existsSync(join(dir, PROGRAM_FILE)) && existsSync(join(dir, MAP_FILE))) return dir;
  const work = mkdtempSync(join(root, "build-"));
  try {
    mkdirSync(join(work, "build"));
    const r = await execa(
      "nasm",
      [
        "-f",
        "bin",
        "-w+all",
        "-Werror",
        "-I",
        ASM_DIR + "/",
        `-DMAP_FILE=${MAP_FILE}`,
        "-o",
        PROGRAM_FILE,
        join(ASM_DIR, "chess.asm"),
      ],
      { cwd: work, reject: false },
    );
    if (r.exitCode !== 0)
      throw new Error(
        `nasm failed on asm/chess.asm: ${(r.stderr || r.shortMessage || "").split("\n")[0]}`,
      );
    try {
      renameSync(work, dir);
    } catch {
      // Another engine renamed its build into place first: the same bytes.
      if (!existsSync(join(dir, PROGRAM_FILE))) throw new Error(`cannot put the build into ${dir}`);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return dir;
}

/** The limit words of the map's limit_words table, by name. */
function limitWords(p: MappedProgram): Map<string, WordRange> {
  const m = p.map;
  const row = m.constant("limit_word_size");
  const dword = (at: number) => p.wordAt(at) + p.wordAt(at + 2) * 0x10000;
  const words = new Map<string, WordRange>();
  for (let i = 0, at = m.label("limit_words"); i < m.constant("LIMIT_WORDS"); i++, at += row) {
    const name = p.stringAt(p.wordAt(at + m.constant("limit_word.name")));
    words.set(name, {
      min: dword(at + m.constant("limit_word.min")),
      max: dword(at + m.constant("limit_word.max")),
    });
  }
  return words;
}

/** What the `uci` command's options show of the program, read at once from the equ lines
 *  of the layers' headers and of asm/batch/think.asm (the same numbers the map gives once
 *  the program is built, which a GUI must not wait for: uciok comes before the first
 *  build of a cold cache ends). */
export interface OptionFacts {
  readonly uciLevels: number;
  readonly uciLevelDefault: number;
  readonly mateLogicDefault: number;
  readonly mateMax: number;
  /** The hash table's largest size in extended memory, in MiB (XMS_MAX_KIB / 1024). */
  readonly hashMaxMiB: number;
  /** The most centipawns the `contempt` word takes (CONTEMPT_MAX, asm/batch/think.asm). */
  readonly contemptMax: number;
}

export function optionFacts(): OptionFacts {
  const text = ["inc/chess.inc", "batch/batch.inc", "sys/sys.inc", "batch/think.asm"]
    .map((f) => readFileSync(join(ASM_DIR, f), "utf8"))
    .join("\n");
  const equ = (name: string): number => {
    const m = new RegExp(`^${name}\\s+equ\\s+(\\d+)\\b`, "m").exec(text);
    if (!m) throw new Error(`${name} is not an equ of the layers' headers`);
    return Number(m[1]);
  };
  return {
    uciLevels: equ("UCI_LEVELS"),
    uciLevelDefault: equ("UCI_LEVEL_DEFAULT"),
    mateLogicDefault: equ("MATE_LEVEL_DEFAULT"),
    mateMax: equ("MATE_MAX_MOVES"),
    hashMaxMiB: equ("XMS_MAX_KIB") / 1024,
    contemptMax: equ("CONTEMPT_MAX"),
  };
}

/** CHESS.COM for the UCI engine, once per process. */
let loaded: Promise<EngineProgram> | null = null;
export function engineProgram(): Promise<EngineProgram> {
  loaded ??= (async () => {
    let mapped: MappedProgram;
    const kept = process.env[PROGRAM_ENV];
    if (kept) {
      if (!existsSync(kept) || !existsSync(join(dirname(kept), "chess.map")))
        throw new Error(`${PROGRAM_ENV}=${kept}: no such program with chess.map beside it`);
      mapped = new MappedProgram(
        new Uint8Array(readFileSync(kept)),
        readSymbolMap(join(dirname(kept), "chess.map")),
      );
    } else if (process.env[BUILT_ENV])
      mapped = new MappedProgram(await program(CHESS), readSymbolMap(join(ROOT, CHESS.map!)));
    else {
      const dir = await cachedBuild();
      mapped = new MappedProgram(
        new Uint8Array(readFileSync(join(dir, PROGRAM_FILE))),
        readSymbolMap(join(dir, MAP_FILE)),
      );
    }
    const m = mapped.map;
    return {
      bytes: mapped.bytes,
      lineMax: m.constant("LINE_MAX"),
      words: limitWords(mapped),
      uciLevelMs: Array.from({ length: m.constant("UCI_LEVELS") }, (_, i) =>
        m.constant(`UCI_LEVEL_${i + 1}_MS`),
      ),
      uciLevelDefault: m.constant("UCI_LEVEL_DEFAULT"),
      mateLogicDefault: m.constant("MATE_LEVEL_DEFAULT"),
    };
  })();
  return loaded;
}
