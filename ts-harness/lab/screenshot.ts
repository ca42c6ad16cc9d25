// screenshot -- make the README's picture of Los Alamos chess (docs/losalamos.png): the
// game started on the 6x6 board, a few moves played with the keys, the screen taken
// and doubled (640x400, like docs/screenshot.png). Run: npm run screenshot
import { writeFileSync } from "node:fs";
import { GameDriver } from "../core/game-driver.ts";
import { encodePng, type RgbaImage } from "../core/png.ts";

const OUT = "docs/losalamos.png";
const SCALE = 2;
/** Moves typed for white; the computer answers each (two players would need M). */
const WHITE_MOVES = ["c2c3", "e1d3", "b2b3"];

function scaled(img: RgbaImage, k: number): RgbaImage {
  const width = img.width * k, height = img.height * k;
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const from = ((y / k | 0) * img.width + (x / k | 0)) * 4;
      data.set(img.data.subarray(from, from + 4), (y * width + x) * 4);
    }
  return { width, height, data };
}

const game = await GameDriver.start("", { timeoutMs: 120_000 });
try {
  await game.letter("v");
  await game.waitView("the 6x6 board", (v) => v.size === 6);
  for (const [i, uci] of WHITE_MOVES.entries()) {
    await game.type(`${uci}\n`);
    await game.waitLog(`the reply to ${uci}`, (l) => l.moves.length === 2 * (i + 1));
  }
  await game.view();
  writeFileSync(OUT, encodePng(scaled(await game.session.screenshot(), SCALE)));
  console.log(`wrote ${OUT}`);
} finally {
  await game.close();
}
