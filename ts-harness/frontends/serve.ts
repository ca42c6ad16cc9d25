// serve -- the browser version, served from this machine alone (no CDN, works offline).
//   npm start             builds build/CHESS.COM and build/chess.jsdos, then serves
//                         http://127.0.0.1:8086/ until Ctrl-C (PORT=N to change the port)
// What is served:
//   /                     web/ (the page; its {{levels}} said from CHESS.COM's level_limits)
//   /chess.jsdos          the game bundle
//   /js-dos/              the js-dos player (npm package js-dos)
//   /js-dos/emulators/    its emulators; the wasm core comes from the npm package
//                         `emulators` (the one the headless harness runs), the rest
//                         from js-dos's own copy
import { createReadStream, readFileSync, statSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { createRequire } from "node:module";
import { dirname, extname, join, relative, resolve, sep } from "node:path";
import { unzipSync } from "fflate";
import { buildBundleOrExit, PROGRAM_NAME } from "./bundle.ts";
import { DOS_ZIP_NAME, dosZip } from "./dos-zip.ts";
import { chessProgram, isMain, ROOT } from "../core/build.ts";
import type { MappedProgram } from "../core/build.ts";

export const DEFAULT_PORT = 8086;
export const WEB_DIR = join(ROOT, "web");
const require = createRequire(import.meta.url);
const JSDOS_DIR = dirname(require.resolve("js-dos/dist/js-dos.js"));
const EMULATORS_DIR = dirname(require.resolve("emulators"));

const MIME: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".map": "application/json",
  ".wasm": "application/wasm",
  ".jsdos": "application/zip",
  ".png": "image/png",
  ".svg": "image/svg+xml",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
};

/** Where the zip for DOS lies: beside the bundle, whose CHESS.COM it holds. */
export const dosZipPath = (bundlePath: string) => join(dirname(bundlePath), DOS_ZIP_NAME);

/** Write the zip for DOS beside the bundle, from the bundle's own CHESS.COM. */
export function writeDosZip(bundlePath: string): string {
  const program = unzipSync(readFileSync(bundlePath))[PROGRAM_NAME];
  if (program === undefined) throw new Error(`${bundlePath} holds no ${PROGRAM_NAME}`);
  writeFileSync(dosZipPath(bundlePath), dosZip(program));
  return dosZipPath(bundlePath);
}

/** Folders a URL prefix maps to, searched in order; the longest prefix wins. */
function mounts(bundlePath: string): { prefix: string; dirs: string[]; file?: string }[] {
  return [
    { prefix: "/chess.jsdos", dirs: [], file: bundlePath },
    { prefix: `/${DOS_ZIP_NAME}`, dirs: [], file: dosZipPath(bundlePath) },
    { prefix: "/js-dos/emulators/", dirs: [EMULATORS_DIR, join(JSDOS_DIR, "emulators")] },
    { prefix: "/js-dos/", dirs: [JSDOS_DIR] },
    { prefix: "/", dirs: [WEB_DIR] },
  ];
}

/** What the levels are, as the page says it ("1 to 7: levels 1 and 2 search 1 and 3 plies
 *  deep, levels 3 to 7 think 1, 3, 10, 30 and 60 seconds a move"), read from the
 *  program's level_limits rows (a time in ms, or a depth when the time is 0). */
export function levelsText(program: MappedProgram): string {
  const [min, max] = [program.map.constant("LEVEL_MIN"), program.map.constant("LEVEL_MAX")];
  const rows = program.bytesAt(program.map.label("level_limits"), (max - min + 1) * 4);
  const word = (at: number) => rows[at]! | (rows[at + 1]! << 8);
  const levels = Array.from({ length: max - min + 1 }, (_, i) => ({
    level: min + i,
    ms: word(i * 4),
    depth: word(i * 4 + 2),
  }));
  const list = (xs: number[]) =>
    xs.length > 1 ? `${xs.slice(0, -1).join(", ")} and ${xs.at(-1)}` : String(xs[0]);
  const parts = [`${min} to ${max}`];
  const byDepth = levels.filter((l) => l.ms === 0),
    byTime = levels.filter((l) => l.ms > 0);
  const range = (ls: typeof levels) =>
    ls.length > 1 ? `levels ${list(ls.map((l) => l.level))}` : `level ${ls[0]!.level}`;
  const phrases: string[] = [];
  if (byDepth.length > 0)
    phrases.push(`${range(byDepth)} search ${list(byDepth.map((l) => l.depth))} plies deep`);
  if (byTime.length > 0)
    phrases.push(
      `${byTime.length > 2 ? `levels ${byTime[0]!.level} to ${byTime.at(-1)!.level}` : range(byTime)} think ${list(byTime.map((l) => l.ms / 1000))} seconds a move`,
    );
  return `${parts[0]}: ${phrases.join(", ")}`;
}

/** The page's index.html with its {{levels}} said. */
export function pageHtml(file: string, levels: string): string {
  return readFileSync(file, "utf8").replaceAll("{{levels}}", levels);
}

const PAGE = join(WEB_DIR, "index.html");

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The file a URL path names, or null. A path that would leave its folder (.., encoded
 *  slashes, NUL) names nothing. */
export function resolveUrlPath(urlPath: string, bundlePath: string): string | null {
  let path: string;
  try {
    path = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (path.includes("\0") || path.includes("\\") || path.split("/").includes("..")) return null;
  if (path.endsWith("/")) path += "index.html";
  for (const m of mounts(bundlePath)) {
    if (m.file !== undefined) {
      if (path === m.prefix) return isFile(m.file) ? m.file : null;
      continue;
    }
    if (!path.startsWith(m.prefix)) continue;
    const rest = path.slice(m.prefix.length);
    for (const dir of m.dirs) {
      const full = resolve(dir, rest);
      if (full.startsWith(dir + sep) && isFile(full)) return full;
    }
    return null;
  }
  return null;
}

function handle(
  req: IncomingMessage,
  res: ServerResponse,
  bundlePath: string,
  levels: string,
): void {
  if (req.method !== "GET" && req.method !== "HEAD") {
    res
      .writeHead(405, { Allow: "GET, HEAD", "Content-Type": "text/plain" })
      .end("method not allowed\n");
    return;
  }
  const urlPath = new URL(req.url ?? "/", "http://localhost").pathname;
  const file = resolveUrlPath(urlPath, bundlePath);
  if (!file) {
    res.writeHead(404, { "Content-Type": "text/plain" }).end(`not found: ${urlPath}\n`);
    return;
  }
  const page = file === PAGE ? Buffer.from(pageHtml(file, levels), "utf8") : null;
  res.writeHead(200, {
    "Content-Type": MIME[extname(file).toLowerCase()] ?? "application/octet-stream",
    "Content-Length": page ? page.length : statSync(file).size,
    // A rebuilt bundle or page shows on the next reload.
    "Cache-Control": "no-cache",
    "X-Content-Type-Options": "nosniff",
  });
  if (req.method === "HEAD") res.end();
  else if (page) res.end(page);
  else createReadStream(file).pipe(res);
}

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

export class PortInUseError extends Error {}

/** Serve web/, the bundle at `bundlePath` and js-dos on 127.0.0.1:`port` (0: any free
 *  port). Rejects with PortInUseError when the port is taken. */
export async function startServer(port: number, bundlePath: string): Promise<RunningServer> {
  const levels = levelsText(await chessProgram());
  writeDosZip(bundlePath);
  const server = createServer((req, res) => handle(req, res, bundlePath, levels));
  return new Promise((resolvePromise, reject) => {
    server.once("error", (e: NodeJS.ErrnoException) => {
      reject(
        e.code === "EADDRINUSE"
          ? new PortInUseError(
              `port ${port} on 127.0.0.1 is in use: stop what uses it, or choose another with PORT=N`,
            )
          : e,
      );
    });
    server.listen(port, "127.0.0.1", () => {
      const address = server.address();
      const actual = typeof address === "object" && address ? address.port : port;
      resolvePromise({
        url: `http://127.0.0.1:${actual}/`,
        close: () =>
          new Promise((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}

function portFromEnv(): number {
  const text = process.env.PORT;
  if (text === undefined || text === "") return DEFAULT_PORT;
  const port = Number(text);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    console.error(`PORT must be a whole number from 1 to 65535, not '${text}'`);
    process.exit(1);
  }
  return port;
}

async function main(): Promise<void> {
  const port = portFromEnv();
  const bundlePath = await buildBundleOrExit();
  console.log(`built ${relative(process.cwd(), bundlePath)}`);
  try {
    const server = await startServer(port, bundlePath);
    console.log(`Liberman Chess is served at ${server.url} (Ctrl-C stops it)`);
    process.once("SIGINT", () => void server.close().then(() => process.exit(0)));
  } catch (e) {
    if (!(e instanceof PortInUseError)) throw e;
    console.error(e.message);
    process.exit(1);
  }
}

if (isMain(import.meta.url)) await main();
