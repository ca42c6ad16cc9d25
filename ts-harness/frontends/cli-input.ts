// cli-input -- what the command line's commands share: the positions it reads (--fen,
// an EPD file), its flags and their ranges (CHESS.COM's, read through its map), the
// engines' answers asked for and printed a line a position, and its usage errors.
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { programLimits, type ArgRange } from "../core/asm-engine.ts";
import { parseEpd, type EpdLine } from "../formats/epd.ts";
import { ENGINE_NAMES, engineByName, type Engine, type EngineError } from "../core/engines.ts";

/** --timeout: a day at most. */
const TIMEOUT_SECONDS: ArgRange = { min: 1, max: 86_400 };

export class UsageError extends Error {}

/** One position: its FEN, where it came from (for error lines), and from an EPD file
 *  the position fields as written and the operations. */
export interface Position {
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
export function splitLines(bytes: Buffer): Buffer[] {
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
export function utf8(raw: Buffer): string | { byte: number; at: number } {
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
export function shown(p: Position): string {
  return (p.epd?.position ?? p.fen).replace(
    /[^\x20-\x7e]/gu,
    (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`,
  );
}

/** The engine's answers for the positions, those with an error of their own given it
 *  without asking the engine. */
export async function answersFor<A>(
  positions: Position[],
  ask: (ps: Position[]) => Promise<(A | EngineError)[]>,
): Promise<(A | EngineError)[]> {
  const asked = positions.filter((p) => !p.error);
  const answers = asked.length ? await ask(asked) : [];
  let next = 0;
  return positions.map((p) => p.error ?? answers[next++]!);
}

export function positionsFrom(values: { fen?: string; epd?: string }): Position[] {
  if (values.fen !== undefined && values.epd !== undefined)
    throw new UsageError("give --fen or --epd, not both");
  if (values.fen !== undefined) return [{ fen: values.fen.trim(), origin: "--fen" }];
  if (values.epd !== undefined) return readEpd(values.epd);
  throw new UsageError("a position is needed: --fen FEN or --epd FILE");
}

export function engineFrom(name: string | undefined): Engine {
  if (name === undefined) throw new UsageError(`--engine is needed (${ENGINE_NAMES.join(" or ")})`);
  const engine = engineByName(name);
  if (!engine) throw new UsageError(`unknown engine '${name}' (known: ${ENGINE_NAMES.join(", ")})`);
  return engine;
}

export function intFrom(flag: string, text: string | undefined, { min, max }: ArgRange): number {
  if (text === undefined) throw new UsageError(`--${flag} is needed`);
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max)
    throw new UsageError(`--${flag} must be a whole number from ${min} to ${max}, not '${text}'`);
  return Number(text);
}

export function progress(done: number, total: number): void {
  if (total > 1) process.stderr.write(`asm: ${done}/${total} positions\n`);
}

/** The options every command shares, parsed with the command's own. A flag given twice
 *  is an error (not the last one silently winning); a value that starts with a dash, as
 *  in `--depth -1`, is the flag's value (parseArgs alone calls it ambiguous), so that
 *  the range check names it. */
export function parseCommand(
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
  // A file of problems (solve --problems) brings its own positions.
  const positions =
    v.problems !== undefined
      ? []
      : positionsFrom({
          fen: v.fen as string | undefined,
          epd: v.epd as string | undefined,
        });
  const timeoutMs =
    v.timeout === undefined
      ? undefined
      : intFrom("timeout", v.timeout as string, TIMEOUT_SECONDS) * 1000;
  return {
    v,
    engine,
    positions,
    batch: { onProgress: progress, timeoutMs, keepFinished: true },
  };
}

/** The longest position an error line shows; a longer one is cut, with its length. */
const SHOWN_IN_ERROR_MAX = 200;

/** Print each answer with `line`, or its error on stderr (the position cut to
 *  SHOWN_IN_ERROR_MAX characters, so that a line of 10,000 characters does not bury the
 *  error); the exit code. */
export function report<A extends { ok: true }>(
  positions: Position[],
  answers: (A | EngineError)[],
  line: (p: Position, a: A) => string,
): number {
  let failed = 0;
  answers.forEach((a, i) => {
    const p = positions[i]!;
    if (!a.ok) {
      failed++;
      const text = shown(p);
      const where =
        text.length <= SHOWN_IN_ERROR_MAX
          ? text
          : `${text.slice(0, SHOWN_IN_ERROR_MAX)} ... (${text.length} characters)`;
      process.stderr.write(`${p.origin}: ${where}: ${a.code}: ${a.message}\n`);
      return;
    }
    process.stdout.write(line(p, a as A));
  });
  return failed > 0 ? 1 : 0;
}

/** The range of a job's number, as CHESS.COM checks it: both engines answer the same
 *  questions, within the batch protocol's limits. */
export async function jobRange(job: string): Promise<ArgRange> {
  const range = (await programLimits()).jobs.get(job);
  if (!range) throw new Error(`CHESS.COM's job table has no ${job} job with a number`);
  return range;
}
