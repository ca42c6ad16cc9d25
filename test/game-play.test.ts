import { describe, expect, test } from "vitest";
import type { GameDriver } from "../ts-harness/core/game-driver.ts";
import type { KeyName } from "../ts-harness/core/runner.ts";
import {
  legalMoves,
  makeMove,
  moveToUci,
  toFen,
  unmakeMove,
  type Move,
  type Position,
} from "../ts-harness/oracle/index.ts";
import type { RgbaImage } from "../ts-harness/core/png.ts";
import { learnFont, paletteIndices, readCells } from "../ts-harness/core/screen.ts";
import { boardOf, nextBoards, play, position, START, TEST_MS, gameSession } from "./game-oracle.ts";

// The interactive game driven by keys, typed moves and the mouse under js-dos; what the
// screen shows is read back (ts-harness/core/screen.ts) and compared with the oracle.

const games = gameSession();

/** After the human's move: the computer's reply must show on the screen as a board one
 *  legal move away, and the log must name that same move. Plays it on `pos`. */
async function expectComputerReply(g: GameDriver, pos: Position, plies: number): Promise<Move> {
  const boards = nextBoards(pos);
  const v = await g.waitView("the computer's reply on the screen", (x) => boards.has(x.boardFen));
  const move = boards.get(v.boardFen)!;
  const log = await g.waitLog("the computer's reply in the log", (l) => l.moves.length === plies);
  expect(log.moves.at(-1)).toBe(moveToUci(move));
  makeMove(pos, move);
  expect(log.fen).toBe(toFen(pos));
  return move;
}

/** Where the test puts the mouse: the panel's empty move list, as fractions of the
 *  screen; the box of the arrow DOS draws there (its hot spot top left), in pixels. */
const REST = { x: 0.9, y: 0.55 };
const ARROW = { w: 10, h: 16 };

/** The palette indices of the arrow's box at REST, as a string. */
function arrowBox(g: GameDriver, img: RgbaImage): string {
  const idx = paletteIndices(img, g.layout);
  const x0 = Math.round(REST.x * img.width),
    y0 = Math.round(REST.y * img.height);
  let box = "";
  for (let y = y0; y < y0 + ARROW.h; y++)
    for (let x = x0; x < x0 + ARROW.w; x++)
      box += String.fromCharCode(65 + idx[y * img.width + x]!);
  return box;
}

describe("the game on the screen", () => {
  test(
    "the start position is read back from the screen: white at the bottom, the cursor on e2",
    async () => {
      const game = await games.start();
      const v = await game.waitView("the board", (x) => x.boardFen === boardOf(START));
      expect(v.flipped).toBe(false);
      expect(v.cursor).toBe("e2");
      expect(v.picked).toBeNull();
      expect(v.lit).toEqual([]);
      expect(Math.max(...v.squares.map((s) => s.misfit))).toBe(0);
      expect(v.squares[0]!.ground).toBe("grey"); // Liberman: a8 is grey
      expect(v.squares[1]!.ground).toBe("green");
      expect(await game.panelLine(game.panel("PANEL_TITLE"))).toBe("Liberman Chess");
      await game.screenshot("game-start");
    },
    TEST_MS,
  );

  test(
    "opening moves with the cursor keys (Enter and Space): each shows on the screen, each computer reply is legal",
    async () => {
      const game = await games.start();
      const pos = position(START);
      const wanted = ["e2e4", "g1f3", "f1c4", "d2d3"];
      let plies = 0;
      for (const [i, uci] of wanted.entries()) {
        const move = legalMoves(pos).find((m) => moveToUci(m) === uci) ?? legalMoves(pos)[0]!;
        const [from, to] = [move.from, move.to];
        await game.pickAndDrop(from, to, i % 2 ? "space" : "enter");
        const after = await game.waitLog(`the move ${from}${to}`, (l) => l.moves.length > plies);
        expect(after.moves[plies]).toBe(moveToUci(move));
        makeMove(pos, move);
        plies += 2;
        await expectComputerReply(game, pos, plies);
      }
      const v = await game.view();
      expect(v.boardFen).toBe(boardOf(toFen(pos)));
      await game.screenshot("game-opening");
    },
    TEST_MS,
  );

  test(
    "a move typed as coordinates (e2e4 Enter) is played; the light confirms its squares",
    async () => {
      const game = await games.start();
      const pos = position(START);
      await game.type("d2d4\n");
      const log = await game.waitLog("d2d4", (l) => l.moves.length >= 1);
      expect(log.moves[0]).toBe("d2d4");
      play(pos, "d2d4");
      const reply = await expectComputerReply(game, pos, 2);
      const v = await game.view();
      expect(v.lit.sort()).toEqual([reply.from, reply.to].sort());
    },
    TEST_MS,
  );

  test(
    "the mouse takes up a piece with a click and puts it down with another",
    async () => {
      const game = await games.start();
      const pos = position(START);
      await game.click("g1");
      await game.waitView("g1 lit as taken up", (v) => v.picked === "g1");
      await game.click("f3");
      const log = await game.waitLog("Nf3", (l) => l.moves.length >= 1);
      expect(log.san[0]).toBe("Nf3");
      play(pos, "g1f3");
      await expectComputerReply(game, pos, 2);
    },
    TEST_MS,
  );

  test(
    "clicks whose press and release reach DOS in the same instant take up a piece and put it down",
    async () => {
      const game = await games.start();
      await game.click("b1", 0);
      await game.waitView("b1 lit as taken up", (v) => v.picked === "b1");
      await game.click("c3", 0);
      const log = await game.waitLog("Nc3", (l) => l.moves.length >= 1);
      expect(log.san[0]).toBe("Nc3");
    },
    TEST_MS,
  );

  test(
    "a drag from e2 to e4 with the button held plays the move",
    async () => {
      const game = await games.start();
      await game.drag("e2", "e4");
      const log = await game.waitLog("e4", (l) => l.moves.length >= 1);
      expect(log.san[0]).toBe("e4");
      const v = await game.view();
      expect(v.picked).toBeNull();
    },
    TEST_MS,
  );

  test(
    "an illegal pick and an illegal drop change nothing; Esc puts the piece back",
    async () => {
      const game = await games.start();
      const start = await game.waitView("the board", (v) => v.boardFen === boardOf(START));
      for (const square of ["e5", "e7", "a1"]) {
        // empty; black's; a white piece with no move
        await game.cursorTo(square);
        await game.press("enter");
        await game.cursorTo("d5"); // the Enter has been read once the cursor moves on
        const v = await game.view();
        expect(v.picked).toBeNull();
        expect(v.boardFen).toBe(start.boardFen);
      }
      await game.cursorTo("e2");
      await game.press("space");
      await game.waitView("e2 lit as taken up", (v) => v.picked === "e2");
      await game.cursorTo("e5"); // three squares: not a pawn's move
      await game.press("space");
      await game.cursorTo("d5");
      const held = await game.view();
      expect(held.picked).toBe("e2");
      expect(held.boardFen).toBe(start.boardFen);
      expect((await game.log())!.moves).toEqual([]);
      await game.press("esc");
      const back = await game.waitView("the piece put back", (v) => v.picked === null);
      expect(back.boardFen).toBe(start.boardFen);
    },
    TEST_MS,
  );

  test(
    "F turns the board round and back; the position reads the same both ways",
    async () => {
      const game = await games.start();
      await game.type("e2e4\n");
      const log = await game.waitLog("two plies", (l) => l.moves.length === 2);
      const board = boardOf(log.fen);
      await game.letter("f");
      const flipped = await game.waitView("the board reversed", (v) => v.flipped);
      expect(flipped.boardFen).toBe(board);
      expect(flipped.cursor).toBe("e2");
      expect(flipped.lit.length).toBe(2); // the computer's reply, lit on the reversed board
      expect((await game.waitLog("flip in the log", (l) => l.flip)).moves).toEqual(log.moves);
      await game.click("d2"); // the mouse finds the squares of the reversed board
      await game.click("d4");
      const clicked = await game.waitLog("d2d4 by clicks", (l) => l.moves.length === 4);
      expect(clicked.moves[2]).toBe("d2d4");
      await game.cursorTo("e1"); // the arrows follow the screen: e1 is at the top now
      await game.letter("f");
      const normal = await game.waitView("the board normal again", (v) => !v.flipped);
      expect(normal.boardFen).toBe(boardOf(clicked.fen));
      expect(normal.cursor).toBe("e1");
    },
    TEST_MS,
  );

  test(
    "T takes back the last move pair against the computer",
    async () => {
      const game = await games.start();
      const pos = position(START);
      await game.type("e2e4\n");
      play(pos, "e2e4");
      await expectComputerReply(game, pos, 2);
      await game.type("d2d4\n");
      play(pos, "d2d4");
      await expectComputerReply(game, pos, 4);
      await game.letter("t");
      const log = await game.waitLog("the take-back", (l) => l.moves.length === 2);
      unmakeMove(pos);
      unmakeMove(pos);
      expect(log.fen).toBe(toFen(pos));
      await game.waitView("the position before d2d4", (v) => v.boardFen === boardOf(toFen(pos)));
    },
    TEST_MS,
  );

  test(
    "L steps through the levels (after the last, the first) and N starts a new game",
    async () => {
      const game = await games.start();
      await game.type("e2e4\n");
      await game.waitLog("two plies", (l) => l.moves.length === 2);
      const levelLine = game.panel("PANEL_LEVEL");
      const first = (await game.log())!.level;
      const max = game.layout.constants.get("LEVEL_MAX")!;
      await game.letter("l");
      await game.waitLog("the next level", (l) => l.level === first + 1);
      // The panel says what a level means: a depth, or seconds a move (1, 3, 10, 30 or 60).
      expect(await game.panelLine(levelLine)).toMatch(
        new RegExp(`^Level ${first + 1}: (depth [1-9]|(1|3|10|30|60) s)$`),
      );
      for (let n = first + 1; n <= max; n++) await game.letter("l");
      await game.waitLog(
        "the first level again",
        (l) => l.level === game!.layout.constants.get("LEVEL_MIN"),
      );
      await game.letter("n");
      const fresh = await game.waitLog("a new game", (l) => l.moves.length === 0);
      expect(fresh.fen).toBe(START);
      await game.waitView(
        "the start position",
        (v) => v.boardFen === boardOf(START) && v.lit.length === 0,
      );
    },
    TEST_MS,
  );

  test(
    "while the computer thinks the panel says so, and the words go when it has moved",
    async () => {
      // Level 3 thinks a second of emulated time (asm/game/game.asm, level_limits): long enough
      // for the screen to be read while it does.
      const game = await games.start("", { level: 3 });
      const thinking = game.panel("PANEL_THINKING");
      expect(await game.panelLine(thinking)).toBe("");
      await game.type("d2d3\n"); // no line of the opening book begins so: the computer thinks
      const during = await game.session.waitUntil("the thinking words", async () => {
        const line = await game!.panelLine(thinking);
        return /^Thinking/.test(line) ? line : null;
      });
      expect(during).toMatch(/^Thinking/);
      await game.waitLog("the computer's reply", (l) => l.moves.length === 2);
      expect(await game.panelLine(thinking)).toBe("");
    },
    TEST_MS,
  );

  test(
    "a short game against the computer: every computer move is legal by the oracle",
    async () => {
      const game = await games.start();
      const pos = position(START);
      let plies = 0;
      for (let turn = 0; turn < 8; turn++) {
        const moves = legalMoves(pos);
        if (moves.length === 0) break;
        const move = moves[(turn * 7) % moves.length]!;
        await game.type(moveToUci(move) + "\n");
        makeMove(pos, move);
        plies += 2;
        if (legalMoves(pos).length === 0) break;
        await expectComputerReply(game, pos, plies);
      }
      const v = await game.view();
      expect(v.boardFen).toBe(boardOf(toFen(pos)));
      await game.screenshot("game-short");
    },
    TEST_MS,
  );

  test(
    "the computer plays itself (M three times); all its moves are legal; Q then quits with exit code 0",
    async () => {
      const game = await games.start();
      for (let i = 0; i < 3; i++) await game.letter("m");
      const log = await game.waitLog("six computer moves", (l) => l.moves.length >= 6);
      expect(log.players).toBe("cc");
      const pos = position(START);
      for (const uci of log.moves) play(pos, uci);
      await game.letter("q");
      const r = await game.session.finish();
      expect(r.exitCode).toBe(0);
    },
    TEST_MS,
  );

  test(
    "Alt-X returns to DOS in text mode with exit code 0",
    async () => {
      const game = await games.start();
      await game.waitView("the board", (v) => v.boardFen === boardOf(START));
      await game.session.chord("leftAlt", "X".charCodeAt(0));
      const r = await game.session.finish();
      expect(r.exitCode).toBe(0);
      // Text mode 3 is 80 x 25 characters of 9 x 16 (or 8 x 16) pixels, not mode 13h's 320 x 200.
      // The emulator reports the new size with its next frame, which a loaded host delays.
      await game.session.waitUntil(
        "the text mode's 400 lines",
        async () => game!.session.height() === 400,
      );
      expect(game.session.height()).toBe(400);
    },
    TEST_MS,
  );

  test(
    "random keys while the computer plays itself never crash or hang the game; Esc then Q quits with 0",
    async () => {
      const game = await games.start();
      await game.letter("m");
      await game.letter("m");
      await game.letter("m"); // the computer against itself
      // A fixed pseudo-random walk over every key the game knows, and some it does not.
      const keys: (KeyName | string)[] = [
        "enter",
        "space",
        "esc",
        "backspace",
        "up",
        "down",
        "left",
        "right",
        "tab",
        "e",
        "2",
        "4",
        "f",
        "t",
        "l",
        "m",
        "s",
        "n",
        "b",
        "q7",
        "x",
        "1",
        "9",
      ];
      let seed = 1997;
      for (let i = 0; i < 80; i++) {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        const k = keys[seed % keys.length]!;
        if (k === "q7") await game.type("e7e8q\n");
        else if (k.length === 1) await game.letter(k);
        else await game.press(k as KeyName);
      }
      const log = await game.waitLog("the log after the keys", () => true);
      const replay = position(START);
      // N may have started a new game: replay from the start position of the record.
      for (const uci of log.moves) play(replay, uci);
      expect(toFen(replay)).toBe(log.fen);
      await game.press("esc"); // a half-typed move would take the q as its promotion letter
      await game.letter("q");
      const r = await game.session.finish();
      expect(r.exitCode).toBe(0);
    },
    TEST_MS,
  );

  test(
    "the key help under the board says Space:move now; the mouse arrow is hidden until the mouse moves, and hides again at a key and after a rest of a few seconds",
    async () => {
      const game = await games.start();
      await game.waitView("the board", (x) => x.boardFen === boardOf(START));
      const c = game.layout.constants;
      const blank = String.fromCharCode(65 + c.get("PAL_BACKDROP")!).repeat(ARROW.w * ARROW.h);
      const start = await game.session.screenshot();
      // The font from the title and the three help lines, not from the text read.
      const font = learnFont(start, { ...game.layout, helpMoveNow: "" });
      const help = readCells(
        start,
        game.layout,
        font,
        c.get("HELP_NOW_X")!,
        c.get("HELP_NOW_Y")!,
        c.get("HELP_NOW_COLS")!,
      );
      expect(help).toBe("Space:move now");
      expect(arrowBox(game, start)).toBe(blank);

      await game.session.click(REST.x, REST.y); // off the board: the game ignores it
      const shown = await game.session.waitUntil("the arrow at rest", async () => {
        const box = arrowBox(game, await game.session.screenshot());
        return box !== blank ? box : null;
      });
      // The arrow is in colours of its own; none of them showed anywhere at the start.
      const arrowInks = new Set([...shown].filter((ch) => ch !== blank[0]));
      const startInks = new Set(
        [...paletteIndices(start, game.layout)].map((i) => String.fromCharCode(65 + i)),
      );
      expect([...arrowInks].filter((ink) => startInks.has(ink))).toEqual([]);

      await game.press("esc");
      await game.session.waitUntil("the arrow gone at a key", async () =>
        arrowBox(game, await game.session.screenshot()) === blank ? true : null,
      );
      await game.session.click(REST.x, REST.y + 0.02);
      await game.session.click(REST.x, REST.y);
      await game.session.waitUntil("the arrow back at a move", async () =>
        arrowBox(game, await game.session.screenshot()) !== blank ? true : null,
      );
      const shownAt = Date.now();
      await game.session.waitUntil("the arrow gone after a rest", async () =>
        arrowBox(game, await game.session.screenshot()) === blank ? true : null,
      );
      expect(Date.now() - shownAt).toBeGreaterThan(1_000);
    },
    TEST_MS,
  );
});
