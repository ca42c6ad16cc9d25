// uci-client -- talk to a UCI engine process (ours through `npm run uci`, or stockfish):
// send lines, wait for a line that matches, with a time limit on every wait. The match
// runner and the tests drive engines through it.
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { createInterface } from "node:readline";

export class UciTimeout extends Error {}

export class UciClient {
  private readonly proc: ChildProcessWithoutNullStreams;
  /** Every line the engine wrote, in order. */
  readonly lines: string[] = [];
  private read = 0;
  private waiter: (() => void) | null = null;
  private exited = false;
  readonly stderr: string[] = [];

  constructor(command: string, args: string[] = [], opts: { cwd?: string } = {}) {
    this.proc = spawn(command, args, { cwd: opts.cwd, stdio: ["pipe", "pipe", "pipe"] });
    createInterface({ input: this.proc.stdout }).on("line", (l) => {
      this.lines.push(l);
      this.waiter?.();
    });
    createInterface({ input: this.proc.stderr }).on("line", (l) => this.stderr.push(l));
    this.proc.on("exit", () => {
      this.exited = true;
      this.waiter?.();
    });
    this.proc.stdin.on("error", () => {});
  }

  send(line: string): void {
    if (!this.exited) this.proc.stdin.write(line + "\n");
  }

  /** The lines written since the last wait, up to and including the first that matches
   *  `pattern`; throws UciTimeout after `timeoutMs`, or when the engine exits. */
  async waitFor(pattern: RegExp, timeoutMs: number): Promise<string[]> {
    const deadline = Date.now() + timeoutMs;
    const from = this.read;
    for (;;) {
      while (this.read < this.lines.length) {
        if (pattern.test(this.lines[this.read++]!)) return this.lines.slice(from, this.read);
      }
      if (this.exited)
        throw new UciTimeout(`the engine exited before ${pattern}; last lines:\n${this.tail()}`);
      const left = deadline - Date.now();
      if (left <= 0)
        throw new UciTimeout(`no ${pattern} within ${timeoutMs} ms; last lines:\n${this.tail()}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiter = () => {
          clearTimeout(t);
          resolve();
        };
      });
      this.waiter = null;
    }
  }

  private tail(): string {
    return [...this.lines.slice(-8), ...this.stderr.slice(-4).map((l) => `stderr: ${l}`)].join(
      "\n",
    );
  }

  /** `uci` … `uciok`, options set, `isready` … `readyok`. */
  async handshake(
    options: Record<string, string | number> = {},
    timeoutMs = 30_000,
  ): Promise<string[]> {
    this.send("uci");
    const lines = await this.waitFor(/^uciok$/, timeoutMs);
    for (const [name, value] of Object.entries(options))
      this.send(`setoption name ${name} value ${value}`);
    this.send("isready");
    await this.waitFor(/^readyok$/, timeoutMs);
    return lines;
  }

  /** Send `quit` and wait for the process to end (killed after `timeoutMs`). */
  async quit(timeoutMs = 5000): Promise<void> {
    this.send("quit");
    const ended = new Promise<void>((resolve) =>
      this.exited ? resolve() : this.proc.on("exit", () => resolve()),
    );
    const timer = setTimeout(() => this.proc.kill("SIGKILL"), timeoutMs);
    await ended;
    clearTimeout(timer);
  }

  get hasExited(): boolean {
    return this.exited;
  }

  get pid(): number {
    return this.proc.pid!;
  }

  /** Send the engine a signal, as a GUI or a terminal does. */
  signal(name: NodeJS.Signals): void {
    this.proc.kill(name);
  }

  /** Close the engine's stdin, as a GUI that goes away does. */
  closeInput(): void {
    this.proc.stdin.end();
  }

  /** Wait for the process to end; false when it has not within `timeoutMs`. */
  async exitWithin(timeoutMs: number): Promise<boolean> {
    if (this.exited) return true;
    return new Promise<boolean>((resolve) => {
      const t = setTimeout(() => resolve(this.exited), timeoutMs);
      this.proc.on("exit", () => {
        clearTimeout(t);
        resolve(true);
      });
    });
  }
}
