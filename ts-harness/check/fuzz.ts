// fuzz -- seeded cases that try to break the engines' input side, and the model that
// says what each must answer. The model is asm/batch/PROTOCOL.md read by the oracle: a job line
// is checked for its bytes, then its length, its verb, its number, then its FEN (by the
// oracle's parseFen), then answered by the oracle. The same seed gives the same cases on
// every machine.
import { programLimits } from "../core/asm-engine.ts";
import * as oracle from "../oracle/index.ts";
import { longGame, samplePositions, seededRandom } from "../formats/positions.ts";
import { sanTokens } from "../formats/pgn.ts";
import { START_FEN as START } from "../oracle/fen.ts";
import { encodeGam, gamChecksum, sortedMoves } from "../formats/savegame.ts";

/** The longest job line the program reads (LINE_MAX, from its map). */
const LINE_MAX = (await programLimits()).lineMax;

export type FuzzClass =
  | "fen-fields"
  | "bytes"
  | "illegal"
  | "extreme"
  | "numbers"
  | "lines"
  | "command line"
  | "game"
  | "cli"
  | "limit numbers"
  | "go words"
  | "pgn structure"
  | "chess.gam";

/** What a job must get: an error code, or the oracle's answer. */
export type Expected =
  | { kind: "error"; code: string }
  | { kind: "moves"; moves: string[] }
  | { kind: "perft"; nodes: number; divide?: [string, number][] }
  | { kind: "mate"; length: number | null; firstMoves: string[] }
  | { kind: "exchange"; value: number; bestMoves: string[] }
  | { kind: "best"; legal: string[] };

/** The job verbs and the range of their number (asm/batch/PROTOCOL.md); null: no number. */
const VERBS: Record<string, [number, number] | null> = {
  moves: null,
  perft: [1, 9],
  divide: [1, 9],
  mate: [1, 8],
  exchange: [1, 4],
  best: [1, 65535],
};

/** The answer asm/batch/PROTOCOL.md asks for a job line, from the oracle. */
export function expectedFor(line: string): Expected {
  const error = (code: string): Expected => ({ kind: "error", code });
  if (oracle.notPrintable(line)) return error("byte");
  if (line.length > LINE_MAX) return error("line");
  const words = line.split(" ").filter(Boolean);
  const verb = words[0]!;
  if (!Object.hasOwn(VERBS, verb)) return error("verb");
  const range = VERBS[verb]!;
  let arg = 0;
  let rest = line.slice(line.indexOf(verb) + verb.length);
  if (range) {
    const text = rest.trimStart().split(" ")[0]!;
    arg = Number(text);
    if (!/^\d+$/.test(text) || arg < range[0] || arg > range[1]) return error("arg");
    rest = rest.trimStart().slice(text.length);
  }
  const parsed = oracle.parseFen(rest);
  if (!parsed.ok) return error(parsed.error.code);
  const pos = parsed.pos;
  switch (verb) {
    case "moves":
      return { kind: "moves", moves: oracle.legalMoves(pos).map(oracle.moveToUci).sort() };
    case "perft":
      return { kind: "perft", nodes: oracle.perft(pos, arg) };
    case "divide": {
      const divide = oracle
        .divide(pos, arg)
        .slice()
        .sort((a, b) => (a[0] < b[0] ? -1 : 1));
      return { kind: "perft", nodes: divide.reduce((s, [, n]) => s + n, 0), divide };
    }
    case "mate": {
      const found = oracle.findMate(pos, arg);
      return {
        kind: "mate",
        length: found?.length ?? null,
        firstMoves: (found?.moves ?? []).map(oracle.moveToUci).sort(),
      };
    }
    case "exchange": {
      const r = oracle.exchange(pos, arg);
      return { kind: "exchange", value: r.value, bestMoves: r.moves.map(oracle.moveToUci).sort() };
    }
    default:
      return { kind: "best", legal: oracle.legalMoves(pos).map(oracle.moveToUci) };
  }
}

/** Why the assembly's result lines (job number removed, split into words) are not the
 *  expected answer, or null when they are. */
export function disagreement(expected: Expected, lines: string[][]): string | null {
  const error = lines.find((w) => w[0] === "error");
  const got = (what: string) =>
    `expected ${what}, got ${JSON.stringify(lines.map((w) => w.join(" ")))}`;
  if (expected.kind === "error")
    return error?.[1] === expected.code ? null : got(`error ${expected.code}`);
  if (error) return got(expected.kind);
  const line = lines.at(-1)!;
  switch (expected.kind) {
    case "moves":
      return line.slice(2).sort().join(" ") === expected.moves.join(" ")
        ? null
        : got(`moves ${expected.moves.join(" ")}`);
    case "perft": {
      if (Number(line[2]) !== expected.nodes) return got(`perft ${expected.nodes}`);
      const divide = lines
        .filter((w) => w[0] === "divide")
        .map((w) => `${w[1]} ${w[2]}`)
        .sort();
      return !expected.divide ||
        divide.join() === expected.divide.map(([m, n]) => `${m} ${n}`).join()
        ? null
        : got("the oracle's divide");
    }
    case "mate":
      if (expected.length === null) return line[0] === "nomate" ? null : got("nomate");
      return line[0] === "mate" &&
        Number(line[1]) === expected.length &&
        expected.firstMoves.includes(line[2]!)
        ? null
        : got(`mate ${expected.length} ${expected.firstMoves.join("|")}`);
    case "exchange":
      return Number(line[1]) === expected.value &&
        (expected.bestMoves.length === 0
          ? line[2] === "none"
          : expected.bestMoves.includes(line[2]!))
        ? null
        : got(`exchange ${expected.value} ${expected.bestMoves.join("|") || "none"}`);
    case "best":
      return (expected.legal.length === 0 ? line[1] === "none" : expected.legal.includes(line[1]!))
        ? null
        : got("a legal move");
  }
}

/** One fuzz case: a job line for the batch, from its class. */
export interface FuzzJob {
  cls: FuzzClass;
  job: string;
  /** The FEN part of the job, as the CLI and the engines take it. */
  fen: string;
}

type Rnd = () => number;
const pick = <T>(rnd: Rnd, items: readonly T[]): T => items[Math.floor(rnd() * items.length)]!;
const int = (rnd: Rnd, lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));

/** A published position with 218 legal moves (Nenad Petrović), the most known. */
export const MOVES_218 = "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1";

/** Verbs cheap enough for hundreds of positions in one boot. */
function cheapJob(rnd: Rnd, fen: string): string {
  const verb = pick(rnd, [
    "moves",
    "moves",
    "perft 1",
    "perft 2",
    "divide 1",
    "mate 1",
    "exchange 1",
    "exchange 2",
  ]);
  return `${verb} ${fen}`;
}

/** One field of a FEN broken in one of the ways a hand or a program gets it wrong. */
function breakFields(rnd: Rnd, fen: string): string {
  const f = fen.split(" ");
  const i = int(rnd, 0, f.length - 1);
  switch (int(rnd, 0, 9)) {
    case 0:
      f.splice(i, 1);
      break;
    case 1:
      f.splice(i, 0, f[i]!);
      break;
    case 2: {
      const j = int(rnd, 0, f.length - 1);
      [f[i], f[j]] = [f[j]!, f[i]!];
      break;
    }
    case 3:
      f[0] = f[0]!.replace(/\d/, (d) => String((Number(d) + pick(rnd, [1, 8])) % 10));
      break;
    case 4: {
      const b = [...f[0]!];
      b.splice(int(rnd, 0, b.length), 0, pick(rnd, [..."pnbrqkPNBRQKx09/"]));
      f[0] = b.join("");
      break;
    }
    case 5:
      f[1] = pick(rnd, ["W", "B", "x", "-", "ww", "white", "0"]);
      break;
    case 6:
      f[2] = Array.from({ length: int(rnd, 1, 5) }, () => pick(rnd, [..."KQkqKQkqXAH-"])).join("");
      break;
    case 7:
      f[3] = pick(rnd, [
        "e9",
        "i3",
        "-3",
        "e",
        "e3e",
        "E3",
        ...["a", "c", "d", "f", "h"].flatMap((c) => [`${c}3`, `${c}6`, `${c}4`]),
      ]);
      break;
    case 8:
      f[4] = pick(rnd, ["-1", "x", "1.5", "+3", "0x10", "1e3", "٣"]);
      break;
    default:
      f[f.length - 1] = pick(rnd, ["-1", "x", "1.5", "+3", "0x10", "1e3"]);
      break;
  }
  return f.join(" ");
}

/** Characters that once went wrong (U+010A became a line feed, U+011A a Ctrl-Z, the
 *  no-break space a separator for the oracle only, the Kelvin sign its king), any byte,
 *  and the TAB. */
const ODD_CHARS = [
  "\u010a",
  "\u011a",
  "\u00a0",
  "\u212a",
  "\ufeff",
  "\t",
  "\r",
  "\n",
  "\u0000",
  "\u001a",
  "\u007f",
];

function mutateBytes(rnd: Rnd, text: string): string {
  const chars = [...text];
  for (let n = int(rnd, 1, 3); n > 0; n--) {
    const ch = rnd() < 0.4 ? pick(rnd, ODD_CHARS) : String.fromCharCode(int(rnd, 0, 255));
    const at = int(rnd, 0, chars.length - 1);
    const how = int(rnd, 0, 2);
    if (how === 0) chars[at] = ch;
    else if (how === 1) chars.splice(at, 0, ch);
    else chars.splice(at, 1);
  }
  return chars.join("");
}

const LETTERS = [..."PNBRQpnbrq"];

/** A board of random pieces around two kings: parseable, often illegal (pawns on the
 *  back ranks, the side not to move in check, castling rights without their rook). */
function randomPosition(rnd: Rnd): string {
  const board: string[] = Array(64).fill("");
  const free = () => {
    for (;;) {
      const s = int(rnd, 0, 63);
      if (!board[s]) return s;
    }
  };
  board[free()] = "K";
  board[free()] = "k";
  for (let n = int(rnd, 0, 24); n > 0; n--) board[free()] = pick(rnd, LETTERS);
  const castling = rnd() < 0.7 ? "-" : pick(rnd, ["K", "Q", "kq", "KQkq"]);
  return `${boardField(board)} ${pick(rnd, ["w", "b"])} ${castling} - ${int(rnd, 0, 120)} ${int(rnd, 1, 300)}`;
}

/** The 64 squares of a board field (a8 first), "" for an empty one. */
function squares(field: string): string[] {
  return [...field.replace(/\//g, "")].flatMap((c) =>
    /\d/.test(c) ? Array<string>(Number(c)).fill("") : [c],
  );
}

/** The board field of 64 squares (a8 first), "" for an empty one. */
function boardField(board: string[]): string {
  const rank = (r: number) =>
    board
      .slice(r * 8, r * 8 + 8)
      .map((p) => p || "1")
      .join("")
      .replace(/1+/g, (m) => String(m.length));
  return Array.from({ length: 8 }, (_, r) => rank(r)).join("/");
}

/** A position of 218 moves and more: from MOVES_218, random steps (a piece moved, a
 *  queen or a pawn on the seventh rank added, a piece taken off) kept while the position
 *  stays legal and its move count does not drop. */
function crowdedPosition(rnd: Rnd): string {
  let board = squares(MOVES_218.split(" ")[0]!);
  const moves = (b: string[]) => {
    const r = oracle.parseFen(`${boardField(b)} w - - 0 1`);
    return r.ok ? oracle.legalMoves(r.pos).length : -1;
  };
  let count = moves(board);
  for (let step = int(rnd, 0, 120); step > 0; step--) {
    const b = board.slice();
    const [from, to] = [int(rnd, 0, 63), int(rnd, 0, 63)];
    if (/[kK]/.test(b[from]! + b[to]!)) continue;
    const how = int(rnd, 0, 2);
    if (how === 0) [b[to], b[from]] = [b[from]!, ""];
    else if (how === 1) b[to] = to >= 8 && to < 16 ? "P" : "Q";
    else b[from] = "";
    const n = moves(b);
    if (n >= count) [board, count] = [b, n];
  }
  return `${boardField(board)} w - - 0 1`;
}

const CLOCKS = [
  "0",
  "1",
  "01",
  "007",
  "65535",
  "65536",
  "4294967295",
  "4294967296",
  "99999999999999999999",
  "-1",
  "+1",
  "x",
  "1x",
];

/** The numbers each verb is tried with: its limits and either side of them, kept cheap
 *  (a deep perft or a long think is tried only where it must be refused). */
const VERB_NUMBERS: Record<string, string[]> = {
  perft: ["0", "1", "2", "01", "10", "x", "-1", "4294967296", ""],
  divide: ["0", "1", "02", "10", "x"],
  mate: ["0", "1", "2", "9", "x", ""],
  exchange: ["0", "1", "4", "5", "x"],
  best: ["0", "65536", "99999999999", "x", "-1"],
  moves: [""],
};

/** Jobs whose numbers sit at the limits: the verb's own number and the two clocks. */
function numbersJob(rnd: Rnd, fen: string): string {
  const [board, side, castling, ep] = fen.split(" ");
  const verb = pick(rnd, Object.keys(VERB_NUMBERS));
  const n = pick(rnd, VERB_NUMBERS[verb]!);
  return `${verb}${n === "" ? "" : " " + n} ${board} ${side} ${castling} ${ep} ${pick(rnd, CLOCKS)} ${pick(rnd, CLOCKS)}`;
}

/** The batch cases of every class that goes through the harness, in one list. */
export function batchCases(seed: number, perClass: number): FuzzJob[] {
  const rnd = seededRandom(seed);
  const fens = samplePositions(seed, Math.ceil(perClass / 4)).map((p) => p.fen);
  const base = () => pick(rnd, fens);
  const out: FuzzJob[] = [];
  const add = (cls: FuzzClass, job: string, fen: string) => out.push({ cls, job, fen });
  for (let i = 0; i < perClass; i++) {
    const broken = breakFields(rnd, base());
    add("fen-fields", cheapJob(rnd, broken), broken);
    const fen = base();
    const job = mutateBytes(rnd, cheapJob(rnd, fen));
    add("bytes", job, job.slice(job.indexOf(" ") + 1));
    const illegal = randomPosition(rnd);
    add("illegal", cheapJob(rnd, illegal), illegal);
    const numbers = numbersJob(rnd, base());
    add("numbers", numbers, numbers.split(" ").slice(-6).join(" "));
    if (i % 8 === 0) {
      const crowded = crowdedPosition(rnd);
      add(
        "extreme",
        `${pick(rnd, ["moves", "perft 1", "perft 2", "divide 1"])} ${crowded}`,
        crowded,
      );
    }
  }
  return out;
}

/** A jobs file of raw bytes, line structure and all: good jobs, blank lines, NULs and
 *  Ctrl-Zs, bytes above 127, lines over LINE_MAX characters, CR LF, LF and lone CR ends.
 *  Returns the bytes and the job lines the protocol reads in them. */
export function jobsFile(seed: number, lines: number): { bytes: Uint8Array; jobs: string[] } {
  const rnd = seededRandom(seed);
  const fens = samplePositions(seed + 1, Math.ceil(lines / 8)).map((p) => p.fen);
  let text = "";
  for (let i = 0; i < lines; i++) {
    const good = `perft 1 ${pick(rnd, fens)}`;
    const line = pick(rnd, [
      () => good,
      () => good,
      () => "",
      () => " ".repeat(int(rnd, 1, 20)),
      () => good.replace(/ /g, " ".repeat(int(rnd, 1, 40))),
      () => mutateBytes(rnd, good).replace(/[\r\n]|[^\x00-\xff]/g, ""),
      () => String.fromCharCode(pick(rnd, [0, 0x1a, 9, 0xff, 0x80])) + good,
      () =>
        Array.from({ length: int(rnd, 1, 12) }, () => String.fromCharCode(int(rnd, 0, 255)))
          .join("")
          .replace(/[\r\n]/g, ""),
    ])();
    const end = i === lines - 1 && rnd() < 0.5 ? "" : pick(rnd, ["\r\n", "\n", "\r"]);
    text += line + end;
  }
  // The model reads the lines as asm/batch/PROTOCOL.md says: CR LF, LF or a lone CR end one.
  const jobs = text.split(/\r\n|\n|\r/).filter((l) => !(l.length <= LINE_MAX && /^ *$/.test(l)));
  return { bytes: new Uint8Array(Buffer.from(text, "latin1")), jobs };
}

/** A game start: a command tail for CHESS (without /log) and the files it needs, with the
 *  FEN the oracle reads in it (null: a line too long to read, which the game must say). */
export interface GameCase {
  what: string;
  args: string;
  files?: Record<string, string>;
  fen: string | null;
}

/** The game's command line: /fen with padding, broken fields, clock limits and bytes
 *  above 127; /load of a padded first line ended by a lone CR, and of one too long. */
export function gameCases(seed: number): GameCase[] {
  const rnd = seededRandom(seed);
  const fens = samplePositions(seed + 2, 4).map((p) => p.fen);
  const padded = pick(rnd, fens)
    .split(" ")
    .map((f) => f + " ".repeat(int(rnd, 1, 4)))
    .join("");
  const broken = breakFields(rnd, pick(rnd, fens)).replace(/[^\x20-\x7e]/g, "");
  const clock = pick(rnd, fens).replace(
    / \d+ \d+$/,
    ` ${pick(rnd, ["65535", "65536"])} ${pick(rnd, ["65535", "99999"])}`,
  );
  const high = pick(rnd, fens).replace(" ", String.fromCharCode(int(rnd, 0xa1, 0xfe)));
  const loaded = pick(rnd, fens);
  return [
    { what: "/fen with padding", args: `/fen ${padded}`, fen: padded },
    { what: "/fen with a broken field", args: `/fen ${broken}`, fen: broken },
    { what: "/fen with clocks at the limit", args: `/fen ${clock}`, fen: clock },
    { what: "/fen with a byte above 127", args: `/fen ${high}`, fen: high },
    {
      what: "/load of a padded line ended by a lone CR",
      args: "/load POS.TXT",
      files: { "POS.TXT": loaded.split(" ").join(" ".repeat(40)) + "\r1. e4\r" },
      fen: loaded,
    },
    {
      what: "/load of a first line of 4000 bytes",
      args: "/load POS.TXT",
      files: { "POS.TXT": loaded.split(" ").join(" ".repeat(800)) + "\r\n" },
      fen: null,
    },
  ];
}

/** A command tail for `CHESS /jobs`, and what asm/batch/PROTOCOL.md and the README say it must
 *  do: run the jobs file (exit code 0, a result file ending `end 1`), or stop with exit
 *  code 1 and a message: the usage line, a jobs file it cannot open, or one file for
 *  both. */
export interface CommandCase {
  tail: string;
  expected: "runs" | "usage" | "no jobs file" | "same file";
  /** The result file it must write when it runs. */
  result?: string;
}

/** Names for the jobs file (JOBS.TXT exists), the result file and the odd ones out. */
const JOBS_NAMES = [
  "JOBS.TXT",
  "jobs.txt",
  ".\\JOBS.TXT",
  "C:\\JOBS.TXT",
  "C:JOBS.TXT",
  "NOSUCH.TXT",
];
const RESULT_NAMES = [
  "R.TXT",
  "r.txt",
  "C:\\OUT.TXT",
  ".\\OUT.TXT",
  "JOBS.TXT",
  "C:JOBS.TXT",
  ".\\jobs.txt",
];

/** The canonical DOS name of a file in C:\ as the cases write it. */
const canonical = (name: string) => name.toUpperCase().replace(/^C:\\?|^\.\\/, "");

export function commandCases(seed: number, n: number): CommandCase[] {
  const rnd = seededRandom(seed);
  return Array.from({ length: n }, (): CommandCase => {
    const words = [pick(rnd, ["/jobs", "/JOBS", "/Jobs"])];
    const parts = pick(rnd, [0, 1, 2, 2, 2, 2, 3, 3]);
    const jobs = pick(rnd, JOBS_NAMES);
    const result = pick(rnd, RESULT_NAMES);
    if (parts >= 1) words.push(jobs);
    if (parts >= 2) words.push(result);
    if (parts >= 3) words.push(pick(rnd, ["extra", "/fen", "R2.TXT"]));
    const tail = words.join(" ".repeat(int(rnd, 1, 3)));
    if (parts < 2) return { tail, expected: "usage" };
    if (canonical(jobs) === "NOSUCH.TXT") return { tail, expected: "no jobs file" };
    if (canonical(jobs) === canonical(result)) return { tail, expected: "same file" };
    return { tail, expected: "runs", result: canonical(result) };
  });
}

/** The limit words and the range of their number (asm/batch/PROTOCOL.md, Limits); null:
 *  a word without a number. */
export const LIMIT_WORDS: Record<string, [number, number] | null> = {
  movetime: [1, 3_500_000],
  depth: [1, 48],
  nodes: [1, 4_294_967_295],
  budget: [1, 1_431_655],
  wtime: [0, 4_294_967_295],
  btime: [0, 4_294_967_295],
  winc: [0, 3_500_000],
  binc: [0, 3_500_000],
  movestogo: [1, 1000],
  infinite: null,
  mate: [1, 5],
  matelogic: [0, 5],
  contempt: [0, 1000],
  book: [0, 65_535],
};

/** The position the go cases think on (white to move, a mate in one on the back rank),
 *  so that a mate word or the mate logic answers at once. */
export const GO_FEN = "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1";

/** Numbers at and either side of the ranges' ends, of 2^31 and of 2^32, and no number. */
const EDGE_NUMBERS = [
  "0",
  "1",
  "2",
  "48",
  "49",
  "1000",
  "1001",
  "65535",
  "65536",
  "1431655",
  "1431656",
  "3500000",
  "3500001",
  "2147483647",
  "2147483648",
  "2147483649",
  "4294967295",
  "4294967296",
  "4294967297",
  "8589934592",
  "18446744073709551616",
  "0004294967295",
  "-1",
  "1e3",
  "",
];

/** What a go job must answer: the arg error, or a bestmove (a legal move of GO_FEN) whose
 *  depth is at most maxDepth, exactly fullDepth when the limits let that iteration end,
 *  and whose limit (if any) is one of the words given. */
export type GoExpected =
  | { kind: "error"; code: "arg" }
  | { kind: "bestmove"; maxDepth: number | null; fullDepth: number | null; limits: string[] };

export interface GoCase {
  cls: "limit numbers" | "go words";
  job: string;
  expected: GoExpected;
}

/** The model of a go job's words: every word a limit word with its number in range, or
 *  the arg error. */
function goModel(words: string[], fullDepth: number | null): GoExpected {
  let maxDepth: number | null = null;
  const limits = new Set<string>();
  const given = new Set<string>();
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (!Object.hasOwn(LIMIT_WORDS, word)) return { kind: "error", code: "arg" };
    given.add(word);
    const range = LIMIT_WORDS[word];
    if (!range) continue;
    const text = words[++i] ?? "";
    if (!/^\d+$/.test(text) || BigInt(text) < BigInt(range[0]) || BigInt(text) > BigInt(range[1]))
      return { kind: "error", code: "arg" };
    if (word === "depth") maxDepth = Number(text);
  }
  if (given.has("nodes")) limits.add("nodes");
  if (given.has("budget")) limits.add("budget");
  if (given.has("movetime") || given.has("wtime")) limits.add("time");
  return { kind: "bestmove", maxDepth, fullDepth, limits: [...limits] };
}

/** A limit word with a number at an edge, the search kept to depth 1 (or to 5000 nodes
 *  for the depth word itself); the depth must be reached where no other word of the job
 *  can stop it first (a clock of a million ms and more, or of the other side only; the
 *  words that set no limit). */
export function limitNumberCases(seed: number, n: number): GoCase[] {
  const rnd = seededRandom(seed);
  return Array.from({ length: n }, (): GoCase => {
    const word = pick(rnd, Object.keys(LIMIT_WORDS));
    const number = pick(rnd, EDGE_NUMBERS);
    const words = [
      word,
      ...(number === "" ? [] : [number]),
      ...(word === "depth" ? ["nodes", "5000"] : ["depth", "1"]),
    ];
    const value = /^\d+$/.test(number) ? Number(number) : 0;
    const full =
      (word === "wtime" && value >= 1_000_000) ||
      ["btime", "winc", "binc", "movestogo", "contempt"].includes(word);
    return {
      cls: "limit numbers",
      job: `go ${words.join(" ")}`,
      expected: goModel(words, full ? 1 : null),
    };
  });
}

/** Limit words with sound numbers, a seeded subset in a seeded order, each job kept to
 *  6000 nodes (words that bound nothing alone would think for the default budget). */
const GO_WORDS: string[][] = [
  ["depth", "2"],
  ["movetime", "300"],
  ["budget", "100"],
  ["wtime", "3000000000"],
  ["btime", "1000"],
  ["winc", "100"],
  ["binc", "100"],
  ["movestogo", "3"],
  ["infinite"],
  ["contempt", "10"],
  ["matelogic", "1"],
  ["book", "7"],
  ["nodes", "6000"],
];

export function goWordCases(seed: number, n: number): GoCase[] {
  const rnd = seededRandom(seed);
  return Array.from({ length: n }, (): GoCase => {
    const chosen = GO_WORDS.filter(() => rnd() < 0.35);
    if (!chosen.some(([w]) => w === "nodes")) chosen.push(["nodes", "6000"]);
    for (let i = chosen.length - 1; i > 0; i--) {
      const j = int(rnd, 0, i);
      [chosen[i], chosen[j]] = [chosen[j]!, chosen[i]!];
    }
    const words = chosen.flat();
    return { cls: "go words", job: `go ${words.join(" ")}`, expected: goModel(words, null) };
  });
}

/** Why a go job's result lines do not answer as the model says, or null when they do. */
export function goDisagreement(
  expected: GoExpected,
  lines: string[][],
  legal: readonly string[],
): string | null {
  const got = (what: string) =>
    `expected ${what}, got ${JSON.stringify(lines.map((w) => w.join(" ")))}`;
  const last = lines.at(-1) ?? [];
  if (expected.kind === "error")
    return last[0] === "error" && last[1] === "arg" && lines.length === 1 ? null : got("error arg");
  if (last[0] !== "bestmove" || !legal.includes(last[1]!)) return got("a legal bestmove");
  const at = (name: string) => (last.indexOf(name) > 0 ? last[last.indexOf(name) + 1] : undefined);
  const depth = Number(at("depth") ?? 0);
  if (expected.maxDepth !== null && depth > expected.maxDepth)
    return got(`depth at most ${expected.maxDepth}`);
  if (expected.fullDepth !== null && depth !== expected.fullDepth)
    return got(`depth ${expected.fullDepth}`);
  const limit = at("limit");
  if (limit !== undefined && !expected.limits.includes(limit))
    return got(`a limit among ${expected.limits.join(", ") || "none"}`);
  return null;
}

/** A line's number in a text whose lines end with CR LF, LF or a lone CR. */
function lineOf(text: string, at: number): number {
  return text.slice(0, at).split(/\r\n|\n|\r/).length;
}

/** What a PGN /load must give: the moves and the last position, or a refusal whose
 *  message (panel padding aside) names the FEN tag's line and the fault. */
export type PgnExpected =
  { kind: "loads"; moves: string[]; fen: string } | { kind: "refused"; message: RegExp };

export interface PgnCase {
  what: string;
  text: string;
  expected: PgnExpected;
}

/** A seeded game as PGN, its tags and line structure changed the ways programs and hands
 *  write them: line ends of each kind, tags two to a line, % escape lines, a byte order
 *  mark, comments before the tags and between the moves; or its FEN tag broken (the
 *  closing quote gone, a field the oracle refuses). */
export function pgnCases(seed: number, n: number): PgnCase[] {
  const rnd = seededRandom(seed);
  const fens = samplePositions(seed + 3, 2)
    .map((p) => p.fen)
    .filter((f) => oracle.legalMoves(oracle.fenPosition(f)).length > 0);
  return Array.from({ length: n }, (): PgnCase => {
    const fen = rnd() < 0.3 ? START : pick(rnd, fens);
    const moves = longGame(int(rnd, 1, 1 << 30), int(rnd, 2, 14), fen).slice();
    const pos = oracle.fenPosition(fen);
    for (const m of moves) {
      const u = oracle.parseUci(pos, m);
      if (!u.ok) throw new Error(u.error.message);
      oracle.makeMove(pos, u.move);
    }
    const eol = pick(rnd, ["\r\n", "\n", "\r"]);
    const damage = pick(rnd, ["none", "none", "none", "quote", "value"]);
    const what: string[] = [JSON.stringify(eol)];
    let fenValue = fen;
    let refusal: string | null = null;
    if (damage === "quote") refusal = "no closing quote";
    if (damage === "value") {
      const broken = breakFields(rnd, fen).replace(/[^\x20-\x7e]|"/g, "");
      const parsed = oracle.parseFen(broken);
      if (!parsed.ok) [fenValue, refusal] = [broken, `Bad FEN: ${parsed.error.code}`];
    }
    const tags = ['[Event "fuzz"]', '[Site "?"]', '[Result "*"]'];
    const withFen = fen !== START || damage !== "none";
    if (withFen)
      tags.push('[SetUp "1"]', damage === "quote" ? `[FEN "${fenValue}` : `[FEN "${fenValue}"]`);
    const lines: string[] = [];
    for (let i = 0; i < tags.length; i++) {
      const joinNext = i + 1 < tags.length && damage !== "quote" && rnd() < 0.4;
      lines.push(joinNext ? `${tags[i]} ${tags[++i]}` : tags[i]!);
      if (rnd() < 0.15) lines.push("% an escape line");
    }
    if (rnd() < 0.3)
      lines.unshift(pick(rnd, ["% written by a program", "{ a comment before the tags }"]));
    lines.push("");
    const words = sanTokens(fen, moves);
    if (rnd() < 0.3) words.splice(int(rnd, 0, words.length), 0, "{ a comment }");
    for (let i = 0; i < words.length; i += 6) {
      lines.push(words.slice(i, i + 6).join(" "));
      if (rnd() < 0.3) lines.push("; a line comment");
    }
    lines.push("*");
    const bom = rnd() < 0.2 ? "\ufeff" : "";
    const text = bom + lines.join(eol) + eol;
    if (bom) what.push("BOM");
    what.push(damage);
    if (refusal !== null) {
      const line = lineOf(text, text.indexOf("[FEN "));
      const escaped = refusal.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      return {
        what: what.join(" "),
        text,
        expected: { kind: "refused", message: new RegExp(`^FEN tag, line ${line} *${escaped}$`) },
      };
    }
    return {
      what: what.join(" "),
      text,
      expected: { kind: "loads", moves, fen: oracle.toFen(pos) },
    };
  });
}

/** What a CHESS.GAM /load must give: the moves and the last position, or the message. */
export type GamExpected =
  { kind: "loads"; moves: string[]; fen: string } | { kind: "refused"; message: string };

export interface GamCase {
  what: string;
  bytes: Uint8Array;
  expected: GamExpected;
}

/** The header's bytes before the FEN (asm/game/savegame.asm's layout). */
const GAM_FEN_AT = 21;

/** Bytes a FEN byte is changed into: the FEN's own alphabet, white space, a NUL, any. */
const FEN_BYTES = [..."pnbrqkPNBRQK12345678/ wb-KQkqe36", "\u0000"].map((c) => c.charCodeAt(0));

/** A seeded game's CHESS.GAM with a byte of its FEN or of its plies changed and the
 *  checksum made right again, with what the model of asm/game/savegame.asm says: a FEN
 *  whose ranks name the other variant is "other variant", a FEN the oracle refuses (a NUL
 *  is `byte`) is refused by its code, a ply that is no legal move's rank (or comes after
 *  the game's end) is "Bad ply in save file" and the start position; else the oracle's
 *  replay of the plies. */
export function gamCases(seed: number, n: number): GamCase[] {
  const rnd = seededRandom(seed);
  return Array.from({ length: n }, (): GamCase => {
    const moves = longGame(int(rnd, 1, 1 << 30), int(rnd, 1, 6), START);
    const out = Uint8Array.from(encodeGam({ fen: START, moves, level: 3 }));
    const inFen = rnd() < 0.75;
    const at = inFen
      ? GAM_FEN_AT + int(rnd, 0, START.length - 1)
      : GAM_FEN_AT + START.length + 2 + int(rnd, 0, moves.length - 1);
    out[at] = inFen && rnd() < 0.8 ? pick(rnd, FEN_BYTES) : int(rnd, 0, 255);
    const sum = gamChecksum(out.subarray(0, out.length - 2));
    out[out.length - 2] = sum & 0xff;
    out[out.length - 1] = sum >> 8;
    const what = `${inFen ? "FEN" : "ply"} byte ${at} = ${out[at]}`;
    return { what, bytes: out, expected: gamModel(out, moves.length) };
  });
}

function gamModel(bytes: Uint8Array, plies: number): GamExpected {
  const refused = (why: string): GamExpected => ({
    kind: "refused",
    message: `Refused save file: ${why}`,
  });
  const fen = Buffer.from(bytes.subarray(GAM_FEN_AT, GAM_FEN_AT + START.length)).toString("latin1");
  const separators = [...fen.split(" ")[0]!].filter((c) => c === "/").length;
  if (separators === 5) return refused("other variant");
  if (fen.includes("\u0000")) return refused("bad FEN byte");
  const parsed = oracle.parseFen(fen);
  if (!parsed.ok) return refused(`bad FEN ${parsed.error.code}`);
  const pos = parsed.pos;
  const moves: string[] = [];
  for (const rank of bytes.subarray(
    GAM_FEN_AT + START.length + 2,
    GAM_FEN_AT + START.length + 2 + plies,
  )) {
    const uci = oracle.status(pos) === "playing" ? sortedMoves(pos)[rank] : undefined;
    if (uci === undefined) return { kind: "refused", message: "Bad ply in save file" };
    const u = oracle.parseUci(pos, uci);
    if (!u.ok) throw new Error(u.error.message);
    oracle.makeMove(pos, u.move);
    moves.push(uci);
  }
  return { kind: "loads", moves, fen: oracle.toFen(pos) };
}
