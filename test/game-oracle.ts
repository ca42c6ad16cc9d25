// game-oracle -- what the game tests ask the oracle: a position from a FEN, a move
// played by its UCI name, the FEN board field the screen reader gives back.
import { afterEach } from "vitest";
import { GameDriver } from "../ts-harness/core/game-driver.ts";
import {
  fenPosition as position,
  legalMoves,
  makeMove,
  parseUci,
  san,
  toFen,
  unmakeMove,
  type Move,
  type Position,
} from "../ts-harness/oracle/index.ts";

export { START } from "../ts-harness/fixtures/perft.ts";
export { position };

/** Each game test boots its own emulator; none may take longer. */
export const TEST_MS = 60_000;

/** The board field of a FEN, as ScreenView.boardFen reads it off the screen. */
export const boardOf = (fen: string) => fen.split(" ")[0]!;

/** Play a UCI move on the oracle's position; returns its SAN. */
export function play(pos: Position, uci: string): string {
  const r = parseUci(pos, uci);
  if (!r.ok) throw new Error(r.error.message);
  const text = san(pos, r.move);
  makeMove(pos, r.move);
  return text;
}

/** The boards one legal move away, each with its move. */
export function nextBoards(pos: Position): Map<string, Move> {
  const boards = new Map<string, Move>();
  for (const m of legalMoves(pos)) {
    makeMove(pos, m);
    boards.set(boardOf(toFen(pos)), m);
    unmakeMove(pos);
  }
  return boards;
}

/** Two players (M once from "you play white"), so that no computer move intervenes. */
export async function twoPlayers(g: GameDriver): Promise<void> {
  await g.letter("m");
  await g.waitLog("two human players", (l) => l.players === "hh");
}

/** The panel as read, where the reader's ? (a character the help lines, which teach it
 *  the font, do not have: 0, the colon, B) stands for the expected one; any other
 *  difference is kept. */
export function readAs(read: string, expected: string): string {
  if (read.length !== expected.length) return read;
  return [...read].map((c, i) => (c === "?" ? expected[i] : c)).join("");
}

/** The game tests' one set-up: `const games = gameSession()` at the top of a file, then
 *  `const game = await games.start(args, options)` in a test; the game started is closed
 *  after each test, passed or failed, so no emulator outlives its test. */
export function gameSession(): { start: typeof GameDriver.start } {
  let running: GameDriver[] = [];
  afterEach(async () => {
    const closing = running;
    running = [];
    await Promise.all(closing.map((g) => g.close()));
  });
  return {
    async start(...args: Parameters<typeof GameDriver.start>): Promise<GameDriver> {
      const game = await GameDriver.start(...args);
      running.push(game);
      return game;
    },
  };
}
