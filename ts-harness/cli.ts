// cli -- the command line over both engines.
//   npm run --silent chess -- perft --engine oracle|asm --depth N (--fen FEN | --epd FILE) [--divide]
// prints `FEN ;DN count` per position (with --divide, `uci count` per root move first).
// A bad position prints one line on stderr naming it and the reason; the others are
// still processed, and the exit code is 1.
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { ENGINE_NAMES, engineByName, type Engine } from "./engines.ts";

const USAGE = `usage: chess perft --engine ${ENGINE_NAMES.join("|")} --depth N (--fen FEN | --epd FILE) [--divide] [--timeout SECONDS]`;

class UsageError extends Error {}

/** One position: its FEN and where it came from (for error lines). */
interface Position {
  fen: string;
  origin: string;
}

/** EPD: the FEN is the first four or six fields of a line; anything after `;` is an
 *  operation and ignored. Blank lines and lines starting with # are skipped. */
export function readEpd(path: string): Position[] {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (e) {
    throw new UsageError(`cannot read EPD file ${path}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
  const out: Position[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    const fen = line.split(";")[0]!.trim();
    if (fen === "" || fen.startsWith("#")) return;
    out.push({ fen, origin: `${path}:${i + 1}` });
  });
  return out;
}

function positionsFrom(values: { fen?: string; epd?: string }): Position[] {
  if (values.fen !== undefined && values.epd !== undefined) throw new UsageError("give --fen or --epd, not both");
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

function intFrom(flag: string, text: string | undefined, min: number, max: number): number {
  if (text === undefined) throw new UsageError(`--${flag} is needed`);
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) throw new UsageError(`--${flag} must be a whole number from ${min} to ${max}, not '${text}'`);
  return Number(text);
}

function progress(done: number, total: number): void {
  if (total > 1) process.stderr.write(`asm: ${done}/${total} positions\n`);
}

async function perftCommand(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      engine: { type: "string" },
      depth: { type: "string" },
      fen: { type: "string" },
      epd: { type: "string" },
      divide: { type: "boolean", default: false },
      timeout: { type: "string" },
    },
    strict: true,
  });
  const engine = engineFrom(values.engine);
  const depth = intFrom("depth", values.depth, 1, 9);
  const timeoutMs = values.timeout === undefined ? undefined : intFrom("timeout", values.timeout, 1, 86_400) * 1000;
  const positions = positionsFrom(values);
  const answers = await engine.perft(
    positions.map((p) => ({ fen: p.fen, depth, divide: values.divide })),
    { onProgress: progress, timeoutMs },
  );
  let failed = 0;
  answers.forEach((a, i) => {
    const p = positions[i]!;
    if (!a.ok) {
      failed++;
      process.stderr.write(`${p.origin}: ${p.fen}: ${a.code}: ${a.message}\n`);
      return;
    }
    for (const [uci, n] of a.divide ?? []) process.stdout.write(`${uci} ${n}\n`);
    process.stdout.write(`${p.fen} ;D${depth} ${a.nodes}\n`);
  });
  return failed > 0 ? 1 : 0;
}

const COMMANDS: Record<string, (argv: string[]) => Promise<number>> = {
  perft: perftCommand,
};

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const run = command === undefined ? undefined : COMMANDS[command];
  try {
    if (!run) throw new UsageError(command === undefined ? "a command is needed" : `unknown command '${command}'`);
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
