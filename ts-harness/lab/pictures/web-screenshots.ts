// web-screenshots -- the pictures of the browser version for docs/ and the README.
//   npm run screenshots:web   serves the page and plays in Debian's chromium: a few moves
//                             on a phone for docs/web-phone.png (390x844, touch: the
//                             panel's move list), 1. e4 on a desktop for
//                             docs/web-desktop.png (1280x900), then a move at level 7 for
//                             docs/web-thinking.png (the computer thinking, Move now);
//                             the tests never write into docs/
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { chromium, type Page } from "playwright-core";
import { isMain, ROOT } from "../../core/build.ts";
import { buildBundleOrExit } from "../../frontends/bundle.ts";
import { sleep } from "../../core/runner.ts";
import { startServer } from "../../frontends/serve.ts";

const CHROMIUM = "/usr/bin/chromium";
/** Time for the computer's reply to show after the move is typed. */
const REPLY_MS = 10_000;
/** How long the level-7 search runs before the picture of the thinking. */
const THINK_MS = 2_000;

const PHONE = {
  viewport: { width: 390, height: 844 },
  hasTouch: true,
  isMobile: true,
  deviceScaleFactor: 1,
};
const DESKTOP = { viewport: { width: 1280, height: 900 } };

/** Each picture: the device, the moves typed (each answered by the computer), and what
 *  comes after them before the picture is taken. */
const SHOTS: {
  name: string;
  device: object;
  moves: string[];
  then?: (page: Page) => Promise<void>;
}[] = [
  { name: "web-phone.png", device: PHONE, moves: ["e2e4", "g1f3", "f1c4", "d2d3"] },
  { name: "web-desktop.png", device: DESKTOP, moves: ["e2e4"] },
  {
    name: "web-thinking.png",
    device: DESKTOP,
    moves: ["e2e4"],
    then: async (page) => {
      await page.locator('#commands button[data-command="book"]').click(); // no book reply
      await sleep(1000);
      await page.locator('#commands button[data-command="level"]').click();
      await page.locator("#choice-list button", { hasText: "Level 7" }).click();
      await sleep(1000);
      await page.keyboard.type("g1f3");
      await page.keyboard.press("Enter");
      await page.locator("#thinking").waitFor({ state: "visible", timeout: 20_000 });
      await sleep(THINK_MS);
    },
  },
];

async function main(): Promise<void> {
  const server = await startServer(0, await buildBundleOrExit());
  const profiles = mkdtempSync(join(tmpdir(), "chess-shots-"));
  try {
    for (const { name, device, moves, then } of SHOTS) {
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
        for (const move of moves) {
          await page.keyboard.type(move);
          await page.keyboard.press("Enter");
          await sleep(REPLY_MS);
        }
        await then?.(page);
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
