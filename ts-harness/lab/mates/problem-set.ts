// problem-set -- the published-problem benchmark of the mate solver
// (ts-harness/fixtures/mate-bench.ts): direct mates from public problem collections, each
// length proven by the oracle before it is written.
//
//   npx tsx ts-harness/lab/mates/problem-set.ts --write MATETRACK.epd MATETRACKPV.epd POPEYE.inp...
//     reads the collections, draws the set (a fixed seed), proves every length with the
//     oracle (ts-harness/oracle/mate.ts: the key forces mate in N, and no move forces a
//     mate in N - 1) and writes the fixture; a problem whose proof takes longer than
//     --limit seconds (default 60) is left out, and so is one whose length is not the
//     collection's; --lengths 6,7 proves only the drawn problems of those lengths, and
//     --skip LOG leaves out those whose FEN an earlier run's output names (tried before).
//   npx tsx ts-harness/lab/mates/problem-set.ts
//     proves the fixture again.
//
// The collections: matetrack.epd and matetrackpv.epd of github.com/vondele/matetrack (the
// corrected successor of ChestUCI.epd, the direct mates of Heiner Marxen's Chest test set
// as the Stockfish developers collected them; `bm #N`, the PV's first move is the key
// tried first), and the orthodox direct mates of Popeye's example and regression files
// (github.com/thomas-maeder/popeye: `pieces`, `stipulation #N`, no condition or twin).
// A quarter of the set, drawn by a second seed, is held out: the solver is never tuned
// on it and the benchmark reports it in its own rows.
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import * as prettier from "prettier";
import { seededRandom } from "../../formats/positions.ts";
import { isMain } from "../../core/build.ts";
import { findMate, isMateIn, moveToUci, parseFen, parseUci } from "../../oracle/index.ts";
import { BENCH_PROBLEMS, type BenchProblem } from "../../fixtures/mate-bench.ts";

const FIXTURE = fileURLToPath(new URL("../../fixtures/mate-bench.ts", import.meta.url));

/** How many problems of each length the set draws from matetrack.epd. */
const DRAW: Readonly<Record<number, number>> = { 3: 40, 4: 60, 5: 70, 6: 16, 7: 24 };
/** The seeds of the draw and of the held-out quarter (see heldOut). */
const DRAW_SEED = 5603;
const HOLD_SEED = 5604;

/** A candidate before its proof: the collection's length and a key to try first. */
interface Candidate {
  readonly source: string;
  readonly fen: string;
  readonly length: number;
  readonly key?: string;
}

/** The `bm #N` lines of an EPD file (N from 3 to 7), with the PV's first move where the
 *  PV file (the same positions in the same order) gives one. */
function readEpd(path: string, pvPath: string | undefined): Candidate[] {
  const lines = readFileSync(path, "utf8").split(/\r?\n/);
  const pvs = pvPath ? readFileSync(pvPath, "utf8").split(/\r?\n/) : [];
  const name = path.split("/").pop()!;
  const out: Candidate[] = [];
  lines.forEach((line, i) => {
    const m = /^(\S+ [wb] \S+ \S+) bm #(\d+);/.exec(line);
    if (!m || Number(m[2]) < 3 || Number(m[2]) > 7) return;
    const pv = pvs[i]?.startsWith(m[1]!) ? /PV: (\S+)/.exec(pvs[i]!) : null;
    out.push({
      source: `vondele/matetrack ${name}, line ${i + 1} (from Chest's ChestUCI.epd)`,
      fen: `${m[1]} 0 1`,
      length: Number(m[2]),
      key: pv?.[1]?.replace(/;$/, ""),
    });
  });
  return out;
}

const POPEYE_PIECES: Readonly<Record<string, string>> = {
  k: "k",
  q: "q",
  r: "r",
  b: "b",
  s: "n",
  n: "n",
  p: "p",
};

/** The orthodox direct mates of a Popeye input file (a plain subset: `pieces white ...
 *  black ...`, `stipulation #N`, `author`, `origin`, `title`; any condition, twin or
 *  fairy piece leaves the problem out). White moves first, neither side may castle. */
function readPopeye(path: string): Candidate[] {
  const name = path.split("/").slice(-2).join("/");
  const text = readFileSync(path, "latin1");
  const out: Candidate[] = [];
  text.split(/^\s*(?:next|end|begin)\w*\b.*$/im).forEach((body, index) => {
    const stip = /^\s*st\w*\s+#([3-7])\s*$/im.exec(body);
    if (!stip || /^\s*(cond|twin|sstip)/im.test(body)) return;
    const pieces =
      /^\s*pie\w*\s+([\s\S]*?)(?=^\s*(?:st\w*|opt\w*|prot\w*|tit\w*|aut\w*|ori\w*)\b|$(?![\s\S]))/im.exec(
        body,
      );
    if (!pieces) return;
    const board: (string | null)[] = new Array(64).fill(null);
    let colour = "";
    for (const word of pieces[1]!.trim().split(/\s+/)) {
      const lower = word.toLowerCase();
      if (lower === "white" || lower === "black") {
        colour = lower;
        continue;
      }
      const m = /^([kqrbsnp])((?:[a-h][1-8])+)$/.exec(lower);
      if (!m || !colour) return;
      const piece = POPEYE_PIECES[m[1]!]!;
      for (const sq of m[2]!.match(/[a-h][1-8]/g)!) {
        const at = (8 - Number(sq[1])) * 8 + sq.charCodeAt(0) - 97;
        board[at] = colour === "white" ? piece.toUpperCase() : piece;
      }
    }
    const rows: string[] = [];
    for (let r = 0; r < 8; r++) {
      let row = "";
      let empty = 0;
      for (let f = 0; f < 8; f++) {
        const p = board[r * 8 + f];
        if (p) {
          row += (empty || "") + p;
          empty = 0;
        } else empty++;
      }
      rows.push(row + (empty || ""));
    }
    const author = /^\s*aut\w*\s+(.+)$/im.exec(body)?.[1]?.trim();
    const origin = /^\s*ori\w*\s+(.+)$/im.exec(body)?.[1]?.trim();
    const about = [author, origin].filter(Boolean).join(", ");
    out.push({
      source: `thomas-maeder/popeye ${name}, problem ${index + 1}${about ? ` (${about})` : ""}`,
      fen: `${rows.join("/")} w - - 0 1`,
      length: Number(stip[1]),
    });
  });
  return out;
}

/** The oracle's proof: the side to move mates in exactly `length` moves. Returns a key
 *  (the candidate's when it is one), or null when the length is not proven. */
export function proveLength(fen: string, length: number, key?: string): string | null {
  const parsed = parseFen(fen);
  if (!parsed.ok) return null;
  if (length > 1 && findMate(parsed.pos, length - 1) !== null) return null;
  const move = key ? parseUci(parsed.pos, key) : null;
  if (move?.ok && isMateIn(parsed.pos, move.move, length)) return key!;
  const found = findMate(parsed.pos, length);
  return found?.length === length ? moveToUci(found.moves[0]!) : null;
}

/** Draws `count` of `list` with the seeded generator, in the list's order. */
function draw<T>(list: readonly T[], count: number, random: () => number): T[] {
  const order = list.map((item, i) => ({ item, i, r: random() }));
  order.sort((a, b) => a.r - b.r);
  return order
    .slice(0, count)
    .sort((a, b) => a.i - b.i)
    .map((o) => o.item);
}

/** The proofs run in one child process (`--serve`: a candidate a line in, a key or an
 *  empty line out), so that a long one can be stopped at the limit; a child stopped is
 *  started afresh for the next. */
class Prover {
  private child: ChildProcessWithoutNullStreams | null = null;
  private lines: AsyncIterator<string> | null = null;

  private start(): void {
    this.child = spawn(process.execPath, [
      "--import",
      "tsx",
      fileURLToPath(import.meta.url),
      "--serve",
    ]);
    this.lines = createInterface({ input: this.child.stdout })[Symbol.asyncIterator]();
  }

  async prove(c: Candidate, limitS: number): Promise<{ key: string | null; seconds: number }> {
    if (!this.child) this.start();
    const begun = Date.now();
    this.child!.stdin.write(`${c.fen}|${c.length}|${c.key ?? ""}\n`);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>(
      (resolve) => (timer = setTimeout(() => resolve(null), limitS * 1000)),
    );
    const line = await Promise.race([
      this.lines!.next().then((r) => (r.done ? null : r.value)),
      late,
    ]);
    clearTimeout(timer);
    if (line === null) this.stop(); // stopped at the limit, or the child died
    return { key: line || null, seconds: (Date.now() - begun) / 1000 };
  }

  stop(): void {
    this.child?.kill();
    this.child = null;
    this.lines = null;
  }
}

async function write(
  paths: readonly string[],
  limitS: number,
  lengths: readonly number[],
  tried: string,
): Promise<void> {
  const epd = paths.find((p) => p.endsWith("matetrack.epd"));
  const pv = paths.find((p) => p.endsWith("matetrackpv.epd"));
  if (!epd) throw new Error("problem-set: --write needs matetrack.epd");
  const chest = readEpd(epd, pv);
  const random = seededRandom(DRAW_SEED);
  const candidates: Candidate[] = paths.filter((p) => p.endsWith(".inp")).flatMap(readPopeye);
  const seen = new Set(candidates.map((c) => c.fen.split(" ").slice(0, 2).join(" ")));
  for (const length of [3, 4, 5, 6, 7]) {
    const fresh = chest.filter((c) => {
      const id = c.fen.split(" ").slice(0, 2).join(" ");
      return c.length === length && !seen.has(id) && (seen.add(id), true);
    });
    candidates.push(...draw(fresh, DRAW[length]!, random));
  }
  // Lengths in turn (a 3, a 4, a 5, a 3, ...), then the 6s and 7s in turn, so that a run
  // stopped early still has every length of the set's core; the fixture is written after
  // every proof, and a problem already in it is not proven again.
  const turns: Candidate[] = [];
  for (const lengths of [
    [3, 4, 5],
    [6, 7],
  ]) {
    const queues = lengths.map((n) => candidates.filter((c) => c.length === n));
    for (let i = 0; queues.some((q) => i < q.length); i++)
      for (const q of queues) if (i < q.length) turns.push(q[i]!);
  }
  const proven: BenchProblem[] = [...BENCH_PROBLEMS];
  const prover = new Prover();
  for (const c of turns) {
    if (!lengths.includes(c.length) || tried.includes(`: ${c.fen}`)) continue;
    if (proven.some((p) => p.fen === c.fen)) continue;
    const { key, seconds } = await prover.prove(c, limitS);
    console.log(
      `${key ? "ok  " : "out "} #${c.length} ${seconds.toFixed(1).padStart(6)} s  ${c.source}: ${c.fen}`,
    );
    if (!key) continue;
    proven.push({ source: c.source, fen: c.fen, length: c.length, key, heldOut: heldOut(c.fen) });
    await writeFixture(proven);
  }
  prover.stop();
  console.log(`${proven.length} of ${candidates.length} problems in ${FIXTURE}`);
}

/** The held-out quarter: a problem is held out when a seeded hash of its FEN falls in the
 *  lowest quarter, a choice that does not depend on which other problems are in the set. */
function heldOut(fen: string): boolean {
  let h = HOLD_SEED >>> 0;
  for (let i = 0; i < fen.length; i++) h = Math.imul(h ^ fen.charCodeAt(i), 0x01000193) >>> 0;
  return seededRandom(h)() < 0.25;
}

async function writeFixture(problems: readonly BenchProblem[]): Promise<void> {
  const order = [...problems].sort((a, b) => a.length - b.length);
  const body = order
    .map(
      (p) =>
        `  { source: ${JSON.stringify(p.source)}, fen: ${JSON.stringify(p.fen)}, length: ${p.length}, key: ${JSON.stringify(p.key)}, heldOut: ${p.heldOut} },`,
    )
    .join("\n");
  const head = readFileSync(FIXTURE, "utf8").split("export const BENCH_PROBLEMS")[0]!;
  const text = `${head}export const BENCH_PROBLEMS: readonly BenchProblem[] = [\n${body}\n];\n`;
  const options = (await prettier.resolveConfig(FIXTURE)) ?? {};
  writeFileSync(FIXTURE, await prettier.format(text, { ...options, filepath: FIXTURE }));
}

/** Proves the fixture again: each length exact, each key mating in it. */
function proveAll(): void {
  let wrong = 0;
  for (const p of BENCH_PROBLEMS) {
    const key = proveLength(p.fen, p.length, p.key);
    if (key !== p.key) wrong++;
    console.log(`${key === p.key ? "ok  " : "FAIL"} #${p.length} ${p.source}: ${p.fen}`);
  }
  console.log(
    wrong === 0
      ? `all ${BENCH_PROBLEMS.length} proven`
      : `${wrong} of ${BENCH_PROBLEMS.length} wrong`,
  );
  process.exitCode = wrong === 0 ? 0 : 1;
}

if (isMain(import.meta.url)) {
  const argv = process.argv.slice(2);
  if (argv[0] === "--serve") {
    for await (const line of createInterface({ input: process.stdin })) {
      const [fen, length, key] = line.split("|");
      console.log(proveLength(fen!, Number(length), key || undefined) ?? "");
    }
  } else if (argv[0] === "--write") {
    const value = (flag: string) => {
      const at = argv.indexOf(flag);
      return at >= 0 ? argv[at + 1] : undefined;
    };
    const limit = Number(value("--limit") ?? 60);
    const lengths = (value("--lengths") ?? "3,4,5,6,7").split(",").map(Number);
    const skip = value("--skip");
    const options = new Set(["--limit", "--lengths", "--skip"]);
    await write(
      argv.slice(1).filter((a, i, all) => !options.has(a) && !options.has(all[i - 1]!)),
      limit,
      lengths,
      skip ? readFileSync(skip, "utf8") : "",
    );
  } else proveAll();
}
