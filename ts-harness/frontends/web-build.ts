// web-build -- the browser version as a static folder, for any static web host.
//   npm run build:web     builds the game bundle and writes build/web/: the page, the
//                         js-dos player and its DOSBox core, chess.jsdos
// The folder holds exactly what `npm start` serves to the page (the same files, found by
// serve.ts's own URL mapping); the page asks nothing of a server but files, and nothing
// of any other host.
import { copyFileSync, cpSync, mkdirSync, rmSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { BUILD_DIR, isMain } from "../core/build.ts";
import { buildBundleOrExit } from "./bundle.ts";
import { resolveUrlPath, WEB_DIR } from "./serve.ts";

export const WEB_BUILD_DIR = join(BUILD_DIR, "web");

/** The player's files the page loads (js-dos asks for the emulator files itself; the
 *  DOSBox backend, not DOSBox-X). */
export const PLAYER_FILES = [
  "/js-dos/js-dos.js",
  "/js-dos/js-dos.css",
  "/js-dos/emulators/emulators.js",
  "/js-dos/emulators/wlibzip.js",
  "/js-dos/emulators/wlibzip.wasm",
  "/js-dos/emulators/wdosbox.js",
  "/js-dos/emulators/wdosbox.wasm",
  "/chess.jsdos",
];

/** Write the static site for the bundle at `bundlePath` into `outDir` (emptied first). */
export function buildWeb(bundlePath: string, outDir = WEB_BUILD_DIR): string {
  rmSync(outDir, { recursive: true, force: true });
  cpSync(WEB_DIR, outDir, { recursive: true });
  for (const urlPath of PLAYER_FILES) {
    const source = resolveUrlPath(urlPath, bundlePath);
    if (source === null) throw new Error(`${urlPath}: no such file to copy (is npm ci done?)`);
    const target = join(outDir, urlPath);
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(source, target);
  }
  return outDir;
}

if (isMain(import.meta.url)) {
  const out = buildWeb(await buildBundleOrExit());
  console.log(`wrote ${relative(process.cwd(), out)}/: copy it to any static web host`);
}
