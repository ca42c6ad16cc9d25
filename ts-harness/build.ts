// build -- assemble the DOS programs with nasm (through execa).
//   npx tsx ts-harness/build.ts          builds build/CHESS.COM (+ listing, symbol map)
// A nasm error is printed as nasm gives it (file:line: error: text) and the build fails.
import { execa } from "execa";
import { mkdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
export const BUILD_DIR = join(ROOT, "build");

export interface AsmTarget {
  /** Root source file, relative to the repository. */
  source: string;
  /** Output .COM, relative to the repository. */
  output: string;
  /** Listing file, relative to the repository (optional). */
  listing?: string;
}

/** The game and batch engine. Its symbol map (build/chess.map) is written by the
 *  `[map all ...]` directive in asm/chess.asm. */
export const CHESS: AsmTarget = {
  source: "asm/chess.asm",
  output: "build/CHESS.COM",
  listing: "build/chess.lst",
};

/** The runner's own test program. */
export const PROBE: AsmTarget = { source: "asm/probe.asm", output: "build/PROBE.COM" };

export class BuildError extends Error {
  constructor(
    readonly target: AsmTarget,
    readonly diagnostics: string,
  ) {
    super(`nasm failed on ${target.source}:\n${diagnostics}`);
  }
}

/** Assemble one target. Returns the bytes of the .COM; throws BuildError with nasm's
 *  file:line diagnostics when nasm fails. Warnings are errors: the build must be clean. */
export async function assemble(target: AsmTarget): Promise<Uint8Array> {
  mkdirSync(BUILD_DIR, { recursive: true });
  const args = ["-f", "bin", "-w+all", "-Werror", "-I", "asm/", "-o", target.output];
  if (target.listing) args.push("-l", target.listing);
  args.push(target.source);
  const r = await execa("nasm", args, { cwd: ROOT, reject: false });
  if (r.failed || r.exitCode !== 0) {
    const text = [r.stderr, r.stdout].filter(Boolean).join("\n").trim();
    throw new BuildError(target, text || (r.shortMessage ?? `nasm exited with ${r.exitCode}`));
  }
  return new Uint8Array(readFileSync(join(ROOT, target.output)));
}

/** Symbol map written by nasm's `[map all]`: label name -> offset in the .COM's segment. */
export function readSymbolMap(path = join(BUILD_DIR, "chess.map")): Map<string, number> {
  const symbols = new Map<string, number>();
  let inSymbols = false;
  for (const line of readFileSync(path, "utf8").split(/\r?\n/)) {
    if (/^-+ Section .* -+$/.test(line)) inSymbols = false;
    // nasm 2.16 heads each section's symbols with "Real  Virtual  Name".
    if (/^Symbols:/.test(line) || /^Real\s+Virtual\s+Name/.test(line)) inSymbols = true;
    const m = inSymbols && /^\s*([0-9A-F]+)\s+([0-9A-F]+)\s+(\S+)\s*$/.exec(line);
    if (m) symbols.set(m[3], parseInt(m[2], 16));
  }
  return symbols;
}

async function main(): Promise<void> {
  const targets = [CHESS, PROBE];
  for (const t of targets) {
    try {
      const bytes = await assemble(t);
      console.log(`built ${t.output} (${bytes.length} bytes)${t.listing ? `, listing ${t.listing}` : ""}`);
    } catch (e) {
      if (e instanceof BuildError) {
        console.error(e.message);
        process.exit(1);
      }
      throw e;
    }
  }
}

if (relative(process.argv[1] ?? "", fileURLToPath(import.meta.url)) === "") await main();
