import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { get } from "node:http";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { strFromU8, unzipSync } from "fflate";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { CHESS, PROBE, program, ROOT } from "../ts-harness/build.ts";
import { makeBundle, PROGRAM_NAME } from "../ts-harness/bundle.ts";
import { PLAY_CONF } from "../ts-harness/dosbox-native.ts";
import { ARTIFACT_DIR } from "../ts-harness/runner.ts";
import { PortInUseError, startServer, type RunningServer } from "../ts-harness/serve.ts";

// The page is tested with asm/probe.asm's `draw` verb standing in for the game: it draws
// four coloured quarters in mode 13h, waits for a key and writes the INT 16h key word
// into KEY.TXT, so the test sees both the picture and which key arrived.

let probe: Uint8Array;
let work: string;
let bundlePath: string;
let server: RunningServer;

beforeAll(async () => {
  probe = await program(PROBE);
  work = mkdtempSync(join(tmpdir(), "chess-web-"));
  bundlePath = join(work, "chess.jsdos");
  writeFileSync(bundlePath, makeBundle(probe, "draw"));
  server = await startServer(0, bundlePath);
});

afterAll(async () => {
  await server?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe("the js-dos bundle", () => {
  test("holds the program as CHESS.COM and a dosbox.conf with the play settings whose autoexec starts it", () => {
    const files = unzipSync(makeBundle(probe, "draw"));
    expect(Object.keys(files).filter((name) => !name.endsWith("/")).sort()).toEqual([".jsdos/dosbox.conf", PROGRAM_NAME]);
    expect([...files[PROGRAM_NAME]!]).toEqual([...probe]);
    const conf = strFromU8(files[".jsdos/dosbox.conf"]!);
    const playCycles = /^cycles=.*$/m.exec(readFileSync(PLAY_CONF, "utf8"))![0];
    expect(conf).toContain(`\n${playCycles}\n`);
    expect(conf.match(/^\[autoexec\]/gm)).toHaveLength(1);
    const autoexec = conf.split(/^\[autoexec\]$/m)[1]!.trim().split("\n");
    expect(autoexec).toEqual(["@echo off", "mount c .", "c:", "CHESS draw"]);
  });
});

/** Status, content type and body of a GET with the path sent exactly as given (fetch
 *  would normalise `..` and `%2e%2e` away before they reach the server). */
function rawGet(path: string): Promise<{ status: number; type: string; body: Buffer }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    get({ hostname, port, path }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, type: String(res.headers["content-type"]), body: Buffer.concat(chunks) }));
    }).on("error", reject);
  });
}

describe("the local web server", () => {
  const emulatorsDir = dirname(createRequire(import.meta.url).resolve("emulators"));

  test.each([
    ["/", "text/html; charset=utf-8"],
    ["/main.js", "text/javascript; charset=utf-8"],
    ["/style.css", "text/css; charset=utf-8"],
    ["/js-dos/js-dos.js", "text/javascript; charset=utf-8"],
    ["/js-dos/js-dos.css", "text/css; charset=utf-8"],
    ["/js-dos/emulators/emulators.js", "text/javascript; charset=utf-8"],
    ["/js-dos/emulators/wdosbox.wasm", "application/wasm"],
    ["/chess.jsdos", "application/zip"],
  ])("serves %s as %s", async (path, type) => {
    const r = await rawGet(path);
    expect(r.status).toBe(200);
    expect(r.type).toBe(type);
    expect(r.body.length).toBeGreaterThan(0);
  });

  test("serves the emulator core of the npm package the headless harness runs", async () => {
    const r = await rawGet("/js-dos/emulators/wdosbox.wasm");
    expect(r.body.equals(readFileSync(join(emulatorsDir, "wdosbox.wasm")))).toBe(true);
  });

  test.each([
    "/../package.json",
    "/%2e%2e/package.json",
    "/..%2fpackage.json",
    "/js-dos/../../package.json",
    "/js-dos/emulators/%2e%2e/%2e%2e/%2e%2e/package.json",
    "//etc/passwd",
    "/%2fetc%2fpasswd",
    "/..%5cpackage.json",
    "/index.html%00.js",
  ])("refuses %s, which would leave the served folders", async (path) => {
    const r = await rawGet(path);
    expect(r.status).toBe(404);
    expect(r.body.toString()).not.toContain("liberman-chess");
    expect(r.body.toString()).not.toContain("root:");
  });

  test("a port already in use is a clear error", async () => {
    const taken = Number(new URL(server.url).port);
    const err = await startServer(taken, bundlePath).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PortInUseError);
    expect((err as Error).message).toMatch(new RegExp(`port ${taken} on 127\\.0\\.0\\.1 is in use.*PORT=`));
  });
});

// Debian's chromium (never a downloaded browser) is installed by setup.mjs when missing;
// the browser tests skip only when it is still missing after that.
const CHROMIUM = "/usr/bin/chromium";
const chromiumReady =
  existsSync(CHROMIUM) || (spawnSync(process.execPath, [join(ROOT, "ts-harness/setup.mjs"), "chromium"], { stdio: "inherit" }).status === 0 && existsSync(CHROMIUM));
if (!chromiumReady) console.warn(`browser tests skipped: ${CHROMIUM} is missing and setup.mjs could not install it`);

/** What web/main.js and js-dos put in the page, as far as the tests use it. */
interface PageWindow {
  chess: {
    ci: {
      fsTree(): Promise<{ nodes: { name: string }[] | null }>;
      fsReadFile(path: string): Promise<Uint8Array>;
    } | null;
  };
  document: {
    querySelector(selector: string): {
      width: number;
      height: number;
      getContext(kind: "2d"): { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } } | null;
    } | null;
    activeElement: { id: string } | null;
  };
}

type Rgb = [number, number, number];
/** VGA default palette: 4 red, 15 white, 1 blue, 2 green (probe.asm's quarters). */
const QUARTERS: Record<string, Rgb> = { topLeft: [0xaa, 0, 0], topRight: [0xff, 0xff, 0xff], bottomLeft: [0, 0, 0xaa], bottomRight: [0, 0xaa, 0] };

/** The colours at the middle of each quarter of the canvas js-dos draws DOS into. */
function canvasQuarters(page: Page): Promise<Record<string, Rgb> | string> {
  return page.evaluate(() => {
    const w = globalThis as unknown as PageWindow;
    const canvas = w.document.querySelector("#dos canvas");
    if (!canvas) return "no canvas in #dos";
    const g = canvas.getContext("2d");
    if (!g) return "the canvas has no 2D context";
    const at = (fx: number, fy: number): Rgb => {
      const d = g.getImageData(Math.floor(canvas.width * fx), Math.floor(canvas.height * fy), 1, 1).data;
      return [d[0]!, d[1]!, d[2]!];
    };
    return { topLeft: at(0.25, 0.25), topRight: at(0.75, 0.25), bottomLeft: at(0.25, 0.75), bottomRight: at(0.75, 0.75) };
  });
}

/** How many different colours a 16x10 grid of samples over the whole canvas shows. */
function canvasColourCount(page: Page): Promise<number> {
  return page.evaluate(() => {
    const canvas = (globalThis as unknown as PageWindow).document.querySelector("#dos canvas");
    const g = canvas?.getContext("2d");
    if (!canvas || !g || canvas.width === 0 || canvas.height === 0) return 0;
    const d = g.getImageData(0, 0, canvas.width, canvas.height).data;
    const seen = new Set<string>();
    for (let gy = 0; gy < 10; gy++) {
      for (let gx = 0; gx < 16; gx++) {
        const i = (Math.floor(((gy + 0.5) * canvas.height) / 10) * canvas.width + Math.floor(((gx + 0.5) * canvas.width) / 16)) * 4;
        seen.add(`${d[i]},${d[i + 1]},${d[i + 2]}`);
      }
    }
    return seen.size;
  });
}

async function waitFor<T>(what: string, limitMs: number, check: () => Promise<T | null>, seen: () => Promise<unknown> = async () => ""): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const v = await check();
    if (v !== null) return v;
    if (Date.now() > deadline) throw new Error(`no ${what} after ${limitMs} ms; last seen: ${JSON.stringify(await seen())}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function waitForPicture(page: Page): Promise<void> {
  const matches = async () => {
    const q = await canvasQuarters(page);
    return typeof q !== "string" && JSON.stringify(q) === JSON.stringify(QUARTERS) ? true : null;
  };
  await waitFor("four-quarter picture on the canvas", 20_000, matches, () => canvasQuarters(page)).catch(async (e: Error) => {
    mkdirSync(ARTIFACT_DIR, { recursive: true });
    const png = join(ARTIFACT_DIR, `web-failed-${Date.now()}.png`);
    await page.screenshot({ path: png });
    throw new Error(`${e.message}\nlast screen: ${png}`);
  });
}

/** KEY.TXT as the program wrote it, or null before it exists. (js-dos's fsReadFile of a
 *  missing file takes the page down, so look in the tree first.) */
function keyFile(page: Page): Promise<string | null> {
  return page.evaluate(async () => {
    const ci = (globalThis as unknown as PageWindow).chess.ci!;
    const entry = (await ci.fsTree()).nodes?.find((n) => n.name.toUpperCase() === "KEY.TXT");
    return entry ? new TextDecoder().decode(await ci.fsReadFile(entry.name)) : null;
  });
}

/** KEY.TXT once the program has written it. */
function keyWritten(page: Page): Promise<string> {
  return waitFor("KEY.TXT", 15_000, () => keyFile(page), () => keyFile(page));
}

const hasCi = (page: Page) => page.evaluate(() => ((globalThis as unknown as PageWindow).chess.ci ? true : null));

describe.skipIf(!chromiumReady)("the web page in Chromium", () => {
  let context: BrowserContext;
  let page: Page;
  const external: string[] = [];

  beforeAll(async () => {
    context = await chromium.launchPersistentContext(join(work, "profile"), {
      executablePath: CHROMIUM,
      headless: true,
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
      viewport: { width: 1280, height: 900 },
    });
    context.on("request", (r) => {
      const url = r.url();
      if (!url.startsWith(server.url) && !url.startsWith("blob:") && !url.startsWith("data:")) external.push(url);
    });
    page = context.pages()[0] ?? (await context.newPage());
  }, 60_000);

  afterAll(async () => {
    await context?.close();
  });

  /** Load the page afresh (a new emulator) and wait for the probe's picture; each key
   *  test has its own run, so a key DOSBox repeats under host load cannot leak into the
   *  next one. */
  async function openProbe(): Promise<void> {
    await page.goto(server.url);
    await waitFor("js-dos command interface", 30_000, () => hasCi(page));
    await waitForPicture(page);
    expect(await keyFile(page)).toBeNull();
  }

  test("the page loads from the local server alone, shows a loading indicator, then the program's picture on its canvas", async () => {
    await page.goto(server.url, { waitUntil: "domcontentloaded" });
    expect(await page.locator("#loading").isVisible()).toBe(true);
    await waitFor("js-dos command interface", 30_000, () => hasCi(page));
    await waitForPicture(page);
    expect(await page.locator("#loading").isVisible()).toBe(false);
    expect(await page.locator("#pad.ready").count()).toBe(1);
    mkdirSync(ARTIFACT_DIR, { recursive: true });
    await page.screenshot({ path: join(ARTIFACT_DIR, "web-probe-draw.png") });
    expect(external).toEqual([]);
  }, 45_000);

  // Scan code and ASCII as INT 16h AH=0 returns them (grey arrows with the E0 dropped).
  test.each([
    ["Space", "3920"],
    ["ArrowUp", "4800"],
    ["Escape", "011B"],
  ])("the key %s pressed on the page's keyboard reaches the program as %s", async (key, word) => {
    await openProbe();
    await page.keyboard.press(key);
    expect(await keyWritten(page)).toBe(word);
  }, 40_000);

  test.each([
    ["esc", "011B"],
    ["up", "4800"],
    ["down", "5000"],
    ["left", "4B00"],
    ["right", "4D00"],
    ["enter", "1C0D"],
    ["space", "3920"],
  ])("the on-screen %s button reaches the program as %s without taking the focus from the game", async (button, word) => {
    await openProbe();
    await page.click(`#pad button[data-key="${button}"]`);
    expect(await keyWritten(page)).toBe(word);
    expect(await page.evaluate(() => (globalThis as unknown as PageWindow).document.activeElement?.id)).toBe("dos");
  }, 40_000);

  test("no request left this machine", () => {
    expect(external).toEqual([]);
  });
});

const chessWritten = existsSync(join(ROOT, CHESS.source));
if (chromiumReady && !chessWritten) console.warn(`browser test of the game skipped: ${CHESS.source} does not exist yet`);

describe.skipIf(!chromiumReady || !chessWritten)("the game in Chromium", () => {
  test("the page starts CHESS.COM and its screen is a picture, not one flat colour", async () => {
    const gamePath = join(work, "game.jsdos");
    writeFileSync(gamePath, makeBundle(await program(CHESS)));
    const gameServer = await startServer(0, gamePath);
    const context = await chromium.launchPersistentContext(join(work, "game-profile"), {
      executablePath: CHROMIUM,
      headless: true,
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
      viewport: { width: 1280, height: 900 },
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(gameServer.url);
      await waitFor("picture on the canvas", 30_000, async () => ((await canvasColourCount(page)) >= 2 ? true : null), () => canvasColourCount(page));
      mkdirSync(ARTIFACT_DIR, { recursive: true });
      await page.screenshot({ path: join(ARTIFACT_DIR, "web-chess.png") });
    } finally {
      await context.close();
      await gameServer.close();
    }
  }, 50_000);
});
