// uci-jobs -- the job lines a UCI search sends CHESS.COM and the lines it reads back
// (asm/batch/PROTOCOL.md): the `go` job's words, an engine `info` line in UCI's terms,
// a GUI's `go` words read, and its numbers clamped into the range each limit word takes.
import type { WordRange } from "./uci-program.ts";
import type { GoLimits } from "./uci-time.ts";

/** One `info` of the engine, in the engine's own terms. */
export interface SearchInfo {
  depth: number;
  score: { cp: number } | { mate: number };
  nodes: number;
  pv: string[];
  /** Under MultiPV: the line's rank, from 1. */
  multipv?: number;
}

/** What a `go` job is asked beyond its position. */
export interface GoWords {
  /** The limits the engine keeps itself (depth, nodes, mate), as the program takes them. */
  limits: GoLimits;
  /** Emulated ms of a 3000-cycle DOSBox (x 3000 instructions): a budget; none: no budget. */
  budgetMs?: number;
  /** The moves of Liberman's mate logic before the search (0..MATE_MAX_MOVES). */
  mateLogic: number;
  /** Centipawns a draw is worth less than 0 to the side thinking (`contempt C`); 0: none. */
  contempt?: number;
  /** The opening book's seed (`go book SEED`), or none: no book. */
  bookSeed?: number;
}

/** The `go` job line: the engine's own limits, `infinite` when the bridge keeps the time
 *  (so that the engine takes no default budget), the budget, the mate logic, the
 *  contempt, the book. */
export function goJob(req: GoWords): string {
  const l = req.limits;
  const words = ["go"];
  if (l.depth !== undefined) words.push("depth", String(l.depth));
  if (l.nodes !== undefined) words.push("nodes", String(l.nodes));
  if (l.mate !== undefined) words.push("mate", String(l.mate));
  if (req.budgetMs !== undefined) words.push("budget", String(req.budgetMs));
  if (words.length === 1) words.push("infinite");
  if (l.mate === undefined) words.push("matelogic", String(req.mateLogic));
  if (req.contempt) words.push("contempt", String(req.contempt));
  if (req.bookSeed !== undefined) words.push("book", String(req.bookSeed));
  return words.join(" ");
}

/** An engine `info depth D score cp X|mate M nodes N time MS pv …` line, or null. */
export function parseInfo(words: string[]): SearchInfo | null {
  if (words[0] !== "info") return null;
  const num = (name: string) => {
    const i = words.indexOf(name);
    return i > 0 ? Number(words[i + 1]) : NaN;
  };
  const s = words.indexOf("score");
  const kind = s > 0 ? words[s + 1] : undefined;
  const value = s > 0 ? Number(words[s + 2]) : NaN;
  const pvAt = words.indexOf("pv");
  const depth = num("depth");
  if (!Number.isFinite(depth) || !Number.isFinite(value) || (kind !== "cp" && kind !== "mate"))
    return null;
  return {
    depth,
    score: kind === "cp" ? { cp: value } : { mate: value },
    nodes: Number.isFinite(num("nodes")) ? num("nodes") : 0,
    pv: pvAt > 0 ? words.slice(pvAt + 1) : [],
  };
}

/** Clamp a number a GUI gives into a range the program takes; the note says what
 *  changed, or is null. */
export function clampWord(
  word: string,
  value: number,
  range: WordRange,
): { value: number; note: string | null } {
  const to = value < range.min ? range.min : value > range.max ? range.max : null;
  if (to === null) return { value, note: null };
  return {
    value: to,
    note: `go ${word} ${value}: the engine takes ${range.min} to ${range.max}; ${word} ${to}`,
  };
}

const GO_NUMBERS = [
  "wtime",
  "btime",
  "winc",
  "binc",
  "movestogo",
  "movetime",
  "depth",
  "nodes",
  "mate",
] as const;

/** UCI's go words, with every number the engine takes clamped into its range; `note`
 *  gets what was changed or not understood. */
export function readGo(
  args: string[],
  ranges: ReadonlyMap<string, WordRange>,
  note: (text: string) => void,
): { limits: GoLimits; ponder: boolean; searchMoves?: string[] } {
  const limits: GoLimits = {};
  let ponder = false;
  let searchMoves: string[] | undefined;
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    if (w === "infinite") limits.infinite = true;
    else if (w === "ponder") ponder = true;
    else if (w === "searchmoves") {
      searchMoves ??= [];
      while (i + 1 < args.length && /^[a-h][1-8][a-h][1-8][qrbn]?$/.test(args[i + 1]!))
        searchMoves.push(args[++i]!);
    } else if ((GO_NUMBERS as readonly string[]).includes(w) && /^-?\d+$/.test(args[i + 1] ?? "")) {
      const word = w as (typeof GO_NUMBERS)[number];
      const n = Number(args[++i]);
      if (n < 0) note(`go ${word} ${n}: a negative number is taken as 0`);
      limits[word] = Math.max(0, n);
    } else note(`go: '${w}' is not understood; ignored`);
  }
  for (const word of ["depth", "mate"] as const) {
    if (limits[word] === undefined) continue;
    const c = clampWord(word, limits[word]!, ranges.get(word)!);
    if (c.note) note(`${c.note}`);
    limits[word] = c.value;
  }
  if (limits.nodes !== undefined) {
    const range = ranges.get("nodes")!;
    if (limits.nodes < range.min) {
      note(`go nodes ${limits.nodes}: no node limit`);
      delete limits.nodes;
    } else limits.nodes = clampWord("nodes", limits.nodes, range).value;
  }
  if (limits.movestogo !== undefined) {
    const range = ranges.get("movestogo")!;
    if (limits.movestogo < range.min) {
      note(`go movestogo ${limits.movestogo}: taken as sudden death`);
      delete limits.movestogo;
    } else {
      const c = clampWord("movestogo", limits.movestogo, range);
      if (c.note) note(`${c.note}`);
      limits.movestogo = c.value;
    }
  }
  return searchMoves ? { limits, ponder, searchMoves } : { limits, ponder };
}
