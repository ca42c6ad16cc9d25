// pgn -- write a game as PGN (the Seven Tag Roster, SetUp/FEN for a set-up start, SAN
// with move numbers, `12... Ka7` when black moves first, lines of at most 80
// characters) from its UCI moves, with the oracle naming the moves.
import * as oracle from "../oracle/index.ts";

const SEVEN_TAGS = ["Event", "Site", "Date", "Round", "White", "Black", "Result"] as const;
const LINE_MAX = 80;

export interface PgnGame {
  /** The Seven Tag Roster (missing ones are written as `?`), then any others. */
  tags: Record<string, string>;
  /** The position the game starts from (the standard one when absent). */
  fen?: string;
  /** The moves, in UCI. */
  moves: string[];
  result: "1-0" | "0-1" | "1/2-1/2" | "*";
}

/** The game's movetext in SAN with move numbers, as tokens. */
export function sanTokens(fen: string, moves: string[]): string[] {
  const parsed = oracle.parseFen(fen);
  if (!parsed.ok) throw new Error(`pgn: bad FEN: ${parsed.error.message}`);
  const pos = parsed.pos;
  let number = Number(fen.trim().split(/\s+/)[5] ?? 1) || 1;
  const out: string[] = [];
  moves.forEach((uci, i) => {
    const u = oracle.parseUci(pos, uci);
    if (!u.ok) throw new Error(`pgn: move ${i + 1}: ${u.error.message}`);
    const white = oracle.sideToMove(pos) === "w";
    if (white) out.push(`${number}.`);
    else if (i === 0) out.push(`${number}...`);
    out.push(oracle.san(pos, u.move));
    oracle.makeMove(pos, u.move);
    if (!white) number++;
  });
  return out;
}

/** Words joined by spaces into lines of at most LINE_MAX characters. */
function wrap(words: string[]): string[] {
  const lines: string[] = [];
  let line = "";
  for (const w of words) {
    if (line && line.length + 1 + w.length > LINE_MAX) {
      lines.push(line);
      line = w;
    } else line = line ? `${line} ${w}` : w;
  }
  if (line) lines.push(line);
  return lines;
}

export function writePgn(game: PgnGame): string {
  const fen = game.fen ?? oracle.START_FEN;
  const tags: Record<string, string> = { ...game.tags, Result: game.result };
  const lines = SEVEN_TAGS.map((t) => `[${t} "${escape(tags[t] ?? "?")}"]`);
  if (game.fen && game.fen !== oracle.START_FEN) lines.push(`[SetUp "1"]`, `[FEN "${game.fen}"]`);
  for (const [k, v] of Object.entries(tags)) {
    if (!(SEVEN_TAGS as readonly string[]).includes(k) && k !== "SetUp" && k !== "FEN")
      lines.push(`[${k} "${escape(v)}"]`);
  }
  lines.push("", ...wrap([...sanTokens(fen, game.moves), game.result]));
  return lines.join("\n") + "\n";
}

function escape(v: string): string {
  return v.replace(/\\/g, "\\\\").replace(/"/g, '\\"');
}
