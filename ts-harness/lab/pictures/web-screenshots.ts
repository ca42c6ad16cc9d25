// web-screenshots -- the pictures of the browser version for docs/ and the README.
//   npm run screenshots:web   serves the page, plays 1. e4 in Debian's chromium and writes
//                             docs/web-phone.png (390x844, touch) and docs/web-desktop.png
//                             (1280x900); the tests never write into docs/
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { chromium } from "playwright-core";
import { isMain, ROOT } from "../../core/build.ts";
import { buildBundleOrExit } from "../../frontends/bundle.ts";
import { sleep } from "../../core/runner.ts";
import { startServer } from "../../frontends/serve.ts";

const CHROMIUM = "/usr/bin/chromium";
/** Time for the computer's reply to show after the move is typed. */
const REPLY_MS = 10_000;

const DEVICES = {
  "web-phone.png": {
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    deviceScaleFactor: 1,
  },
  "web-desktop.png": { viewport: { width: 1280, height: 900 } },
};

async function main(): Promise<void> {
  const server = await startServer(0, await buildBundleOrExit());
  const profiles = mkdtempSync(join(tmpdir(), "chess-shots-"));
  try {
    for (const [name, device] of Object.entries(DEVICES)) {
      const context = await chromium.launchPersistentContext(join(profiles, name), {
        executablePath: CHROMIUM,
        headless: true,
        args: ["--no-sandbox", "--disable-gpu", "--no-first-run"],
        ...device,
      });
      try {
        const page = context.pages()[0] ?? (await context.newPage());
        await page.goto(server.url);
        await page.waitForFunction(
          () => (globalThis as unknown as { chess: { ci: unknown } }).chess.ci !== null,
          null,
          { timeout: 30_000 },
        );
        await sleep(1000);
        await page.keyboard.type("e2e4");
        await page.keyboard.press("Enter");
        await sleep(REPLY_MS);
        const path = join(ROOT, "docs", name);
        await page.screenshot({ path });
        console.log(`wrote ${relative(process.cwd(), path)}`);
      } finally {
        await context.close();
      }
    }
  } finally {
    await server.close();
    rmSync(profiles, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) await main();
