// stack -- the deepest the program's stack goes over a list of jobs.
//   npm run bench -- --stack                 (STACK_JOBS below)
//   npx tsx ts-harness/lab/bench/stack.ts "JOB" ...    (jobs of your own)
// The measuring build (nasm -DSTACK_METER, asm/tools/stackmeter.asm) zeroes the stack at
// its start as well as the bss, and at its exit prints on stdout, four hex digits, the
// zero bytes left at the stack's bottom. The stack used is its size (STACK_BYTES, the
// program's) less those bytes.
import { assembleVariant, isMain } from "../../core/build.ts";
import { KIWIPETE } from "../../fixtures/perft.ts";
import { DosSession } from "../../core/runner.ts";

/** Deep jobs: long searches in endings (the plies go deepest there), the default level
 *  on Kiwipete, the mate logic to five moves, perft. */
export const STACK_JOBS: readonly string[] = [
  `perft 4 ${KIWIPETE}`,
  "perft 6 8/8/4k3/8/8/3K4/8/R7 w - - 0 1",
  `mate 5 nodes 300000 ${KIWIPETE}`,
  "mate 5 nodes 300000 6k1/5ppp/8/8/8/8/5PPP/R5K1 b - - 0 1",
  "best 65535 nodes 300000 depth 48 8/8/8/4k3/8/8/4P3/4K3 w - - 0 1",
  "best 65535 nodes 300000 depth 48 8/5pk1/6p1/R7/5P2/r5P1/6K1/8 w - - 0 1",
  "best 65535 nodes 300000 depth 48 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
  "best 65535 nodes 300000 depth 48 8/8/1k6/8/8/8/6PP/7K w - - 0 1",
  "best 65535 nodes 300000 depth 48 6k1/8/8/8/8/8/8/QK6 w - - 0 1",
  `best 10000 ${KIWIPETE}`,
];

export interface StackUse {
  /** The answer lines of the jobs, as RESULT.TXT holds them. */
  readonly answers: string[];
  /** Bytes of the stack the jobs wrote at their deepest. */
  readonly used: number;
  /** The measuring build's stack size. */
  readonly size: number;
}

/** Assemble the measuring build; its bytes and its stack's size. */
export async function buildStackMeter(): Promise<{ bytes: Uint8Array; stackBytes: number }> {
  const p = await assembleVariant("stack", ["STACK_METER"]);
  return { bytes: p.bytes, stackBytes: p.map.constant("STACK_BYTES") };
}

/** Run the jobs in one boot of the measuring build; the deepest stack they used. */
export async function measureStack(
  jobs: readonly string[],
  timeoutMs = 1_800_000,
): Promise<StackUse> {
  const meter = await buildStackMeter();
  const session = await DosSession.start({
    program: "CHESS.COM",
    programBytes: meter.bytes,
    args: "/jobs JOBS.TXT RESULT.TXT",
    files: { "JOBS.TXT": jobs.join("\r\n") + "\r\n", "RESULT.TXT": "" },
    timeoutMs,
  });
  let run;
  try {
    run = await session.finish();
  } finally {
    await session.close();
  }
  if (run.exitCode !== 0)
    throw new Error(`stack: the measuring build exited with code ${run.exitCode}`);
  const answers = Buffer.from(run.files.get("RESULT.TXT") ?? new Uint8Array())
    .toString("latin1")
    .split(/\r?\n/)
    .filter(Boolean);
  const printed = run.stdout.trim().slice(-4);
  if (!/^[0-9A-F]{4}$/.test(printed))
    throw new Error(`stack: the measuring build printed ${JSON.stringify(run.stdout)}`);
  const untouched = parseInt(printed, 16);
  if (untouched === 0)
    throw new Error("stack: the jobs reached the stack's bottom (or beyond): no figure");
  return { answers, used: meter.stackBytes - untouched, size: meter.stackBytes };
}

/** The table `npm run bench -- --stack` prints. */
export async function stackTable(jobs: readonly string[] = STACK_JOBS): Promise<string> {
  const use = await measureStack(jobs);
  const rows = use.answers.map((a) => `  ${a.slice(0, 100)}`);
  return [
    `${jobs.length} jobs in one boot of the measuring build (stack ${use.size} bytes):`,
    ...rows,
    `deepest stack: ${use.used} bytes`,
  ].join("\n");
}

if (isMain(import.meta.url)) {
  const jobs = process.argv.slice(2);
  console.log(await stackTable(jobs.length > 0 ? jobs : STACK_JOBS));
}
