// record -- run CHESS.COM on a fixed set of jobs and write every answer, without its
// cost fields, to a file: a record made before a refactoring and one made after must be
// byte for byte the same (`diff`).
//   npm run record -- OUTFILE                 the suite's positions + seeded random play
//   npm run record -- OUTFILE --jobs EARLIER  exactly the jobs of an earlier record
//   ... --com FILE                            run that CHESS.COM instead of building asm/
//   ... --native                              in native DOSBox (the same answers, faster)
// The positions are every FEN quoted in test/ and ts-harness/ plus seeded random play;
// each gets divide 2, perft 3, moves, mate 2, exchange 3 and best with a small budget;
// the first of them also mate 3 and best at a fixed depth (its nodes and move: a faster
// node must leave the search's tree as it was, which a budget would hide). The record
// lists each job, then its result lines.
import { readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runBatch } from "../core/asm-engine.ts";
import { ROOT } from "../core/build.ts";
import { samplePositions } from "../formats/positions.ts";

const FEN_QUOTED =
  /"([rnbqkpRNBQKP1-8]+(?:\/[rnbqkpRNBQKP1-8]+){7} [wb] [KQkq-]+ [a-h1-8-]+(?: \d+ \d+)?)"/g;
const RANDOM_SEED = 2026;
const RANDOM_PER_FEATURE = 60;
const MATE3_POSITIONS = 120;
const FIXED_DEPTH_POSITIONS = 120;
const FIXED_DEPTH = 3;
const NO_BUDGET_MS = 65535;
const BEST_BUDGET_MS = 20;
const JOBS_PER_BATCH = 400;
const COST_FIELDS = /\s(ticks|tsc) \d+/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|epd)$/.test(name) ? [path] : [];
  });
}

function suiteFens(): string[] {
  const fens = new Set<string>();
  for (const file of [
    ...sourceFiles(join(ROOT, "test")),
    ...sourceFiles(join(ROOT, "ts-harness")),
  ]) {
    for (const m of readFileSync(file, "utf8").matchAll(FEN_QUOTED)) fens.add(m[1]!);
  }
  return [...fens].sort();
}

function freshJobs(): string[] {
  const fens = [
    ...suiteFens(),
    ...samplePositions(RANDOM_SEED, RANDOM_PER_FEATURE).map((s) => s.fen),
  ];
  const jobs: string[] = [];
  fens.forEach((fen, i) => {
    jobs.push(
      `divide 2 ${fen}`,
      `perft 3 ${fen}`,
      `moves ${fen}`,
      `mate 2 ${fen}`,
      `exchange 3 ${fen}`,
      `best ${BEST_BUDGET_MS} ${fen}`,
    );
    if (i < MATE3_POSITIONS) jobs.push(`mate 3 ${fen}`);
    if (i < FIXED_DEPTH_POSITIONS)
      jobs.push(`best ${NO_BUDGET_MS} matelogic 0 depth ${FIXED_DEPTH} ${fen}`);
  });
  return jobs;
}

function jobsOfRecord(path: string): string[] {
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => line.startsWith("job "))
    .map((line) => line.slice(4));
}

async function main(): Promise<void> {
  const [out, ...flags] = process.argv.slice(2);
  const option = (name: string) => {
    const at = flags.indexOf(name);
    return at >= 0 ? flags[at + 1] : undefined;
  };
  const earlier = option("--jobs");
  const com = option("--com");
  const native = flags.includes("--native");
  const given = 2 * [earlier, com].filter((o) => o !== undefined).length + (native ? 1 : 0);
  if (!out || flags.length !== given) {
    console.error(
      "usage: npm run record -- OUTFILE [--jobs EARLIER_RECORD] [--com CHESS.COM] [--native]",
    );
    process.exit(2);
  }
  const jobs = earlier ? jobsOfRecord(earlier) : freshJobs();
  const programBytes = com ? new Uint8Array(readFileSync(com)) : undefined;
  const lines: string[] = [];
  for (let start = 0; start < jobs.length; start += JOBS_PER_BATCH) {
    const batch = jobs.slice(start, start + JOBS_PER_BATCH);
    process.stderr.write(`jobs ${start + 1}-${start + batch.length} of ${jobs.length}\n`);
    const results = await runBatch(batch, {
      timeoutMs: 900_000,
      programBytes,
      native,
    });
    results.forEach((r, i) => {
      lines.push(`job ${batch[i]}`);
      for (const words of r.lines) lines.push(`  ${words.join(" ").replace(COST_FIELDS, "")}`);
    });
  }
  writeFileSync(out, lines.join("\n") + "\n");
  process.stderr.write(`${jobs.length} jobs recorded in ${out}\n`);
}

await main();
