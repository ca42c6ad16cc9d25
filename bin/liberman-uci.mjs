#!/usr/bin/env node
// liberman-uci -- the UCI engine as one executable, for GUIs and bots that launch a
// program (Cute Chess, Arena, BanksiaGUI, En Croissant, lichess-bot, PolyGlot):
//   bin/liberman-uci            (bin/liberman-uci.cmd on Windows)
// It runs ts-harness/frontends/uci.ts of the checkout it lies in, from any working folder,
// and writes nothing into the repository. To answer `uci` at once, the TypeScript is
// bundled with esbuild into one file in the per-user cache ($XDG_CACHE_HOME/liberman-chess,
// or ~/.cache/liberman-chess), named by the checkout's folder and its sources (ts-harness/,
// package.json, this file), so that two checkouts each run their own. The bundle holds no
// path: it is told its checkout by this file when it starts, so a moved or re-cloned
// checkout starts too (with a bundle of its own). A bundle is written under a temporary
// name and renamed, so that two engines starting together both run a whole one; a new one
// removes the older bundles of its checkout. When it cannot be bundled, tsx runs the
// sources. Nothing but UCI goes to stdout.
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
} from "node:fs";
import { createRequire } from "node:module";
import { homedir, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = realpathSync(join(dirname(fileURLToPath(import.meta.url)), ".."));
const SOURCES = join(ROOT, "ts-harness");
const ENTRY = "ts-harness/frontends/uci.ts";
const CACHE_NAME = "liberman-chess";
/** Where the bundle reads the URL its modules take as their own (build.ts's), set below
 *  before it is imported: the checkout's root and node_modules are found from it. */
const URL_GLOBAL = "LIBERMAN_CHESS_BUILD_URL";
/** Where the bundle finds its own URL, to start its js-dos child from it (dos-child.ts). */
const BUNDLE_GLOBAL = "LIBERMAN_CHESS_BUNDLE_URL";
/** The bundle's entry: the engine, or in the js-dos child (its environment says so) the
 *  child's side (both modules are in the bundle; each is evaluated where it is imported). */
const ENTRY_CODE = `if (process.env.LIBERMAN_CHESS_DOS_CHILD) await import("./ts-harness/core/dos-child.ts");
else await (await import("./${ENTRY}")).main();
`;

function files(dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...files(path));
    else if (/\.(ts|mjs|js)$/.test(name)) out.push(path);
  }
  return out;
}

function sourceHash() {
  const h = createHash("sha256");
  for (const path of [
    ...files(SOURCES),
    join(ROOT, "package.json"),
    fileURLToPath(import.meta.url),
  ])
    h.update(path.slice(ROOT.length)).update("\0").update(readFileSync(path)).update("\0");
  return h.digest("hex").slice(0, 20);
}

function cacheDir() {
  const base = process.env.XDG_CACHE_HOME || join(homedir(), ".cache");
  for (const dir of [
    join(base, CACHE_NAME),
    join(tmpdir(), `${CACHE_NAME}-${process.getuid?.() ?? "user"}`),
  ]) {
    try {
      mkdirSync(dir, { recursive: true });
      return dir;
    } catch {
      // Not writable: the next one.
    }
  }
  return null;
}

/** The checkout's part of the bundle's name: its folder, hashed. */
const checkoutKey = createHash("sha256").update(ROOT).digest("hex").slice(0, 12);

/** The bundle's path, bundled first if need be; null when esbuild cannot. */
async function bundle() {
  const dir = cacheDir();
  if (!dir) return null;
  const out = join(dir, `uci-${checkoutKey}-${sourceHash()}.mjs`);
  if (existsSync(out)) return out;
  const require = createRequire(join(ROOT, "package.json"));
  const esbuild = require("esbuild");
  const temporary = `${out}.${process.pid}.tmp`;
  // Every module of the bundle reads import.meta.url as build.ts's own, given when the
  // bundle starts, so that the checkout's root (and node_modules, for the emulator) is
  // found from where this file lies, never from a path written into the bundle.
  const url = `globalThis.${URL_GLOBAL}`;
  try {
    await esbuild.build({
      stdin: {
        contents: ENTRY_CODE,
        resolveDir: ROOT,
        loader: "ts",
        sourcefile: "liberman-uci-entry.ts",
      },
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      outfile: temporary,
      external: ["emulators"],
      define: { "import.meta.url": url },
      banner: {
        js: `import { createRequire as __createRequire } from "node:module"; const require = __createRequire(${url});`,
      },
      logLevel: "silent",
    });
    renameSync(temporary, out);
    for (const name of readdirSync(dir))
      if (
        name.startsWith(`uci-${checkoutKey}-`) &&
        name.endsWith(".mjs") &&
        join(dir, name) !== out
      )
        rmSync(join(dir, name), { force: true });
    return out;
  } catch {
    rmSync(temporary, { force: true });
    return null;
  }
}

globalThis[URL_GLOBAL] = pathToFileURL(join(ROOT, "ts-harness/core/build.ts")).href;
const built = await bundle().catch(() => null);
if (built) {
  globalThis[BUNDLE_GLOBAL] = pathToFileURL(built).href;
  await import(globalThis[BUNDLE_GLOBAL]);
} else {
  const require = createRequire(join(ROOT, "package.json"));
  const { register } = require("node:module");
  register(pathToFileURL(require.resolve("tsx/esm")).href, pathToFileURL(ROOT + "/"));
  const { main } = await import(pathToFileURL(join(ROOT, ENTRY)).href);
  await main();
}
