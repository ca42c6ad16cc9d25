// cli -- the command line over both engines.
//   chess perft --engine oracle|asm --depth N (--fen FEN | --epd FILE) [--divide]
//     prints `FEN ;DN count` per position (with --divide, `uci count` per root move first)
//   chess mate --engine oracle|asm [--stipulation direct|help|self] --moves N (--fen FEN | --epd FILE)
//     prints `FEN ;mate K UCI` (a forced mate in K <= N moves) or `FEN ;nomate N`;
//     help: `FEN ;helpmate K SOLUTIONS UCI,UCI,...` (the shortest helpmate, its number of
//     lines up to 1,000, one line) or `FEN ;nohelpmate N`; self: `FEN ;selfmate K UCI`
//     (the key of a shortest selfmate) or `FEN ;noselfmate N`; with --all-keys (direct
//     mates): `FEN ;keys N UCI/K,UCI/K,...`, every first move that forces mate in N or
//     fewer and the fewest it forces (two or more keys: the problem is cooked, and the
//     list names the cook), or `FEN ;keys N` when there is none
//   chess solve [--engine asm|oracle] --stipulation '#N' (--fen FEN | --epd FILE)
//     prints each position's solution as Popeye lays it out (in SAN): every key with
//     `!`, its threat, each defence with its answers (formats/solution.ts); the engine
//     solves (asm by default), the layout only names the moves
//   chess exchange --engine oracle|asm --depth D (--fen FEN | --epd FILE)
//     prints `FEN ;exchange VALUE UCI|none` (Liberman's material exchange, D plies)
//   chess best --engine asm (--fen FEN | --epd FILE) [--budget MS]
//     prints `bestmove UCI|(none)`; score, depth and nodes go to stderr
// Each takes --timeout SECONDS, the wall-clock limit of the emulator run (asm); --help
// (or the command help) prints the usage.
// A bad position prints one line on stderr naming it and the reason; the others are
// still processed, and the exit code is 1. Usage errors exit with 2. The ranges of N, D
// and MS, and the default budget, are CHESS.COM's own, read from it through its map.
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { programLimits, type ArgRange } from "../core/asm-engine.ts";
import { formatEpd, parseEpd, type EpdLine } from "../formats/epd.ts";
import { layOutSolution } from "../formats/solution.ts";
import * as oracle from "../oracle/index.ts";
import { ENGINE_NAMES, engineByName, type Engine, type EngineError } from "../core/engines.ts";

const ENGINES = ENGINE_NAMES.join("|");
/** `mate`'s aims, and the job of each (its range of N is CHESS.COM's). */
const STIPULATIONS = ["direct", "help", "self"] as const;
type Stipulation = (typeof STIPULATIONS)[number];
const STIPULATION_JOB: Record<Stipulation, string> = {
  direct: "mate",
  help: "helpmate",
  self: "selfmate",
};
const USAGE = [
  `usage: chess perft --engine ${ENGINES} --depth N (--fen FEN | --epd FILE) [--divide] [--timeout SECONDS]`,
  `       chess mate --engine ${ENGINES} [--stipulation ${STIPULATIONS.join("|")}] --moves N [--all-keys] (--fen FEN | --epd FILE) [--timeout SECONDS]`,
  `       chess solve [--engine ${ENGINES}] --stipulation '#N' (--fen FEN | --epd FILE) [--timeout SECONDS]`,
  `       chess exchange --engine ${ENGINES} --depth D (--fen FEN | --epd FILE) [--timeout SECONDS]`,
  "       chess best --engine asm (--fen FEN | --epd FILE) [--budget MS] [--timeout SECONDS]",
].join("\n");

/** What --help prints after the usage: each command in words, with one example. */
const COMMAND_HELP = [
  "",
  "commands (--engine oracle: the TypeScript oracle; asm: CHESS.COM under js-dos):",
  "  perft     count the leaf positions N plies deep, to check the move generator",
  "            against published numbers; --divide gives the count of each first move",
  '            e.g. chess perft --engine asm --depth 3 --fen "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"',
  "  mate      find a mate in N moves for the side to move (a direct mate to 8 moves,",
  "            a helpmate or a selfmate to 5 with --stipulation help or self)",
  '            e.g. chess mate --engine asm --moves 2 --fen "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"',
  "  exchange  the material a side wins by captures on the board, D plies deep",
  '            e.g. chess exchange --engine oracle --depth 4 --fen "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1"',
  "  best      the engine's move in a position (or each line of an EPD file, with the",
  "            bm it solved), thinking --budget MS of emulated time",
  '            e.g. chess best --engine asm --budget 1000 --fen "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"',
  "--epd FILE takes one position a line; --timeout bounds the emulator run (600 s by default).",
].join("\n");

/** The flags that ask for the usage anywhere on the line (as does the command `help`):
 *  it is printed on stdout, nothing is run, and the exit code is 0. */
const HELP_FLAGS = ["--help", "-h"];

/** --timeout: a day at most. */
const TIMEOUT_SECONDS: ArgRange = { min: 1, max: 86_400 };

class UsageError extends Error {}

/** One position: its FEN, where it came from (for error lines), and from an EPD file
 *  the position fields as written and the operations. */
interface Position {
  fen: string;
  origin: string;
  epd?: EpdLine;
  /** What is wrong with the line before any engine sees it: bytes that are not UTF-8,
   *  or EPD operations that do not parse. */
  error?: EngineError;
}

/** EPD (epd.ts): the four position fields of a FEN, or all six, then operations such as
 *  `bm Nf3; id "WAC.001";`. Lines end with CR LF, LF or CR; blank lines and lines
 *  starting with # are skipped; a file without a position is an error. A line that is
 *  not UTF-8 names its first bad byte; a line whose position fields are there but whose
 *  operations do not parse names what is wrong with them; neither reaches an engine. */
export function readEpd(path: string): Position[] {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (e) {
    throw new UsageError(
      `cannot read EPD file ${path}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`,
    );
  }
  const out: Position[] = [];
  splitLines(bytes).forEach((raw, i) => {
    const origin = `${path}:${i + 1}`;
    const line = utf8(raw);
    if (typeof line !== "string") {
      out.push({
        fen: raw.toString("latin1").trim(),
        origin,
        error: {
          ok: false,
          code: "byte",
          message: `byte 0x${line.byte.toString(16).padStart(2, "0")} at byte ${line.at + 1} is not UTF-8 text`,
        },
      });
      return;
    }
    if (line.trim() === "" || line.trim().startsWith("#")) return;
    const parsed = parseEpd(line);
    if (parsed.ok) out.push({ fen: parsed.epd.fen, origin, epd: parsed.epd });
    // Position fields with operations that do not parse: the operations' fault.
    else if (parsed.inOperations)
      out.push({
        fen: line.trim(),
        origin,
        error: { ok: false, code: "epd", message: parsed.message },
      });
    // A line that is no EPD goes to the engine as it is, which names what is wrong.
    else out.push({ fen: line.trim(), origin });
  });
  if (out.length === 0) throw new UsageError(`EPD file ${path} holds no position`);
  return out;
}

/** A file's lines, split at CR LF, LF or CR. */
function splitLines(bytes: Buffer): Buffer[] {
  const lines: Buffer[] = [];
  let start = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b !== 0x0a && b !== 0x0d) continue;
    lines.push(bytes.subarray(start, i));
    if (b === 0x0d && bytes[i + 1] === 0x0a) i++;
    start = i + 1;
  }
  lines.push(bytes.subarray(start));
  return lines;
}

/** A line's text, or where its first byte that is not UTF-8 stands. */
function utf8(raw: Buffer): string | { byte: number; at: number } {
  for (let at = 0; at < raw.length;) {
    const b = raw[at]!;
    const tail =
      b < 0x80
        ? 0
        : b >= 0xc2 && b < 0xe0
          ? 1
          : b >= 0xe0 && b < 0xf0
            ? 2
            : b >= 0xf0 && b < 0xf5
              ? 3
              : -1;
    if (tail < 0) return { byte: b, at };
    for (let k = 1; k <= tail; k++) {
      const c = raw[at + k];
      // A sequence cut short or broken: its lead byte is the bad one.
      if (c === undefined || (c & 0xc0) !== 0x80) return { byte: b, at };
    }
    at += tail + 1;
  }
  // What the walk lets through and the decoder refuses (overlong or surrogate forms).
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(raw);
  } catch {
    return { byte: raw[0]!, at: 0 };
  }
}

/** The position as the user gave it (an EPD line's fields without the operations),
 *  with what is not printable ASCII written as \\u{hex}, so no raw byte reaches a terminal. */
function shown(p: Position): string {
  return (p.epd?.position ?? p.fen).replace(
    /[^\x20-\x7e]/gu,
    (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`,
  );
}

/** The engine's answers for the positions, those with an error of their own given it
 *  without asking the engine. */
async function answersFor<A>(
  positions: Position[],
  ask: (ps: Position[]) => Promise<(A | EngineError)[]>,
): Promise<(A | EngineError)[]> {
  const asked = positions.filter((p) => !p.error);
  const answers = asked.length ? await ask(asked) : [];
  let next = 0;
  return positions.map((p) => p.error ?? answers[next++]!);
}

function positionsFrom(values: { fen?: string; epd?: string }): Position[] {
  if (values.fen !== undefined && values.epd !== undefined)
    throw new UsageError("give --fen or --epd, not both");
  if (values.fen !== undefined) return [{ fen: values.fen.trim(), origin: "--fen" }];
  if (values.epd !== undefined) return readEpd(values.epd);
  throw new UsageError("a position is needed: --fen FEN or --epd FILE");
}

function engineFrom(name: string | undefined): Engine {
  if (name === undefined) throw new UsageError(`--engine is needed (${ENGINE_NAMES.join(" or ")})`);
  const engine = engineByName(name);
  if (!engine) throw new UsageError(`unknown engine '${name}' (known: ${ENGINE_NAMES.join(", ")})`);
  return engine;
}

function intFrom(flag: string, text: string | undefined, { min, max }: ArgRange): number {
  if (text === undefined) throw new UsageError(`--${flag} is needed`);
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max)
    throw new UsageError(`--${flag} must be a whole number from ${min} to ${max}, not '${text}'`);
  return Number(text);
}

function progress(done: number, total: number): void {
  if (total > 1) process.stderr.write(`asm: ${done}/${total} positions\n`);
}

/** The options every command shares, parsed with the command's own. A flag given twice
 *  is an error (not the last one silently winning); a value that starts with a dash, as
 *  in `--depth -1`, is the flag's value (parseArgs alone calls it ambiguous), so that
 *  the range check names it. */
function parseCommand(
  argv: string[],
  own: Record<string, { type: "string" | "boolean"; default?: boolean }>,
) {
  const options = {
    engine: { type: "string" },
    fen: { type: "string" },
    epd: { type: "string" },
    timeout: { type: "string" },
    ...own,
  } as const;
  const takesValue = (arg: string) =>
    arg.startsWith("--") && options[arg.slice(2) as keyof typeof options]?.type === "string";
  const args: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const [arg, next] = [argv[i]!, argv[i + 1]];
    const negative = takesValue(arg) && next !== undefined && /^-[^-]/.test(next);
    args.push(negative ? `${arg}=${argv[++i]}` : arg);
  }
  const { values, tokens } = parseArgs({ args, options, strict: true, tokens: true });
  const seen = new Set<string>();
  for (const t of tokens) {
    if (t.kind !== "option") continue;
    if (seen.has(t.name)) throw new UsageError(`--${t.name} is given twice`);
    seen.add(t.name);
  }
  const v = values as Record<string, string | boolean | undefined>;
  const engine = engineFrom(v.engine as string | undefined);
  const positions = positionsFrom({
    fen: v.fen as string | undefined,
    epd: v.epd as string | undefined,
  });
  const timeoutMs =
    v.timeout === undefined
      ? undefined
      : intFrom("timeout", v.timeout as string, TIMEOUT_SECONDS) * 1000;
  return { v, engine, positions, batch: { onProgress: progress, timeoutMs } };
}

/** Print each answer with `line`, or its error on stderr; the exit code. */
function report<A extends { ok: true }>(
  positions: Position[],
  answers: (A | EngineError)[],
  line: (p: Position, a: A) => string,
): number {
  let failed = 0;
  answers.forEach((a, i) => {
    const p = positions[i]!;
    if (!a.ok) {
      failed++;
      process.stderr.write(`${p.origin}: ${shown(p)}: ${a.code}: ${a.message}\n`);
      return;
    }
    process.stdout.write(line(p, a as A));
  });
  return failed > 0 ? 1 : 0;
}

/** The range of a job's number, as CHESS.COM checks it: both engines answer the same
 *  questions, within the batch protocol's limits. */
async function jobRange(job: string): Promise<ArgRange> {
  const range = (await programLimits()).jobs.get(job);
  if (!range) throw new Error(`CHESS.COM's job table has no ${job} job with a number`);
  return range;
}

async function perftCommand(argv: string[]): Promise<number> {
  const { v, engine, positions, batch } = parseCommand(argv, {
    depth: { type: "string" },
    divide: { type: "boolean", default: false },
  });
  const depth = intFrom("depth", v.depth as string | undefined, await jobRange("perft"));
  const answers = await answersFor(positions, (ps) =>
    engine.perft(
      ps.map((p) => ({ fen: p.fen, depth, divide: v.divide === true })),
      batch,
    ),
  );
  return report(positions, answers, (p, a) => {
    const divide = (a.divide ?? []).map(([uci, n]) => `${uci} ${n}\n`).join("");
    return `${divide}${shown(p)} ;D${depth} ${a.nodes}\n`;
  });
}

async function mateCommand(argv: string[]): Promise<number> {
  const { v, engine, positions, batch } = parseCommand(argv, {
    moves: { type: "string" },
    stipulation: { type: "string" },
    "all-keys": { type: "boolean" },
  });
  const stipulation = (v.stipulation ?? "direct") as Stipulation;
  if (!STIPULATIONS.includes(stipulation))
    throw new UsageError(
      `--stipulation must be ${STIPULATIONS.join(", ")}, not '${v.stipulation}'`,
    );
  const moves = intFrom(
    "moves",
    v.moves as string | undefined,
    await jobRange(STIPULATION_JOB[stipulation]),
  );
  const requests = (ps: Position[]) => ps.map((p) => ({ fen: p.fen, moves }));
  if (v["all-keys"]) {
    if (stipulation !== "direct")
      throw new UsageError("--all-keys lists the keys of a direct mate (--stipulation direct)");
    return report(
      positions,
      await answersFor(positions, (ps) => engine.keys(requests(ps), batch)),
      (p, a) => {
        const keys = a.keys.map((k) => `${k.move}/${k.length}`).join(",");
        return `${shown(p)} ;keys ${moves}${keys ? ` ${keys}` : ""}\n`;
      },
    );
  }
  if (stipulation === "help") {
    return report(
      positions,
      await answersFor(positions, (ps) => engine.helpmate(requests(ps), batch)),
      (p, a) =>
        a.length === null
          ? `${shown(p)} ;nohelpmate ${moves}\n`
          : `${shown(p)} ;helpmate ${a.length} ${a.solutions} ${a.line.join(",")}\n`,
    );
  }
  if (stipulation === "self") {
    return report(
      positions,
      await answersFor(positions, (ps) => engine.selfmate(requests(ps), batch)),
      (p, a) =>
        a.length === null
          ? `${shown(p)} ;noselfmate ${moves}\n`
          : `${shown(p)} ;selfmate ${a.length} ${a.keys[0]}\n`,
    );
  }
  const answers = await answersFor(positions, (ps) => engine.mate(requests(ps), batch));
  return report(positions, answers, (p, a) =>
    a.length === null
      ? `${shown(p)} ;nomate ${moves}\n`
      : `${shown(p)} ;mate ${a.length} ${a.firstMoves[0]}\n`,
  );
}

/** A stipulation as problemists write it: `#3`, `h#2`, `s#2`. */
function stipulationFrom(text: string | undefined): { aim: Stipulation; moves: string } {
  const m = /^(h|s)?#(\d+)$/.exec(text ?? "");
  if (!m) throw new UsageError(`--stipulation must be #N, h#N or s#N, not '${text ?? ""}'`);
  return { aim: m[1] === "h" ? "help" : m[1] === "s" ? "self" : "direct", moves: m[2]! };
}

async function solveCommand(argv: string[]): Promise<number> {
  const withEngine = argv.includes("--engine") ? argv : [...argv, "--engine", "asm"];
  const { v, engine, positions, batch } = parseCommand(withEngine, {
    stipulation: { type: "string" },
  });
  const stip = stipulationFrom(v.stipulation as string | undefined);
  if (stip.aim !== "direct") throw new UsageError(`solve does not take ${v.stipulation} yet`);
  const moves = intFrom("stipulation", stip.moves, await jobRange("solution"));
  const answers = await answersFor(positions, (ps) =>
    engine.solution(
      ps.map((p) => ({ fen: p.fen, moves })),
      batch,
    ),
  );
  return report(positions, answers, (p, a) => {
    const text = layOutSolution(p.fen, a.lines);
    return `${shown(p)} ;solve #${moves}\n${text || "   no solution\n"}\n`;
  });
}

async function exchangeCommand(argv: string[]): Promise<number> {
  const { v, engine, positions, batch } = parseCommand(argv, { depth: { type: "string" } });
  const depth = intFrom("depth", v.depth as string | undefined, await jobRange("exchange"));
  const answers = await answersFor(positions, (ps) =>
    engine.exchange(
      ps.map((p) => ({ fen: p.fen, depth })),
      batch,
    ),
  );
  return report(
    positions,
    answers,
    (p, a) => `${shown(p)} ;exchange ${a.value} ${a.bestMoves[0] ?? "none"}\n`,
  );
}

async function bestCommand(argv: string[]): Promise<number> {
  const { v, engine, positions, batch } = parseCommand(argv, { budget: { type: "string" } });
  if (!engine.jobs.includes("best")) {
    const able = ENGINE_NAMES.filter((n) => engineByName(n)!.jobs.includes("best")).join(" or ");
    throw new UsageError(
      `best needs --engine ${able}: the ${engine.name} has no search of its own`,
    );
  }
  const ms =
    v.budget === undefined
      ? (await programLimits()).defaultBudgetMs
      : intFrom("budget", v.budget as string, await jobRange("best"));
  const answers = await answersFor(positions, (ps) =>
    engine.best(
      ps.map((p) => ({ fen: p.fen, ms })),
      batch,
    ),
  );
  let asked = 0;
  let solved = 0;
  const code = report(positions, answers, (p, a) => {
    process.stderr.write(
      `${shown(p)}: score ${a.score} depth ${a.depth} nodes ${a.nodes} tsc ${a.tsc}\n`,
    );
    if (!p.epd) return `bestmove ${a.move ?? "(none)"}\n`;
    // An EPD line comes back with the move played as its `pm` (predicted move) in SAN,
    // and counts as solved when it is one of the `bm` moves and none of the `am` ones.
    const played = a.move === null ? null : sanOf(p.fen, a.move);
    const ops = p.epd.operations.filter((o) => o.opcode !== "pm");
    const bm = ops.find((o) => o.opcode === "bm")?.operands.map(bareSan);
    const am = ops.find((o) => o.opcode === "am")?.operands.map(bareSan);
    if (bm || am) {
      asked++;
      const move = played === null ? null : bareSan(played);
      if (move !== null && (!bm || bm.includes(move)) && !(am ?? []).includes(move)) solved++;
    }
    if (played !== null) ops.push({ opcode: "pm", operands: [played] });
    return `${formatEpd({ ...p.epd, operations: ops })}\n`;
  });
  if (asked > 0) process.stderr.write(`solved ${solved} of ${asked} (bm/am)\n`);
  return code;
}

/** SAN of a legal UCI move in a position, by the oracle. */
function sanOf(fen: string, uci: string): string {
  const parsed = oracle.parseFen(fen);
  if (!parsed.ok) return uci;
  const u = oracle.parseUci(parsed.pos, uci);
  return u.ok ? oracle.san(parsed.pos, u.move) : uci;
}

/** SAN without check signs and annotations, for comparing moves. */
function bareSan(san: string): string {
  return san.replace(/[+#!?]+$/, "");
}

const COMMANDS: Record<string, (argv: string[]) => Promise<number>> = {
  perft: perftCommand,
  mate: mateCommand,
  solve: solveCommand,
  exchange: exchangeCommand,
  best: bestCommand,
};

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === "help" || argv.some((a) => HELP_FLAGS.includes(a))) {
    process.stdout.write(`${USAGE}\n${COMMAND_HELP}\n`);
    return 0;
  }
  const run = command === undefined ? undefined : COMMANDS[command];
  try {
    if (!run)
      throw new UsageError(
        command === undefined ? "a command is needed" : `unknown command '${command}'`,
      );
    return await run(rest);
  } catch (e) {
    if (e instanceof UsageError || (e as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
      process.stderr.write(`chess: ${(e as Error).message}\n${USAGE}\n`);
      return 2;
    }
    process.stderr.write(`chess: ${(e as Error).message}\n`);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
