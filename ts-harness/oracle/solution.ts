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

/** The attacker's moves that force mate soonest, within n moves, and that length. */
function soonest(pos: Position, n: number): { length: number; moves: Move[] } {
  const moves = legalMoves(pos);
  for (let k = 1; k <= n; k++) {
    const mating = moves.filter((m) => isMateIn(pos, m, k));
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
