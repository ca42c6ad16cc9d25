// popeye -- a plain subset of Popeye's input language (thomas-maeder/popeye, its
// README's "Input language"), the problems of one file:
//   BeginProblem
//   Pieces White Kc1 Qd1 Ra1h1 Pa2b2 Black Ka8 Sb8
//   Stipulation #3            (or h#2, s#2)
//   Option NoBoard Variation  (read; the layout is always the solution with variations;
//                             Option Try: a direct mate's tries too)
//   Author Sam Loyd           (Author, Origin, Title, Award, Remark: the rest of the line,
//                             read and passed over)
//   EndProblem                (or NextProblem, then the next problem's commands; nothing
//                             may follow EndProblem)
// Keywords are read in any case, and by any prefix Popeye accepts of at least four
// letters (`stip`, `opti`); a piece is K Q R B S (or N) P with one square or more after
// it (`ra1h1`), and a command may go on over several lines. A problem whose text has
// an error is named with its line number and left out; the others are read. Castling
// is allowed where a king and a rook stand on their first squares (Popeye's rule); a
// helpmate begins with Black, the other aims with White.

export type Aim = "direct" | "help" | "self";

export interface PopeyeProblem {
  /** The line its BeginProblem or NextProblem is on (1 for the first). */
  line: number;
  fen: string;
  aim: Aim;
  moves: number;
  /** Option Try: show the tries (a first move one defence alone refutes). */
  tries?: boolean;
}

export interface PopeyeError {
  line: number;
  message: string;
}

/** The commands whose text runs to the end of their line, read and passed over. */
const TEXT_COMMANDS = ["author", "origin", "title", "award", "remark"];
const COMMANDS = [
  "beginproblem",
  "endproblem",
  "nextproblem",
  "pieces",
  "stipulation",
  "option",
  ...TEXT_COMMANDS,
];
const PIECE_LETTERS: Record<string, string> = {
  k: "k",
  q: "q",
  r: "r",
  b: "b",
  s: "n",
  n: "n",
  p: "p",
};

/** The command a word names (a prefix of four letters or more), or undefined. */
function command(word: string): string | undefined {
  const w = word.toLowerCase();
  if (w.length < 4) return undefined;
  return COMMANDS.find((c) => c.startsWith(w));
}

interface Token {
  word: string;
  line: number;
  /** A word of a text command's line (an author's name may hold any letter). */
  text?: true;
}

/** A stipulation as problemists write it: `#3`, `h#2`, `s#2`. */
export function parseStipulation(text: string): { aim: Aim; moves: number } | null {
  const m = /^(h|s)?#([1-9]\d{0,8})$/i.exec(text);
  if (!m) return null;
  const aim =
    m[1]?.toLowerCase() === "h" ? "help" : m[1]?.toLowerCase() === "s" ? "self" : "direct";
  return { aim, moves: Number(m[2]) };
}

/** The board of a Pieces command as a FEN's first field, and its castling rights. */
function board(pieces: Token[]): { placement: string; castling: string } | PopeyeError {
  const squares: (string | undefined)[] = new Array(64);
  let colour: "white" | "black" | undefined;
  for (const t of pieces) {
    const w = t.word.toLowerCase();
    if (w === "white" || w === "black") {
      colour = w;
      continue;
    }
    if (!colour) return { line: t.line, message: `'${t.word}' before White or Black` };
    const m = /^([kqrbsnp])((?:[a-h][1-8])+)$/.exec(w);
    // Pieces takes every word up to the next command: a misspelled command lands here.
    if (!m)
      return {
        line: t.line,
        message: `'${t.word}' is no piece and squares (as Ra1h1) and no command`,
      };
    const letter = PIECE_LETTERS[m[1]!]!;
    for (const sq of m[2]!.match(/[a-h][1-8]/g)!) {
      const at = (Number(sq[1]) - 1) * 8 + (sq.charCodeAt(0) - 97);
      if (squares[at]) return { line: t.line, message: `two pieces on ${sq}` };
      squares[at] = colour === "white" ? letter.toUpperCase() : letter;
    }
  }
  const ranks: string[] = [];
  for (let r = 7; r >= 0; r--) {
    let rank = "";
    let empty = 0;
    for (let f = 0; f < 8; f++) {
      const p = squares[r * 8 + f];
      if (!p) empty++;
      else {
        rank += (empty || "") + p;
        empty = 0;
      }
    }
    ranks.push(rank + (empty || ""));
  }
  const at = (sq: string) => squares[(Number(sq[1]) - 1) * 8 + (sq.charCodeAt(0) - 97)];
  const castling =
    [
      at("e1") === "K" && at("h1") === "R" ? "K" : "",
      at("e1") === "K" && at("a1") === "R" ? "Q" : "",
      at("e8") === "k" && at("h8") === "r" ? "k" : "",
      at("e8") === "k" && at("a8") === "r" ? "q" : "",
    ].join("") || "-";
  return { placement: ranks.join("/"), castling };
}

/** A word as an error names it: what is not printable ASCII as \\u{hex}, so that no raw
 *  byte (a NUL, an escape) reaches a terminal. */
function shownWord(word: string): string {
  return word.replace(/[^\x20-\x7e]/gu, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`);
}

/** The problems of a Popeye input file, and an error for each one that does not read.
 *  The language is ASCII: a problem with a word holding any other character (a NUL, a
 *  letter with an accent) is an error naming that word, wherever the word stands but on
 *  a text command's line. */
export function parsePopeye(text: string): { problems: PopeyeProblem[]; errors: PopeyeError[] } {
  const tokens: Token[] = [];
  text.split(/\r\n|\r|\n/).forEach((raw, i) => {
    for (const word of raw.trim().split(/\s+/)) if (word) tokens.push({ word, line: i + 1 });
  });
  const problems: PopeyeProblem[] = [];
  const errors: PopeyeError[] = [];
  let at = 0;
  const next = () => tokens[at++];
  const first = tokens[0];
  if (!first || command(first.word) !== "beginproblem")
    return { problems, errors: [{ line: first?.line ?? 1, message: "no BeginProblem" }] };
  at = 1;
  let start = first.line;
  while (at <= tokens.length) {
    const from = at;
    let pieces: Token[] | undefined;
    let stipulation: { aim: Aim; moves: number } | null = null;
    let tries = false;
    let error: PopeyeError | undefined;
    let end: string | undefined;
    while (at < tokens.length) {
      const t = next()!;
      const c = command(t.word);
      if (c === "endproblem" || c === "nextproblem") {
        end = c;
        break;
      }
      if (c === "pieces") {
        pieces = [];
        while (at < tokens.length && !command(tokens[at]!.word)) pieces.push(next()!);
      } else if (c === "stipulation") {
        const s = next();
        stipulation = s ? parseStipulation(s.word) : null;
        if (!stipulation)
          error ??= {
            line: s?.line ?? t.line,
            message: `'${s?.word ?? ""}' is not #N, h#N or s#N with N a whole number from 1`,
          };
      } else if (c === "option") {
        while (at < tokens.length && !command(tokens[at]!.word))
          if (next()!.word.toLowerCase() === "try") tries = true;
      } else if (c && TEXT_COMMANDS.includes(c)) {
        while (at < tokens.length && tokens[at]!.line === t.line) next()!.text = true;
      } else
        error ??= {
          line: t.line,
          message: `'${t.word}' is not a command this solver reads (${COMMANDS.join(", ")})`,
        };
    }
    const notAscii = tokens.slice(from, at).find((t) => !t.text && /[^\x21-\x7e]/.test(t.word));
    if (notAscii)
      error = {
        line: notAscii.line,
        message: `'${shownWord(notAscii.word)}' holds a character that is not printable ASCII`,
      };
    if (!end) error ??= { line: tokens[tokens.length - 1]!.line, message: "no EndProblem" };
    if (!error && !pieces) error = { line: start, message: "a problem without Pieces" };
    const b = !error && pieces ? board(pieces) : undefined;
    if (b && "message" in b) error = b;
    if (!error && !stipulation) error = { line: start, message: "a problem without Stipulation" };
    if (error) errors.push(error);
    else if (b && "placement" in b) {
      const side = stipulation!.aim === "help" ? "b" : "w";
      problems.push({
        line: start,
        fen: `${b.placement} ${side} ${b.castling} - 0 1`,
        ...stipulation!,
        ...(tries ? { tries } : {}),
      });
    }
    if (end !== "nextproblem") break;
    start = tokens[at - 1]!.line;
  }
  // Nothing is read after EndProblem: a problem there would go unsolved without a word.
  const after = tokens[at];
  if (after)
    errors.push({
      line: after.line,
      message: `'${shownWord(after.word)}' after EndProblem, which ends the input (NextProblem separates problems)`,
    });
  return { problems, errors };
}
