// dos-thread -- a DosSession (runner.ts) in a worker thread of its own. js-dos runs the
// emulator in slices that hold their thread's event loop, at times for a second; in a
// thread of its own it holds only that thread's, so the process that started it still
// answers its stdin, its signals and its timers at once, and ends the thread (and the
// emulator with it) whenever it likes. The thread starts at thread-boot.mjs, which loads
// bin/liberman-uci's bundle when the process runs one (it names itself in a global) or
// else this file's TypeScript; either serves the thread from here. Every call is a
// message and its answer.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { ROOT } from "./build.ts";
import { DosSession, type DosRunOptions, type KeyName } from "./runner.ts";

/** What the thread is told to be: this file's DosSession server. */
const ROLE = "dos-thread";
const BOOT = join(ROOT, "ts-harness/core/thread-boot.mjs");
/** The globals of bin/liberman-uci's bundle: its own URL, and the URL its modules take as
 *  theirs (build.ts's). The thread gets them too. */
const BUNDLE_GLOBALS = ["LIBERMAN_CHESS_BUNDLE_URL", "LIBERMAN_CHESS_BUILD_URL"] as const;

type Call =
  | { op: "readFile"; name: string }
  | { op: "writeFile"; name: string; text: string }
  | { op: "programEnded" };
type Message = { id: number; op: "start"; opts: DosRunOptions } | ({ id: number } & Call);
type Answer = { id: number; value?: unknown; error?: string };

/** The thread's side: one DosSession, started by the first message; each message after
 *  it is one of its calls, answered when done (a key is pressed without an answer). */
function serve(): void {
  const port = parentPort!;
  let session: DosSession | null = null;
  port.on("message", async (m: Message | { op: "press"; key: KeyName | number }) => {
    if (m.op === "press") {
      session?.press(m.key);
      return;
    }
    const answer: Answer = { id: m.id };
    try {
      if (m.op === "start") session = await DosSession.start(m.opts);
      else if (!session) throw new Error("the emulator has not started");
      else if (m.op === "readFile") answer.value = await session.readFile(m.name);
      else if (m.op === "writeFile") await session.writeFile(m.name, m.text);
      else answer.value = await session.programEnded();
    } catch (e) {
      answer.error = (e as Error).message;
    }
    port.postMessage(answer);
  });
}

if (!isMainThread && (workerData as { role?: string } | null)?.role === ROLE) serve();

/** The starting process's side: the DosSession's calls, each answered by the thread. */
export class DosThread {
  private nextId = 0;
  private readonly waiting = new Map<
    number,
    { resolve(v: unknown): void; reject(e: Error): void }
  >();
  private gone: Error | null = null;

  private constructor(private readonly worker: Worker) {
    worker.on("message", (a: Answer) => {
      const w = this.waiting.get(a.id);
      this.waiting.delete(a.id);
      if (a.error !== undefined) w?.reject(new Error(a.error));
      else w?.resolve(a.value);
    });
    worker.on("error", (e) => this.end(e));
    worker.on("exit", (code) => this.end(new Error(`the emulator's thread ended (${code})`)));
  }

  /** A thread with the program started in its emulator. */
  static async start(opts: DosRunOptions): Promise<DosThread> {
    const g = globalThis as Record<string, unknown>;
    const bundle = g[BUNDLE_GLOBALS[0]] as string | undefined;
    const worker = new Worker(BOOT, {
      workerData: {
        role: ROLE,
        entry: bundle ?? pathToFileURL(join(ROOT, "ts-harness/core/dos-thread.ts")).href,
        globals: bundle ? Object.fromEntries(BUNDLE_GLOBALS.map((k) => [k, g[k]])) : {},
      },
      // tsx keeps a cache in the temporary folder; the thread writes nothing there.
      env: { ...process.env, TSX_DISABLE_CACHE: "1" },
      stdout: true,
    });
    // What the emulator prints goes to stderr: stdout may be a protocol's (UCI's).
    worker.stdout.pipe(process.stderr);
    const thread = new DosThread(worker);
    try {
      await thread.call({ op: "start", opts });
    } catch (e) {
      thread.kill();
      throw e;
    }
    return thread;
  }

  private end(why: Error): void {
    this.gone ??= why;
    for (const w of this.waiting.values()) w.reject(this.gone);
    this.waiting.clear();
  }

  private call(m: Call | { op: "start"; opts: DosRunOptions }): Promise<unknown> {
    if (this.gone) return Promise.reject(this.gone);
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ id, ...m });
    });
  }

  async readFile(name: string): Promise<Uint8Array | null> {
    return (await this.call({ op: "readFile", name })) as Uint8Array | null;
  }

  async writeFile(name: string, text: string): Promise<void> {
    await this.call({ op: "writeFile", name, text });
  }

  press(key: KeyName | number): void {
    if (!this.gone) this.worker.postMessage({ op: "press", key });
  }

  /** True once the program has returned to DOS, or the thread has ended. */
  async programEnded(): Promise<boolean> {
    return this.gone !== null || ((await this.call({ op: "programEnded" })) as boolean);
  }

  /** End the thread and its emulator now, wherever the emulator is. */
  kill(): void {
    this.end(new Error("the emulator's thread was ended"));
    void this.worker.terminate();
  }

  /** End the thread; resolves once it has ended. Safe to call twice. */
  async close(): Promise<void> {
    this.end(new Error("the emulator's thread was ended"));
    await this.worker.terminate();
  }
}
