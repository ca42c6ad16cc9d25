// compare -- say where two engines disagree, move by move (a divide diff), so that a
// failing test names the root moves to follow instead of two bare totals.
import type { EngineError, MovesAnswer, PerftAnswer, PerftRequest } from "./engines.ts";

export interface DivideDiff {
  /** Moves one engine has and the other lacks. */
  onlyExpected: string[];
  onlyActual: string[];
  /** Moves both have, with different counts: [uci, expected, actual]. */
  different: [string, number, number][];
}

export function diffDivide(expected: [string, number][], actual: [string, number][]): DivideDiff {
  const e = new Map(expected);
  const a = new Map(actual);
  return {
    onlyExpected: [...e.keys()].filter((k) => !a.has(k)).sort(),
    onlyActual: [...a.keys()].filter((k) => !e.has(k)).sort(),
    different: [...e.entries()]
      .filter(([k, n]) => a.has(k) && a.get(k) !== n)
      .map(([k, n]): [string, number, number] => [k, n, a.get(k)!])
      .sort(),
  };
}

export function isEmptyDiff(d: DivideDiff): boolean {
  return d.onlyExpected.length === 0 && d.onlyActual.length === 0 && d.different.length === 0;
}

/** A readable report of a disagreement on one position. */
export function formatDiff(
  fen: string,
  depth: number,
  d: DivideDiff,
  expectedName = "oracle",
  actualName = "asm",
): string {
  const lines = [`position ${fen} depth ${depth}: ${actualName} disagrees with ${expectedName}`];
  for (const m of d.onlyExpected) lines.push(`  ${m}: only ${expectedName} has this move`);
  for (const m of d.onlyActual) lines.push(`  ${m}: only ${actualName} has this move`);
  for (const [m, x, y] of d.different)
    lines.push(`  ${m}: ${expectedName} ${x}, ${actualName} ${y}`);
  return lines.join("\n");
}

/** What is wrong with the assembly's divide against the oracle's, or null if they agree. */
export function divideMismatch(
  req: PerftRequest,
  oracle: PerftAnswer | EngineError,
  asm: PerftAnswer | EngineError,
): string | null {
  if (!oracle.ok) return `the oracle rejects ${req.fen}: ${oracle.message}`;
  if (!asm.ok) return `the assembly rejects ${req.fen}: ${asm.code} ${asm.message}`;
  const diff = diffDivide(oracle.divide!, asm.divide!);
  if (!isEmptyDiff(diff)) return formatDiff(req.fen, req.depth, diff);
  return asm.nodes === oracle.nodes
    ? null
    : `position ${req.fen} depth ${req.depth}: oracle ${oracle.nodes}, asm ${asm.nodes}`;
}

/** What is wrong with the assembly's legal moves against the oracle's, or null. */
export function movesMismatch(
  fen: string,
  oracle: MovesAnswer | EngineError,
  asm: MovesAnswer | EngineError,
): string | null {
  if (oracle.ok && asm.ok && oracle.moves.join(" ") === asm.moves.join(" ")) return null;
  const text = (a: MovesAnswer | EngineError) => (a.ok ? a.moves.join(" ") : a.message);
  return `${fen}\n  oracle: ${text(oracle)}\n  asm:    ${text(asm)}`;
}
