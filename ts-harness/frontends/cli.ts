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
//   chess solve [--engine asm|oracle] [--stipulation '#N'|'h#N'|'s#N'] [--tries] (--fen FEN | --epd FILE | --problems FILE)
//     prints each problem's solution as Popeye lays it out (cli-solve.ts), and with
//     --tries a direct mate's tries (cli-tries.ts)
//   chess exchange --engine oracle|asm --depth D (--fen FEN | --epd FILE)
//     prints `FEN ;exchange VALUE UCI|none` (Liberman's material exchange, D plies)
//   chess best --engine asm (--fen FEN | --epd FILE) [--budget MS]
//     prints `bestmove UCI|(none)`; score, depth and nodes go to stderr
// Each takes --timeout SECONDS, the wall-clock limit of the emulator run (asm); --help
// (or the command help) prints the usage.
// A bad position prints one line on stderr naming it and the reason; the others are
// still processed, and the exit code is 1. Usage errors exit with 2. The ranges of N, D
// and MS, and the default budget, are CHESS.COM's own, read from it through its map.
import { formatEpd } from "../formats/epd.ts";
import * as oracle from "../oracle/index.ts";
import { programLimits } from "../core/asm-engine.ts";
import { ENGINE_NAMES, engineByName } from "../core/engines.ts";
import { DosRunError } from "../core/runner.ts";
import {
  UsageError,
  answersFor,
  intFrom,
  jobRange,
  parseCommand,
  report,
  shown,
  type Position,
} from "./cli-input.ts";
import { solveCommand } from "./cli-solve.ts";

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
  `       chess solve [--engine ${ENGINES}] [--stipulation '#N'|'h#N'|'s#N'] [--tries] (--fen FEN | --epd FILE | --problems FILE) [--timeout SECONDS]`,
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
  "  solve     a problem's solution as Popeye prints it: every key, its threat, each",
  "            defence and its answers; the stipulation from --stipulation, an EPD",
  "            line's dm N or bm #N, or a Popeye input file (--problems); --tries adds",
  "            each first move that one defence alone refutes, with that defence",
  '            e.g. chess solve --stipulation "#2" --fen "k7/P1p5/1K6/8/N7/8/8/8 w - - 0 1"',
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
    // A bm or am that names no legal move (a typo, UCI instead of SAN, no move at all)
    // could never be solved: the line is named and left out of the count.
    const named = [...(bm ?? []), ...(am ?? [])];
    const unread = named.filter((m) => !legalSans(p.fen).has(m));
    const fault =
      !bm && !am
        ? null
        : unread.length > 0
          ? `'${unread.join(" ")}' is no legal move here (SAN, as Nf3)`
          : named.length === 0
            ? "bm or am without a move"
            : null;
    if (fault) process.stderr.write(`${p.origin}: ${fault}: not counted\n`);
    else if (bm || am) {
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

/** The legal moves of a position in SAN without check signs, by the oracle. */
function legalSans(fen: string): Set<string> {
  const parsed = oracle.parseFen(fen);
  if (!parsed.ok) return new Set();
  return new Set(oracle.legalMoves(parsed.pos).map((m) => bareSan(oracle.san(parsed.pos, m))));
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
    // A run past --timeout: what the limit was and how to raise it, not the emulator's files.
    if (e instanceof DosRunError && e.kind === "timeout") {
      process.stderr.write(
        `chess: no answer within the time limit (${e.detail.split("\n")[0]}); --timeout SECONDS gives the engine longer\n`,
      );
      return 1;
    }
    process.stderr.write(`chess: ${(e as Error).message}\n`);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
