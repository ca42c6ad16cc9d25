// openings -- the starts of a match's games from a file: EPD (one position a line, named
// by its `id`) or PGN (each game's moves, from its FEN tag or the standard start, named by
// its Opening tag). Every move is checked by the oracle; a bad line is an error that names
// the file and the line.
import { readFileSync } from "node:fs";
import { parseEpd } from "./epd.ts";
import { START_FEN } from "../oracle/fen.ts";
import * as oracle from "../oracle/index.ts";

/** A game's start: moves (UCI) from the standard position, or from a FEN. */
export interface Opening {
  name: string;
  moves: string[];
  fen?: string;
}

function fenPosition(fen: string, where: string): oracle.Position {
  const parsed = oracle.parseFen(fen);
  if (!parsed.ok) throw new Error(`${where}: ${parsed.error.message}`);
  return parsed.pos;
}

export function parseEpdOpenings(text: string, file = "EPD"): Opening[] {
  const out: Opening[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    if (!line.trim() || line.trimStart().startsWith("#")) return;
    const where = `${file}:${i + 1}`;
    const r = parseEpd(line);
    if (!r.ok) throw new Error(`${where}: ${r.message}`);
    const pos = fenPosition(r.epd.fen, where);
    if (oracle.status(pos) !== "playing")
      throw new Error(`${where}: the game is already over (${oracle.status(pos)})`);
    const id = r.epd.operations.find((o) => o.opcode === "id")?.operands[0]?.replace(/^"|"$/g, "");
    out.push({ name: id ?? `position ${out.length + 1}`, moves: [], fen: r.epd.fen });
  });
  return out;
}

/** The legal move a SAN token names in pos (check marks and annotations ignored). */
export function moveFromSan(pos: oracle.Position, token: string): oracle.Move | null {
  const bare = (s: string) =>
    s
      .replace(/[+#!?]+$/, "")
      .replace(/^0-0-0$/, "O-O-O")
      .replace(/^0-0$/, "O-O");
  const want = bare(token);
  return oracle.legalMoves(pos).find((m) => bare(oracle.san(pos, m)) === want) ?? null;
}

export function parsePgnOpenings(text: string, file = "PGN"): Opening[] {
  const out: Opening[] = [];
  const lines = text.split(/\r?\n/);
  let tags: Record<string, string> = {};
  let tokens: { text: string; line: number }[] = [];
  let inMoves = false;
  const finish = () => {
    if (!inMoves && Object.keys(tags).length === 0) return;
    const where = `${file}:${tokens[0]?.line ?? "?"}`;
    const fen = tags.FEN ?? START_FEN;
    const pos = fenPosition(fen, where);
    const moves: string[] = [];
    for (const t of tokens) {
      const m = moveFromSan(pos, t.text);
      if (!m)
        throw new Error(`${file}:${t.line}: '${t.text}' is no legal move in ${oracle.toFen(pos)}`);
      moves.push(oracle.moveToUci(m));
      oracle.makeMove(pos, m);
    }
    if (oracle.status(pos) !== "playing")
      throw new Error(`${where}: the game is already over (${oracle.status(pos)})`);
    out.push({
      name: tags.Opening ?? tags.Event ?? `line ${out.length + 1}`,
      moves,
      ...(tags.FEN ? { fen: tags.FEN } : {}),
    });
    tags = {};
    tokens = [];
    inMoves = false;
  };
  lines.forEach((raw, i) => {
    const tag = /^\s*\[(\w+)\s+"((?:[^"\\]|\\.)*)"\s*\]\s*$/.exec(raw);
    if (tag) {
      if (inMoves) finish();
      tags[tag[1]!] = tag[2]!.replace(/\\(.)/g, "$1");
      return;
    }
    const body = raw.replace(/\{[^}]*\}|;.*$/g, " ");
    for (const w of body.split(/\s+/)) {
      const t = w.replace(/^\d+\.(\.\.)?/, "");
      if (!t || /^\$\d+$/.test(t)) continue;
      inMoves = true;
      if (/^(1-0|0-1|1\/2-1\/2|\*)$/.test(t)) finish();
      else tokens.push({ text: t, line: i + 1 });
    }
  });
  if (tokens.length || Object.keys(tags).length) finish();
  return out;
}

/** The openings of a file, by its extension (.epd, .pgn). */
export function readOpenings(path: string): Opening[] {
  const text = readFileSync(path, "utf8");
  const list = /\.pgn$/i.test(path)
    ? parsePgnOpenings(text, path)
    : /\.epd$/i.test(path)
      ? parseEpdOpenings(text, path)
      : null;
  if (!list) throw new Error(`${path}: an openings file is .epd or .pgn`);
  if (list.length === 0) throw new Error(`${path}: no openings in it`);
  return list;
}
