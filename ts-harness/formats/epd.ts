// epd -- Extended Position Description lines: the four position fields of a FEN (board,
// side, castling, en passant), then operations, each an opcode, its operands and a `;`
// (`bm Nf3; id "WAC.001";`). `hmvc` and `fmvn` give the clocks. The perft suites' form,
// a whole six-field FEN followed by `;D1 20 ;D2 400`, reads as well.

export interface EpdOperation {
  opcode: string;
  /** Operands as written, a quoted string with its quotes. */
  operands: string[];
}

export interface EpdLine {
  /** The position fields as written (four, or six with the clocks). */
  position: string;
  /** A whole FEN for the engines: the clocks from the fields, hmvc/fmvn, or 0 1. */
  fen: string;
  operations: EpdOperation[];
}

/** A failure names what is wrong; `inOperations` when the position fields are there and
 *  the operations after them cannot be read (an unclosed quote), so that no FEN reading
 *  of the line would name the fault. */
export type EpdResult =
  { ok: true; epd: EpdLine } | { ok: false; message: string; inOperations?: true };

/** Tokens of the operations part: words, `;`, and quoted strings (without the closing
 *  quote); null for an unclosed quote. */
function tokens(text: string): string[] | null {
  const out: string[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) i++;
    else if (c === ";") {
      out.push(";");
      i++;
    } else if (c === '"') {
      const end = text.indexOf('"', i + 1);
      if (end < 0) return null;
      out.push(text.slice(i, end));
      i = end + 1;
    } else {
      let j = i;
      while (j < text.length && !/[\s;"]/.test(text[j]!)) j++;
      out.push(text.slice(i, j));
      i = j;
    }
  }
  return out;
}

export function parseEpd(line: string): EpdResult {
  const fields = /^\s*(\S+\s+\S+\s+\S+\s+[^\s;]+)(.*)$/.exec(line);
  if (!fields)
    return {
      ok: false,
      message: `an EPD line needs the four position fields, not '${line.trim()}'`,
    };
  const clocks = /^\s+(\d+)\s+(\d+)(?=[\s;]|$)(.*)$/.exec(fields[2]!);
  const position = clocks ? `${fields[1]} ${clocks[1]} ${clocks[2]}` : fields[1]!;
  const toks = tokens(clocks ? clocks[3]! : fields[2]!);
  if (!toks)
    return {
      ok: false,
      message: `an unclosed quote in the operations '${(clocks ? clocks[3]! : fields[2]!).trim()}'`,
      inOperations: true,
    };
  const operations: EpdOperation[] = [];
  let current: string[] = [];
  for (const t of [...toks, ";"]) {
    if (t !== ";") current.push(t);
    else if (current.length) {
      const [opcode, ...operands] = current;
      if (!/^[A-Za-z][A-Za-z0-9_]{0,14}$/.test(opcode!))
        return { ok: false, message: `'${opcode}' is not an EPD opcode` };
      operations.push({
        opcode: opcode!,
        operands: operands.map((o) => (o.startsWith('"') ? `${o}"` : o)),
      });
      current = [];
    }
  }
  const op = (name: string) => operations.find((o) => o.opcode === name)?.operands[0];
  const fen = clocks ? position : `${position} ${op("hmvc") ?? 0} ${op("fmvn") ?? 1}`;
  return { ok: true, epd: { position, fen, operations } };
}

/** An operation as EPD writes it: `bm Nf3 Nc3;`, `id "WAC.001";`. */
export function formatOperation(op: EpdOperation): string {
  return [op.opcode, ...op.operands].join(" ") + ";";
}

/** The line again: the position fields, then every operation. */
export function formatEpd(epd: EpdLine): string {
  return [epd.position, ...epd.operations.map(formatOperation)].join(" ");
}
