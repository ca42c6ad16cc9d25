// bundle -- pack the game for js-dos in the browser.
//   npm run bundle        builds build/CHESS.COM and writes build/chess.jsdos
// A .jsdos bundle is a zip: .jsdos/dosbox.conf (the emulator's settings and the
// autoexec that starts the game) and the files of drive C:. The settings are those of
// dosbox-config/dosbox.conf, so the browser plays at the speed native DOSBox does.
import { strToU8, zipSync } from "fflate";
import { readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { BUILD_DIR, CHESS, isMain, programOrExit } from "../core/build.ts";
import { PLAY_CONF } from "../core/dosbox-native.ts";

export const BUNDLE_PATH = join(BUILD_DIR, "chess.jsdos");
/** The program's name inside the bundle, whatever file it was built from. */
export const PROGRAM_NAME = "CHESS.COM";

/** A batch file the web page puts on C: and the autoexec CALLs first: it sets the date
 *  (the emulator's clock says 1998) and START, the switches of the program's first run,
 *  and AGAIN, those of every run after it. */
export const START_BATCH = "START.BAT";

/** dosbox.conf for the bundle: the play settings without their [autoexec] (which mounts
 *  the host's build/ folder), then one that runs the program from the bundle's C: with
 *  START_BATCH's switches, and (`again`) runs it again whenever it ends: in a browser
 *  the game never leaves the player at a DOS prompt. A program that should run once (a
 *  test's probe) goes without. */
export function bundleConf(programArgs = "", again = true): string {
  const settings = readFileSync(PLAY_CONF, "utf8")
    .split(/^\[autoexec\]/im)[0]!
    .trimEnd();
  const start = `${PROGRAM_NAME.replace(/\.COM$/i, "")}${programArgs ? " " + programArgs : ""}`;
  return [
    `${settings}\n\n[autoexec]`,
    "@echo off",
    "mount c .",
    "c:",
    `if exist ${START_BATCH} call ${START_BATCH.replace(/\.BAT$/, "")}`,
    ":play",
    `${start} %START%`,
    ...(again ? ["set START=%AGAIN%", "goto play"] : []),
    "",
  ].join("\n");
}

/** The .jsdos zip holding the program as CHESS.COM, started with `programArgs` (and
 *  again whenever it ends, unless `again` is false). */
export function makeBundle(programBytes: Uint8Array, programArgs = "", again = true): Uint8Array {
  return zipSync({
    ".jsdos": { "dosbox.conf": strToU8(bundleConf(programArgs, again)) },
    [PROGRAM_NAME]: programBytes,
  });
}

/** For command-line entry points: assemble the game and write build/chess.jsdos;
 *  returns the bundle's path. A nasm error becomes its message and exit code 1. */
export async function buildBundleOrExit(): Promise<string> {
  writeFileSync(BUNDLE_PATH, makeBundle(await programOrExit(CHESS)));
  return BUNDLE_PATH;
}

if (isMain(import.meta.url)) {
  const path = await buildBundleOrExit();
  console.log(`wrote ${relative(process.cwd(), path)}`);
}
