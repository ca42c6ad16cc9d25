// screenshot -- make the README's pictures, each screen taken and doubled (640x400): the
// game (docs/screenshot.png: the opening book off, two moves played with the keys, the
// computer's thinking on the panel after its reply) and Los Alamos chess
// (docs/losalamos.png: the game started on the 6x6 board, a few moves played with the
// keys). Run: npm run screenshot
import { writeFileSync } from "node:fs";
import { GameDriver } from "../../core/game-driver.ts";
import { encodePng, type RgbaImage } from "../../core/png.ts";

const OUT = "docs/losalamos.png";
const GAME_OUT = "docs/screenshot.png";
/** White's moves of the game's picture, and the level it is played at (1 s a move). */
const GAME_MOVES = ["e2e4", "g1f3"];
const GAME_LEVEL = 3;
const SCALE = 2;
/** Moves typed for white; the computer answers each (two players would need M). */
const WHITE_MOVES = ["c2c3", "e1d3", "b2b3"];

function scaled(img: RgbaImage, k: number): RgbaImage {
  const width = img.width * k,
    height = img.height * k;
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const from = (((y / k) | 0) * img.width + ((x / k) | 0)) * 4;
      data.set(img.data.subarray(from, from + 4), (y * width + x) * 4);
    }
  return { width, height, data };
}

const chess = await GameDriver.start("", { timeoutMs: 120_000, level: GAME_LEVEL });
try {
  await chess.letter("o");
  await chess.waitLog("the book off", (l) => !l.book);
  for (const [i, uci] of GAME_MOVES.entries()) {
    await chess.type(`${uci}\n`);
    await chess.waitLog(`the reply to ${uci}`, (l) => l.moves.length === 2 * (i + 1));
  }
  await chess.view();
  writeFileSync(GAME_OUT, encodePng(scaled(await chess.session.screenshot(), SCALE)));
  console.log(`wrote ${GAME_OUT}`);
} finally {
  await chess.close();
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
