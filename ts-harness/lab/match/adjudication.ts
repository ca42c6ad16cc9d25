// adjudication -- a game ended early by the engines' own scores, as cutechess-cli's
// `-resign movecount=N score=S` and `-draw movenumber=N movecount=C score=S` end it: a win
// when both engines have scored the same side S centipawns or more ahead for their last N
// moves each (cutechess's two-sided resign), a draw when both have scored within S of zero
// for their last C moves each once N full moves are played. A score is the last `info …
// score cp X | score mate M` an engine sent before its move; a mate score is past any
// bound, and a move without a score (an engine that sends none) breaks the run.

export interface ResignRule {
  moveCount: number;
  score: number;
}

export interface DrawRule {
  moveNumber: number;
  moveCount: number;
  score: number;
}

/** An engine's score of the position it moved from, from its own side: centipawns or mate in M
 *  (negative: it is mated). */
export type EngineScore = { cp: number } | { mate: number };

/** The last score of a UCI engine's `info` lines before its bestmove; null when none. */
export function lastScore(lines: readonly string[]): EngineScore | null {
  for (let i = lines.length - 1; i >= 0; i--) {
    const m = /^info\b.*\bscore (cp|mate) (-?\d+)/.exec(lines[i]!);
    if (m) return m[1] === "cp" ? { cp: Number(m[2]) } : { mate: Number(m[2]) };
  }
  return null;
}

/** The score from white's side, in centipawns; a mate is ±Infinity. */
export function whiteScore(side: "w" | "b", s: EngineScore): number {
  const own = "cp" in s ? s.cp : s.mate > 0 ? Infinity : -Infinity;
  return side === "w" ? own : -own;
}

function words(option: string, text: string, keys: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of text.split(/[,\s]+/).filter(Boolean)) {
    const m = /^(\w+)=(\d+)$/.exec(part);
    if (!m || !keys.includes(m[1]!))
      throw new Error(
        `--${option} takes ${keys.map((k) => `${k}=N`).join(" ")} (whole numbers), not '${part}'`,
      );
    out[m[1]!] = Number(m[2]);
  }
  for (const k of keys)
    if (out[k] === undefined) throw new Error(`--${option} needs ${k}= (${keys.join(", ")})`);
  return out;
}

/** `movecount=3 score=600` (or comma-separated): cutechess-cli's -resign. */
export function parseResign(text: string): ResignRule {
  const w = words("resign", text, ["movecount", "score"]);
  if (w.movecount! < 1) throw new Error("--resign movecount= is 1 or more");
  return { moveCount: w.movecount!, score: w.score! };
}

/** `movenumber=40 movecount=8 score=10` (or comma-separated): cutechess-cli's -draw. */
export function parseDraw(text: string): DrawRule {
  const w = words("draw", text, ["movenumber", "movecount", "score"]);
  if (w.movecount! < 1) throw new Error("--draw movecount= is 1 or more");
  return { moveNumber: w.movenumber!, moveCount: w.movecount!, score: w.score! };
}

/** The verdict of the rules on a game: `scores` holds white's score after each engine move
 *  in order (null: the engine gave none), `plies` the plies played from the start (the
 *  opening's too). Null while the game goes on. */
export function adjudicate(
  scores: readonly (number | null)[],
  plies: number,
  resign: ResignRule | null,
  draw: DrawRule | null,
): { result: "1-0" | "0-1" | "1/2-1/2"; reason: string } | null {
  const last = (n: number) => (scores.length >= n ? scores.slice(-n) : null);
  if (resign) {
    const run = last(2 * resign.moveCount);
    if (run?.every((s) => s !== null && s >= resign.score))
      return {
        result: "1-0",
        reason: `adjudicated: both engines score white ${resign.score} cp or more ahead for ${resign.moveCount} moves`,
      };
    if (run?.every((s) => s !== null && s <= -resign.score))
      return {
        result: "0-1",
        reason: `adjudicated: both engines score black ${resign.score} cp or more ahead for ${resign.moveCount} moves`,
      };
  }
  if (draw && Math.floor(plies / 2) >= draw.moveNumber) {
    const run = last(2 * draw.moveCount);
    if (run?.every((s) => s !== null && Math.abs(s) <= draw.score))
      return {
        result: "1/2-1/2",
        reason: `adjudicated a draw: both engines score within ${draw.score} cp for ${draw.moveCount} moves`,
      };
  }
  return null;
}
