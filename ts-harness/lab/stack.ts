// stack -- the deepest the program's stack goes over a list of jobs.
//   npm run bench -- --stack                 (STACK_JOBS below)
//   npx tsx ts-harness/lab/stack.ts "JOB" ...    (jobs of your own)
// A measuring build of CHESS.COM is made in a temporary folder: its start zeroes the
// stack as well as the bss (all of it but the top STACK_TOP_KEPT bytes, where the
// start's own return addresses may sit), and its exit counts the zero bytes left at the
// stack's bottom before it prints them on stdout, four hex digits. The stack used is
// its size less those bytes (a push of zeros would read as unused, so the figure can be
// low by the few bytes of such a push at the very deepest point).
// The measuring build's stack is the program's STACK_BYTES (read from the map) less
// MEASURE_ROOM, the bytes the measuring code takes, so that it fits in the same 64 KiB
// segment.
import { assembleVariant, chessProgram, isMain } from "../core/build.ts";
import { KIWIPETE } from "../fixtures/perft.ts";
import { DosSession } from "../core/runner.ts";

/** Top bytes of the stack the start leaves as they are. */
const STACK_TOP_KEPT = 64;
/** The bytes the measuring build's stack gives up to its measuring code. */
const MEASURE_ROOM = 128;

/** The measuring build's stack, in bytes: the program's less room for the count. */
export async function measureStackBytes(): Promise<number> {
  return (await chessProgram()).map.constant("STACK_BYTES") - MEASURE_ROOM;
}

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

/** Assemble the measuring build in a temporary folder. */
export async function buildStackMeter(): Promise<Uint8Array> {
  const bytes = await measureStackBytes();
  return assembleVariant("stack", [
    { file: "inc/chess.inc", what: /^STACK_BYTES\s+equ \d+/m, by: `STACK_BYTES equ ${bytes}` },
    { file: "search/node.asm", what: /^%error "the stack cannot hold.*$/m, by: "; (the measuring build's stack is smaller)" },
    { file: "chess.asm", what: /mov cx, stack_bottom - bss_start/, by: `mov cx, stack_top - ${STACK_TOP_KEPT} - bss_start` },
    { file: "sys/dos.asm", what: /^dos_exit:$/m, by: METER_EXIT },
  ]);
}

/** dos_exit's head in the measuring build: the zero bytes at the stack's bottom, printed
 *  as four hex digits. */
const METER_EXIT = [
  "dos_exit:",
  "        push ax",
  "        mov di, stack_bottom",
  ".meter_scan:",
  "        cmp byte [di], 0",
  "        jne .meter_found",
  "        inc di",
  "        jmp .meter_scan",
  ".meter_found:",
  "        sub di, stack_bottom",
  "        mov cx, 4",
  ".meter_digit:",
  "        rol di, 4",
  "        mov dx, di",
  "        and dl, 15",
  "        add dl, '0'",
  "        cmp dl, '9'",
  "        jbe .meter_put",
  "        add dl, 'A' - '9' - 1",
  ".meter_put:",
  "        mov ah, 2",
  "        int 21h",
  "        loop .meter_digit",
  "        pop ax",
].join("\n");

/** Run the jobs in one boot of the measuring build; the deepest stack they used. */
export async function measureStack(jobs: readonly string[], timeoutMs = 1_800_000): Promise<StackUse> {
  const programBytes = await buildStackMeter();
  const session = await DosSession.start({
    program: "CHESS.COM",
    programBytes,
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
  if (run.exitCode !== 0) throw new Error(`stack: the measuring build exited with code ${run.exitCode}`);
  const answers = Buffer.from(run.files.get("RESULT.TXT") ?? new Uint8Array()).toString("latin1").split(/\r?\n/).filter(Boolean);
  const printed = run.stdout.trim().slice(-4);
  if (!/^[0-9A-F]{4}$/.test(printed)) throw new Error(`stack: the measuring build printed ${JSON.stringify(run.stdout)}`);
  const untouched = parseInt(printed, 16);
  if (untouched === 0) throw new Error("stack: the jobs reached the stack's bottom (or beyond): no figure");
  const size = await measureStackBytes();
  return { answers, used: size - untouched, size };
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
