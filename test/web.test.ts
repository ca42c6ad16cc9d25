import { spawn, spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { get } from "node:http";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { Chess } from "chess.js";
import { strFromU8, unzipSync } from "fflate";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { chessProgram, CHESS, PROBE, program, ROOT } from "../ts-harness/core/build.ts";
import { makeBundle, PROGRAM_NAME } from "../ts-harness/frontends/bundle.ts";
import { PLAY_CONF } from "../ts-harness/core/dosbox-native.ts";
import { parseLog, type GameLog } from "../ts-harness/core/game-driver.ts";
import { ARTIFACT_DIR } from "../ts-harness/core/runner.ts";
import {
  loadLayout,
  readScreen,
  squareClickPoint,
  type Layout,
  type ScreenView,
} from "../ts-harness/core/screen.ts";
import {
  PortInUseError,
  startServer,
  writeDosZip,
  type RunningServer,
} from "../ts-harness/frontends/serve.ts";
import { DOS_ZIP_NAME } from "../ts-harness/frontends/dos-zip.ts";
import { buildWeb } from "../ts-harness/frontends/web-build.ts";
import { boardOf, START } from "./game-oracle.ts";
import { fenPosition, findMate } from "../ts-harness/oracle/index.ts";

// The page is tested with asm/tools/probe.asm's `draw` verb standing in for the game: it draws
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
  writeFileSync(bundlePath, makeBundle(probe, "draw", false)); // once: KEY.TXT holds the first key
  server = await startServer(0, bundlePath);
});

afterAll(async () => {
  await server?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe("the js-dos bundle", () => {
  test("holds the program as CHESS.COM and a dosbox.conf with the play settings whose autoexec starts it with START.BAT's switches, and again whenever it ends", () => {
    const files = unzipSync(makeBundle(probe, "draw"));
    expect(
      Object.keys(files)
        .filter((name) => !name.endsWith("/"))
        .sort(),
    ).toEqual([".jsdos/dosbox.conf", PROGRAM_NAME]);
    expect([...files[PROGRAM_NAME]!]).toEqual([...probe]);
    const conf = strFromU8(files[".jsdos/dosbox.conf"]!);
    const playCycles = /^cycles=.*$/m.exec(readFileSync(PLAY_CONF, "utf8"))![0];
    expect(conf).toContain(`\n${playCycles}\n`);
    expect(conf.match(/^\[autoexec\]/gm)).toHaveLength(1);
    const autoexec = conf
      .split(/^\[autoexec\]$/m)[1]!
      .trim()
      .split("\n");
    expect(autoexec).toEqual([
      "@echo off",
      "mount c .",
      "c:",
      "if exist START.BAT call START",
      ":play",
      "CHESS draw %START%",
      "set START=%AGAIN%",
      "goto play",
    ]);
  });
});

/** "1, 3 and 10": a list as the page writes it. */
const listed = (xs: number[]) =>
  xs.length > 1 ? `${xs.slice(0, -1).join(", ")} and ${xs.at(-1)}` : String(xs[0]);

describe("the zip for DOS", () => {
  test("is served at the page's Download for DOS link, and holds build/CHESS.COM byte for byte, a CHESS.TXT in CP437 of lines of 80 columns at most, and a FILE_ID.DIZ of 45 columns and 10 lines at most", async () => {
    const page = await (await fetch(server.url)).text();
    const link = /<a id="dos-download" href="([^"]+)"/.exec(page)?.[1];
    expect(link).toBe(DOS_ZIP_NAME);
    expect((await rawGet(`/${link}`)).status).toBe(200);
    await chessProgram(); // build/CHESS.COM up to date
    const built = readFileSync(join(ROOT, CHESS.output));
    const bundle = join(work, "dos", "chess.jsdos");
    mkdirSync(dirname(bundle), { recursive: true });
    writeFileSync(bundle, makeBundle(built));
    const files = unzipSync(readFileSync(writeDosZip(bundle)));
    expect(Object.keys(files).sort()).toEqual(["CHESS.COM", "CHESS.TXT", "FILE_ID.DIZ"]);
    expect(Buffer.from(files["CHESS.COM"]!).equals(built)).toBe(true);
    for (const [name, columns, most] of [
      ["CHESS.TXT", 80, Infinity],
      ["FILE_ID.DIZ", 45, 10],
    ] as const) {
      const bytes = files[name]!;
      expect(
        bytes.every((b) => b === 0x0d || b === 0x0a || b === 0x1a || (b >= 0x20 && b < 0x7f)),
      ).toBe(true); // CP437's printable ASCII
      const lines = Buffer.from(bytes).toString("latin1").replace(/\x1a$/, "").split("\r\n");
      expect(lines.at(-1)).toBe("");
      expect(lines.length - 1).toBeLessThanOrEqual(most);
      for (const line of lines) expect(line.length).toBeLessThanOrEqual(columns);
    }
  });
});

describe("the page's texts", () => {
  test("say the levels the program has and what each means, served from level_limits in CHESS.COM, with no copy in web/", async () => {
    const program = await chessProgram();
    const [min, max] = [program.map.constant("LEVEL_MIN"), program.map.constant("LEVEL_MAX")];
    const rows = program.bytesAt(program.map.label("level_limits"), (max - min + 1) * 4);
    const levels = Array.from({ length: max - min + 1 }, (_, i) => ({
      level: min + i,
      ms: rows[i * 4]! | (rows[i * 4 + 1]! << 8),
      depth: rows[i * 4 + 2]! | (rows[i * 4 + 3]! << 8),
    }));
    const byDepth = levels.filter((l) => l.ms === 0),
      bySeconds = levels.filter((l) => l.ms > 0);
    const meaning =
      `${min} to ${max}: levels ${listed(byDepth.map((l) => l.level))} search ${listed(byDepth.map((l) => l.depth))} plies deep, ` +
      `levels ${bySeconds[0]!.level} to ${bySeconds.at(-1)!.level} think ${listed(bySeconds.map((l) => l.ms / 1000))} seconds a move`;
    const page = await (await fetch(server.url)).text();
    expect(page.split(meaning).length - 1).toBe(3); // the help, the Level button's tooltip, its list
    expect(page).not.toMatch(/1&ndash;5|1 to 5|\{\{/);
    const source = readFileSync(join(ROOT, "web", "index.html"), "utf8");
    expect(source).not.toContain("seconds a move"); // the page's own file holds no copy
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
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          type: String(res.headers["content-type"]),
          body: Buffer.concat(chunks),
        }),
      );
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
    expect((err as Error).message).toMatch(
      new RegExp(`port ${taken} on 127\\.0\\.0\\.1 is in use.*PORT=`),
    );
  });
});

// Debian's chromium (never a downloaded browser) is installed by setup.mjs when missing;
// the browser tests skip only when it is still missing after that.
const CHROMIUM = "/usr/bin/chromium";
const chromiumReady =
  existsSync(CHROMIUM) ||
  (spawnSync(process.execPath, [join(ROOT, "ts-harness/setup.mjs"), "chromium"], {
    stdio: "inherit",
  }).status === 0 &&
    existsSync(CHROMIUM));
if (!chromiumReady)
  console.warn(`browser tests skipped: ${CHROMIUM} is missing and setup.mjs could not install it`);
/** Headless, offline-minded: nothing but the page's own requests. */
const BROWSER_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** What web/main.js and js-dos put in the page, as far as the tests use it. */
interface PageWindow {
  chess: {
    logText?: string;
    ci: {
      fsTree(): Promise<{ nodes: { name: string }[] | null }>;
      fsReadFile(path: string): Promise<Uint8Array>;
    } | null;
  };
  document: {
    querySelector(selector: string): {
      width: number;
      height: number;
      getContext(kind: "2d"): {
        getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
      } | null;
    } | null;
    activeElement: { id: string } | null;
  };
}

type Rgb = [number, number, number];
/** VGA default palette: 4 red, 15 white, 1 blue, 2 green (probe.asm's quarters). */
const QUARTERS: Record<string, Rgb> = {
  topLeft: [0xaa, 0, 0],
  topRight: [0xff, 0xff, 0xff],
  bottomLeft: [0, 0, 0xaa],
  bottomRight: [0, 0xaa, 0],
};

/** The colours at the middle of each quarter of the canvas js-dos draws DOS into. */
function canvasQuarters(page: Page): Promise<Record<string, Rgb> | string> {
  return page.evaluate(() => {
    const w = globalThis as unknown as PageWindow;
    const canvas = w.document.querySelector("#dos canvas");
    if (!canvas) return "no canvas in #dos";
    const g = canvas.getContext("2d");
    if (!g) return "the canvas has no 2D context";
    const at = (fx: number, fy: number): Rgb => {
      const d = g.getImageData(
        Math.floor(canvas.width * fx),
        Math.floor(canvas.height * fy),
        1,
        1,
      ).data;
      return [d[0]!, d[1]!, d[2]!];
    };
    return {
      topLeft: at(0.25, 0.25),
      topRight: at(0.75, 0.25),
      bottomLeft: at(0.25, 0.75),
      bottomRight: at(0.75, 0.75),
    };
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
        const i =
          (Math.floor(((gy + 0.5) * canvas.height) / 10) * canvas.width +
            Math.floor(((gx + 0.5) * canvas.width) / 16)) *
          4;
        seen.add(`${d[i]},${d[i + 1]},${d[i + 2]}`);
      }
    }
    return seen.size;
  });
}

async function waitFor<T>(
  what: string,
  limitMs: number,
  check: () => Promise<T | null>,
  seen: () => Promise<unknown> = async () => "",
): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const v = await check();
    if (v !== null) return v;
    if (Date.now() > deadline)
      throw new Error(`no ${what} after ${limitMs} ms; last seen: ${JSON.stringify(await seen())}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function waitForPicture(page: Page): Promise<void> {
  const matches = async () => {
    const q = await canvasQuarters(page);
    return typeof q !== "string" && JSON.stringify(q) === JSON.stringify(QUARTERS) ? true : null;
  };
  await waitFor("four-quarter picture on the canvas", 20_000, matches, () =>
    canvasQuarters(page),
  ).catch(async (e: Error) => {
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
  return waitFor(
    "KEY.TXT",
    15_000,
    () => keyFile(page),
    () => keyFile(page),
  );
}

const hasCi = (page: Page) =>
  page.evaluate(() => ((globalThis as unknown as PageWindow).chess.ci ? true : null));

describe.skipIf(!chromiumReady)("the web page in Chromium", () => {
  let context: BrowserContext;
  let page: Page;
  const external: string[] = [];

  beforeAll(async () => {
    context = await chromium.launchPersistentContext(join(work, "profile"), {
      executablePath: CHROMIUM,
      headless: true,
      args: BROWSER_ARGS,
      viewport: { width: 1280, height: 900 },
    });
    context.on("request", (r) => {
      const url = r.url();
      if (!url.startsWith(server.url) && !url.startsWith("blob:") && !url.startsWith("data:"))
        external.push(url);
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
  ])(
    "the key %s pressed on the page's keyboard reaches the program as %s",
    async (key, word) => {
      await openProbe();
      await page.keyboard.press(key);
      expect(await keyWritten(page)).toBe(word);
    },
    40_000,
  );

  test.each([
    ["esc", "011B"],
    ["up", "4800"],
    ["down", "5000"],
    ["left", "4B00"],
    ["right", "4D00"],
    ["enter", "1C0D"],
    ["space", "3920"],
  ])(
    "the on-screen %s button reaches the program as %s without taking the focus from the game",
    async (button, word) => {
      await openProbe();
      await page.click(`#pad button[data-key="${button}"]`);
      expect(await keyWritten(page)).toBe(word);
      expect(
        await page.evaluate(() => (globalThis as unknown as PageWindow).document.activeElement?.id),
      ).toBe("dos");
    },
    40_000,
  );

  test.each(["Enter", "Space"])(
    "Tab from the game reaches the command buttons in their order on the page (Shift+Tab goes back), with a visible focus ring; %s presses the focused one, whose keys reach the program and not Tab's or its own",
    async (key) => {
      await openProbe();
      expect(
        await page.evaluate(() => (globalThis as unknown as PageWindow).document.activeElement?.id),
      ).toBe("dos");
      const focused = () => page.locator(":focus").getAttribute("data-command");
      const order: (string | null)[] = [];
      for (const press of ["Tab", "Tab", "Tab", "Shift+Tab"]) {
        await page.keyboard.press(press);
        order.push(await focused());
      }
      expect(order).toEqual(["new", "takeback", "flip", "takeback"]);
      const ring = await page.locator(":focus").evaluate((el) => {
        const style = el.ownerDocument.defaultView!.getComputedStyle(el);
        return {
          visible: el.matches(":focus-visible"),
          outline: style.outlineStyle,
          width: parseFloat(style.outlineWidth),
        };
      });
      expect(ring.visible).toBe(true);
      expect(ring.outline).not.toBe("none");
      expect(ring.width).toBeGreaterThanOrEqual(2);
      await page.keyboard.press(key);
      // Take back's keys start with Esc (011B); Tab would be 0F09, Enter 1C0D, Space 3920.
      expect(await keyWritten(page)).toBe("011B");
      expect(
        await page.evaluate(() => (globalThis as unknown as PageWindow).document.activeElement?.id),
      ).toBe("dos");
    },
    40_000,
  );

  test("no request left this machine", () => {
    expect(external).toEqual([]);
  });
});

const chessWritten = existsSync(join(ROOT, CHESS.source));
if (chromiumReady && !chessWritten)
  console.warn(`browser test of the game skipped: ${CHESS.source} does not exist yet`);

describe.skipIf(!chromiumReady || !chessWritten)("the game in Chromium", () => {
  test("the page starts CHESS.COM and its screen is a picture, not one flat colour", async () => {
    const gamePath = join(work, "game.jsdos");
    writeFileSync(gamePath, makeBundle(await program(CHESS)));
    const gameServer = await startServer(0, gamePath);
    const context = await chromium.launchPersistentContext(join(work, "game-profile"), {
      executablePath: CHROMIUM,
      headless: true,
      args: BROWSER_ARGS,
      viewport: { width: 1280, height: 900 },
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(gameServer.url);
      await waitFor(
        "picture on the canvas",
        30_000,
        async () => ((await canvasColourCount(page)) >= 2 ? true : null),
        () => canvasColourCount(page),
      );
      mkdirSync(ARTIFACT_DIR, { recursive: true });
      await page.screenshot({ path: join(ARTIFACT_DIR, "web-chess.png") });
    } finally {
      await context.close();
      await gameServer.close();
    }
  }, 50_000);
});

// The game as people use it in the browser: the page serves CHESS.COM started with /log,
// so that GAME.LOG tells what each button did; the board is read back from the page's
// canvas by ts-harness/core/screen.ts, with the piece pictures taken out of CHESS.COM.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const PHONE_AGENT =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36";
const RUY_LOPEZ =
  '[Event "A pasted game"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 {the Spanish} a6 *\n';
/** Chess Programming Wiki perft position 3. */
const ENDGAME = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
const STORE_KEY = "liberman-chess.saved";
/** Pointer moves on the way from one square to the other in a drag. */
/** A player's pause between the clicks on a move's two squares (test 'a plain quick click'). */
const CLICK_GAP_MS = 300;
const DRAG_STEPS = 4;
/** A hand's rest where a drag begins, where it ends and before the pointer is parked: a
 *  drag g1-f3 followed at once by the parking click was lost in CI with the board idle,
 *  as two clicks that reach the program in one look count as one. */
const DRAG_REST_MS = 300;

function launch(profile: string, device: "phone" | "desktop"): Promise<BrowserContext> {
  const phone = {
    viewport: PHONE,
    hasTouch: true,
    isMobile: true,
    deviceScaleFactor: 1,
    userAgent: PHONE_AGENT,
  };
  return chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: BROWSER_ARGS,
    ...(device === "phone" ? phone : { viewport: DESKTOP }),
  });
}

/** The screen as the page's canvas shows it, read like the headless tests read DOS's;
 *  null while the canvas holds no 320x200 picture. */
async function canvasView(page: Page, layout: Layout): Promise<ScreenView | null> {
  const shot = await page.evaluate(() => {
    const canvas = (globalThis as unknown as PageWindow).document.querySelector("#dos canvas");
    const g = canvas?.getContext("2d");
    if (!canvas || !g || canvas.width !== 320 || canvas.height !== 200) return null;
    // As base64: a plain array of 256,000 numbers takes seconds to leave the page.
    const data = g.getImageData(0, 0, 320, 200).data;
    let text = "";
    for (let i = 0; i < data.length; i += 0x8000)
      text += String.fromCharCode(...data.subarray(i, i + 0x8000));
    return btoa(text);
  });
  if (shot === null) return null;
  const view = readScreen(
    { width: 320, height: 200, data: new Uint8Array(Buffer.from(shot, "base64")) },
    layout,
  );
  return view.squares.some((sq) => sq.misfit > 0) ? null : view;
}

/** Click below the board's a-file label: off the board, so the game ignores it, and the
 *  mouse pointer DOS draws there hides no square from the screen reader. (After a touch
 *  the page itself sends the pointer off the board.) */
async function parkPointer(page: Page): Promise<void> {
  // The mouse driver keeps only the last press's place and the last release's (INT 33h
  // functions 5 and 6): a click here that reached the program in the same look as the
  // release ending a drag would take the drag's place. So the hand rests first.
  await new Promise((r) => setTimeout(r, DRAG_REST_MS));
  const box = (await page.locator("#dos canvas").boundingBox())!;
  await page.mouse.click(box.x + (2 / 320) * box.width, box.y + (170 / 200) * box.height);
}

async function waitCanvas(
  page: Page,
  layout: Layout,
  what: string,
  ok: (v: ScreenView) => boolean,
): Promise<ScreenView> {
  return waitFor(
    what,
    30_000,
    async () => {
      const v = await canvasView(page, layout);
      return v !== null && ok(v) ? v : null;
    },
    async () => (await canvasView(page, layout))?.boardFen,
  ).catch(async (e: Error) => {
    mkdirSync(ARTIFACT_DIR, { recursive: true });
    const png = join(ARTIFACT_DIR, `web-game-failed-${Date.now()}.png`);
    await page.screenshot({ path: png });
    throw new Error(`${e.message}\nlast page: ${png}`);
  });
}

/** GAME.LOG as the program last wrote it, or null: as the page read it last (js-dos
 *  refuses two reads of one file at once, and the page reads it every 250 ms), or read
 *  here by a page that does not. */
async function pageLog(page: Page): Promise<GameLog | null> {
  const text = await page.evaluate(async () => {
    const chess = (globalThis as unknown as PageWindow).chess;
    if (typeof chess.logText === "string") return chess.logText || null;
    const ci = chess.ci;
    if (!ci) return null;
    const entry = (await ci.fsTree()).nodes?.find((n) => n.name.toUpperCase() === "GAME.LOG");
    return entry ? new TextDecoder().decode(await ci.fsReadFile(entry.name)) : null;
  });
  return text === null ? null : parseLog(text);
}

function waitLog(page: Page, what: string, ok: (l: GameLog) => boolean): Promise<GameLog> {
  return waitFor(
    what,
    20_000,
    async () => {
      const l = await pageLog(page);
      return l !== null && ok(l) ? l : null;
    },
    () => pageLog(page),
  );
}

/** The point of the page over a square's centre. */
async function squarePoint(
  page: Page,
  layout: Layout,
  square: string,
  flipped = false,
): Promise<{ x: number; y: number }> {
  // A player scrolls the board back into sight before touching it: a key pressed below it
  // may have scrolled the page, and a point outside the window touches nothing.
  await page.locator("#dos canvas").scrollIntoViewIfNeeded();
  const box = (await page.locator("#dos canvas").boundingBox())!;
  const p = squareClickPoint(layout, square, flipped);
  return { x: box.x + p.x * box.width, y: box.y + p.y * box.height };
}

/** A finger put down on one square, slid to another and lifted: Chromium's own touch
 *  events through the DevTools protocol (Playwright's touchscreen only taps). */
async function touchDrag(page: Page, layout: Layout, from: string, to: string): Promise<void> {
  const a = await squarePoint(page, layout, from),
    b = await squarePoint(page, layout, to);
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: "touchStart" | "touchMove" | "touchEnd", x: number, y: number) =>
    cdp.send("Input.dispatchTouchEvent", {
      type,
      touchPoints: type === "touchEnd" ? [] : [{ x, y }],
    });
  await touch("touchStart", a.x, a.y);
  await new Promise((r) => setTimeout(r, DRAG_REST_MS));
  for (let i = 1; i <= DRAG_STEPS; i++)
    await touch(
      "touchMove",
      a.x + ((b.x - a.x) * i) / DRAG_STEPS,
      a.y + ((b.y - a.y) * i) / DRAG_STEPS,
    );
  await new Promise((r) => setTimeout(r, DRAG_REST_MS));
  await touch("touchEnd", b.x, b.y);
  await cdp.detach();
}

/** The same with the mouse, the left button held. */
async function mouseDrag(page: Page, layout: Layout, from: string, to: string): Promise<void> {
  const a = await squarePoint(page, layout, from),
    b = await squarePoint(page, layout, to);
  await page.mouse.move(a.x, a.y);
  await new Promise((r) => setTimeout(r, DRAG_REST_MS));
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps: DRAG_STEPS });
  await new Promise((r) => setTimeout(r, DRAG_REST_MS));
  await page.mouse.up();
}

const positionOf = (fen: string) => fen.split(" ").slice(0, 3).join(" ");

/** Board, side to move and castling at the end of a PGN, as chess.js (which nobody here
 *  wrote) reads it. */
function pgnPosition(pgn: string): string {
  const game = new Chess();
  game.loadPgn(pgn);
  return positionOf(game.fen());
}

/** The saved files the page keeps in localStorage, decoded. */
async function storedFiles(page: Page): Promise<Record<string, string>> {
  const raw = await page.evaluate(
    (key) =>
      (
        globalThis as unknown as { localStorage: { getItem(k: string): string | null } }
      ).localStorage.getItem(key),
    STORE_KEY,
  );
  const files = (raw ? JSON.parse(raw).files : {}) as Record<string, string>;
  return Object.fromEntries(
    Object.entries(files).map(([name, b64]) => [
      name,
      Buffer.from(b64, "base64").toString("latin1"),
    ]),
  );
}

const command = (page: Page, name: string) =>
  page.locator(`#commands button[data-command="${name}"]`);

/** The phone's panel holds the whole move list, as chess.js (which nobody here wrote)
 *  writes the game's moves in SAN, scrolled to the last move. */
async function expectPhoneMoveList(page: Page, moves: string[]): Promise<void> {
  const game = new Chess();
  for (const m of moves) game.move({ from: m.slice(0, 2), to: m.slice(2, 4), promotion: m[4] });
  const san = game.history();
  await waitFor(
    "the whole move list under the phone's panel",
    5_000,
    async () => {
      const list = await page.locator("#move-list").evaluate((el) => ({
        text: Array.from(
          el.children,
          (item) => (item as { textContent: string | null }).textContent,
        ).join(" "),
        end: el.scrollTop + el.clientHeight >= el.scrollHeight - 1,
        shown: el.getBoundingClientRect().height > 0,
      }));
      const words = list.text.split(/\s+|\d+\.(?:\.\.)?/).filter(Boolean);
      return list.shown && list.end && JSON.stringify(words) === JSON.stringify(san) ? true : null;
    },
    () => page.locator("#move-list").textContent(),
  );
}

/** Every command button lies under the board and inside the first screen (no scrolling). */
async function expectCommandsInView(page: Page, viewportHeight: number): Promise<void> {
  const screenBox = (await page.locator(".screen").boundingBox())!;
  const buttons = await page.locator("#commands button[data-command]").all();
  expect(buttons.length).toBe(18);
  for (const b of buttons) {
    const box = (await b.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(screenBox.y + screenBox.height);
    expect(box.y + box.height).toBeLessThanOrEqual(viewportHeight);
    expect((await b.textContent())!.trim().length).toBeGreaterThan(3);
  }
}

describe.skipIf(!chromiumReady || !chessWritten)("the game in Chromium, as people use it", () => {
  let layout: Layout;
  let logServer: RunningServer;
  const external: string[] = [];
  const watch = (context: BrowserContext, url: string) =>
    context.on("request", (r) => {
      if (!r.url().startsWith(url) && !r.url().startsWith("blob:") && !r.url().startsWith("data:"))
        external.push(r.url());
    });

  beforeAll(async () => {
    const program = await chessProgram();
    layout = loadLayout(program);
    const path = join(work, "game-log.jsdos");
    writeFileSync(path, makeBundle(program.bytes, "/log"));
    logServer = await startServer(0, path);
  });

  afterAll(async () => {
    await logServer?.close();
  });

  test("on a phone (390x844, touch) the board fills the width, a tap on e2 then on e4 plays e4 and leaves no pointer on the board, a drag plays Nf3, and every command button works (Open game with a PGN typed in)", async () => {
    const context = await launch(join(work, "phone"), "phone");
    watch(context, logServer.url);
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(logServer.url);
      await waitCanvas(page, layout, "the start position", (v) => v.boardFen === boardOf(START));
      const screenBox = (await page.locator(".screen").boundingBox())!;
      expect(screenBox.width).toBe(PHONE.width);
      await expectCommandsInView(page, PHONE.height);
      mkdirSync(ARTIFACT_DIR, { recursive: true });
      await page.screenshot({ path: join(ARTIFACT_DIR, "web-phone.png") });

      const e2 = await squarePoint(page, layout, "e2");
      await page.touchscreen.tap(e2.x, e2.y);
      await waitCanvas(page, layout, "e2 taken up", (v) => v.picked === "e2");
      const e4 = await squarePoint(page, layout, "e4");
      await page.touchscreen.tap(e4.x, e4.y);
      const E4 = 36,
        E2 = 52; // a8 = 0 .. h1 = 63
      await waitCanvas(
        page,
        layout,
        "the pawn on e4",
        (v) => v.squares[E4]!.piece === "P" && v.squares[E2]!.piece === null,
      );
      const opened = await waitLog(page, "e4 and the reply", (l) => l.moves.length === 2);
      expect(opened.moves[0]).toBe("e2e4");
      await touchDrag(page, layout, "g1", "f3");
      const played = await waitLog(
        page,
        "Nf3 by a drag and the reply",
        (l) => l.moves.length === 4,
      );
      expect(played.moves[2]).toBe("g1f3");
      await expectPhoneMoveList(page, played.moves);
      // The computer's reply comes at once from the opening book: a button tapped within
      // about 300 ms of a touch drag's end lost its keys here (the page or js-dos, not
      // the game: the same keys right after a drag reach it headless), so the finger rests.
      await new Promise((r) => setTimeout(r, 1000));

      await command(page, "players").tap();
      await page.locator("#choice-list button", { hasText: "Two players" }).tap();
      const two = await waitLog(page, "two players", (l) => l.players === "hh");
      expect(two.moves).toEqual(played.moves);
      await command(page, "book").tap();
      expect((await waitLog(page, "the opening book off", (l) => !l.book)).message).toBe(
        "Opening book off",
      );
      await command(page, "level").tap();
      await page.locator("#choice-list button", { hasText: "Level 2" }).tap();
      await waitLog(page, "level 2", (l) => l.level === 2);
      await command(page, "clock").tap();
      expect((await waitLog(page, "the 5+0 clock", (l) => l.clock.control === 1)).clock.white).toBe(
        300_000,
      );
      await command(page, "flip").tap();
      await waitLog(page, "the board turned", (l) => l.flip);
      await waitCanvas(page, layout, "the board turned on the screen", (v) => v.flipped);
      await command(page, "takeback").tap();
      const back = await waitLog(page, "a move taken back", (l) => l.moves.length === 3);
      expect(back.moves).toEqual(played.moves.slice(0, 3));

      await command(page, "save").tap();
      const saved = await waitFor(
        "CHESS.SAV kept in the browser",
        10_000,
        async () => (await storedFiles(page))["CHESS.SAV"] ?? null,
      );
      expect(pgnPosition(saved)).toBe(positionOf(back.fen));
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        command(page, "download").tap(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^player-player-\d{4}-\d\d-\d\d\.pgn$/);
      expect(readFileSync(await download.path()).toString("latin1")).toBe(saved);
      await command(page, "savecompact").tap();
      const compact = await waitFor(
        "CHESS.GAM kept in the browser",
        10_000,
        async () => (await storedFiles(page))["CHESS.GAM"] ?? null,
      );
      expect(compact.slice(0, 4)).toBe("LGAM");

      await command(page, "new").tap();
      const fresh = await waitLog(page, "a new game", (l) => l.moves.length === 0);
      expect(fresh.fen).toBe(START);
      await command(page, "variant").tap();
      const small = await waitLog(page, "a game of Los Alamos chess", (l) => l.fen !== START);
      expect(boardOf(small.fen).split("/")).toHaveLength(6);

      // The set-up board left to ask for a mate in N: refused on an empty board (the
      // board stays to fix), then answered from the start position, where the oracle
      // finds no mate in 2.
      const setupKey = (label: string) =>
        page.locator(
          `#setup-keys button[aria-label="${label}"], #setup-keys button:text-is("${label}")`,
        );
      await command(page, "setup").tap();
      await setupKey("Clear board").tap();
      await waitCanvas(
        page,
        layout,
        "the 6x6 set-up board cleared",
        (v) => v.boardFen === "6/6/6/6/6/6",
      );
      await setupKey("Mate in 1").tap();
      await waitLog(page, "the empty board refused", (l) => l.message.startsWith("Refused"));
      await waitCanvas(page, layout, "the empty set-up kept", (v) => v.boardFen === "6/6/6/6/6/6");
      await setupKey("Start position").tap();
      await waitCanvas(
        page,
        layout,
        "the Los Alamos start set up",
        (v) => v.boardFen === boardOf(small.fen),
      );
      expect(findMate(fenPosition(small.fen), 2)).toBeNull();
      await setupKey("Mate in 2").tap();
      await waitLog(page, "the mate search's answer", (l) => l.message === "No mate found");

      await Promise.all([page.waitForEvent("load"), command(page, "load").tap()]); // CHESS.GAM, saved last
      await waitCanvas(
        page,
        layout,
        "the saved position again",
        (v) => v.boardFen === boardOf(back.fen),
      );

      await command(page, "import").tap();
      await page.locator("#import-text").pressSequentially(RUY_LOPEZ); // typed, key by key
      await Promise.all([page.waitForEvent("load"), page.tap("#import-start")]);
      await waitCanvas(
        page,
        layout,
        "the pasted PGN's position",
        (v) => v.boardFen === boardOf(pgnPosition(RUY_LOPEZ)),
      );
    } finally {
      await context.close();
    }
    expect(external).toEqual([]);
  }, 120_000);

  test("on a desktop a plain quick click plays a move, a drag another; after a browser restart the game in progress is there, and after New game the game saved with S comes back with Load saved; a FEN file opens; the set-up keys place a piece", async () => {
    const profile = join(work, "desktop");
    let context = await launch(profile, "desktop");
    watch(context, logServer.url);
    let saved: string;
    let playedFen: string;
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(logServer.url);
      await waitCanvas(page, layout, "the start position", (v) => v.boardFen === boardOf(START));
      expect((await page.locator(".screen").boundingBox())!.width).toBe(960);
      await expectCommandsInView(page, DESKTOP.height);
      for (const square of ["d2", "d4"]) {
        const p = await squarePoint(page, layout, square);
        await page.mouse.click(p.x, p.y); // press and release with no pause between
        // Between the two clicks the hand travels, as a player's does: the mouse driver
        // keeps only the last press's place (INT 33h function 5), so two clicks that
        // reach the program between two of its looks count as one (seen in CI).
        await new Promise((r) => setTimeout(r, CLICK_GAP_MS));
      }
      await parkPointer(page);
      const opened = await waitLog(page, "d4 and the reply", (l) => l.moves.length === 2);
      expect(opened.moves[0]).toBe("d2d4");
      // The reply comes at once from the opening book; a drag begun in the same instant
      // was lost here once in CI (as a button tapped just after a touch drag is, above),
      // so the hand rests as a player's would before the next move.
      await new Promise((r) => setTimeout(r, 1000));
      await mouseDrag(page, layout, "g1", "f3");
      await parkPointer(page);
      const played = await waitLog(
        page,
        "Nf3 by a drag and the reply",
        (l) => l.moves.length === 4,
      );
      expect(played.moves[2]).toBe("g1f3");
      playedFen = played.fen;
      await page.keyboard.press("s");
      saved = await waitFor(
        "CHESS.SAV kept in the browser",
        10_000,
        async () => (await storedFiles(page))["CHESS.SAV"] ?? null,
      );
      expect(pgnPosition(saved)).toBe(positionOf(played.fen));
    } finally {
      await context.close();
    }
    context = await launch(profile, "desktop");
    watch(context, logServer.url);
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(logServer.url);
      await waitCanvas(
        page,
        layout,
        "the game in progress after the restart",
        (v) => v.boardFen === boardOf(playedFen),
      );
      await command(page, "new").click();
      await waitCanvas(page, layout, "a new game", (v) => v.boardFen === boardOf(START));
      await Promise.all([page.waitForEvent("load"), command(page, "load").click()]);
      await waitCanvas(
        page,
        layout,
        "the saved position",
        (v) => v.boardFen === boardOf(pgnPosition(saved)),
      );
      await command(page, "import").click();
      await page.setInputFiles("#import-file", {
        name: "endgame.fen",
        mimeType: "text/plain",
        buffer: Buffer.from(`${ENDGAME}\n`),
      });
      await expect.poll(() => page.inputValue("#import-text")).toBe(`${ENDGAME}\n`);
      await Promise.all([page.waitForEvent("load"), page.click("#import-start")]);
      await waitCanvas(
        page,
        layout,
        "the position of the chosen file",
        (v) => v.boardFen === boardOf(ENDGAME),
      );

      await command(page, "setup").click();
      const setupKey = (label: string) =>
        page.locator(
          `#setup-keys button[aria-label="${label}"], #setup-keys button:text-is("${label}")`,
        );
      await setupKey("Clear board").click();
      await waitCanvas(
        page,
        layout,
        "the set-up board cleared",
        (v) => v.boardFen === "8/8/8/8/8/8/8/8",
      );
      await setupKey("White king").click();
      const c4 = await squarePoint(page, layout, "c4");
      await page.mouse.click(c4.x, c4.y);
      await parkPointer(page);
      await waitCanvas(
        page,
        layout,
        "a white king put on c4",
        (v) => v.boardFen === "8/8/8/8/2K5/8/8/8",
      );
      await setupKey("Back to game").click();
      await waitCanvas(page, layout, "the game as it was", (v) => v.boardFen === boardOf(ENDGAME));
      await expect.poll(() => page.locator("#setup-keys").isHidden()).toBe(true);
    } finally {
      await context.close();
    }
    expect(external).toEqual([]);
  }, 120_000);

  /** Today as the player's machine says it, as PGN writes a date. */
  const today = () => {
    const d = new Date();
    return `${d.getFullYear()}.${String(d.getMonth() + 1).padStart(2, "0")}.${String(d.getDate()).padStart(2, "0")}`;
  };

  test("on a phone the set-up board works as its words say (pick a piece, then tap squares), its keys shown only in the set-up; a game under a clock comes back after a reload with its moves, clock and level, and New game starts afresh; Save then Download at once gives the game just saved, dated today", async () => {
    const context = await launch(join(work, "phone-keep"), "phone");
    watch(context, logServer.url);
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(logServer.url);
      await waitCanvas(page, layout, "the start position", (v) => v.boardFen === boardOf(START));
      const tap = async (square: string) => {
        const p = await squarePoint(page, layout, square);
        await page.touchscreen.tap(p.x, p.y);
        await new Promise((r) => setTimeout(r, CLICK_GAP_MS));
      };
      const setupKey = (label: string) =>
        page.locator(
          `#setup-keys button[aria-label="${label}"], #setup-keys button:text-is("${label}")`,
        );

      expect(await page.locator("#setup-keys").isHidden()).toBe(true);
      await command(page, "setup").tap();
      await setupKey("Clear board").tap();
      await waitCanvas(page, layout, "the board cleared", (v) => v.boardFen === "8/8/8/8/8/8/8/8");
      await setupKey("White king").tap();
      await waitLog(page, "the white king picked", (l) => l.message.startsWith("Picked K"));
      expect((await canvasView(page, layout))!.boardFen).toBe("8/8/8/8/8/8/8/8"); // picked, not put
      await tap("e1");
      await setupKey("Black king").tap();
      await waitLog(page, "the black king picked", (l) => l.message.startsWith("Picked k"));
      await tap("e8");
      await setupKey("White rook").tap();
      await waitLog(page, "the white rook picked", (l) => l.message.startsWith("Picked R"));
      await tap("a1");
      await tap("h1");
      await tap("h1"); // a second tap takes it off again
      await waitCanvas(
        page,
        layout,
        "K, k and R as tapped",
        (v) => v.boardFen === "4k3/8/8/8/8/8/8/R3K3",
      );
      await setupKey("Back to game").tap();
      await waitCanvas(page, layout, "the game again", (v) => v.boardFen === boardOf(START));
      await expect.poll(() => page.locator("#setup-keys").isHidden()).toBe(true);

      await command(page, "clock").tap();
      await waitLog(page, "the 5+0 clock", (l) => l.clock.control === 1);
      await command(page, "level").tap();
      await page.locator("#choice-list button", { hasText: "Level 2" }).tap();
      await waitLog(page, "level 2", (l) => l.level === 2);
      await tap("e2");
      await tap("e4");
      const played = await waitLog(page, "e4 and the reply", (l) => l.moves.length === 2);
      await new Promise((r) => setTimeout(r, 1000)); // the page's copy follows the log
      await page.reload();
      const back = await waitLog(
        page,
        "the game again after the reload",
        (l) => l.moves.length > 0,
      );
      expect(back.moves).toEqual(played.moves);
      expect(back.clock.control).toBe(1);
      expect(back.clock.black).toBeLessThanOrEqual(300_000);
      expect(back.level).toBe(2);
      await waitCanvas(
        page,
        layout,
        "the position after the reload",
        (v) => v.boardFen === boardOf(back.fen),
      );

      const [download] = await Promise.all([
        page.waitForEvent("download"),
        (async () => {
          await command(page, "save").tap();
          await command(page, "download").tap({ timeout: 2_000 });
        })(),
      ]);
      const pgn = readFileSync(await download.path()).toString("latin1");
      expect(pgnPosition(pgn)).toBe(positionOf(back.fen));
      expect(pgn).toContain(`[Date "${today()}"]`);
      expect(download.suggestedFilename()).toBe(
        `player-liberman-chess-${today().replaceAll(".", "-")}.pgn`,
      );

      await command(page, "new").tap();
      await waitLog(page, "a new game", (l) => l.moves.length === 0);
      await new Promise((r) => setTimeout(r, 1000));
      await page.reload();
      await waitCanvas(
        page,
        layout,
        "the new game after a reload",
        (v) => v.boardFen === boardOf(START),
      );
      expect((await waitLog(page, "the new game's log", () => true)).moves).toEqual([]);
    } finally {
      await context.close();
    }
    expect(external).toEqual([]);
  }, 120_000);

  test("on a desktop Q starts the game again as it was, never a DOS prompt; a bad FEN in Open game is refused in the dialog, naming its fault, and the game goes on; at level 7 the page shows the computer thinking, a button pressed meanwhile waits visibly, and Move now makes it play", async () => {
    const context = await launch(join(work, "desktop-play"), "desktop");
    watch(context, logServer.url);
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(logServer.url);
      await waitCanvas(page, layout, "the start position", (v) => v.boardFen === boardOf(START));
      await page.keyboard.type("d2d4\n");
      const opened = await waitLog(page, "d4 and the reply", (l) => l.moves.length === 2);

      await page.keyboard.press("q");
      await new Promise((r) => setTimeout(r, 1500));
      await waitCanvas(
        page,
        layout,
        "the game as it was after Q",
        (v) => v.boardFen === boardOf(opened.fen),
      );
      await command(page, "flip").click();
      await waitLog(page, "the board turned after Q", (l) => l.flip && l.moves.length === 2);

      await command(page, "import").click();
      await page
        .locator("#import-text")
        .fill("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1");
      await page.click("#import-start");
      await expect
        .poll(() => page.locator("#import-error").textContent())
        .toContain("rank 1 has 7 squares");
      expect(await page.locator("#import-dialog").isVisible()).toBe(true);
      await page.locator("#import-dialog button[value=cancel]").click();
      expect((await waitLog(page, "the game still there", () => true)).moves).toEqual(opened.moves);

      await command(page, "book").click();
      await waitLog(page, "the book off", (l) => !l.book);
      await command(page, "level").click();
      await page.locator("#choice-list button", { hasText: "Level 7" }).click();
      await waitLog(page, "level 7", (l) => l.level === 7);
      await page.keyboard.type("c2c4\n");
      await waitLog(page, "the computer thinking", (l) => l.mode === "think");
      await expect.poll(() => page.locator("#thinking").isVisible()).toBe(true);
      const bar = (await page.locator("#move-now").boundingBox())!;
      expect(bar.y + bar.height).toBeLessThanOrEqual(DESKTOP.height); // in the window, unscrolled
      await command(page, "flip").click();
      expect(await page.locator("#command-note").textContent()).toContain(
        "after the computer's move",
      );
      const asked = Date.now();
      await page.locator("#move-now").click();
      const moved = await waitLog(
        page,
        "the computer's move",
        (l) => l.moves.length === 4 && l.mode === "play",
      );
      expect(Date.now() - asked).toBeLessThan(10_000); // not the level's 60 s
      await waitLog(page, "the waiting flip done", (l) => !l.flip);
      await expect.poll(() => page.locator("#thinking").isHidden()).toBe(true);
      expect(moved.moves.slice(0, 3)).toEqual([...opened.moves, "c2c4"]);
    } finally {
      await context.close();
    }
    expect(external).toEqual([]);
  }, 120_000);

  test("npm run build:web writes a folder that plays from a plain static file server, asking no other host", async () => {
    const program = await chessProgram();
    const bundle = join(work, "static.jsdos");
    writeFileSync(bundle, makeBundle(program.bytes));
    const site = await buildWeb(bundle, join(work, "site"));
    expect(readdirSync(site).sort()).toEqual([
      "chess.jsdos",
      "favicon.svg",
      "index.html",
      "js-dos",
      "liberman-chess-dos.zip",
      "main.js",
      "style.css",
    ]);
    expect(readFileSync(join(site, "index.html"), "utf8")).toBe(
      await (await fetch(server.url)).text(),
    ); // the page npm start serves
    // Python's http.server: a static host nobody here wrote, with no knowledge of the page.
    const python = spawn(
      "python3",
      ["-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", site],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error("python3 -m http.server did not start in 10 s")),
          10_000,
        );
        python.stdout.on("data", (d: Buffer) => {
          const m = /port (\d+)/.exec(d.toString());
          if (m) {
            clearTimeout(timer);
            resolve(`http://127.0.0.1:${m[1]}/`);
          }
        });
        python.once("error", reject);
        python.once("exit", (code) =>
          reject(new Error(`python3 -m http.server exited with ${code}`)),
        );
      });
      const context = await launch(join(work, "static"), "desktop");
      watch(context, url);
      const failed: string[] = [];
      context.on("response", (r) => {
        if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
      });
      try {
        const page = context.pages()[0] ?? (await context.newPage());
        await page.goto(url);
        await waitCanvas(page, layout, "the start position", (v) => v.boardFen === boardOf(START));
      } finally {
        await context.close();
      }
      expect(failed).toEqual([]);
      expect(external).toEqual([]);
    } finally {
      python.kill();
    }
  }, 60_000);
});
