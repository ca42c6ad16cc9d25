// cli-solve -- `chess solve`: a problem's solution as problemists read it.
//   chess solve [--engine asm|oracle] --stipulation '#N' (--fen FEN | --epd FILE)
//   chess solve [--engine asm|oracle] --problems FILE
// A direct mate prints every key's tree, a helpmate every line of its shortest
// solution, a selfmate every key and its threat. The stipulation comes from --stipulation, or from each EPD line's `dm N` (direct mate
// in N) or `bm #N` operation, or from each problem of a Popeye input file
// (formats/popeye.ts). Each position prints `FEN ;solve #N` and the solution as Popeye
// lays it out (formats/solution.ts); the engine solves, asm by default. A line or
// problem that does not read is named with its line number on stderr, the others are
// solved, and the exit code is 1.
import { readFileSync } from "node:fs";
import type { EngineError } from "../core/engines.ts";
import { parsePopeye, parseStipulation, type Aim } from "../formats/popeye.ts";
import { layOutHelpmate, layOutSolution } from "../formats/solution.ts";
import { findTries, layOutTries } from "./cli-tries.ts";
import {
  UsageError,
  answersFor,
  jobRange,
  parseCommand,
  report,
  shown,
  splitLines,
  utf8,
  type Position,
} from "./cli-input.ts";

interface Problem extends Position {
  aim: Aim;
  moves: number;
  /** A Popeye file's Option Try. */
  tries?: boolean;
}

const AIM_PREFIX: Record<Aim, string> = { direct: "", help: "h", self: "s" };

/** An EPD line's stipulation: `dm N`, or `bm #N` (`h#N`, `s#N`); what is wrong with a
 *  `dm` or a `bm` of that shape that does not read; or null: the line has neither. */
function epdStipulation(p: Position): { aim: Aim; moves: number } | string | null {
  const op = (name: string) => p.epd?.operations.find((o) => o.opcode === name)?.operands;
  const dm = op("dm")?.[0];
  if (dm !== undefined)
    return /^[1-9]\d{0,8}$/.test(dm)
      ? { aim: "direct", moves: Number(dm) }
      : `dm ${dm}: a direct mate in N moves needs N a whole number from 1`;
  const bm = op("bm")?.[0];
  if (!bm || !/^[hs]?#/i.test(bm)) return null;
  return parseStipulation(bm) ?? `bm ${bm}: not #N, h#N or s#N with N a whole number from 1`;
}

/** The problems of a Popeye input file; those that do not read as positions with errors. */
function readProblems(path: string): Problem[] {
  let text: string;
  try {
    // A line that is not UTF-8 is read byte by byte, each byte a character, so that the
    // parser names the word that holds it (\u{e9} for a Latin-1 é) instead of U+FFFD.
    text = splitLines(readFileSync(path))
      .map((raw) => {
        const line = utf8(raw);
        return typeof line === "string" ? line : raw.toString("latin1");
      })
      .join("\n");
  } catch (e) {
    throw new UsageError(
      `cannot read problem file ${path}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`,
    );
  }
  const { problems, errors } = parsePopeye(text);
  return [
    ...problems.map((p) => ({
      fen: p.fen,
      origin: `${path}:${p.line}`,
      aim: p.aim,
      moves: p.moves,
      tries: p.tries,
    })),
    ...errors.map((e) => ({
      fen: "Popeye problem",
      origin: `${path}:${e.line}`,
      aim: "direct" as const,
      moves: 1,
      error: { ok: false as const, code: "problem", message: e.message },
    })),
  ].sort((a, b) => Number(a.origin.split(":").pop()) - Number(b.origin.split(":").pop()));
}

export async function solveCommand(argv: string[]): Promise<number> {
  const withEngine = argv.includes("--engine") ? argv : [...argv, "--engine", "asm"];
  const { v, engine, positions, batch } = parseCommand(withEngine, {
    stipulation: { type: "string" },
    problems: { type: "string" },
    tries: { type: "boolean" },
  });
  // A problem file brings its positions and stipulations: a flag beside it would be
  // ignored without a word.
  const beside = ["fen", "epd", "stipulation"].filter((f) => v[f] !== undefined);
  if (v.problems !== undefined && beside.length)
    throw new UsageError(
      `--problems FILE brings its own positions and stipulations: give it without --${beside.join(", --")}`,
    );
  const given = v.stipulation === undefined ? null : parseStipulation(v.stipulation as string);
  if (v.stipulation !== undefined && !given)
    throw new UsageError(
      `--stipulation must be #N, h#N or s#N with N a whole number from 1, not '${v.stipulation}'`,
    );
  if (v.tries && given && (given.aim !== "direct" || given.moves < 2))
    throw new UsageError("--tries shows the tries of a direct mate in two or more (#N, N >= 2)");
  const problems: Problem[] =
    v.problems !== undefined
      ? readProblems(v.problems as string)
      : positions.map((p) => {
          const stip = given ?? epdStipulation(p);
          if (stip && typeof stip !== "string") return { ...p, ...stip };
          const error: EngineError = {
            ok: false,
            code: "stipulation",
            message: stip ?? "no stipulation: give --stipulation, or dm N or bm #N in the EPD line",
          };
          return { ...p, aim: "direct", moves: 1, error: p.error ?? error };
        });
  const ranges = {
    direct: await jobRange("solution"),
    help: await jobRange("helpsolution"),
    self: await jobRange("selfsolution"),
  };
  for (const p of problems) {
    const { min, max } = ranges[p.aim];
    if (!p.error && (p.moves < min || p.moves > max))
      p.error = {
        ok: false,
        code: "stipulation",
        message: `${AIM_PREFIX[p.aim]}#${p.moves}: ${min} to ${max} moves`,
      };
  }
  const answers = await answersFor(problems, (ps) =>
    engine.solution(
      (ps as Problem[]).map((p) => ({ fen: p.fen, moves: p.moves, aim: p.aim })),
      batch,
    ),
  );
  // --tries (or a Popeye file's Option Try): after a direct mate's solution (N >= 2),
  // its tries and the defence that refutes each.
  // Tries that cannot be had (past --timeout) are named on stderr; the solution stands.
  const tried = new Map<Problem, string>();
  let triesFailed = false;
  for (const [i, p] of problems.entries()) {
    const a = answers[i]!;
    if (!(v.tries || p.tries) || !a.ok || p.aim !== "direct" || p.moves < 2) continue;
    const keys = a.lines.filter((l) => l.role === "key").map((l) => l.move);
    const tries = await findTries(engine, p.fen, p.moves, keys, batch);
    if (Array.isArray(tries)) tried.set(p, layOutTries(p.fen, tries) || "   no try\n");
    else {
      triesFailed = true;
      process.stderr.write(`${p.origin}: ${shown(p)}: tries: ${tries.code}: ${tries.message}\n`);
    }
  }
  const code = report(problems, answers, (p, a) => {
    const q = p as Problem;
    const text = (q.aim === "help" ? layOutHelpmate : layOutSolution)(q.fen, a.lines);
    const tries = tried.has(q) ? `\n${tried.get(q)}` : "";
    return `${shown(q)} ;solve ${AIM_PREFIX[q.aim]}#${q.moves}\n${text || "   no solution\n"}${tries}\n`;
  });
  return code === 0 && triesFailed ? 1 : code;
}
