// profile -- where a job's emulated instructions go, routine by routine.
//   npm run profile -- [--top N] ["JOB" ...]      (default: bench's fixed-depth positions)
// The profile build (nasm -DPROFILE, asm/tools/profile.inc and profile.asm) calls every
// routine the engine's files call through a thunk, whose rdtsc bookkeeping, in a segment
// of its own, charges each routine its self instructions (those of the routines it calls
// are theirs) and counts its calls; the program writes PROF.BIN on its way out. The
// bookkeeping's own instructions are left out between its two rdtsc reads; the few on
// either side of them (PROFILE_CALLER_COST and PROFILE_CALLEE_COST a call, in the map) are
// taken off again. Indirect calls appear as `@routine:[table]`, tail jumps and macros as
// the routine they sit in.
// The profile build has a smaller stack (the thunks take room), so it answers each job,
// and the result is printed only when the answer (move, score, depth, nodes) is that of
// the normal build; a budget job's nodes differ (the bookkeeping is counted against the
// budget), so give fixed-depth jobs.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { runBatch } from "../../core/asm-engine.ts";
import { assembleVariant, CHESS, isMain, ROOT, type SymbolMap } from "../../core/build.ts";
import { NODE_CASES } from "./bench.ts";
import { runDos } from "../../core/runner.ts";

/** The files whose calls are wrapped: those chess.asm includes between `%define
 *  PROFILE_LAYER` and `%undef PROFILE_LAYER` (the engine's folders, and the clocks). */
export const PROFILED_FILES: readonly string[] = (() => {
  const files: string[] = [];
  let inside = false;
  for (const line of readFileSync(join(ROOT, CHESS.source), "utf8").split("\n")) {
    if (/^%define PROFILE_LAYER\b/.test(line)) inside = true;
    if (/^%undef PROFILE_LAYER\b/.test(line)) inside = false;
    const included = inside && /^%include "([^"]+\.asm)"/.exec(line);
    if (included) files.push(included[1]!);
  }
  return files;
})();

const ID_PREFIX = "PROFILE_ID_";
const SITE_PREFIX = "..@profile_site_";

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

/** The routine a label lies in: the last label at or before it that is not a thunk's
 *  site, without its `.local` part. */
function routineAt(map: SymbolMap, at: number): string {
  let best = "";
  let bestAt = -1;
  for (const [name, offset] of map.labels) {
    if (!name.startsWith("..@") && offset <= at && offset >= bestAt)
      [best, bestAt] = [name, offset];
  }
  return best.split(".")[0]!;
}

/** The names of the profile build's routine numbers, from its map: 0 is none. */
function routineNames(map: SymbolMap, stringAt: (at: number) => string): string[] {
  const names = ["(not in a wrapped call)"];
  for (const [name, id] of map.constants)
    if (name.startsWith(ID_PREFIX)) names[id] = name.slice(ID_PREFIX.length);
  for (const [name, at] of map.labels) {
    if (!name.startsWith(SITE_PREFIX)) continue;
    const id = Number(name.slice(SITE_PREFIX.length));
    names[id] = `@${routineAt(map, at)}:${stringAt(map.label(`profile_name_${id}`))}`;
  }
  return names;
}

/** Assemble the profile build; its bytes, the routine names by number and the layout of
 *  PROF.BIN. */
export async function buildProfile(): Promise<{
  bytes: Uint8Array;
  names: string[];
  map: SymbolMap;
}> {
  const p = await assembleVariant("profile", ["PROFILE"]);
  return { bytes: p.bytes, names: routineNames(p.map, (at) => p.stringAt(at)), map: p.map };
}

/** Answer lines without their timing fields (which the bookkeeping changes). */
const untimed = (lines: string[][]) =>
  lines.map((l) => l.join(" ").replace(/ ticks \d+ tsc \d+/, "")).join(" | ");

/** Run jobs on the profile build; throws when its answers are not the normal build's. */
export async function profileJobs(jobs: string[]): Promise<Profile> {
  const { bytes, names, map } = await buildProfile();
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
    if (words.length && /^\d+$/.test(n!))
      groups.set(Number(n), [...(groups.get(Number(n)) ?? []), words]);
  }
  const answers = jobs.map((_, i) => untimed(groups.get(i + 1) ?? []));
  const normal = (await runBatch(jobs, { timeoutMs: 900_000 })).map((g) => untimed(g.lines));
  jobs.forEach((job, i) => {
    if (answers[i] !== normal[i])
      throw new Error(
        `profile: the profile build answers '${job}' with '${answers[i]}', the normal build with '${normal[i]}'`,
      );
  });
  const bin = run.files.get("PROF.BIN");
  if (!bin || bin.length < map.constant("PROFILE_BYTES"))
    throw new Error("profile: the profile build wrote no PROF.BIN");
  const view = new DataView(bin.buffer, bin.byteOffset, bin.byteLength);
  const table = (name: string) => (i: number) => view.getUint32(map.constant(name) + i * 4, true);
  const [count, cycles, made] = [
    table("PROFILE_COUNT"),
    table("PROFILE_CYCLES"),
    table("PROFILE_MADE"),
  ];
  const [calleeCost, callerCost] = [
    map.constant("PROFILE_CALLEE_COST"),
    map.constant("PROFILE_CALLER_COST"),
  ];
  const byName = new Map<string, { self: number; calls: number }>();
  names.forEach((routine, i) => {
    if (routine === undefined) return;
    const row = byName.get(routine) ?? { self: 0, calls: 0 };
    row.calls += count(i);
    row.self += cycles(i) - calleeCost * count(i) - callerCost * made(i);
    byName.set(routine, row);
  });
  const rows = [...byName]
    .map(([routine, r]) => ({ routine, ...r }))
    .filter((r) => r.calls > 0 || r.self > 0)
    .sort((a, b) => b.self - a.self);
  const nodes = [...groups.values()]
    .flat()
    .reduce((sum, w) => sum + (w.includes("nodes") ? Number(w[w.indexOf("nodes") + 1]) : 0), 0);
  return { answers, rows, nodes };
}

/** The profile as a table: self instructions, share, calls, a call, a node. */
export function profileTable(p: Profile, top: number): string {
  const total = p.rows.reduce((a, r) => a + r.self, 0);
  const out = [
    `${p.nodes} nodes, ${total} instructions charged, ${(total / p.nodes).toFixed(1)} a node (the program's start and the jobs' reading included)`,
  ];
  out.push(
    `${"routine".padEnd(44)} ${"self".padStart(10)} ${"share".padStart(6)} ${"calls".padStart(9)} ${"a call".padStart(8)} ${"a node".padStart(7)}`,
  );
  for (const r of p.rows.slice(0, top)) {
    out.push(
      `${r.routine.padEnd(44)} ${String(r.self).padStart(10)} ${((100 * r.self) / total).toFixed(1).padStart(5)}% ${String(r.calls).padStart(9)} ${(r.calls ? r.self / r.calls : 0).toFixed(1).padStart(8)} ${(r.self / p.nodes).toFixed(1).padStart(7)}`,
    );
  }
  return out.join("\n");
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    options: { top: { type: "string", default: "40" } },
    allowPositionals: true,
  });
  const top = Number(values.top);
  if (!Number.isInteger(top) || top < 1)
    throw new Error(`--top must be a whole number above 0, not '${values.top}'`);
  const jobs = positionals.length
    ? positionals
    : NODE_CASES.map((c) => `${c.job} depth ${c.depth} ${c.fen}`);
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
