// build -- assemble the DOS programs with nasm (through execa), and read nasm's symbol map.
//   npx tsx ts-harness/core/build.ts          builds build/CHESS.COM (+ listing, symbol map)
// A nasm error is printed as nasm gives it (file:line: error: text) and the build fails.
// A test run assembles once, in vitest's global setup (test/global-setup.ts); every
// process of the run then reads build/ and never runs nasm on the same files again.
// Outside a test run every entry point asks for its program, and two may run at once
// (the CLI while the UCI bridge starts, two engines of a match): a build whose sources
// have not changed is reused (a content hash beside the output), and a build is made
// in a staging folder and renamed into place, so that no reader ever sees a half-written
// program, listing or map, and a failed build leaves the last good one.
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root; every other path of the harness is built from it. */
export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const BUILD_DIR = join(ROOT, "build");

/** nasm run through execa, loaded at the first run: a module that wants only ROOT (the
 *  js-dos thread, dos-thread.ts) starts without execa's half second. */
async function nasm(args: readonly string[], opts: { cwd?: string; reject: false }) {
  const { execa } = await import("execa");
  return execa("nasm", args, opts);
}

export interface AsmTarget {
  /** Root source file, relative to the repository. */
  source: string;
  /** Output .COM, relative to the repository. */
  output: string;
  /** Listing file, relative to the repository (optional). */
  listing?: string;
  /** Symbol map, relative to the repository, when the source writes one: nasm has no
   *  switch for it, so the path goes in as MAP_FILE for the root file's `[map all]`. */
  map?: string;
}

/** The game and batch engine. */
export const CHESS: AsmTarget = {
  source: "asm/chess.asm",
  output: "build/CHESS.COM",
  listing: "build/chess.lst",
  map: "build/chess.map",
};

/** The runner's own test program. */
export const PROBE: AsmTarget = { source: "asm/tools/probe.asm", output: "build/PROBE.COM" };

const TARGETS = [CHESS, PROBE];

/** Set by buildAll in the test run's global setup and inherited by the processes the run
 *  starts (test workers, the CLI under test): build/ holds every target, current. */
export const BUILT_ENV = "CHESS_BUILD_DONE";

export class BuildError extends Error {
  constructor(
    readonly target: AsmTarget,
    readonly diagnostics: string,
  ) {
    super(`nasm failed on ${target.source}:\n${diagnostics}`);
  }
}

/** Every build's: a flat .COM, every warning on and an error. */
const NASM_FLAGS = ["-f", "bin", "-w+all", "-Werror"];

/** Assemble one target. Returns the bytes of the .COM; throws BuildError with nasm's
 *  file:line diagnostics when nasm fails. Warnings are errors: the build must be clean.
 *  A target whose sources, nasm and arguments are those of its last build is not
 *  assembled again; otherwise nasm writes into a staging folder under build/, and each
 *  file is renamed into place (an atomic replacement) once the whole build succeeded. */
export async function assemble(target: AsmTarget): Promise<Uint8Array> {
  // A second nasm on build/CHESS.COM would rewrite it, and its map, under readers' feet.
  if (process.env[BUILT_ENV] && TARGETS.some((t) => t.output === target.output)) {
    throw new Error(
      `${target.output} is built once per test run, by the global setup: read it with program()`,
    );
  }
  const args = [...NASM_FLAGS, "-I", "asm/", "-o", target.output];
  if (target.listing) args.push("-l", target.listing);
  if (target.map) args.push(`-DMAP_FILE=${target.map}`);
  args.push(target.source);
  const outputs = [target.output, target.listing, target.map].filter(
    (f): f is string => f !== undefined,
  );
  const stamp = await buildStamp(target, args);
  const stampFile = join(ROOT, `${target.output}.sha256`);
  if (
    outputs.every((f) => existsSync(join(ROOT, f))) &&
    existsSync(stampFile) &&
    readFileSync(stampFile, "utf8") === stamp
  ) {
    return new Uint8Array(readFileSync(join(ROOT, target.output)));
  }
  mkdirSync(BUILD_DIR, { recursive: true });
  const staging = mkdtempSync(join(BUILD_DIR, ".staging-"));
  try {
    // The staging folder looks like the repository to nasm: the same relative names in
    // its messages, the map's `[map all build/...]` directive landing inside it.
    symlinkSync(join(ROOT, "asm"), join(staging, "asm"));
    if (!target.source.startsWith("asm/")) {
      mkdirSync(dirname(join(staging, target.source)), { recursive: true });
      symlinkSync(join(ROOT, target.source), join(staging, target.source));
    }
    for (const f of outputs) mkdirSync(dirname(join(staging, f)), { recursive: true });
    const r = await nasm(args, { cwd: staging, reject: false });
    if (r.failed || r.exitCode !== 0) {
      const text = [r.stderr, r.stdout].filter(Boolean).join("\n").trim();
      throw new BuildError(target, text || (r.shortMessage ?? `nasm exited with ${r.exitCode}`));
    }
    const bytes = new Uint8Array(readFileSync(join(staging, target.output)));
    writeFileSync(join(staging, `${target.output}.sha256`), stamp);
    for (const f of [...outputs, `${target.output}.sha256`]) {
      mkdirSync(dirname(join(ROOT, f)), { recursive: true });
      renameSync(join(staging, f), join(ROOT, f));
    }
    return bytes;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** What a build's result depends on, as a hash: nasm's version, its arguments, and the
 *  bytes of every file under asm/ (and of the root source when it lies elsewhere). */
async function buildStamp(target: AsmTarget, args: readonly string[]): Promise<string> {
  const hash = createHash("sha256");
  const version = await nasm(["-v"], { reject: false });
  hash.update(`${version.stdout}\0${args.join("\0")}\0`);
  const files = (readdirSync(join(ROOT, "asm"), { recursive: true }) as string[])
    .map((f) => join("asm", f))
    .sort();
  if (!target.source.startsWith("asm/")) files.push(target.source);
  for (const f of files) {
    const path = join(ROOT, f);
    let bytes: Buffer;
    try {
      bytes = readFileSync(path);
    } catch {
      continue; // a folder
    }
    hash.update(`${f}\0${bytes.length}\0`).update(bytes);
  }
  return hash.digest("hex");
}

/** Assemble every target, then tell the processes started after this one that build/ is
 *  current (the test run's global setup). */
export async function buildAll(): Promise<void> {
  delete process.env[BUILT_ENV];
  for (const t of TARGETS) await assemble(t);
  process.env[BUILT_ENV] = "1";
}

const programs = new Map<AsmTarget, Promise<Uint8Array>>();

/** The bytes of a target, assembled at most once per process; in a test run, read from
 *  build/, where the global setup put them. */
export function program(target: AsmTarget): Promise<Uint8Array> {
  let bytes = programs.get(target);
  if (!bytes) {
    bytes = process.env[BUILT_ENV]
      ? Promise.resolve(new Uint8Array(readFileSync(join(ROOT, target.output))))
      : assemble(target);
    programs.set(target, bytes);
  }
  return bytes;
}

/** For command-line entry points: the target's bytes, or nasm's message and exit code 1. */
export async function programOrExit(target: AsmTarget): Promise<Uint8Array> {
  try {
    return await program(target);
  } catch (e) {
    if (!(e instanceof BuildError)) throw e;
    console.error(e.message);
    process.exit(1);
  }
}

/** A nasm symbol map: the equ constants ("No Section") and the labels with their
 *  offsets in the program's segment (origin 100h included). */
export class SymbolMap {
  constructor(
    /** The file it was read from, for error messages. */
    readonly path: string,
    readonly constants: ReadonlyMap<string, number>,
    readonly labels: ReadonlyMap<string, number>,
  ) {}

  /** An equ constant the map must list; its absence is an error naming the map. */
  constant(name: string): number {
    return this.need(this.constants, name);
  }

  /** A label's offset; its absence is an error naming the map. */
  label(name: string): number {
    return this.need(this.labels, name);
  }

  private need(from: ReadonlyMap<string, number>, name: string): number {
    const v = from.get(name);
    if (v === undefined) throw new Error(`${name} is not in ${this.path}`);
    return v;
  }
}

/** Read a map written by nasm 2.16's `[map all]`: "No Section" lists `Value  Name`
 *  lines (a negative value as 64 bits), each section heads its labels with `Real
 *  Virtual  Name`. */
export function readSymbolMap(path: string): SymbolMap {
  const constants = new Map<string, number>();
  const labels = new Map<string, number>();
  let part: "constants" | "labels" | null = null;
  for (const line of readFileSync(path, "utf8").split(/\r?\n/)) {
    if (/^-+ .*Section/.test(line)) part = /No Section/.test(line) ? "constants" : null;
    if (/^Real\s+Virtual\s+Name/.test(line)) part = "labels";
    const constant = part === "constants" && /^([0-9A-F]+)\s+(\S+)\s*$/.exec(line);
    // nasm writes a negative constant as its 64-bit two's complement.
    if (constant)
      constants.set(constant[2]!, Number(BigInt.asIntN(64, BigInt(`0x${constant[1]!}`))));
    const label = part === "labels" && /^\s*([0-9A-F]+)\s+([0-9A-F]+)\s+(\S+)\s*$/.exec(line);
    if (label) labels.set(label[3]!, parseInt(label[2]!, 16));
  }
  return new SymbolMap(path, constants, labels);
}

/** A .COM is loaded at offset 100h of its segment, where the map's offsets count from. */
const COM_ORIGIN = 0x100;

/** An assembled program with its symbol map: its data read by label. */
export class MappedProgram {
  constructor(
    readonly bytes: Uint8Array,
    readonly map: SymbolMap,
  ) {}

  /** `n` bytes from the segment offset `at` (a label's value). */
  bytesAt(at: number, n: number): Uint8Array {
    return this.bytes.subarray(at - COM_ORIGIN, at - COM_ORIGIN + n);
  }

  /** The little-endian word at the segment offset `at`. */
  wordAt(at: number): number {
    const b = this.bytesAt(at, 2);
    return b[0]! | (b[1]! << 8);
  }

  /** The little-endian dword at the segment offset `at`. */
  dwordAt(at: number): number {
    return this.wordAt(at) + this.wordAt(at + 2) * 0x10000;
  }

  /** The zero-terminated string at the segment offset `at`. */
  stringAt(at: number): string {
    const from = at - COM_ORIGIN;
    const end = this.bytes.indexOf(0, from);
    return Buffer.from(this.bytes.subarray(from, end < 0 ? this.bytes.length : end)).toString(
      "latin1",
    );
  }
}

let chessMapped: Promise<MappedProgram> | null = null;

/** CHESS.COM with its symbol map, once per process. */
export function chessProgram(): Promise<MappedProgram> {
  chessMapped ??= program(CHESS).then(
    (bytes) => new MappedProgram(bytes, readSymbolMap(join(ROOT, CHESS.map!))),
  );
  return chessMapped;
}

/** Assemble a variant of CHESS.COM from asm/ as it is, with nasm's `-D` switches (PROFILE,
 *  STACK_METER, EVERY_CAPTURE, HASH_KIB: the `%ifdef`s of the source), into a temporary
 *  folder (build/ is left alone). Returns the program with its own symbol map. `from` is
 *  another tree to take asm/ from (another commit's); `keepIn` a folder to leave
 *  CHESS.COM and chess.map in. */
export async function assembleVariant(
  name: string,
  defines: readonly string[],
  opts: { from?: string; keepIn?: string } = {},
): Promise<MappedProgram> {
  const from = opts.from ?? ROOT;
  if (opts.keepIn) mkdirSync(opts.keepIn, { recursive: true });
  const dir = opts.keepIn ?? mkdtempSync(join(tmpdir(), `chess-${name}-`));
  try {
    const args = [
      ...NASM_FLAGS,
      "-I",
      join(from, "asm") + "/",
      ...defines.map((d) => `-D${d}`),
      "-DMAP_FILE=chess.map",
      "-o",
      "CHESS.COM",
      join(from, CHESS.source),
    ];
    const r = await nasm(args, { cwd: dir, reject: false });
    if (r.exitCode !== 0)
      throw new Error(
        `${name}: the variant build (${defines.map((d) => `-D${d}`).join(" ")}) failed:\n${r.stderr}`,
      );
    return new MappedProgram(
      new Uint8Array(readFileSync(join(dir, "CHESS.COM"))),
      readSymbolMap(join(dir, "chess.map")),
    );
  } finally {
    if (!opts.keepIn) rmSync(dir, { recursive: true, force: true });
  }
}

/** Whether the module at `moduleUrl` (its import.meta.url) is the script node started. */
export function isMain(moduleUrl: string): boolean {
  return relative(process.argv[1] ?? "", fileURLToPath(moduleUrl)) === "";
}

if (isMain(import.meta.url)) {
  for (const t of TARGETS) {
    const bytes = await programOrExit(t);
    console.log(
      `built ${t.output} (${bytes.length} bytes)${t.listing ? `, listing ${t.listing}` : ""}`,
    );
  }
}
