// engine-hosts -- a CHESS.COM kept running under an emulator, fed jobs while it runs: js-dos
// in a child process (dos-child.ts), or native DOSBox in a child process on a temp folder
// mounted as C:. The program reads its JOBS.TXT as it grows (the `wait` job,
// asm/batch/PROTOCOL.md), writes RESULT.TXT line by line and watches STOP.TXT (the `watch`
// job). Either way the emulator holds no event loop of this process, so a signal or a
// closed stdin is seen at once. A host closed or killed leaves no emulator and no folder
// behind; when the process that started it is killed outright, the js-dos child and
// DOSBox end with their pipes and the next start removes DOSBox's folder.
import { execa, type ResultPromise } from "execa";
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { JOBS_FILE, RESULT_FILE } from "./asm-engine.ts";
import { DosChild } from "./dos-child.ts";
import { BATCH_FILE, CONFIG_DIR, DONE_FILE, exitCodeBatch, sleep } from "./runner.ts";

export type BackendName = "auto" | "dosbox" | "jsdos";
export const BACKENDS: readonly BackendName[] = ["auto", "dosbox", "jsdos"];

/** The file the engine watches (the `watch` job) and its bytes: go on, stop now, start
 *  no new iteration. */
export const STOP_FILE = "STOP.TXT";
export const STOP_GO_ON = "0";
export const STOP_NOW = "1";
export const STOP_DEEPEN_NOT = "2";

/** How long a native DOSBox may take to end once its pipe is closed, before it is killed. */
const CLOSE_GRACE_MS = 500;
const NATIVE_CONF = join(CONFIG_DIR, "engine-native.conf");
/** The temp folders of native hosts: this prefix, the engine's process id, a dash. */
const TEMP_PREFIX = "liberman-uci-";

/** A running CHESS.COM in its emulator: its jobs file grows, its result file is read,
 *  its stop file written. */
export interface EmulatorHost {
  appendJobs(lines: string[]): Promise<void>;
  readResult(): Promise<Uint8Array | null>;
  setStop(byte: string): Promise<void>;
  /** A key, where one can be pressed (js-dos); the stop file works everywhere. */
  press(): void;
  ended(): Promise<boolean>;
  close(): Promise<void>;
}

/** The hosts running, for killHosts. */
const live = new Set<{ kill(): void; processes(): number[] }>();

/** How long killHosts waits at most for the processes it killed to end. */
const KILL_WAIT_MS = 2000;

/** End every host of this process at once, synchronously, and remove its folder: for a
 *  process about to exit on a signal. A SIGKILL is delivered some time after it is sent,
 *  so it then waits (at most KILL_WAIT_MS, synchronously: a signal's handler has no event
 *  loop left to wait on) until none of their processes runs any more, and the process
 *  leaves none behind. */
export function killHosts(): void {
  const pids: number[] = [];
  for (const host of live) {
    pids.push(...host.processes());
    host.kill();
  }
  const until = Date.now() + KILL_WAIT_MS;
  const tick = new Int32Array(new SharedArrayBuffer(4));
  while (pids.some(running) && Date.now() < until) Atomics.wait(tick, 0, 0, 1);
}

/** A process's fields after its name in /proc/PID/stat (state, parent, group, ...), or
 *  null where there is no such process or no /proc. */
function procStat(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "latin1");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return null;
  }
}

/** Does process `pid` still run (neither gone nor a zombie whose parent has yet to
 *  collect it)? */
function running(pid: number): boolean {
  const state = procStat(pid)?.[0];
  return state !== undefined && state !== "Z" && state !== "X";
}

/** The processes of process group `group` (none where there is no /proc). */
function groupMembers(group: number): number[] {
  if (!existsSync("/proc")) return [];
  return readdirSync("/proc")
    .filter((n) => /^\d+$/.test(n))
    .map(Number)
    .filter((pid) => procStat(pid)?.[2] === String(group));
}

const startFiles = (jobs: string[]) => ({
  [JOBS_FILE]: jobs.join("\r\n") + "\r\n",
  [RESULT_FILE]: "",
  [STOP_FILE]: STOP_GO_ON,
});

/** js-dos in a child process: killed with this process's end, or when closed. */
export class JsDosHost implements EmulatorHost {
  private constructor(
    private readonly dos: DosChild,
    private jobs: string[],
  ) {}

  static async start(program: Uint8Array, jobs: string[]): Promise<JsDosHost> {
    const dos = await DosChild.start(
      {
        program: "CHESS.COM",
        programBytes: program,
        args: `/jobs ${JOBS_FILE} ${RESULT_FILE}`,
        files: startFiles(jobs),
        timeoutMs: 24 * 3600_000,
      },
      RESULT_FILE,
    );
    const host = new JsDosHost(dos, jobs);
    live.add(host);
    return host;
  }

  async appendJobs(lines: string[]): Promise<void> {
    this.jobs = [...this.jobs, ...lines];
    // Not waited for either: the child writes the files in the order they were sent.
    this.dos.post(JOBS_FILE, this.jobs.join("\r\n") + "\r\n");
  }

  async readResult(): Promise<Uint8Array | null> {
    return this.dos.watched();
  }

  async setStop(byte: string): Promise<void> {
    // Not waited for: the child writes it before the jobs or anything after it.
    this.dos.post(STOP_FILE, byte);
  }

  press(): void {
    this.dos.press("space");
  }

  ended(): Promise<boolean> {
    return this.dos.programEnded();
  }

  async close(): Promise<void> {
    live.delete(this);
    await this.dos.close();
  }

  kill(): void {
    live.delete(this);
    this.dos.kill();
  }

  processes(): number[] {
    return this.dos.pid === undefined ? [] : [this.dos.pid];
  }
}

/** Is process `pid` alive (or not ours to ask)? */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Remove the temp folders of native hosts whose engine process is gone (killed with
 *  SIGKILL, or the machine stopped). */
export function removeDeadHostFolders(): void {
  let names: string[];
  try {
    names = readdirSync(tmpdir());
  } catch {
    return;
  }
  for (const name of names) {
    const m = new RegExp(`^${TEMP_PREFIX}(\\d+)-`).exec(name);
    if (m && !alive(Number(m[1]))) rmSync(join(tmpdir(), name), { recursive: true, force: true });
  }
}

/** Native DOSBox in a child process, on a fresh temp folder mounted as C:. DOSBox runs
 *  under a shell that reads the bridge's pipe: when the bridge ends, however it ends,
 *  the pipe closes and the shell kills DOSBox, so no emulator outlives its engine. */
export class NativeHost implements EmulatorHost {
  private constructor(
    private readonly root: string,
    private readonly proc: ResultPromise,
  ) {}

  private get dir(): string {
    return join(this.root, "c");
  }

  static async start(program: Uint8Array, jobs: string[]): Promise<NativeHost> {
    const root = mkdtempSync(join(tmpdir(), `${TEMP_PREFIX}${process.pid}-`));
    const drive = join(root, "c");
    const home = join(root, "home");
    for (const d of [drive, home]) mkdirSync(d);
    writeFileSync(join(drive, "CHESS.COM"), program);
    for (const [name, text] of Object.entries(startFiles(jobs)))
      writeFileSync(join(drive, name), text, "latin1");
    writeFileSync(
      join(drive, BATCH_FILE),
      exitCodeBatch(`CHESS.COM /jobs ${JOBS_FILE} ${RESULT_FILE}`, true),
      "latin1",
    );
    const dosbox = [
      "-conf",
      NATIVE_CONF,
      "-c",
      `mount c "${drive}"`,
      "-c",
      "c:",
      "-c",
      `call ${BATCH_FILE}`,
      "-c",
      "exit",
    ];
    const watchdog =
      'dosbox "$@" </dev/null >/dev/null 2>&1 & p=$!; read x; kill -9 $p 2>/dev/null';
    const proc = execa("sh", ["-c", watchdog, "sh", ...dosbox], {
      cwd: root,
      env: { ...process.env, SDL_VIDEODRIVER: "dummy", SDL_AUDIODRIVER: "dummy", HOME: home },
      stdin: "pipe",
      stdout: "ignore",
      stderr: "ignore",
      reject: false,
      // A group of its own, so that kill() ends the shell and DOSBox with one signal (and a
      // terminal's Ctrl-C reaches the engine alone, which ends them).
      detached: true,
    });
    const host = new NativeHost(root, proc);
    live.add(host);
    return host;
  }

  async appendJobs(lines: string[]): Promise<void> {
    appendFileSync(join(this.dir, JOBS_FILE), lines.join("\r\n") + "\r\n", "latin1");
  }

  async readResult(): Promise<Uint8Array | null> {
    const path = join(this.dir, RESULT_FILE);
    return existsSync(path) ? new Uint8Array(readFileSync(path)) : null;
  }

  async setStop(byte: string): Promise<void> {
    // Written in place: DOSBox opens the same file and reads its new first byte.
    writeFileSync(join(this.dir, STOP_FILE), byte, { flag: "r+" });
  }

  press(): void {}

  async ended(): Promise<boolean> {
    return this.proc.exitCode !== null || existsSync(join(this.dir, DONE_FILE));
  }

  async close(): Promise<void> {
    this.proc.stdin?.end();
    const exited = this.proc.then(
      () => undefined,
      () => undefined,
    );
    const killed = sleep(CLOSE_GRACE_MS).then(() => this.proc.kill("SIGKILL"));
    await Promise.race([exited, killed]);
    live.delete(this);
    rmSync(this.root, { recursive: true, force: true, maxRetries: 3 });
  }

  processes(): number[] {
    return this.proc.pid === undefined ? [] : groupMembers(this.proc.pid);
  }

  kill(): void {
    live.delete(this);
    try {
      process.kill(-this.proc.pid!, "SIGKILL");
    } catch {
      // Already gone.
    }
    rmSync(this.root, { recursive: true, force: true, maxRetries: 3 });
  }
}

/** Is `dosbox` on the PATH? */
export function dosboxOnPath(): boolean {
  return (process.env.PATH ?? "").split(":").some((d) => d && existsSync(join(d, "dosbox")));
}

/** The emulator a Backend option names: `auto` is native DOSBox when it is installed. */
export function resolveBackend(name: BackendName): Exclude<BackendName, "auto"> {
  return name === "auto" ? (dosboxOnPath() ? "dosbox" : "jsdos") : name;
}

/** Start CHESS.COM with these first jobs under the backend named. */
export function startHost(
  backend: Exclude<BackendName, "auto">,
  program: Uint8Array,
  jobs: string[],
): Promise<EmulatorHost> {
  return backend === "dosbox" ? NativeHost.start(program, jobs) : JsDosHost.start(program, jobs);
}
