// cli-tries -- `chess solve --tries`: a direct mate's tries, as Popeye's Option Try shows
// them: each first move that is no key and that exactly one defence refutes, with that
// defence (its "but ...!").
//   1.Nf1? but
//       1...h4!
// The engine answers every question: its legal moves in the problem, its defences after
// each first move, and whether it mates in N - 1 after each defence. The oracle only plays
// the moves to write the positions asked about and names the moves in SAN.
import type { BatchOptions } from "../core/asm-engine.ts";
import type { Engine, EngineError } from "../core/engines.ts";
import * as oracle from "../oracle/index.ts";

export interface Try {
  /** The first move (UCI). */
  readonly move: string;
  /** The one defence after which no mate in N - 1 follows (UCI). */
  readonly refutation: string;
}

function fenAfter(fen: string, moves: readonly string[]): string {
  return oracle.toFen(oracle.playUci(oracle.fenPosition(fen), [...moves]));
}

/** The tries of a direct mate in N (N >= 2), in the order of the engine's moves; the keys
 *  (every first move that forces mate in N or fewer) are left out. */
export async function findTries(
  engine: Engine,
  fen: string,
  moves: number,
  keys: readonly string[],
  batch?: BatchOptions,
): Promise<Try[] | EngineError> {
  const [first] = await engine.moves([fen], batch);
  if (!first!.ok) return first!;
  const tried = first!.moves.filter((m) => !keys.includes(m));
  const defences = await engine.moves(
    tried.map((m) => fenAfter(fen, [m])),
    batch,
  );
  const asks: { move: number; reply: string; fen: string }[] = [];
  for (const [i, d] of defences.entries()) {
    if (!d.ok) return d;
    for (const reply of d.moves)
      asks.push({ move: i, reply, fen: fenAfter(fen, [tried[i]!, reply]) });
  }
  const mates = await engine.mate(
    asks.map((a) => ({ fen: a.fen, moves: moves - 1 })),
    batch,
  );
  const refutations: string[][] = tried.map(() => []);
  for (const [j, answer] of mates.entries()) {
    if (!answer.ok) return answer;
    if (answer.length === null) refutations[asks[j]!.move]!.push(asks[j]!.reply);
  }
  return tried.flatMap((move, i) =>
    refutations[i]!.length === 1 ? [{ move, refutation: refutations[i]![0]! }] : [],
  );
}

/** The tries in Popeye's layout, SAN for the moves, from the problem's position. */
export function layOutTries(fen: string, tries: readonly Try[]): string {
  return tries
    .map((t) => {
      const pos = oracle.fenPosition(fen);
      const name = (uci: string) => {
        const u = oracle.parseUci(pos, uci);
        if (!u.ok) throw new Error(`tries: ${uci} is not legal in ${oracle.toFen(pos)}`);
        const san = oracle.san(pos, u.move);
        oracle.makeMove(pos, u.move);
        return san;
      };
      const move = name(t.move);
      return `   1.${move}? but\n      1...${name(t.refutation)}!\n`;
    })
    .join("\n");
}
