// dosbox-native -- the same DOS program in Debian's DOSBox 0.74 instead of js-dos.
//   npm run dosbox        builds build/CHESS.COM and plays it in a DOSBox window
//                         (dosbox-config/dosbox.conf)
// As a module: runDosNative() runs a program headless (SDL dummy drivers, no display)
// in a fresh temp folder mounted as C:, with the same options and result as runner.ts's
// runDos, so a batch can be checked in both emulators. DOSBox stops on its own when the
// program returns (`-c exit`); a run that outlives its time limit is killed.
import { execa } from "execa";
import { spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { CHESS, isMain, programOrExit, ROOT } from "./build.ts";
import {
  BATCH_FILE,
  CONFIG_DIR,
  DONE_FILE,
  DosRunError,
  EXIT_FILE,
  exitCodeBatch,
  STDOUT_FILE,
  type DosRunOptions,
  type DosRunResult,
} from "./runner.ts";

export const DOSBOX = "dosbox";
export const PLAY_CONF = join(CONFIG_DIR, "dosbox.conf");

const OWN_FILES = new Set([EXIT_FILE, DONE_FILE, STDOUT_FILE, BATCH_FILE]);

/** Is Debian's dosbox here? setup.mjs installs it when missing (as root on Debian);
 *  false only when it is still missing after that. */
export function dosboxInstalled(): boolean {
  return (
    spawnSync(process.execPath, [join(ROOT, "ts-harness/setup.mjs"), DOSBOX], { stdio: "inherit" })
      .status === 0
  );
}

/** Headless SDL, and a scratch HOME so DOSBox writes no config into the user's home. */
function headlessEnv(home: string): NodeJS.ProcessEnv {
  return { ...process.env, SDL_VIDEODRIVER: "dummy", SDL_AUDIODRIVER: "dummy", HOME: home };
}

function readText(path: string): string | null {
  return existsSync(path) ? readFileSync(path, "latin1") : null;
}

/** Run a program to its end in native DOSBox and return what it left behind.
 *  Throws DosRunError: "start" when DOSBox is missing or will not run, "timeout" when
 *  the program outlives opts.timeoutMs, "crash" when DOSBox ends without the program
 *  having returned. There is no screen to save: screenPng is always null. */
export async function runDosNative(opts: DosRunOptions): Promise<DosRunResult> {
  const started = Date.now();
  const command = `${opts.program}${opts.args ? " " + opts.args : ""}`;
  const timeoutMs = opts.timeoutMs ?? 60_000;
  const work = mkdtempSync(join(tmpdir(), "chess-dosbox-"));
  const drive = join(work, "c");
  const home = join(work, "home");
  try {
    for (const dir of [drive, home]) mkdirSync(dir);
    writeFileSync(join(drive, opts.program), opts.programBytes);
    for (const [name, contents] of Object.entries(opts.files ?? {})) {
      writeFileSync(
        join(drive, name),
        typeof contents === "string" ? Buffer.from(contents, "latin1") : contents,
      );
    }
    writeFileSync(
      join(drive, BATCH_FILE),
      exitCodeBatch(command, opts.captureStdout ?? true),
      "latin1",
    );
    // `call`: a batch started from the autoexec without it would never come back to `exit`.
    const args = [
      "-conf",
      resolve(CONFIG_DIR, opts.conf ?? "harness.conf"),
      "-c",
      `mount c "${drive}"`,
      "-c",
      "c:",
      "-c",
      `call ${BATCH_FILE}`,
      "-c",
      "exit",
    ];
    const r = await execa(DOSBOX, args, {
      cwd: work,
      env: headlessEnv(home),
      timeout: timeoutMs,
      killSignal: "SIGKILL",
      reject: false,
      all: true,
      stdin: "ignore",
    });
    const seen = () =>
      `\nfiles: ${listFiles(drive).join(", ")}\ndosbox said:\n${(r.all ?? "").slice(-1500)}`;
    if (r.timedOut)
      throw new DosRunError(
        "timeout",
        command,
        `no end of the program after ${Date.now() - started} ms${seen()}`,
        null,
      );
    if ((r as { code?: string }).code === "ENOENT") {
      throw new DosRunError(
        "start",
        command,
        `'${DOSBOX}' is not installed: run 'node ts-harness/setup.mjs dosbox'`,
        null,
      );
    }
    if (readText(join(drive, DONE_FILE)) === null) {
      throw new DosRunError(
        "crash",
        command,
        `DOSBox ended (${r.exitCode ?? r.signal}) before the program returned${seen()}`,
        null,
      );
    }
    const exitCode = parseInt(readText(join(drive, EXIT_FILE)) ?? "", 10);
    if (!Number.isInteger(exitCode))
      throw new DosRunError(
        "crash",
        command,
        `the program ended but its exit code was not written${seen()}`,
        null,
      );
    const files = new Map<string, Uint8Array>();
    for (const name of readdirSync(drive)) {
      const upper = name.toUpperCase();
      if (OWN_FILES.has(upper) || !statSync(join(drive, name)).isFile()) continue;
      files.set(upper, new Uint8Array(readFileSync(join(drive, name))));
    }
    return {
      exitCode,
      stdout: readText(join(drive, STDOUT_FILE)) ?? "",
      files,
      wallMs: Date.now() - started,
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function listFiles(dir: string): string[] {
  return existsSync(dir)
    ? readdirSync(dir).map((n) => `${n} (${statSync(join(dir, n)).size})`)
    : [];
}

/** `npm run dosbox`: build the game, then open it in a DOSBox window from the repository
 *  root, where dosbox.conf's relative `mount c build` finds it. */
async function play(): Promise<void> {
  const bytes = await programOrExit(CHESS);
  console.log(
    `built ${CHESS.output} (${bytes.length} bytes); starting DOSBox with ${relative(ROOT, PLAY_CONF)}`,
  );
  // SDL falls back to drawing in the terminal (aalib) when X refuses it or is missing,
  // and never returns: on Linux, X or an error.
  const env =
    process.platform === "linux"
      ? { ...process.env, SDL_VIDEODRIVER: process.env.SDL_VIDEODRIVER ?? "x11" }
      : {};
  const r = await execa(DOSBOX, ["-conf", PLAY_CONF], {
    cwd: ROOT,
    stdin: "inherit",
    stdout: ["pipe", "inherit"],
    stderr: ["pipe", "inherit"],
    env,
    reject: false,
  });
  if ((r as { code?: string }).code === "ENOENT") {
    console.error(`'${DOSBOX}' is not installed: run 'node ts-harness/setup.mjs dosbox'`);
    process.exit(1);
  }
  // DOSBox says why it could not start ("Exit to error: Can't init SDL ...") and then
  // exits with 0.
  const failure = /Exit to error:\s*(.*)/.exec(`${r.stdout}\n${r.stderr}`)?.[1];
  if (r.exitCode !== 0 || failure !== undefined) {
    const noDisplay =
      process.platform === "linux" && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY;
    console.error(
      `DOSBox did not run the game: ${failure ?? `exit ${r.exitCode ?? r.signal}`}${noDisplay ? " (no display: run it on a desktop, or under xvfb-run)" : ""}`,
    );
    process.exit(1);
  }
}

if (isMain(import.meta.url)) await play();
