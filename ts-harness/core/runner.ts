// runner -- run a DOS program headless under js-dos (DOSBox compiled to WebAssembly) in
// Node: no browser, no display. Give it a program, a command tail, input files and a
// dosbox.conf; get back the files it wrote, its exit code, its stdout, and on request
// screenshots and key presses. Every run has a time limit; a time-out or a crash is a
// DosRunError that says what ran and what was seen, with the last screen saved as PNG
// where CHESS_ARTIFACTS asks for it (the test run does; a command a user runs writes
// nothing into the checkout unless asked).
import { createRequire } from "node:module";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { ROOT } from "./build.ts";
import { encodePng, type RgbaImage } from "./png.ts";

export const CONFIG_DIR = join(ROOT, "dosbox-config");
export const ARTIFACT_DIR = join(ROOT, "test-artifacts");
/** The environment variable that asks for the last screen of a failed run as a PNG:
 *  a folder, or "1" for ARTIFACT_DIR. Unset (or empty), a failure saves nothing. */
export const ARTIFACTS_ENV = "CHESS_ARTIFACTS";

/** The folder a failed run's screen goes to, or null when nobody asked for it. */
export function failureArtifactDir(): string | null {
  const asked = process.env[ARTIFACTS_ENV];
  if (!asked) return null;
  return asked === "1" ? ARTIFACT_DIR : asked;
}

/** js-dos key codes (GLFW numbering) for the keys the game uses; letters and digits are
 *  their upper-case ASCII codes. */
export const KEY = {
  space: 32,
  esc: 256,
  enter: 257,
  tab: 258,
  backspace: 259,
  right: 262,
  left: 263,
  down: 264,
  up: 265,
  f1: 290,
  f2: 291,
  leftShift: 340,
  leftCtrl: 341,
  leftAlt: 342,
} as const;
export type KeyName = keyof typeof KEY;

/** Names the runners (js-dos here, native DOSBox in dosbox-native.ts) write next to the
 *  program; a program under test must not use them. */
export const EXIT_FILE = "RUNEXIT.TXT";
export const DONE_FILE = "RUNDONE.TXT";
export const STDOUT_FILE = "RUNOUT.TXT";
export const BATCH_FILE = "RUNJOB.BAT";
const POLL_MS = 25;

export interface DosRunOptions {
  /** DOS file name of the program, e.g. "CHESS.COM". */
  program: string;
  programBytes: Uint8Array;
  /** Command tail, as typed after the program name. */
  args?: string;
  /** A DOS command typed before the program's name, which then runs it (e.g. DOSBox's
   *  `loadfix -300`, which holds that many KiB below it). */
  launcher?: string;
  /** Input files placed beside the program (DOS 8.3 names). */
  files?: Record<string, Uint8Array | string>;
  /** A conf file in dosbox-config/ (default harness.conf); the runner adds [autoexec]. */
  conf?: string;
  /** Wall-clock limit for the whole run, start-up included (default 60 s). */
  timeoutMs?: number;
  /** Redirect the program's stdout into a file and return it (default true). Turn off
   *  for programs whose screen output matters. */
  captureStdout?: boolean;
}

export interface DosRunResult {
  /** DOS errorlevel of the program. */
  exitCode: number;
  /** What the program wrote on stdout ("" when not captured). */
  stdout: string;
  /** Every file in C:\ after the run, by upper-case name (the runner's own excluded). */
  files: Map<string, Uint8Array>;
  wallMs: number;
}

export type DosRunErrorKind = "timeout" | "crash" | "start";

export class DosRunError extends Error {
  constructor(
    readonly kind: DosRunErrorKind,
    readonly command: string,
    readonly detail: string,
    readonly screenPng: string | null,
  ) {
    super(`${kind}: ${command}: ${detail}${screenPng ? `\nlast screen: ${screenPng}` : ""}`);
  }
}

interface CommandInterface {
  screenshot(): Promise<{ data: Uint8ClampedArray; width: number; height: number }>;
  width(): number;
  height(): number;
  exit(): Promise<void>;
  simulateKeyPress(...codes: number[]): void;
  sendKeyEvent(code: number, pressed: boolean): void;
  sendMouseMotion(x: number, y: number): void;
  sendMouseButton(button: number, pressed: boolean): void;
  fsReadFile(path: string): Promise<Uint8Array>;
  fsWriteFile(path: string, contents: Uint8Array): Promise<void>;
  fsTree(): Promise<FsNode>;
  events(): {
    onExit(f: () => void): void;
    onMessage(f: (type: string, ...args: unknown[]) => void): void;
  };
}
interface FsNode {
  name: string;
  size: number | null;
  nodes: FsNode[] | null;
}
interface Emulators {
  pathPrefix: string;
  dosboxNode(init: unknown[], options?: unknown): Promise<CommandInterface>;
}

let emulatorsModule: Emulators | null = null;

/** Load the emulators package once. In Node its loader requires pathPrefix + "wdosbox.js",
 *  and screenshot() builds a DOM ImageData, which Node lacks. */
function loadEmulators(): Emulators {
  if (emulatorsModule) return emulatorsModule;
  const g = globalThis as Record<string, unknown>;
  if (typeof g.ImageData === "undefined") {
    g.ImageData = class ImageData {
      constructor(
        readonly data: Uint8ClampedArray,
        readonly width: number,
        readonly height: number,
      ) {}
    };
  }
  const require = createRequire(import.meta.url);
  const entry = require.resolve("emulators");
  require("emulators");
  const emulators = g.emulators as Emulators;
  emulators.pathPrefix = dirname(entry) + "/";
  emulatorsModule = emulators;
  return emulators;
}

/** The batch file that runs the program, writes its errorlevel, then the done marker.
 *  DOSBox's shell has no %errorlevel%, only `if errorlevel N` (true when >= N), so the
 *  batch tests from 255 down and jumps to a line that writes that number. */
export function exitCodeBatch(commandLine: string, captureStdout: boolean): string {
  const lines = ["@echo off", captureStdout ? `${commandLine} > ${STDOUT_FILE}` : commandLine];
  for (let n = 255; n >= 1; n--) lines.push(`if errorlevel ${n} goto e${n}`);
  lines.push(`echo 0> ${EXIT_FILE}`, "goto done");
  for (let n = 255; n >= 1; n--) lines.push(`:e${n}`, `echo ${n}> ${EXIT_FILE}`, "goto done");
  lines.push(":done", `echo done> ${DONE_FILE}`);
  return lines.join("\r\n") + "\r\n";
}

function toBytes(x: Uint8Array | string): Uint8Array {
  // A fresh copy: small Node Buffers share an 8 KiB pool that js-dos would read whole.
  return typeof x === "string" ? new Uint8Array(Buffer.from(x, "latin1")) : new Uint8Array(x);
}

/** Why a text cannot go to DOS one byte a character (Latin-1), or null: a character above
 *  U+00FF would arrive as another byte (U+010A as a line feed, U+011A as a Ctrl-Z). */
function notOneByte(text: string): string | null {
  const chars = [...text];
  const at = chars.findIndex((ch) => ch.codePointAt(0)! > 0xff);
  return at < 0
    ? null
    : `character ${chars[at]!.codePointAt(0)} at column ${at + 1} has no single byte in DOS`;
}

function flatten(node: FsNode, prefix = ""): { path: string; size: number }[] {
  const out: { path: string; size: number }[] = [];
  for (const child of node.nodes ?? []) {
    const path = prefix ? `${prefix}/${child.name}` : child.name;
    if (child.nodes) out.push(...flatten(child, path));
    else out.push({ path, size: child.size ?? 0 });
  }
  return out;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A running emulator with the program started; for interactive tests. */
export class DosSession {
  private exited = false;
  private readonly started: number;

  private constructor(
    private readonly ci: CommandInterface,
    readonly command: string,
    private readonly timeoutMs: number,
    private readonly ownNames: Set<string>,
    startedAt: number,
  ) {
    this.started = startedAt;
    ci.events().onExit(() => {
      this.exited = true;
    });
  }

  static async start(opts: DosRunOptions): Promise<DosSession> {
    const startedAt = Date.now();
    const emulators = loadEmulators();
    const command = `${opts.launcher ? opts.launcher + " " : ""}${opts.program}${opts.args ? " " + opts.args : ""}`;
    if (/[\r\n]/.test(command))
      throw new DosRunError("start", command, "the command line holds a line break", null);
    for (const [what, text] of [
      ["the command line", command],
      ...Object.entries(opts.files ?? {}),
    ] as const) {
      const why = typeof text === "string" ? notOneByte(text) : null;
      if (why) throw new DosRunError("start", command, `${what}: ${why}`, null);
    }
    const confText = readFileSync(join(CONFIG_DIR, opts.conf ?? "harness.conf"), "utf8");
    const autoexec = `\n[autoexec]\necho off\nmount c .\nc:\n${BATCH_FILE}\n`;
    const entries: unknown[] = [confText + autoexec];
    entries.push({ path: opts.program, contents: toBytes(opts.programBytes) });
    for (const [name, bytes] of Object.entries(opts.files ?? {}))
      entries.push({ path: name, contents: toBytes(bytes) });
    entries.push({
      path: BATCH_FILE,
      contents: toBytes(exitCodeBatch(command, opts.captureStdout ?? true)),
    });
    let ci: CommandInterface;
    try {
      ci = await emulators.dosboxNode(entries);
    } catch (e) {
      throw new DosRunError("start", command, `js-dos did not start: ${String(e)}`, null);
    }
    const own = new Set([EXIT_FILE, DONE_FILE, STDOUT_FILE, BATCH_FILE, ".JSDOS"]);
    return new DosSession(ci, command, opts.timeoutMs ?? 60_000, own, startedAt);
  }

  get elapsedMs(): number {
    return Date.now() - this.started;
  }

  /** Milliseconds left of the run's time limit. */
  get remainingMs(): number {
    return this.timeoutMs - this.elapsedMs;
  }

  width(): number {
    return this.ci.width();
  }

  height(): number {
    return this.ci.height();
  }

  /** Press and release one key (a KeyName or a js-dos key code). */
  press(key: KeyName | number): void {
    const code = typeof key === "number" ? key : KEY[key];
    this.ci.simulateKeyPress(code);
  }

  /** Press a key while a modifier is held (Alt-X: chord("leftAlt", "X".charCodeAt(0))). */
  async chord(
    modifier: "leftShift" | "leftCtrl" | "leftAlt",
    key: KeyName | number,
    gapMs = 60,
  ): Promise<void> {
    const code = typeof key === "number" ? key : KEY[key];
    this.ci.sendKeyEvent(KEY[modifier], true);
    await sleep(gapMs);
    this.ci.sendKeyEvent(code, true);
    await sleep(gapMs);
    this.ci.sendKeyEvent(code, false);
    await sleep(gapMs);
    this.ci.sendKeyEvent(KEY[modifier], false);
  }

  /** Type text: letters, digits, space and a few punctuation keys. */
  async type(text: string, gapMs = 60): Promise<void> {
    for (const ch of text.toUpperCase()) {
      const code = ch === "\n" ? KEY.enter : ch.charCodeAt(0);
      this.ci.simulateKeyPress(code);
      await sleep(gapMs);
    }
  }

  /** Move the mouse to (x, y) given as fractions 0..1 of the screen, and click, holding
   *  the button `holdMs` (0: press and release reach DOS in the same instant). */
  async click(x: number, y: number, button = 0, holdMs = 60): Promise<void> {
    this.ci.sendMouseMotion(x, y);
    await sleep(60);
    this.ci.sendMouseButton(button, true);
    if (holdMs > 0) await sleep(holdMs);
    this.ci.sendMouseButton(button, false);
  }

  /** Press the left button at (x1, y1), move to (x2, y2) holding it, let go there. */
  async drag(x1: number, y1: number, x2: number, y2: number): Promise<void> {
    this.ci.sendMouseMotion(x1, y1);
    await sleep(60);
    this.ci.sendMouseButton(0, true);
    await sleep(60);
    this.ci.sendMouseMotion(x2, y2);
    await sleep(60);
    this.ci.sendMouseButton(0, false);
  }

  async screenshot(): Promise<RgbaImage> {
    const img = await this.ci.screenshot();
    return {
      width: img.width,
      height: img.height,
      data: new Uint8Array(img.data.buffer, img.data.byteOffset, img.data.byteLength),
    };
  }

  /** Save the current screen as a PNG (in the folder CHESS_ARTIFACTS names, else under
   *  test-artifacts/) and return its path. */
  async saveScreenshot(name: string, dir = failureArtifactDir() ?? ARTIFACT_DIR): Promise<string> {
    mkdirSync(dir, { recursive: true });
    const path = join(dir, name.endsWith(".png") ? name : `${name}.png`);
    writeFileSync(path, encodePng(await this.screenshot()));
    return path;
  }

  /** The file's bytes, or null when the program has not written it. */
  async readFile(name: string): Promise<Uint8Array | null> {
    const wanted = name.toUpperCase();
    const entry = flatten(await this.ci.fsTree()).find((f) => f.path.toUpperCase() === wanted);
    if (!entry) return null;
    return new Uint8Array(await this.ci.fsReadFile(entry.path));
  }

  /** Replace a file the program reads (one the session was started with), e.g. a jobs
   *  file it reads again after its `wait` job. */
  async writeFile(name: string, text: string): Promise<void> {
    const why = notOneByte(text);
    if (why) throw new DosRunError("start", this.command, `${name}: ${why}`, null);
    const wanted = name.toUpperCase();
    const entry = flatten(await this.ci.fsTree()).find((f) => f.path.toUpperCase() === wanted);
    if (!entry)
      throw new DosRunError("crash", this.command, `${name} is not in the emulator's files`, null);
    await this.ci.fsWriteFile(entry.path, toBytes(text));
  }

  /** True once the program has returned to DOS (or the emulator stopped). */
  async programEnded(): Promise<boolean> {
    return this.exited || (await this.readFile(DONE_FILE)) !== null;
  }

  /** Wait until `check` returns a value other than null/false, within the time limit. */
  async waitUntil<T>(what: string, check: () => Promise<T | null | false>): Promise<T> {
    for (;;) {
      const v = await check();
      if (v !== null && v !== false) return v;
      if (this.exited)
        throw await this.fail("crash", `the emulator stopped while waiting for ${what}`);
      if (this.remainingMs <= 0)
        throw await this.fail("timeout", `no ${what} after ${this.elapsedMs} ms`);
      await sleep(POLL_MS);
    }
  }

  /** Wait for the program to return to DOS; collect exit code, stdout and files.
   *  `onPoll` runs at each poll while the program is still running (for progress). */
  async finish(onPoll?: () => Promise<void>): Promise<DosRunResult> {
    await this.waitUntil("end of the program", async () => {
      if (onPoll) await onPoll();
      return this.readFile(DONE_FILE);
    });
    const exitText = await this.readFile(EXIT_FILE);
    const exitCode = exitText ? parseInt(Buffer.from(exitText).toString("latin1"), 10) : NaN;
    if (!Number.isInteger(exitCode))
      throw await this.fail("crash", "the program ended but its exit code was not written");
    const stdoutBytes = await this.readFile(STDOUT_FILE);
    const files = new Map<string, Uint8Array>();
    for (const f of flatten(await this.ci.fsTree())) {
      const name = f.path.toUpperCase();
      if (this.ownNames.has(name) || name.startsWith(".JSDOS")) continue;
      files.set(name, new Uint8Array(await this.ci.fsReadFile(f.path)));
    }
    return {
      exitCode,
      stdout: stdoutBytes ? Buffer.from(stdoutBytes).toString("latin1") : "",
      files,
      wallMs: this.elapsedMs,
    };
  }

  /** Build the error for a failed run: what ran, what was seen, the screen as a PNG. */
  async fail(kind: DosRunErrorKind, detail: string): Promise<DosRunError> {
    let png: string | null = null;
    let seen = "";
    try {
      const dir = failureArtifactDir();
      if (dir)
        png = await this.saveScreenshot(
          `failed-${this.command.split(/[ .]/)[0]}-${Date.now()}`,
          dir,
        );
      const out = await this.readFile(STDOUT_FILE);
      if (out && out.length)
        seen = `\nstdout so far:\n${Buffer.from(out).toString("latin1").slice(-2000)}`;
      const names = flatten(await this.ci.fsTree()).map((f) => `${f.path} (${f.size})`);
      seen += `\nfiles: ${names.join(", ")}`;
    } catch {
      // The emulator may be gone; the kind and detail still say what happened.
    }
    return new DosRunError(kind, this.command, detail + seen, png);
  }

  /** Shut the emulator down so the Node process can end. Safe to call twice. */
  async close(): Promise<void> {
    if (this.exited) return;
    this.exited = true;
    try {
      await this.ci.exit();
    } catch {
      // Already stopped.
    }
  }
}

/** Run a program to its end and return what it left behind. */
export async function runDos(opts: DosRunOptions): Promise<DosRunResult> {
  const session = await DosSession.start(opts);
  try {
    return await session.finish();
  } finally {
    await session.close();
  }
}
