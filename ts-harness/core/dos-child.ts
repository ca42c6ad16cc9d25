// dos-child -- a DosSession (runner.ts) in a child process of its own. js-dos runs the
// emulator in slices that hold their thread's event loop, at times for a second; in a
// process of its own it holds only that process's, so the process that started it still
// answers its stdin, its signals and its timers at once, and ends it (the emulator with
// it) whenever it likes with one SIGKILL, never waiting for the emulator to wind up (a
// worker thread would be joined at the exit, a second on a loaded machine). The child
// starts at dos-child-boot.mjs, which ends it as soon as its parent is gone, then loads
// bin/liberman-uci's bundle when the parent runs one (it names itself in a global) or
// else this file's TypeScript; either serves the child from here. Every call is a
// message and its answer.
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { ROOT } from "./build.ts";
import { DosSession, type DosRunOptions, type KeyName } from "./runner.ts";

/** The environment variable that makes a process the child (its boot's data). */
export const DOS_CHILD_ENV = "LIBERMAN_CHESS_DOS_CHILD";
const BOOT = join(ROOT, "ts-harness/core/dos-child-boot.mjs");
/** The globals of bin/liberman-uci's bundle: its own URL, and the URL its modules take as
 *  theirs (build.ts's). The child gets them too. */
const BUNDLE_GLOBALS = ["LIBERMAN_CHESS_BUNDLE_URL", "LIBERMAN_CHESS_BUILD_URL"] as const;

type Call =
  | { op: "readFile"; name: string }
  | { op: "writeFile"; name: string; text: string }
  | { op: "programEnded" };
type Start = { op: "start"; opts: DosRunOptions; watch?: string };
type Message = ({ id: number } & Start) | ({ id: number } & Call);
type Answer = { id: number; value?: unknown; error?: string };
/** A watched file's bytes and whether the program has ended, sent by the child whenever
 *  they change. */
type Watched = { watched: Uint8Array | null; ended: boolean };

/** How often the child reads the watched file and asks whether the program has ended:
 *  between the emulator's slices, so that its parent knows both without asking. */
const WATCH_MS = 25;

/** The child's side: one DosSession, started by the first message; each message after
 *  it is one of its calls, answered when done (a key is pressed without an answer). */
function serve(): void {
  let session: DosSession | null = null;
  const watch = async (s: DosSession, name: string) => {
    let last: Watched = { watched: null, ended: false };
    // Until the emulator stops and its files cannot be read (the parent sees it end).
    for (;;) {
      let now: Watched;
      try {
        now = { watched: await s.readFile(name), ended: await s.programEnded() };
      } catch {
        return;
      }
      const same = (a: Uint8Array | null, b: Uint8Array | null) =>
        a === b || (a !== null && b !== null && Buffer.from(a).equals(b));
      if (!same(now.watched, last.watched) || now.ended !== last.ended) process.send!(now);
      last = now;
      await new Promise((r) => setTimeout(r, WATCH_MS));
    }
  };
  // The calls are served one after the other, in the order they came: a write sent
  // without waiting for its answer is done before the next call.
  let queue = Promise.resolve();
  process.on("message", (m: Message | { op: "press"; key: KeyName | number }) => {
    queue = queue.then(() => handle(m));
  });
  const handle = async (m: Message | { op: "press"; key: KeyName | number }) => {
    if (m.op === "press") {
      session?.press(m.key);
      return;
    }
    const answer: Answer = { id: m.id };
    try {
      if (m.op === "start") {
        session = await DosSession.start(m.opts);
        if (m.watch) void watch(session, m.watch);
      } else if (!session) throw new Error("the emulator has not started");
      else if (m.op === "readFile") answer.value = await session.readFile(m.name);
      else if (m.op === "writeFile") await session.writeFile(m.name, m.text);
      else answer.value = await session.programEnded();
    } catch (e) {
      answer.error = (e as Error).message;
    }
    process.send!(answer);
  };
}

if (process.env[DOS_CHILD_ENV] && process.send) serve();

/** The starting process's side: the DosSession's calls, each answered by the child. */
export class DosChild {
  private nextId = 0;
  private readonly waiting = new Map<
    number,
    { resolve(v: unknown): void; reject(e: Error): void }
  >();
  private gone: Error | null = null;
  private readonly exited: Promise<void>;
  /** What the child sent last of the watched file and the program's end; null: no file
   *  is watched. */
  private last: Watched | null = null;

  private constructor(private readonly child: ChildProcess) {
    child.on("message", (a: Answer | Watched) => {
      if ("watched" in a) {
        this.last = a;
        return;
      }
      const w = this.waiting.get(a.id);
      this.waiting.delete(a.id);
      if (a.error !== undefined) w?.reject(new Error(a.error));
      else w?.resolve(a.value);
    });
    child.on("error", (e) => this.end(e));
    this.exited = new Promise((resolve) =>
      child.on("exit", (code, signal) => {
        this.end(new Error(`the emulator's process ended (${signal ?? code})`));
        resolve();
      }),
    );
  }

  /** A child with the program started in its emulator; the child sends the file `watch`
   *  names whenever it changes (`watched()`). */
  static async start(opts: DosRunOptions, watch?: string): Promise<DosChild> {
    const g = globalThis as Record<string, unknown>;
    const bundle = g[BUNDLE_GLOBALS[0]] as string | undefined;
    const boot = {
      entry: bundle ?? pathToFileURL(join(ROOT, "ts-harness/core/dos-child.ts")).href,
      globals: bundle ? Object.fromEntries(BUNDLE_GLOBALS.map((k) => [k, g[k]])) : {},
    };
    const child = spawn(process.execPath, [BOOT], {
      // stdin: the pipe whose end tells the child its parent is gone; what the emulator
      // prints goes to stderr (stdout may be a protocol's, UCI's); the calls' channel.
      stdio: ["pipe", 2, 2, "ipc"],
      serialization: "advanced",
      // tsx keeps a cache in the temporary folder; the child writes nothing there.
      env: { ...process.env, [DOS_CHILD_ENV]: JSON.stringify(boot), TSX_DISABLE_CACHE: "1" },
      // A group of its own: a terminal's Ctrl-C reaches the parent alone, which ends it.
      detached: true,
    });
    const dos = new DosChild(child);
    if (watch) dos.last = { watched: null, ended: false };
    try {
      await dos.call({ op: "start", opts, watch });
    } catch (e) {
      dos.kill();
      throw e;
    }
    return dos;
  }

  private end(why: Error): void {
    this.gone ??= why;
    for (const w of this.waiting.values()) w.reject(this.gone);
    this.waiting.clear();
  }

  private call(m: Call | Start): Promise<unknown> {
    if (this.gone) return Promise.reject(this.gone);
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.child.send({ id, ...m }, (e) => e && this.end(e));
    });
  }

  async readFile(name: string): Promise<Uint8Array | null> {
    return (await this.call({ op: "readFile", name })) as Uint8Array | null;
  }

  /** The watched file's bytes as last sent (null before the program writes it). */
  watched(): Uint8Array | null {
    return this.last?.watched ?? null;
  }

  async writeFile(name: string, text: string): Promise<void> {
    await this.call({ op: "writeFile", name, text });
  }

  /** Write a file without waiting: the child writes it before any later call. A failure
   *  is seen at the next call's answer at the latest (the child then ends). */
  post(name: string, text: string): void {
    void this.call({ op: "writeFile", name, text }).catch((e: Error) => {
      this.end(e);
      this.child.kill("SIGKILL");
    });
  }

  press(key: KeyName | number): void {
    if (!this.gone) this.child.send({ op: "press", key }, () => {});
  }

  /** True once the program has returned to DOS (as last sent, when a file is watched), or
   *  the child has ended. */
  async programEnded(): Promise<boolean> {
    if (this.gone !== null) return true;
    if (this.last !== null) return this.last.ended;
    return (await this.call({ op: "programEnded" })) as boolean;
  }

  /** The child's process id (undefined if it never started). */
  get pid(): number | undefined {
    return this.child.pid;
  }

  /** End the child and its emulator now, synchronously, wherever the emulator is. */
  kill(): void {
    this.end(new Error("the emulator's process was ended"));
    this.child.kill("SIGKILL");
  }

  /** End the child; resolves once it has ended. Safe to call twice. */
  async close(): Promise<void> {
    this.kill();
    await this.exited;
  }
}
