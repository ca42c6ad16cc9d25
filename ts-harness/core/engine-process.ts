// engine-process -- one CHESS.COM kept running between the searches of a game, so that
// its hash table stays from one move to the next: each batch of jobs is added to its
// JOBS.TXT after the `wait` job that ended the batch before, and ends with `wait` itself
// (asm/batch/PROTOCOL.md); the result lines of a batch are read as they are committed.
import { Buffer } from "node:buffer";
import {
  resolveBackend,
  startHost,
  STOP_FILE,
  STOP_GO_ON,
  type BackendName,
  type EmulatorHost,
} from "./engine-hosts.ts";

/** How often RESULT.TXT is read: a file of the host under native DOSBox costs nothing;
 *  js-dos's file system is read through the emulator, which it slows. */
const POLL_MS: Record<Exclude<BackendName, "auto">, number> = { dosbox: 5, jsdos: 25 };
/** What a stop costs before one is measured (native DOSBox answered in 41-53 ms), and
 *  the range a measurement is kept to. */
const PIPE_MS_GUESS: Record<Exclude<BackendName, "auto">, number> = { dosbox: 60, jsdos: 150 };
const PIPE_MS_MIN = 10;
const PIPE_MS_MAX = 1000;

/** `newGame()` makes the next batch start with `newgame` (the table emptied), and
 *  `setHash()` with `hash N` (the table's size; sent again to a program started again).
 *  A program that has ended, or that a search gave up on, is started again for the next
 *  batch. */
export class EngineProcess {
  private host: EmulatorHost | null = null;
  private starting: Promise<EmulatorHost> | null = null;
  private jobCount = 0;
  private newGameWanted = true;
  private hashWanted = true;
  readonly backend: Exclude<BackendName, "auto">;
  /** What a stop costs, in wall ms: from the stop file written to the answer read, as
   *  last measured (PIPE_MS_GUESS until a search has been stopped). */
  pipeMs: number;

  constructor(
    private readonly bytes: Uint8Array,
    backend: BackendName,
    /** The hash table's MiB of extended memory (the `hash` job; 0: conventional memory). */
    private hashMiB = 0,
  ) {
    this.backend = resolveBackend(backend);
    this.pipeMs = PIPE_MS_GUESS[this.backend];
  }

  /** A stop answered `ms` after it was written. */
  measuredStop(ms: number): void {
    this.pipeMs = Math.min(Math.max(ms, PIPE_MS_MIN), PIPE_MS_MAX);
  }

  setHash(mib: number): void {
    if (mib === this.hashMiB) return;
    this.hashMiB = mib;
    this.hashWanted = true;
  }

  get pollMs(): number {
    return POLL_MS[this.backend];
  }

  newGame(): void {
    this.newGameWanted = true;
  }

  /** Start the emulator now, so that the first search does not wait for it. */
  async warm(): Promise<void> {
    await this.running();
  }

  private async running(): Promise<EmulatorHost> {
    if (this.host && (await this.host.ended())) await this.close();
    if (this.host) return this.host;
    this.starting ??= (async () => {
      const first = [`watch ${STOP_FILE}`, "wait"];
      const host = await startHost(this.backend, this.bytes, first);
      this.jobCount = first.length;
      this.host = host;
      this.starting = null;
      return host;
    })();
    return this.starting;
  }

  /** Send a batch; returns the host and the job number of the batch's first line. */
  async send(batch: string[]): Promise<{ host: EmulatorHost; first: number }> {
    const lines = [
      ...(this.hashWanted ? [`hash ${this.hashMiB}`] : []),
      ...(this.newGameWanted ? ["newgame"] : []),
      ...batch,
    ];
    this.hashWanted = false;
    this.newGameWanted = false;
    const host = await this.running();
    await host.setStop(STOP_GO_ON);
    const first = this.jobCount + 1 + lines.length - batch.length;
    this.jobCount += lines.length + 1;
    await host.appendJobs([...lines, "wait"]);
    return { host, first };
  }

  /** Stop the emulator (the next batch starts it again). Safe to call twice. */
  async close(): Promise<void> {
    const host = this.host ?? (this.starting ? await this.starting.catch(() => null) : null);
    this.host = null;
    this.starting = null;
    this.newGameWanted = true;
    this.hashWanted = true;
    await host?.close();
  }
}

/** Where the engine's lines of a batch are read from, as they come. */
export class ResultReader {
  private seen = 0;
  constructor(
    private readonly host: EmulatorHost,
    private readonly first: number,
  ) {}

  /** The whole lines written since the last call, each as [job number, ...words],
   *  of this batch's jobs only. */
  async next(): Promise<{ job: number; words: string[] }[]> {
    const bytes = await this.host.readResult();
    const lines = bytes ? Buffer.from(bytes).toString("latin1").split(/\r?\n/) : [];
    const out: { job: number; words: string[] }[] = [];
    // The last piece may be a line still being written: read only whole lines.
    for (; this.seen < lines.length - 1; this.seen++) {
      const words = lines[this.seen]!.trim().split(/\s+/);
      const job = Number(words[0]);
      if (job >= this.first) out.push({ job, words: words.slice(1) });
    }
    return out;
  }
}
