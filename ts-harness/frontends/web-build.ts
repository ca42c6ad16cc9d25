// web-build -- the browser version as a static folder, for any static web host.
//   npm run build:web     builds the game bundle and writes build/web/: the page, the
//                         js-dos player and its DOSBox core, chess.jsdos, and the
//                         zip for DOS (dos-zip.ts)
// The folder holds exactly what `npm start` serves to the page (the same files, found by
// serve.ts's own URL mapping); the page asks nothing of a server but files, and nothing
// of any other host.
import { copyFileSync, cpSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { BUILD_DIR, chessProgram, isMain } from "../core/build.ts";
import { buildBundleOrExit } from "./bundle.ts";
import { DOS_ZIP_NAME } from "./dos-zip.ts";
import { levelsText, pageHtml, resolveUrlPath, WEB_DIR, writeDosZip } from "./serve.ts";

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
  `/${DOS_ZIP_NAME}`,
];

/** Write the static site for the bundle at `bundlePath` into `outDir` (emptied first):
 *  the page says the levels of CHESS.COM (serve.ts's levelsText), as `npm start` serves it. */
export async function buildWeb(bundlePath: string, outDir = WEB_BUILD_DIR): Promise<string> {
  rmSync(outDir, { recursive: true, force: true });
  writeDosZip(bundlePath);
  cpSync(WEB_DIR, outDir, { recursive: true });
  writeFileSync(
    join(outDir, "index.html"),
    pageHtml(join(WEB_DIR, "index.html"), levelsText(await chessProgram())),
  );
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
  const out = await buildWeb(await buildBundleOrExit());
  console.log(`wrote ${relative(process.cwd(), out)}/: copy it to any static web host`);
}
