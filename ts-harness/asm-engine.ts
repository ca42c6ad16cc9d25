// asm-engine -- the assembly engine as the harness sees it: a list of jobs goes into
// JOBS.TXT, CHESS.COM runs them all in one emulator boot under js-dos, and RESULT.TXT
// comes back parsed (asm/PROTOCOL.md is the contract).
// A run never passes by accident: RESULT.TXT is seeded with a failure marker, and a
// result without its closing `end <n>` line, or with a job missing, is an error.
import { CHESS, program } from "./build.ts";
import { DosRunError, DosSession } from "./runner.ts";

export const RESULT_FILE = "RESULT.TXT";
export const JOBS_FILE = "JOBS.TXT";
/** The longest job line CHESS.COM reads (LINE_MAX in asm/chess.inc): a `position` job
 *  with a few hundred moves fits. */
export const JOB_LINE_MAX = 2047;
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
}

export class BatchError extends Error {}

/** Split RESULT.TXT into per-job groups; throws BatchError when the file is not a
 *  complete answer to `jobCount` jobs. */
export function parseResult(text: string, jobCount: number): JobLines[] {
  const groups: JobLines[] = Array.from({ length: jobCount }, (_, i) => ({ job: i + 1, lines: [] }));
  let ended = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === "") continue;
    const words = line.split(/\s+/);
    if (words[0] === "end") {
      if (Number(words[1]) !== jobCount) throw new BatchError(`result file ends after ${words[1]} jobs, ${jobCount} were sent`);
      ended = true;
      continue;
    }
    const n = Number(words[0]);
    if (!Number.isInteger(n) || n < 1 || n > jobCount) throw new BatchError(`result file has a line that belongs to no job: "${line}"`);
    groups[n - 1]!.lines.push(words.slice(1));
  }
  if (!ended) {
    const done = groups.filter((g) => g.lines.length > 0).length;
    throw new BatchError(`result file is incomplete (no "end" line; ${done} of ${jobCount} jobs answered):\n${text.slice(-1500)}`);
  }
  const silent = groups.find((g) => g.lines.length === 0);
  if (silent) throw new BatchError(`job ${silent.job} has no result line`);
  return groups;
}

function countFinishedJobs(text: string): number {
  let last = 0;
  for (const m of text.matchAll(/^(\d+) (perft|moves|error|mate|nomate|exchange|best)\b/gm)) last = Math.max(last, Number(m[1]));
  return last;
}

/** Run job lines (e.g. "perft 3 <fen>") in one boot and return their result lines. */
export async function runBatch(jobs: string[], opts: BatchOptions = {}): Promise<JobLines[]> {
  for (const j of jobs) {
    if (/[\r\n]/.test(j)) throw new BatchError(`a job may not contain a line break: ${JSON.stringify(j)}`);
    if (j.length > JOB_LINE_MAX) throw new BatchError(`a job line is longer than ${JOB_LINE_MAX} characters: ${j.slice(0, 60)}...`);
  }
  const programBytes = opts.programBytes ?? (await program(CHESS));
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
    const r = await session.finish(progress);
    const result = r.files.get(RESULT_FILE);
    const text = result ? Buffer.from(result).toString("latin1") : "";
    if (r.exitCode !== 0) throw new BatchError(`CHESS.COM exited with code ${r.exitCode}\nstdout: ${r.stdout}\nresult: ${text.slice(0, 500)}`);
    return parseResult(text, jobs.length);
  } catch (e) {
    if (e instanceof DosRunError || e instanceof BatchError) throw e;
    throw new BatchError(String(e));
  } finally {
    await session.close();
  }
}
