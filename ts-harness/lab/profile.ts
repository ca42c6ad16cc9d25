// profile -- where a job's emulated instructions go, routine by routine.
//   npm run profile -- [--top N] ["JOB" ...]      (default: bench's fixed-depth positions)
// A profile build of CHESS.COM is made in a temporary folder: every `call name` (and
// `call [table]`) of the engine's files is wrapped by rdtsc bookkeeping in a segment of
// its own, which charges each routine its self instructions (those of the routines it
// calls are theirs) and counts its calls; the program writes PROF.BIN on its way out.
// The bookkeeping's own instructions are left out between its two rdtsc reads; the few
// on either side of them (PROFILE_CALL_COST a call) are taken off again. Indirect calls
// appear as `@file:[table]`, tail jumps and macros as the routine they sit in.
// The profile build has a smaller stack (the wrapped calls make the code longer), so it
// answers each job, and the result is printed only when the answer (move, score,
// depth, nodes) is that of the normal build; a budget job's nodes differ (the
// bookkeeping is counted against the budget), so give fixed-depth jobs.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { parseArgs } from "node:util";
import { execa } from "execa";
import { runBatch } from "../core/asm-engine.ts";
import { isMain, ROOT } from "../core/build.ts";
import { NODE_CASES } from "./bench.ts";
import { runDos } from "../core/runner.ts";

/** The files whose calls are wrapped: the engine below the front ends. */
export const PROFILED_FILES = [
  "attack", "board", "captures", "checks", "clock", "engine", "eval", "evalpieces", "freegen", "hashmove", "history",
  "makemove", "mate", "matecheck", "matetable", "movecheck", "movegen", "node", "order", "pawns", "search", "timer", "ttable",
];
/** Routine numbers the bookkeeping segment has room for. */
const PROFILE_IDS = 2048;
/** The profile build's stack: the wrapped calls leave less of the 64 KiB segment. A
 *  wrapped call keeps two bytes on the stack while its callee runs, so the deepest
 *  search measured (1,194 bytes, README) needs a few hundred more; a stack run over
 *  shows as an answer unlike the normal build's, which is never printed. */
const PROFILE_STACK_BYTES = 2048;
/** Instructions of a wrapped call outside the two rdtsc reads, charged to the callee
 *  (after the second read: pops, return, the call itself; before the first on leaving)
 *  and to the caller (before the first read: push, call, pushes; after leaving's second:
 *  pops, return). Counted from the wrappers below. */
const CALLEE_COST = 10;
const CALLER_COST = 10;
/** The bookkeeping segment: offsets of its fields. */
const LAYOUT = { mark: 0, current: 8, sp: 10, stack: 16, stackBytes: 2048 } as const;
const COUNT_AT = LAYOUT.stack + LAYOUT.stackBytes;
const CYCLES_AT = COUNT_AT + PROFILE_IDS * 4;
const MADE_AT = CYCLES_AT + PROFILE_IDS * 4;
const PROFILE_BYTES = MADE_AT + PROFILE_IDS * 4;

export interface ProfileRow {
  readonly routine: string;
  /** Its own instructions, the bookkeeping's taken off. */
  readonly self: number;
  readonly calls: number;
}

export interface Profile {
  /** The profile build's answer lines, one string a job. */
  readonly answers: string[];
  readonly rows: ProfileRow[];
  /** Positions visited by the jobs' searches (their `nodes` fields). */
  readonly nodes: number;
}

const CALL = /^(\s*(?:\.?\w+:)?\s*)call(\s+)([A-Za-z_][\w%]*|%\d)(\s*(?:;.*)?)$/gm;
const CALL_INDIRECT = /^(\s*(?:\.?\w+:)?\s*)call(\s+)(\[[^\]]+\])(\s*(?:;.*)?)$/gm;
const SHORT_BRANCH = /^(\s*(?:\.?\w+:)?\s*)(jecxz|jcxz|loop|loope|loopne)\s+([.\w]+)(\s*(?:;.*)?)$/;

/** Assemble the profile build in a temporary folder; its bytes and the routine names by
 *  number. */
export async function buildProfile(): Promise<{ bytes: Uint8Array; names: string[] }> {
  const dir = mkdtempSync(join(tmpdir(), "chess-profile-"));
  try {
    const asm = join(dir, "asm");
    cpSync(join(ROOT, "asm"), asm, { recursive: true });
    const sources = (readdirSync(asm, { recursive: true }) as string[]).filter((f) => f.endsWith(".asm"));
    const files = sources.filter((f) => PROFILED_FILES.includes(basename(f, ".asm")));
    const labels = new Set<string>();
    for (const f of sources) {
      for (const m of readFileSync(join(asm, f), "utf8").matchAll(/^([A-Za-z_][\w%]*):/gm)) {
        labels.add(m[1]!);
        if (m[1]!.includes("%2")) for (const side of ["white", "black"]) labels.add(m[1]!.replace("%2", side));
      }
    }
    const names = ["(not in a wrapped call)", ...[...labels].filter((n) => !n.includes("%")).sort()];
    const id = new Map(names.map((n, i) => [n, i]));
    for (const f of files) {
      const text = readFileSync(join(asm, f), "utf8")
        .replace(CALL, (all, pre: string, sp: string, target: string, post: string) =>
          target.startsWith("%") || labels.has(target) ? `${pre}PROFILE_CALL${sp}${target}${post}` : all,
        )
        .replace(CALL_INDIRECT, (_all, pre: string, sp: string, target: string, post: string) => {
          const name = `@${f}:${target}`;
          if (!id.has(name)) id.set(name, names.push(name) - 1);
          return `${pre}PROFILE_CALL_AT${sp}${id.get(name)}, ${target}${post}`;
        })
      writeFileSync(join(asm, f), text);
    }
    if (names.length > PROFILE_IDS) throw new Error(`profile: ${names.length} routines, room for ${PROFILE_IDS}`);
    writeFileSync(join(asm, "profile.inc"), profileInclude(names));
    writeFileSync(join(asm, "profile.asm"), PROFILE_ROUTINES);
    patch(asm, "inc/chess.inc", /^MEMORY_PARAS\s+equ MATE_SEGMENT_2 \+ SEGMENT_PARAS/m, "PROFILE_SEGMENT equ MATE_SEGMENT_2 + SEGMENT_PARAS\nMEMORY_PARAS equ PROFILE_SEGMENT + SEGMENT_PARAS");
    patch(asm, "inc/chess.inc", /^STACK_BYTES\s+equ \d+/m, `STACK_BYTES equ ${PROFILE_STACK_BYTES}`);
    patch(asm, "search/node.asm", /^%error "the stack cannot hold.*$/m, "; (the profile build's stack is checked by its answers)");
    patch(asm, "chess.asm", /^\[map all build\/chess\.map\]$/m, "");
    patch(asm, "chess.asm", /^%include "inc\/chess\.inc"$/m, '%include "inc/chess.inc"\n%include "profile.inc"');
    patch(asm, "chess.asm", /^(\s*)call cpu_detect$/m, "$1call cpu_detect\n$1call profile_start");
    patch(asm, "chess.asm", /^%include "sys\/dos\.asm"$/m, '%include "profile.asm"\n%include "sys/dos.asm"');
    patch(asm, "sys/dos.asm", /^dos_exit:$/m, "dos_exit:\n        call profile_write");
    // The longer code can put a short branch's target out of its reach: such a branch
    // (and only such, as a detour costs an instruction) jumps near through a detour.
    let detours = 0;
    for (let round = 0; ; round++) {
      const r = await execa("nasm", ["-f", "bin", "-I", "asm/", "-o", "CHESS.COM", "asm/chess.asm"], { cwd: dir, reject: false });
      if (r.exitCode === 0) break;
      const far = [...r.stderr.matchAll(/^asm\/([\w/]+\.asm):(\d+): error: short jump is out of range/gm)];
      if (round > 5 || far.length === 0) throw new Error(`profile build failed:\n${r.stderr}`);
      for (const [, file, line] of far) {
        const lines = readFileSync(join(asm, file!), "utf8").split("\n");
        const at = Number(line) - 1;
        const m = new RegExp(SHORT_BRANCH.source).exec(lines[at]!);
        if (!m) throw new Error(`profile build failed:\n${r.stderr}`);
        detours++;
        lines[at] = `${m[1]}${m[2]} .profile_near_${detours}\n        jmp .profile_on_${detours}\n.profile_near_${detours}: jmp ${m[3]}\n.profile_on_${detours}:`;
        writeFileSync(join(asm, file!), lines.join("\n"));
      }
    }
    return { bytes: new Uint8Array(readFileSync(join(dir, "CHESS.COM"))), names };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function patch(dir: string, file: string, what: RegExp, by: string): void {
  const text = readFileSync(join(dir, file), "utf8");
  if (!what.test(text)) throw new Error(`profile: ${file} has no ${what}`);
  writeFileSync(join(dir, file), text.replace(what, by));
}

function profileInclude(names: string[]): string {
  return [
    "; profile.inc -- written by ts-harness/lab/profile.ts for the profile build",
    ...names.flatMap((n, i) => (i > 0 && !n.startsWith("@") ? [`PROFILE_ID_${n} equ ${i}`] : [])),
    ...Object.entries(LAYOUT).map(([k, v]) => `PROFILE_${k.toUpperCase()} equ ${v}`),
    `PROFILE_COUNT equ ${COUNT_AT}`,
    `PROFILE_CYCLES equ ${CYCLES_AT}`,
    `PROFILE_MADE equ ${MADE_AT}`,
    `PROFILE_BYTES equ ${PROFILE_BYTES}`,
    "%macro PROFILE_CALL 1",
    "        push word PROFILE_ID_%1",
    "        call profile_enter",
    "        call %1",
    "        call profile_leave",
    "%endmacro",
    "%macro PROFILE_CALL_AT 2",
    "        push word %1",
    "        call profile_enter",
    "        call %2",
    "        call profile_leave",
    "%endmacro",
    "",
  ].join("\n");
}

/** The bookkeeping: DS on the profile segment while it runs, every register and flag
 *  kept. profile_enter's word on the stack is the callee's number. */
const PROFILE_ROUTINES = `; profile.asm -- written by ts-harness/lab/profile.ts for the profile build
        section .data
profile_file    db "PROF.BIN", 0
        section .text
profile_ds:
        push ax
        mov ax, cs
        add ax, PROFILE_SEGMENT
        mov ds, ax
        pop ax
        ret
profile_start:
        pusha
        push es
        mov ax, cs
        add ax, PROFILE_SEGMENT
        mov es, ax
        xor di, di
        mov cx, PROFILE_BYTES / 2
        xor ax, ax
        rep stosw
        pop es
        popa
        ret
profile_enter:
        pushf
        pushad
        push ds
        READ_TSC
        mov bp, sp
        call profile_ds
        sub eax, [PROFILE_MARK]
        mov bx, [PROFILE_CURRENT]
        shl bx, 2
        add [PROFILE_CYCLES + bx], eax
        inc dword [PROFILE_MADE + bx]
        mov si, [PROFILE_SP]
        cmp si, PROFILE_STACKBYTES
        jae .deep
        mov ax, [PROFILE_CURRENT]
        mov [PROFILE_STACK + si], ax
.deep:  add si, 2
        mov [PROFILE_SP], si
        mov bx, [bp + 2 + 32 + 2 + 2]
        mov [PROFILE_CURRENT], bx
        shl bx, 2
        inc dword [PROFILE_COUNT + bx]
        READ_TSC
        mov [PROFILE_MARK], eax
        pop ds
        popad
        popf
        ret 2
profile_leave:
        pushf
        pushad
        push ds
        READ_TSC
        call profile_ds
        sub eax, [PROFILE_MARK]
        mov bx, [PROFILE_CURRENT]
        shl bx, 2
        add [PROFILE_CYCLES + bx], eax
        mov si, [PROFILE_SP]
        sub si, 2
        mov [PROFILE_SP], si
        xor ax, ax
        cmp si, PROFILE_STACKBYTES
        jae .lost
        mov ax, [PROFILE_STACK + si]
.lost:  mov [PROFILE_CURRENT], ax
        READ_TSC
        mov [PROFILE_MARK], eax
        pop ds
        popad
        popf
        ret
profile_write:
        pusha
        push ds
        mov ah, DOS_CREATE
        xor cx, cx
        mov dx, profile_file
        int DOS
        jc .done
        mov bx, ax
        call profile_ds
        mov ah, DOS_WRITE
        mov cx, PROFILE_BYTES
        xor dx, dx
        int DOS
        mov ah, DOS_CLOSE
        int DOS
.done:  pop ds
        popa
        ret
`;

/** Answer lines without their timing fields (which the bookkeeping changes). */
const untimed = (lines: string[][]) => lines.map((l) => l.join(" ").replace(/ ticks \d+ tsc \d+/, "")).join(" | ");

/** Run jobs on the profile build; throws when its answers are not the normal build's. */
export async function profileJobs(jobs: string[]): Promise<Profile> {
  const { bytes, names } = await buildProfile();
  const run = await runDos({
    program: "CHESS.COM",
    programBytes: bytes,
    args: "/jobs JOBS.TXT RESULT.TXT",
    files: { "JOBS.TXT": jobs.join("\r\n") + "\r\n", "RESULT.TXT": "" },
    timeoutMs: 900_000,
  });
  const result = Buffer.from(run.files.get("RESULT.TXT") ?? new Uint8Array()).toString("latin1");
  const groups = new Map<number, string[][]>();
  for (const line of result.split(/\r?\n/).filter(Boolean)) {
    const [n, ...words] = line.split(" ");
    if (words.length && /^\d+$/.test(n!)) groups.set(Number(n), [...(groups.get(Number(n)) ?? []), words]);
  }
  const answers = jobs.map((_, i) => untimed(groups.get(i + 1) ?? []));
  const normal = (await runBatch(jobs, { timeoutMs: 900_000 })).map((g) => untimed(g.lines));
  jobs.forEach((job, i) => {
    if (answers[i] !== normal[i]) throw new Error(`profile: the profile build answers '${job}' with '${answers[i]}', the normal build with '${normal[i]}'`);
  });
  const bin = run.files.get("PROF.BIN");
  if (!bin || bin.length < PROFILE_BYTES) throw new Error("profile: the profile build wrote no PROF.BIN");
  const view = new DataView(bin.buffer, bin.byteOffset, bin.byteLength);
  const word = (at: number, i: number) => view.getUint32(at + i * 4, true);
  const rows = names
    .map((routine, i) => ({ routine, calls: word(COUNT_AT, i), self: word(CYCLES_AT, i) - CALLEE_COST * word(COUNT_AT, i) - CALLER_COST * word(MADE_AT, i) }))
    .filter((r) => r.calls > 0 || r.self > 0)
    .sort((a, b) => b.self - a.self);
  const nodes = [...groups.values()].flat().reduce((sum, w) => sum + (w.includes("nodes") ? Number(w[w.indexOf("nodes") + 1]) : 0), 0);
  return { answers, rows, nodes };
}

/** The profile as a table: self instructions, share, calls, a call, a node. */
export function profileTable(p: Profile, top: number): string {
  const total = p.rows.reduce((a, r) => a + r.self, 0);
  const out = [`${p.nodes} nodes, ${total} instructions charged, ${(total / p.nodes).toFixed(1)} a node (the program's start and the jobs' reading included)`];
  out.push(`${"routine".padEnd(44)} ${"self".padStart(10)} ${"share".padStart(6)} ${"calls".padStart(9)} ${"a call".padStart(8)} ${"a node".padStart(7)}`);
  for (const r of p.rows.slice(0, top)) {
    out.push(`${r.routine.padEnd(44)} ${String(r.self).padStart(10)} ${((100 * r.self) / total).toFixed(1).padStart(5)}% ${String(r.calls).padStart(9)} ${(r.calls ? r.self / r.calls : 0).toFixed(1).padStart(8)} ${(r.self / p.nodes).toFixed(1).padStart(7)}`);
  }
  return out.join("\n");
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({ options: { top: { type: "string", default: "40" } }, allowPositionals: true });
  const top = Number(values.top);
  if (!Number.isInteger(top) || top < 1) throw new Error(`--top must be a whole number above 0, not '${values.top}'`);
  const jobs = positionals.length ? positionals : NODE_CASES.map((c) => `${c.job} depth ${c.depth} ${c.fen}`);
  const p = await profileJobs(jobs);
  for (const [i, a] of p.answers.entries()) console.log(`${jobs[i]!.slice(0, 60)} -> ${a}`);
  console.log(profileTable(p, top));
}

if (isMain(import.meta.url)) {
  main().then(
    () => process.exit(0),
    (e: unknown) => {
      console.error(e instanceof Error ? e.message : String(e));
      process.exit(1);
    },
  );
}
