// rig-build -- a build of CHESS.COM for the self-play rig, kept beside its symbol map:
//   npx tsx ts-harness/lab/match/rig-build.ts NAME [--commit REV] [--define SWITCH]...
// assembles asm/ (of the working tree, or of commit REV) with nasm's -D switches into
// build/rig/NAME/ and prints the engine spec that plays it in the gauntlet: the UCI
// bridge of this checkout with LIBERMAN_PROGRAM naming the build (uci-program.ts). Two
// such specs, with nodes=, are a fixed-node match of two builds (docs/strength.md).
import { execa } from "execa";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { parseArgs } from "node:util";
import { assembleVariant, isMain, ROOT } from "../../core/build.ts";
import { PROGRAM_ENV } from "../../frontends/uci-program.ts";

export const RIG_DIR = join(ROOT, "build", "rig");

/** Build NAME into build/rig/NAME/ and return the path of its CHESS.COM. */
export async function rigBuild(
  name: string,
  defines: readonly string[],
  commit: string | null,
): Promise<string> {
  if (!/^[\w.-]+$/.test(name))
    throw new Error(`a build's name is letters, digits, . _ -: '${name}'`);
  const keepIn = join(RIG_DIR, name);
  if (commit === null) {
    await assembleVariant(name, defines, { keepIn });
    return join(keepIn, "CHESS.COM");
  }
  const tree = mkdtempSync(join(tmpdir(), `chess-rig-${name}-`));
  try {
    const archive = await execa("git", ["-C", ROOT, "archive", "--format=tar", commit, "asm"], {
      encoding: "buffer",
      reject: false,
    });
    if (archive.exitCode !== 0)
      throw new Error(`git archive ${commit}: ${Buffer.from(archive.stderr).toString().trim()}`);
    await execa("tar", ["-x", "-C", tree], { input: archive.stdout });
    await assembleVariant(name, defines, { from: tree, keepIn });
  } finally {
    rmSync(tree, { recursive: true, force: true });
  }
  return join(keepIn, "CHESS.COM");
}

/** The gauntlet's engine spec for a rig build, its opening book off. */
export function rigSpec(name: string, program: string): string {
  return `name=${name} cmd="env ${PROGRAM_ENV}=${relative(ROOT, program)} bin/liberman-uci" option.OwnBook=false`;
}

async function main(argv: string[]): Promise<number> {
  const { values: v, positionals } = parseArgs({
    args: argv,
    options: { commit: { type: "string" }, define: { type: "string", multiple: true } },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length !== 1) {
    process.stderr.write(
      "rig-build: give one NAME (e.g. rig-build.ts quarter --define HASH_KIB=32)\n",
    );
    return 2;
  }
  const name = positionals[0]!;
  try {
    const program = await rigBuild(name, v.define ?? [], v.commit ?? null);
    console.log(`built ${relative(ROOT, program)}; the gauntlet's spec: ${rigSpec(name, program)}`);
    return 0;
  } catch (e) {
    process.stderr.write(`rig-build: ${(e as Error).message}\n`);
    return 1;
  }
}

if (isMain(import.meta.url)) process.exitCode = await main(process.argv.slice(2));
