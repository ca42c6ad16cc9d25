// solution -- a problem's solution laid out as problemists read it (Popeye's shape, in
// SAN): the lines an engine gives, a walk down the tree, nested and printed.
//   1.Kb6! threat:
//         2.Nc7#
//     1...Kxd5
//         2.Nc3#
// Nothing here solves: the moves come from the engine; the oracle only names them (SAN)
// and says whether the side to move is in check (`threat:` or `zugzwang.`).
import * as oracle from "../oracle/index.ts";

export type { SolutionLine, SolutionRole } from "../oracle/index.ts";
type SolutionLine = oracle.SolutionLine;

export interface SolutionNode extends SolutionLine {
  readonly children: SolutionNode[];
}

/** The lines nested: a threat's move under the attacker's move two plies up, any other
 *  move under the last line one ply up, a key at the top. */
export function solutionTree(lines: readonly SolutionLine[]): SolutionNode[] {
  const roots: SolutionNode[] = [];
  const lastAt: SolutionNode[] = [];
  for (const line of lines) {
    const node: SolutionNode = { ...line, children: [] };
    const parentPly = line.role === "threat" ? line.ply - 2 : line.ply - 1;
    if (line.role === "key" || parentPly < 1) roots.push(node);
    else {
      const parent = lastAt[parentPly];
      if (!parent) throw new Error(`a ${line.role} line at ply ${line.ply} has no parent`);
      parent.children.push(node);
    }
    lastAt[line.ply] = node;
    lastAt.length = line.ply + 1;
  }
  return roots;
}

/** The tree as text with every list of moves sorted: two engines that walk the moves in
 *  other orders give the same text for the same solution. */
export function canonicalSolution(lines: readonly SolutionLine[]): string {
  const text = (nodes: SolutionNode[], depth: number): string[] =>
    nodes
      .map((n) =>
        [
          `${" ".repeat(depth)}${n.role} ${n.move}${n.length ? `/${n.length}` : ""}`,
          ...text(n.children, depth + 1),
        ].join("\n"),
      )
      .sort();
  return text(solutionTree(lines), 0).join("\n");
}

/** Popeye's indentation of a line at a ply. */
function indent(ply: number): string {
  return " ".repeat(ply === 1 ? 3 : 4 * ply - 2);
}

/** The position with the other side to move and no en-passant square: a pass. */
function passed(pos: oracle.Position): oracle.Position {
  const fields = oracle.toFen(pos).split(" ");
  fields[1] = fields[1] === "w" ? "b" : "w";
  fields[3] = "-";
  return oracle.fenPosition(fields.join(" "));
}

/** The lines of the nodes, played from pos (left as it was), into out. */
function layOut(pos: oracle.Position, nodes: readonly SolutionNode[], out: string[]): void {
  for (const n of nodes) {
    const u = oracle.parseUci(pos, n.move);
    if (!u.ok) throw new Error(`solution: ${n.move} is not legal in ${oracle.toFen(pos)}`);
    const san = oracle.san(pos, u.move);
    const attacker = n.ply % 2 === 1;
    oracle.makeMove(pos, u.move);
    const threats = n.children.filter((c) => c.role === "threat");
    const after =
      !attacker || n.children.length === 0
        ? ""
        : threats.length > 0
          ? " threat:"
          : oracle.inCheck(pos)
            ? ""
            : " zugzwang.";
    const number = `${Math.ceil(n.ply / 2)}.${attacker ? "" : ".."}`;
    out.push(`${indent(n.ply)}${number}${san}${n.role === "key" ? "!" : ""}${after}`);
    if (threats.length > 0) layOut(passed(pos), threats, out);
    layOut(
      pos,
      n.children.filter((c) => c.role !== "threat"),
      out,
    );
    oracle.unmakeMove(pos);
    if (n.role === "key") out.push("");
  }
}

/** The solution in Popeye's layout, SAN for the moves, from the position it solves: the
 *  keys each followed by an empty line. */
export function layOutSolution(fen: string, lines: readonly SolutionLine[]): string {
  const out: string[] = [];
  layOut(oracle.fenPosition(fen), solutionTree(lines), out);
  return out.join("\n");
}

/** A helpmate's solutions as Popeye prints them, a line each in SAN, the side that
 *  begins numbered first: `  1.Ba5 f4 2.Kf5 Ng3#`. */
export function layOutHelpmate(fen: string, lines: readonly SolutionLine[]): string {
  const pos = oracle.fenPosition(fen);
  return solutionTree(lines)
    .map((key) => {
      const words: string[] = [];
      let played = 0;
      for (let n: SolutionNode | undefined = key; n; n = n.children[0]) {
        const u = oracle.parseUci(pos, n.move);
        if (!u.ok) throw new Error(`solution: ${n.move} is not legal in ${oracle.toFen(pos)}`);
        const san = oracle.san(pos, u.move);
        words.push(n.ply % 2 === 1 ? `${(n.ply + 1) / 2}.${san}` : san);
        oracle.makeMove(pos, u.move);
        played++;
      }
      for (; played > 0; played--) oracle.unmakeMove(pos);
      return `  ${words.join(" ")}`;
    })
    .join("\n");
}
