// asm-engine -- the assembly engine as the harness sees it: a list of jobs goes into
// JOBS.TXT, CHESS.COM runs them all in one emulator boot under js-dos (or native DOSBox
// on request), and RESULT.TXT comes back parsed (asm/batch/PROTOCOL.md is the contract).
// A run never passes by accident: RESULT.TXT is seeded with a failure marker, and a
// result without its closing `end <n>` line, with a job missing, or with a line that
// does not answer the job of its number, is an error.
// Only printable ASCII reaches JOBS.TXT: a job holding anything else gets the `byte`
// error the assembly itself gives such a line, without being sent.
import { CHESS, chessProgram, program } from "./build.ts";
import { notPrintable } from "../oracle/index.ts";
import { runDosNative } from "./dosbox-native.ts";
import { DosRunError, DosSession, type DosRunResult } from "./runner.ts";

export const RESULT_FILE = "RESULT.TXT";
export const JOBS_FILE = "JOBS.TXT";
const NOT_RUN_MARKER = "FAIL the program did not write its result file\r\n";
const PROGRESS_POLL_MS = 1000;

/** The lines one job produced, split into words (the job number removed). */
export interface JobLines {
  job: number;
  lines: string[][];
}

export interface BatchOptions {
  /** Wall-clock limit for the whole batch (default 10 minutes). */
  timeoutMs?: number;
  /** Called with the number of finished jobs while the batch runs. */
  onProgress?: (done: number, total: number) => void;
  /** The .COM to run; CHESS.COM when not given. */
  programBytes?: Uint8Array;
  /** Run in native DOSBox (Debian's dosbox, headless, bench-native.conf: harness.conf's
   *  machine at the lowest host priority) instead of js-dos: the same emulated
   *  instruction counts, faster; no progress is reported. */
  native?: boolean;
  /** Native DOSBox's conf file in dosbox-config/ (default bench-native.conf). */
  conf?: string;
  /** Under js-dos, a batch past its time limit answers the jobs it finished, and each of
   *  the others with `error timeout` (instead of throwing): nothing done is lost. */
  keepFinished?: boolean;
}

export class BatchError extends Error {}

/** The range of a job's number argument: a depth, a number of moves, a budget in ms. */
export interface ArgRange {
  readonly min: number;
  readonly max: number;
}

/** What CHESS.COM itself says about its jobs and the game's levels, read from the
 *  program through its map, so that a front end keeps to the limits the program checks. */
export interface ProgramLimits {
  /** Each job's number argument by verb (asm/batch/jobs.asm, job_verbs); jobs that take no
   *  number are left out. */
  readonly jobs: ReadonlyMap<string, ArgRange>;
  /** The real time a move of each of the game's levels, LEVEL_MIN first, 0 for a level
   *  by depth (asm/game/game.asm, level_limits). */
  readonly levelMs: readonly number[];
  /** The first level's number (LEVEL_MIN). */
  readonly levelMin: number;
  /** The depth of each level by depth, 0 for a level of seconds (level_limits). */
  readonly levelDepth: readonly number[];
  /** The default level's time, also the budget `best` gets by default. */
  readonly defaultBudgetMs: number;
  /** The longest job line the program reads (LINE_MAX): a `position` job with about 80
   *  moves fits. */
  readonly lineMax: number;
  /** The moves of Liberman's mate logic before a search: `matelogic N` of a job, and
   *  MATE_LEVEL_DEFAULT when it gives none (as the game plays). */
  readonly mateLogic: ArgRange & { readonly default: number };
  /** The UCI bridge's Level option: a `go`'s budget by level, level 1 first, and the
   *  default level (UCI_LEVEL_* in asm/batch/batch.inc). */
  readonly uciLevelMs: readonly number[];
  readonly uciLevelDefault: number;
}

/** The limits of the CHESS.COM this process runs (see ProgramLimits). */
export async function programLimits(): Promise<ProgramLimits> {
  const p = await chessProgram();
  const map = p.map;
  const field = (row: number, name: string) => p.wordAt(row + map.constant(`job_verb.${name}`));
  const jobs = new Map<string, ArgRange>();
  const rowSize = map.constant("job_verb_size");
  // The table ends with a zero name word; the bound only guards against a map that lies.
  for (
    let row = map.label("job_verbs"), n = 0;
    field(row, "name") !== 0 && n < 64;
    row += rowSize, n++
  ) {
    const max = field(row, "arg_max");
    if (max !== map.constant("JOB_NO_ARG"))
      jobs.set(p.stringAt(field(row, "name")), { min: field(row, "arg_min"), max });
  }
  const levelMin = map.constant("LEVEL_MIN");
  const row = map.constant("level_entry_size");
  // A limit word's range, by its LW_ number (asm/batch/think.asm, limit_words).
  const limitWord = (lw: string, field: "min" | "max") =>
    p.dwordAt(
      map.label("limit_words") +
        map.constant(lw) * map.constant("limit_word_size") +
        map.constant(`limit_word.${field}`),
    );
  const levelMs = Array.from({ length: map.constant("LEVEL_MAX") - levelMin + 1 }, (_, i) =>
    p.wordAt(map.label("level_limits") + row * i),
  );
  return {
    jobs,
    levelMs,
    levelMin,
    levelDepth: levelMs.map((_, i) =>
      p.wordAt(map.label("level_limits") + row * i + map.constant("level_entry.depth")),
    ),
    defaultBudgetMs: levelMs[map.constant("LEVEL_DEFAULT") - levelMin]!,
    lineMax: map.constant("LINE_MAX"),
    mateLogic: {
      min: limitWord("LW_MATELOGIC", "min"),
      max: limitWord("LW_MATELOGIC", "max"),
      default: map.constant("MATE_LEVEL_DEFAULT"),
    },
    uciLevelMs: Array.from({ length: map.constant("UCI_LEVELS") }, (_, i) =>
      map.constant(`UCI_LEVEL_${i + 1}_MS`),
    ),
    uciLevelDefault: map.constant("UCI_LEVEL_DEFAULT"),
  };
}

/** What a job's lines must be, by its verb: the kinds of line it may write, the one that
 *  ends it, and a check of that line against the job (its number argument echoed or
 *  kept to). Verbs not listed here are not checked beyond their job numbers. */
const ANSWERS: Record<
  string,
  { kinds: string[]; final: string[]; fits?: (arg: number, words: string[]) => boolean }
> = {
  moves: { kinds: ["moves"], final: ["moves"], fits: (_arg, w) => Number(w[1]) === w.length - 2 },
  perft: {
    kinds: ["perft", "stopped"],
    final: ["perft", "stopped"],
    fits: (arg, w) =>
      Number(w[w[0] === "stopped" ? 2 : 1]) === arg && (w[0] !== "stopped" || w[1] === "perft"),
  },
  divide: {
    kinds: ["divide", "perft", "stopped"],
    final: ["perft", "stopped"],
    fits: (arg, w) =>
      Number(w[w[0] === "stopped" ? 2 : 1]) === arg && (w[0] !== "stopped" || w[1] === "perft"),
  },
  mate: {
    kinds: ["mate", "nomate", "stopped"],
    final: ["mate", "nomate", "stopped"],
    fits: (arg, w) =>
      w[0] === "stopped"
        ? w[1] === "mate" && Number(w[2]) === arg
        : w[0] === "nomate"
          ? Number(w[1]) === arg
          : Number(w[1]) <= arg,
  },
  helpmate: {
    kinds: ["helpmate", "nohelpmate", "stopped"],
    final: ["helpmate", "nohelpmate", "stopped"],
    fits: (arg, w) =>
      w[0] === "stopped"
        ? w[1] === "helpmate" && Number(w[2]) === arg
        : w[0] === "nohelpmate"
          ? Number(w[1]) === arg
          : Number(w[1]) <= arg &&
            Number(w[2]) >= 1 &&
            (w[3] ?? "").split(",").length === 2 * Number(w[1]),
  },
  selfmate: {
    kinds: ["selfmate", "noselfmate", "stopped"],
    final: ["selfmate", "noselfmate", "stopped"],
    fits: (arg, w) =>
      w[0] === "stopped"
        ? w[1] === "selfmate" && Number(w[2]) === arg
        : w[0] === "noselfmate"
          ? Number(w[1]) === arg
          : Number(w[1]) <= arg,
  },
  exchange: {
    kinds: ["exchange", "stopped"],
    final: ["exchange", "stopped"],
    fits: (arg, w) => w[0] !== "stopped" || (w[1] === "exchange" && Number(w[2]) === arg),
  },
  best: { kinds: ["best"], final: ["best"] },
  position: { kinds: ["position"], final: ["position"] },
  go: { kinds: ["info", "bestmove"], final: ["bestmove"] },
  selfplay: {
    kinds: ["ply", "selfplay"],
    final: ["selfplay"],
    fits: (arg, w) => Number(w[1]) <= arg,
  },
};

/** Why a job's result lines do not answer it, or null when they do. */
function mismatch(job: string, lines: string[][]): string | null {
  const [verb = "", arg] = job.trim().split(/ +/);
  const answer = ANSWERS[verb];
  if (!answer) return null;
  if (lines.some((w) => w[0] === "error"))
    return lines.length === 1 ? null : "an error line among other lines";
  const wrong = lines.find((w) => !answer.kinds.includes(w[0]!));
  if (wrong) return `a line "${wrong.join(" ")}"`;
  const finals = lines.filter((w) => answer.final.includes(w[0]!));
  if (finals.length !== 1 || lines.at(-1) !== finals[0])
    return `${finals.length} closing ${answer.final.join("/")} lines`;
  if (answer.fits && !answer.fits(Number(arg), finals[0]!))
    return `the line "${finals[0]!.join(" ")}"`;
  return null;
}

/** Split RESULT.TXT into per-job groups; throws BatchError when the file is not a
 *  complete answer to the jobs sent: the `end` count, every job answered, in order, each
 *  by lines of its own kind. */
export function parseResult(text: string, jobs: readonly string[]): JobLines[] {
  const jobCount = jobs.length;
  const groups: JobLines[] = Array.from({ length: jobCount }, (_, i) => ({
    job: i + 1,
    lines: [],
  }));
  let ended = false;
  let last = 0;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === "") continue;
    if (ended) throw new BatchError(`result file goes on after its "end" line: "${line}"`);
    const words = line.split(/\s+/);
    if (words[0] === "end") {
      if (words[1] !== String(jobCount))
        throw new BatchError(`result file ends after ${words[1]} jobs, ${jobCount} were sent`);
      ended = true;
      continue;
    }
    const n = Number(words[0]);
    if (!Number.isInteger(n) || n < 1 || n > jobCount)
      throw new BatchError(`result file has a line that belongs to no job: "${line}"`);
    if (n < last)
      throw new BatchError(`result file goes back from job ${last} to job ${n}: "${line}"`);
    last = n;
    groups[n - 1]!.lines.push(words.slice(1));
  }
  if (!ended) {
    const done = groups.filter((g) => g.lines.length > 0).length;
    throw new BatchError(
      `result file is incomplete (no "end" line; ${done} of ${jobCount} jobs answered):\n${text.slice(-1500)}`,
    );
  }
  const silent = groups.find((g) => g.lines.length === 0);
  if (silent) throw new BatchError(`job ${silent.job} has no result line`);
  for (const g of groups) {
    const why = mismatch(jobs[g.job - 1]!, g.lines);
    if (why) throw new BatchError(`job ${g.job} (${jobs[g.job - 1]!.slice(0, 80)}) got ${why}`);
  }
  return groups;
}

/** What a batch stopped by its time limit had written: each job whose lines are whole (one
 *  closing line of its kind, last), and the others `error timeout WHY`. */
function partialResult(text: string, jobs: readonly string[], why: string): JobLines[] {
  const groups: JobLines[] = jobs.map((_, i) => ({ job: i + 1, lines: [] }));
  for (const raw of text.split(/\r?\n/)) {
    const words = raw.trim().split(/\s+/);
    const n = Number(words[0]);
    if (Number.isInteger(n) && n >= 1 && n <= jobs.length)
      groups[n - 1]!.lines.push(words.slice(1));
  }
  for (const g of groups)
    if (g.lines.length === 0 || mismatch(jobs[g.job - 1]!, g.lines) !== null)
      g.lines = [["error", "timeout", ...why.split(" ")]];
  return groups;
}

function countFinishedJobs(text: string): number {
  let last = 0;
  for (const m of text.matchAll(
    /^(\d+) (perft|moves|error|mate|nomate|helpmate|nohelpmate|selfmate|noselfmate|exchange|best|stopped|position|bestmove|selfplay)\b/gm,
  ))
    last = Math.max(last, Number(m[1]));
  return last;
}

/** Run job lines (e.g. "perft 3 <fen>") in one boot and return their result lines. A
 *  job with a character outside printable ASCII gets its `byte` error line here, with
 *  the column in its FEN when `fens` gives each job's (as the oracle counts it); runs of
 *  spaces are sent as one, so that a padded FEN fits the line. */
export async function runBatch(
  jobs: string[],
  opts: BatchOptions = {},
  fens?: readonly string[],
): Promise<JobLines[]> {
  const refused = jobs.map((j, i) => (fens ? notPrintable(fens[i]!) : null) ?? notPrintable(j));
  const sent = jobs
    .filter((_, i) => refused[i] === null)
    .map((j) => j.split(" ").filter(Boolean).join(" "));
  const answers = sent.length > 0 ? await runSent(sent, opts) : [];
  let next = 0;
  return refused.map((why, i) => ({
    job: i + 1,
    lines: why ? [["error", "byte", ...why.split(" ")]] : answers[next++]!.lines,
  }));
}

/** Run printable job lines in one boot. */
async function runSent(jobs: string[], opts: BatchOptions): Promise<JobLines[]> {
  const programBytes = opts.programBytes ?? (await program(CHESS));
  if (opts.native) return runSentNative(jobs, programBytes, opts);
  const session = await DosSession.start({
    program: "CHESS.COM",
    programBytes,
    args: `/jobs ${JOBS_FILE} ${RESULT_FILE}`,
    files: { [JOBS_FILE]: jobs.join("\r\n") + "\r\n", [RESULT_FILE]: NOT_RUN_MARKER },
    timeoutMs: opts.timeoutMs ?? 600_000,
  });
  try {
    let reported = -1;
    let lastPoll = 0;
    const progress = async () => {
      if (!opts.onProgress || Date.now() - lastPoll < PROGRESS_POLL_MS) return;
      lastPoll = Date.now();
      const partial = await session.readFile(RESULT_FILE);
      const done = partial ? countFinishedJobs(Buffer.from(partial).toString("latin1")) : 0;
      if (done !== reported) opts.onProgress(done, jobs.length);
      reported = done;
    };
    return batchResult(await session.finish(progress), jobs);
  } catch (e) {
    if (e instanceof DosRunError && e.kind === "timeout" && opts.keepFinished) {
      const partial = await session.readFile(RESULT_FILE);
      const text = partial ? Buffer.from(partial).toString("latin1") : "";
      return partialResult(
        text,
        jobs,
        `no answer within the time limit (${e.detail.split("\n")[0]}); --timeout SECONDS gives the engine longer`,
      );
    }
    if (e instanceof DosRunError || e instanceof BatchError) throw e;
    throw new BatchError(String(e));
  } finally {
    await session.close();
  }
}

/** The parsed RESULT.TXT of a finished run; a non-zero exit code is a BatchError. */
function batchResult(r: DosRunResult, jobs: readonly string[]): JobLines[] {
  const result = r.files.get(RESULT_FILE);
  const text = result ? Buffer.from(result).toString("latin1") : "";
  if (r.exitCode !== 0)
    throw new BatchError(
      `CHESS.COM exited with code ${r.exitCode}\nstdout: ${r.stdout}\nresult: ${text.slice(0, 500)}`,
    );
  return parseResult(text, jobs);
}

/** Run printable job lines in one boot of native DOSBox. */
async function runSentNative(
  jobs: string[],
  programBytes: Uint8Array,
  opts: BatchOptions,
): Promise<JobLines[]> {
  try {
    const r = await runDosNative({
      program: "CHESS.COM",
      programBytes,
      args: `/jobs ${JOBS_FILE} ${RESULT_FILE}`,
      files: { [JOBS_FILE]: jobs.join("\r\n") + "\r\n", [RESULT_FILE]: NOT_RUN_MARKER },
      timeoutMs: opts.timeoutMs ?? 600_000,
      conf: opts.conf ?? "bench-native.conf",
    });
    return batchResult(r, jobs);
  } catch (e) {
    if (e instanceof DosRunError || e instanceof BatchError) throw e;
    throw new BatchError(String(e));
  }
}
