// solution -- a direct mate's solution as problemists read it, written from the solvers'
// convention (Popeye's output, the FIDE albums' solutions) on the oracle's own mate test
// (mate.ts), apart from the assembly:
//   - every key: each first move that forces mate in n moves or fewer (findKeys);
//   - after an attacker's move, unless the defender is in check, the threat: were the
//     defender to pass, the attacker's moves that mate soonest within the moves left;
//   - each defence, with the attacker's moves that mate soonest after it (duals shown),
//     left out when every move of the threat still mates as soon after it;
//   - the attacker's moves up to its third for a mate in three or fewer, up to its
//     second for a longer one.
// The solution is a list of lines in the order of a walk down the tree: a key (with
// its length), then its threat's moves (each followed by its own tree), then its
// defences, each followed by its answers and theirs.

import { inCheck } from "./attacks.ts";
import { fenPosition, toFen } from "./fen.ts";
import { legalMoves, makeMove, unmakeMove } from "./game.ts";
import { findKeys, isMateIn } from "./mate.ts";
import { legalCode } from "./movegen.ts";
import { isSelfmateIn } from "./stipulations.ts";
import type { Position } from "./position.ts";
import type { Move } from "./types.ts";
import { moveToUci } from "./uci.ts";

export type SolutionRole = "key" | "threat" | "move";

export interface SolutionLine {
  /** Plies from the root: 1 is the key, 2 a defence, 3 the attacker's second move ... */
  readonly ply: number;
  readonly role: SolutionRole;
  /** The move in UCI. */
  readonly move: string;
  /** A key's length in moves (a shorter one is a short solution). */
  readonly length?: number;
}

const MOVES_FULL = 3;
const MOVES_SHOWN = 2;

type Forces = (pos: Position, move: Move, k: number) => boolean;

const selfForces: Forces = (pos, move, k) => isSelfmateIn(pos, legalCode(pos, move)!, k);

/** The attacker's moves that force the aim (mate by default) soonest, within n moves,
 *  and that length. */
function soonest(
  pos: Position,
  n: number,
  forces: Forces = isMateIn,
): { length: number; moves: Move[] } {
  const moves = legalMoves(pos);
  for (let k = 1; k <= n; k++) {
    const mating = moves.filter((m) => forces(pos, m, k));
    if (mating.length > 0) return { length: k, moves: mating };
  }
  return { length: 0, moves: [] };
}

/** The position with the other side to move and no en-passant square: a pass. */
function passed(pos: Position): Position {
  const fields = toFen(pos).split(" ");
  fields[1] = fields[1] === "w" ? "b" : "w";
  fields[3] = "-";
  return fenPosition(fields.join(" "));
}

/** The solution of a mate in at most n moves for the side to move, line by line. */
export function solutionLines(pos: Position, n: number): SolutionLine[] {
  const lines: SolutionLine[] = [];
  const shown = n <= MOVES_FULL ? n : MOVES_SHOWN;

  const answers = (
    at: Position,
    moves: Move[],
    length: number,
    ply: number,
    role: SolutionRole,
  ) => {
    for (const m of moves) {
      lines.push({ ply: ply + 1, role, move: moveToUci(m) });
      makeMove(at, m);
      defend(at, length - 1, ply + 2);
      unmakeMove(at);
    }
  };

  // The defender's node after an attacker's move, the attacker mating within `left`.
  const defend = (at: Position, left: number, ply: number): void => {
    if (left === 0 || ply / 2 >= shown) return;
    let threat: { length: number; moves: Move[] } = { length: 0, moves: [] };
    if (!inCheck(at)) {
      const pass = passed(at);
      threat = soonest(pass, left);
      answers(pass, threat.moves, threat.length, ply, "threat");
    }
    const threatUci = threat.moves.map(moveToUci);
    for (const d of legalMoves(at)) {
      makeMove(at, d);
      const after = soonest(at, left);
      const uci = after.moves.map(moveToUci);
      const answered =
        threat.length > 0 &&
        after.length === threat.length &&
        threatUci.every((t) => uci.includes(t));
      if (!answered && after.length > 0) {
        lines.push({ ply, role: "move", move: moveToUci(d) });
        answers(at, after.moves, after.length, ply, "move");
      }
      unmakeMove(at);
    }
  };

  for (const key of findKeys(pos, n)) {
    lines.push({ ply: 1, role: "key", move: moveToUci(key.move), length: key.length });
    makeMove(pos, key.move);
    defend(pos, key.length - 1, 2);
    unmakeMove(pos);
  }
  return lines;
}

/** A selfmate's solution: every key that forces it in n moves or fewer (with its length),
 *  each followed by its threat, were the defender to pass (the attacker's moves that
 *  force it soonest within the moves left), as Popeye prints a selfmate's key. */
export function selfSolutionLines(pos: Position, n: number): SolutionLine[] {
  const lines: SolutionLine[] = [];
  for (const key of legalMoves(pos)) {
    let length = 0;
    for (let k = 1; k <= n && !length; k++) if (selfForces(pos, key, k)) length = k;
    if (!length) continue;
    lines.push({ ply: 1, role: "key", move: moveToUci(key), length });
    makeMove(pos, key);
    if (length > 1 && !inCheck(pos)) {
      for (const t of soonest(passed(pos), length - 1, selfForces).moves)
        lines.push({ ply: 3, role: "threat", move: moveToUci(t) });
    }
    unmakeMove(pos);
  }
  return lines;
}

/** Every line of the shortest helpmate in at most n moves (the side to move begins and
 *  is mated by the other side's n-th move), as a key and its moves ply by ply. */
export function helpSolutionLines(pos: Position, n: number): SolutionLine[] {
  const found: Move[][] = [];
  const path: Move[] = [];
  const walk = (plies: number): void => {
    if (plies === 0) {
      if (inCheck(pos) && legalMoves(pos).length === 0) found.push([...path]);
      return;
    }
    for (const m of legalMoves(pos)) {
      path.push(m);
      makeMove(pos, m);
      walk(plies - 1);
      unmakeMove(pos);
      path.pop();
    }
  };
  for (let k = 1; k <= n && found.length === 0; k++) walk(2 * k);
  return found.flatMap((line) =>
    line.map((m, i) => ({
      ply: i + 1,
      role: i === 0 ? ("key" as const) : ("move" as const),
      move: moveToUci(m),
      ...(i === 0 ? { length: line.length / 2 } : {}),
    })),
  );
}
