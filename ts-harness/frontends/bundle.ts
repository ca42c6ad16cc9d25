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

/** A batch file the web page may put on C: (a saved, opened or pasted game): when it
 *  exists the autoexec runs it instead of the program (a batch never returns). */
export const START_BATCH = "GAME.BAT";

/** dosbox.conf for the bundle: the play settings without their [autoexec] (which mounts
 *  the host's build/ folder), then one that starts the program from the bundle's C:, or
 *  START_BATCH when the page wrote one. */
export function bundleConf(programArgs = ""): string {
  const settings = readFileSync(PLAY_CONF, "utf8")
    .split(/^\[autoexec\]/im)[0]!
    .trimEnd();
  const start = `${PROGRAM_NAME.replace(/\.COM$/i, "")}${programArgs ? " " + programArgs : ""}`;
  return `${settings}\n\n[autoexec]\n@echo off\nmount c .\nc:\nif exist ${START_BATCH} ${START_BATCH.replace(/\.BAT$/, "")}\n${start}\n`;
}

/** The .jsdos zip holding the program as CHESS.COM, started with `programArgs`. */
export function makeBundle(programBytes: Uint8Array, programArgs = ""): Uint8Array {
  return zipSync({
    ".jsdos": { "dosbox.conf": strToU8(bundleConf(programArgs)) },
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
