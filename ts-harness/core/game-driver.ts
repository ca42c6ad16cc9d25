// game-driver -- play CHESS.COM's interactive game headless, as a person would: keys,
// typed moves and mouse clicks in, the screen (read by screen.ts) and the game log
// (GAME.LOG, written with /log) out. Every wait has the session's time limit.
import { chessProgram } from "./build.ts";
import { DosSession, KEY, sleep, type KeyName } from "./runner.ts";
import {
  learnFont,
  loadLayout,
  readPanelLine,
  readScreen,
  squareClickPoint,
  type Font,
  type KnownLine,
  type Layout,
  type ScreenView,
} from "./screen.ts";

export const LOG_FILE = "GAME.LOG";
/** Pause between two key presses: DOSBox reads each one before the next arrives. */
const KEY_GAP_MS = 40;

/** GAME.LOG, as the program writes it at each change of the game. */
export interface GameLog {
  fen: string;
  status: string;
  moves: string[];
  san: string[];
  flip: boolean;
  level: number;
  /** The opening book switched on (O). */
  book: boolean;
  /** White's player then black's: h(uman) or c(omputer). */
  players: string;
  /** What the game is doing: play, think (the computer searches) or setup. */
  mode: string;
  /** The chess clocks (asm/game/chessclock.asm): the time control's row (0: none), the ms on
   *  white's and black's clock, and whose flag fell (w, b, or 0). */
  clock: { control: number; white: number; black: number; flag: string };
  message: string;
  /** The hint's move lit (H) in UCI, or null. */
  hint: string | null;
  /** The thinking shown on the panel (I), and the last search's positions and cost in
   *  instructions (the game's own count, thinking shown or not). */
  think: { shown: boolean; nodes: number; instructions: number };
  /** Analysis mode (A). */
  analysis: boolean;
  /** The sounds (Z): on or off, the notes sent to the PIT's channel 2 so far, the last
   *  one's divisor, and port 61h's speaker bits read back as it began (3: sounding). */
  sound: { on: boolean; notes: number; divisor: number; gate: number };
}

/** The log, or null while it is missing or half written (no closing "end" line). */
export function parseLog(text: string): GameLog | null {
  const lines = text.split(/\r\n/);
  if (!lines.includes("end")) return null;
  const field = (name: string) => {
    const line = lines.find((l) => l === name || l.startsWith(name + " "));
    if (line === undefined) throw new Error(`GAME.LOG has no ${name} line:\n${text}`);
    return line.slice(name.length + 1);
  };
  const words = (name: string) => field(name).split(" ").filter(Boolean);
  return {
    fen: field("fen"),
    status: field("status"),
    moves: words("moves"),
    san: words("san"),
    flip: field("flip") === "1",
    level: Number(field("level")),
    book: field("book") === "1",
    players: field("players"),
    mode: field("mode"),
    clock: (([control, white, black, flag]) => ({
      control: Number(control),
      white: Number(white),
      black: Number(black),
      flag: flag!,
    }))(words("clock")),
    message: field("message"),
    hint: field("hint") === "-" ? null : field("hint"),
    think: (([shown, nodes, instructions]) => ({
      shown: shown === "1",
      nodes: Number(nodes),
      instructions: Number(instructions),
    }))(words("think")),
    analysis: field("analysis") === "1",
    sound: (([on, notes, divisor, gate]) => ({
      on: on === "1",
      notes: Number(notes),
      divisor: Number(divisor),
      gate: Number(gate),
    }))(words("sound")),
  };
}

/** A frame of the emulated VGA (70 Hz), rounded up. */
const FRAME_MS = 20;

function sameView(a: ScreenView, b: ScreenView): boolean {
  return (
    a.size === b.size &&
    a.boardFen === b.boardFen &&
    a.flipped === b.flipped &&
    a.cursor === b.cursor &&
    a.picked === b.picked &&
    a.lit.join() === b.lit.join() &&
    a.hinted.join() === b.hinted.join()
  );
}

/** The game's screen layout, read once per process. */
let layout: Layout | null = null;

export interface GameOptions {
  /** Files placed beside the program (e.g. a CHESS.SAV to /load). */
  files?: Record<string, Uint8Array | string>;
  timeoutMs?: number;
  /** A conf file in dosbox-config/ (default harness.conf), e.g. harness-386.conf. */
  conf?: string;
  /** The computer's level (/level; default TEST_LEVEL). */
  level?: number;
}

/** The level the tests play against: level 2 searches to depth 3 (asm/game/game.asm,
 *  level_limits), quick and the same on every machine; the levels above it think for
 *  seconds of emulated time. */
export const TEST_LEVEL = 2;

export class GameDriver {
  private font: Font | null = null;

  private constructor(
    readonly session: DosSession,
    readonly layout: Layout,
  ) {}

  /** Start the game with a command tail (/log is added) and wait for its first log. */
  static async start(args = "", opts: GameOptions = {}): Promise<GameDriver> {
    const program = await chessProgram();
    layout ??= loadLayout(program);
    const session = await DosSession.start({
      program: "CHESS.COM",
      programBytes: program.bytes,
      args: `/log /level ${opts.level ?? TEST_LEVEL} ${args}`.trim(),
      files: opts.files,
      captureStdout: false,
      timeoutMs: opts.timeoutMs ?? 50_000,
      conf: opts.conf,
    });
    const driver = new GameDriver(session, layout);
    await driver.waitLog("the first game log", () => true);
    return driver;
  }

  /** What the screen shows, once it holds still: DOSBox builds a frame scanline by
   *  scanline while the program draws, so one screenshot can be torn (the top of the
   *  board before a redraw, the bottom after it, a square filled but its piece not yet
   *  drawn). Two readings a frame apart must agree. */
  async view(): Promise<ScreenView> {
    let last = readScreen(await this.session.screenshot(), this.layout);
    return this.session.waitUntil("a still screen", async () => {
      await sleep(FRAME_MS);
      const next = readScreen(await this.session.screenshot(), this.layout);
      const same = sameView(last, next);
      last = next;
      return same ? next : null;
    });
  }

  /** Wait until the screen shows what `ok` wants; returns that view. */
  async waitView(what: string, ok: (v: ScreenView) => boolean): Promise<ScreenView> {
    return this.session.waitUntil(what, async () => {
      const v = await this.view();
      return ok(v) ? v : null;
    });
  }

  async log(): Promise<GameLog | null> {
    const bytes = await this.session.readFile(LOG_FILE);
    return bytes ? parseLog(Buffer.from(bytes).toString("latin1")) : null;
  }

  /** Wait until the log says what `ok` wants; returns that log. */
  async waitLog(what: string, ok: (l: GameLog) => boolean): Promise<GameLog> {
    return this.session.waitUntil(what, async () => {
      const l = await this.log();
      return l && ok(l) ? l : null;
    });
  }

  async press(...keys: (KeyName | number)[]): Promise<void> {
    for (const k of keys) {
      this.session.press(k);
      await sleep(KEY_GAP_MS);
    }
  }

  /** Type text (a move like e2e4, a command letter); "\n" is Enter. */
  async type(text: string): Promise<void> {
    await this.session.type(text, KEY_GAP_MS);
  }

  /** Press a letter key (js-dos codes letters by their upper-case ASCII). */
  async letter(ch: string): Promise<void> {
    await this.press(ch.toUpperCase().charCodeAt(0));
  }

  /** Walk the cursor to a square with the arrow keys and wait until it is there. */
  async cursorTo(square: string): Promise<ScreenView> {
    const v = await this.waitView("the cursor", (x) => x.cursor !== null);
    const at = (name: string) => {
      let file = name.charCodeAt(0) - 97,
        row = 8 - Number(name[1]);
      if (v.flipped) {
        file = 7 - file;
        row = 7 - row;
      }
      return { file, row };
    };
    const from = at(v.cursor!),
      to = at(square);
    const keys: KeyName[] = [];
    for (let i = from.file; i < to.file; i++) keys.push("right");
    for (let i = from.file; i > to.file; i--) keys.push("left");
    for (let i = from.row; i < to.row; i++) keys.push("down");
    for (let i = from.row; i > to.row; i--) keys.push("up");
    await this.press(...keys);
    return this.waitView(`the cursor on ${square}`, (x) => x.cursor === square);
  }

  /** Take up the piece on `from` and put it down on `to` with the cursor and Enter (or
   *  Space). Returns once the keys have been read (the cursor stands on `to`). */
  async pickAndDrop(from: string, to: string, key: "enter" | "space" = "enter"): Promise<void> {
    await this.cursorTo(from);
    await this.press(key);
    await this.cursorTo(to);
    await this.press(key);
  }

  /** Click a square with the left button; then park the pointer on the panel (a click
   *  off the board does nothing) so that it hides no square. */
  async click(square: string, holdMs?: number): Promise<void> {
    const { flipped, size } = await this.view();
    const p = squareClickPoint(this.layout, square, flipped, size);
    await this.session.click(p.x, p.y, 0, holdMs);
    await sleep(KEY_GAP_MS);
    await this.parkPointer();
  }

  /** Drag with the left button from one square to another; then park the pointer. */
  async drag(from: string, to: string): Promise<void> {
    const { flipped, size } = await this.view();
    const a = squareClickPoint(this.layout, from, flipped, size),
      b = squareClickPoint(this.layout, to, flipped, size);
    await this.session.drag(a.x, a.y, b.x, b.y);
    await sleep(KEY_GAP_MS);
    await this.parkPointer();
  }

  private async parkPointer(): Promise<void> {
    await this.session.click(0.99, 0.5);
    await sleep(KEY_GAP_MS);
  }

  /** Read a panel line. The font is learned from the help, title and coordinates, plus
   *  lines the caller knows. */
  async panelLine(line: number, known: KnownLine[] = []): Promise<string> {
    const read = async () => {
      const img = await this.session.screenshot();
      this.font = learnFont(img, this.layout, known, this.font ?? new Map());
      return readPanelLine(img, this.layout, this.font, line);
    };
    let last = await read();
    return this.session.waitUntil(`panel line ${line} still`, async () => {
      await sleep(FRAME_MS);
      const next = await read();
      const same = next === last;
      last = next;
      return same ? next : null;
    });
  }

  /** A panel line's number by its name in game/game.inc (PANEL_STATUS, PANEL_MESSAGE...). */
  panel(name: string): number {
    const n = this.layout.constants.get(name);
    if (n === undefined) throw new Error(`no ${name} in the map`);
    return n;
  }

  async screenshot(name: string): Promise<string> {
    return this.session.saveScreenshot(name);
  }

  async close(): Promise<void> {
    await this.session.close();
  }
}

export { KEY };
