// The selfplay job (asm/PROTOCOL.md): the engine plays both sides of a game in one boot.
// The oracle checks every move (legal, the game going on before it) and the end the job
// names (mate, the draws, or its ply limit); each move is the one a `go` job with the same
// limits chooses on the position with its history, since a search depends on the
// position alone (the hash table is cleared at each search).
import { beforeAll, describe, expect, test } from "vitest";
import { runBatch, type JobLines } from "../ts-harness/asm-engine.ts";
import * as oracle from "../ts-harness/oracle/index.ts";
import { PositionJob } from "../ts-harness/selfplay.ts";
import { START } from "./game-oracle.ts";

/** A mate on the board: nothing for selfplay to play. */
const MATED = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
/** A position where white mates in one. */
const MATE_IN_ONE = "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1";

const JOBS = [
  "selfplay 10 depth 2", // 1: no position yet
  "position startpos",
  "selfplay 2048 depth 3", // 3: the whole game
  "selfplay 6 depth 2", // 4: stops after 6 plies, the game going on
  "selfplay 0 depth 2",
  "selfplay 2049 depth 2",
  "selfplay 5 mate 2",
  "selfplay 5 depth 2 frobnicate",
  `position ${MATED}`,
  "selfplay 10 depth 2", // 10: mated already
  `position ${MATE_IN_ONE}`,
  "selfplay 10 depth 2", // 12: one move, the mate
];

let groups: JobLines[];
beforeAll(async () => {
  groups = await runBatch(JOBS, { timeoutMs: 110_000 });
}, 120_000);

const plies = (job: number) => groups[job - 1]!.lines.filter((w) => w[0] === "ply");
const last = (job: number) => groups[job - 1]!.lines.at(-1)!;

describe("selfplay: the engine against itself in one boot", () => {
  test("the whole game from the start: each ply numbered, every move legal with the game going on before it, and the end it names is the oracle's status after the last move", () => {
    const lines = plies(3);
    const moves = lines.map((w) => w[2]!);
    expect(lines.map((w) => Number(w[1]))).toEqual(moves.map((_, i) => i + 1));
    const pos = oracle.fenPosition(START);
    for (const uci of moves) {
      expect(oracle.status(pos)).toBe("playing");
      expect(oracle.parseUci(pos, uci).ok).toBe(true);
      oracle.playUci(pos, [uci]);
    }
    const [verb, count, end] = last(3);
    expect([verb, Number(count)]).toEqual(["selfplay", moves.length]);
    expect(oracle.status(pos)).not.toBe("playing");
    expect(end).toBe(oracle.status(pos));
  });

  test("selfplay N stops after N plies when the game goes on, and says plies", () => {
    const moves = plies(4).map((w) => w[2]!);
    expect(moves).toHaveLength(6);
    expect(last(4).slice(0, 3)).toEqual(["selfplay", "6", "plies"]);
    expect(oracle.status(oracle.playUci(oracle.fenPosition(START), moves))).toBe("playing");
  });

  test("a position already over gets no move and its status; a mate in one is played and named", () => {
    expect(plies(10)).toEqual([]);
    expect(last(10).slice(0, 3)).toEqual(["selfplay", "0", "checkmate"]);
    expect(plies(12).map((w) => w[2])).toEqual(["d1d8"]);
    expect(last(12).slice(0, 3)).toEqual(["selfplay", "1", "checkmate"]);
  });

  test.each([
    [1, "position"],
    [5, "arg"],
    [6, "arg"],
    [7, "arg"],
    [8, "arg"],
  ])("job %i is refused with the %s error", (job, code) => {
    expect(groups[job - 1]!.lines).toHaveLength(1);
    expect(last(job).slice(0, 2)).toEqual(["error", code]);
  });

  test("the job's moves are the moves go depth 3 chooses on the position and its history before each", async () => {
    const moves = plies(3).map((w) => w[2]!);
    const pos = oracle.fenPosition(START);
    const job = new PositionJob(START);
    const asked: [ply: number, text: string][] = [];
    moves.forEach((uci, ply) => {
      if (ply % 7 === 3 && pos.halfmove < 80) asked.push([ply, job.text]); // the position job holds the whole history
      oracle.playUci(pos, [uci]);
      job.played(pos, uci);
    });
    const answers = await runBatch(asked.flatMap(([, text]) => [text, "go depth 3"]), { timeoutMs: 110_000 });
    const chosen = asked.map((_, i) => answers[2 * i + 1]!.lines.at(-1)![1]);
    expect(chosen).toEqual(asked.map(([ply]) => moves[ply]));
  }, 120_000);
});
