// selfgames -- the tuner's games of CHESS.COM against itself (`npm run tune -- positions
// --engine self`), for positions.ts to label and filter.
// A game opens with one of the rig's openings (ts-harness/fixtures/rig-openings.pgn, never
// the held-out set), chosen by the game's seed, which also draws the game's node count
// from SELF_NODES_MIN..SELF_NODES_MAX; then the batch protocol's `selfplay` job plays
// both sides, every move `nodes N` searched afresh (asm/batch/PROTOCOL.md), SELF_BATCH
// games a boot of native DOSBox (dosbox-config/selfplay-native.conf).
// Why 1,000 to 4,000 nodes: the search completes mostly depth 2 to 3 at 1,000 and 3 to
// 5 at 4,000 (deeper in endings), beyond a quiescence search, so that a game's result
// comes from play rather than from moves that hang a piece, while a game (about 110
// plies) takes about two seconds of one core; its cost grows with its nodes.
// Every ply is checked by the oracle: an illegal move, or a game that goes on past its
// end by the rules (or stops short of it), is an error naming the game. The result is
// the game's end by the rules, else the adjudication of positions.ts from the `ply`
// lines' scores (the game cut at the ply that decides it), else a draw at MAX_PLIES.
import { join } from "node:path";
import { runBatch, type JobLines } from "../../core/asm-engine.ts";
import { ROOT } from "../../core/build.ts";
import { readOpenings, type Opening } from "../../formats/openings.ts";
import { seededRandom } from "../../formats/positions.ts";
import * as oracle from "../../oracle/index.ts";
import { RIG_OPENINGS } from "../match/rig-openings.ts";
import {
  adjudicator,
  gameEnd,
  MAX_PLIES,
  whiteCp,
  type GameSource,
  type NodeRange,
  type Played,
} from "./positions.ts";

export const SELF_NODES_MIN = 1000;
export const SELF_NODES_MAX = 4000;
/** Games a boot of DOSBox. */
export const SELF_BATCH = 10;
/** A batch's time limit: the boot, and each game's at most (400 plies of 4,000 nodes
 *  take about ten seconds of a quiet host). */
const BOOT_MS = 60_000;
const GAME_MS = 300_000;

/** A game's opening and node count, by its seed. */
export function selfGameSpec(
  openings: readonly Opening[],
  seed: number,
  range: NodeRange,
): { opening: string[]; nodes: number } {
  const rnd = seededRandom(seed);
  const opening = openings[Math.floor(rnd() * openings.length)]!.moves;
  return { opening, nodes: range[0] + Math.floor(rnd() * (range[1] - range[0] + 1)) };
}

/** A `selfplay` job's lines (asm/batch/PROTOCOL.md) from the position after `start`, as
 *  a game: every ply checked by the oracle, its result as the header says. `name` names
 *  the game in an error. */
export function selfGame(name: string, start: readonly string[], lines: string[][]): Played {
  const pos = oracle.playUci(oracle.fenPosition(oracle.START_FEN), start);
  const last = lines.at(-1);
  if (last?.[0] !== "selfplay")
    throw new Error(`${name}: the job ended "${(last ?? []).join(" ")}", not a selfplay line`);
  const plies: Played["plies"] = [];
  const adjudicate = adjudicator();
  let won: Played["result"] | null = null;
  let cut = 0;
  for (const words of lines.slice(0, -1)) {
    const [kind, k, uci = "", , scoreKind = "", n = ""] = words;
    const where = `${name}: ply ${k} ${uci}`;
    if (kind !== "ply" || Number(k) !== plies.length + 1 || !/^-?\d+$/.test(n))
      throw new Error(`${name}: "${words.join(" ")}" is not ply ${plies.length + 1}`);
    if (oracle.status(pos) !== "playing")
      throw new Error(`${where}: played after the game's end (${oracle.status(pos)})`);
    const parsed = oracle.parseUci(pos, uci);
    if (!parsed.ok) throw new Error(`${where}: not legal in ${oracle.toFen(pos)}`);
    const score = whiteCp(scoreKind, Number(n), oracle.sideToMove(pos) === "w");
    plies.push({ fen: oracle.toFen(pos), uci, ply: start.length + plies.length, score });
    oracle.makeMove(pos, parsed.move);
    if (!won && (won = adjudicate(score))) cut = plies.length;
  }
  const why = last[2];
  const status = oracle.status(pos);
  if (Number(last[1]) !== plies.length || why !== (status === "playing" ? "plies" : status))
    throw new Error(
      `${name}: "${last.join(" ")}" after ${plies.length} plies, where the oracle says ${status}`,
    );
  if (won) return { result: won, start: [...start], plies: plies.slice(0, cut) };
  if (status === "playing" && start.length + plies.length !== MAX_PLIES)
    throw new Error(`${name}: stopped at ${start.length + plies.length} plies, not ${MAX_PLIES}`);
  return { result: gameEnd(pos) ?? "1/2-1/2", start: [...start], plies };
}

/** CHESS.COM against itself (see the header); `range` the nodes a move. */
export function selfGames(range: NodeRange = [SELF_NODES_MIN, SELF_NODES_MAX]): GameSource {
  const openings = readOpenings(join(ROOT, RIG_OPENINGS));
  return async function* (games) {
    for (let i = 0; i < games.length; i += SELF_BATCH) {
      const batch = games.slice(i, i + SELF_BATCH);
      const specs = batch.map((g) => selfGameSpec(openings, g.seed, range));
      const jobs = specs.flatMap((s) => [
        `position startpos moves ${s.opening.join(" ")}`,
        `selfplay ${MAX_PLIES - s.opening.length} nodes ${s.nodes}`,
      ]);
      const names = `games g${batch[0]!.game} to g${batch.at(-1)!.game}`;
      let answers: JobLines[];
      try {
        answers = await runBatch(jobs, {
          native: true,
          conf: "selfplay-native.conf",
          timeoutMs: BOOT_MS + GAME_MS * batch.length,
        });
      } catch (e) {
        throw new Error(`${names} (one boot): ${e instanceof Error ? e.message : String(e)}`);
      }
      for (const [j, g] of batch.entries()) {
        const set = answers[2 * j]!.lines;
        if (set[0]?.[0] !== "position")
          throw new Error(`g${g.game}: ${jobs[2 * j]}: ${set.map((l) => l.join(" ")).join("; ")}`);
        yield selfGame(`g${g.game}`, specs[j]!.opening, answers[2 * j + 1]!.lines);
      }
    }
  };
}
