// The selfplay job (asm/batch/PROTOCOL.md): the engine plays both sides of a game in one boot.
// The oracle checks every move (legal, the game going on before it) and the end the job
// names (mate, the draws, its ply limit, or a key); each move is the one a `go` job with the same
// limits chooses on the position with its history, since a search depends on the
// position alone (the job forgets the hash table before each move, as `newgame` before a
// `go` does; a `go` otherwise keeps what the game's earlier searches left). The long self-play game of
// the fixture (test/game-savegame.test.ts saves and loads it) is checked the same way:
// the oracle proves it a game, and the engine plays parts of it again.
import { beforeAll, describe, expect, test } from "vitest";
import {
  JOBS_FILE,
  parseResult,
  programLimits,
  RESULT_FILE,
  runBatch,
  type JobLines,
} from "../ts-harness/core/asm-engine.ts";
import { CHESS, program } from "../ts-harness/core/build.ts";
import { DosSession } from "../ts-harness/core/runner.ts";
import * as oracle from "../ts-harness/oracle/index.ts";
import { selfPlayJobs } from "../ts-harness/lab/match/selfplay.ts";
import { positionJob } from "../ts-harness/formats/positions.ts";
import { START } from "./game-oracle.ts";
import { SELF_PLAY } from "../ts-harness/fixtures/selfplay.ts";

/** How long the key test lets the program start before it presses a key. */
const KEY_AFTER_MS = 1000;
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

  test("a key stops the game: the move found so far is played, its line says limit key, and the job's last line says key", async () => {
    const jobs = ["position startpos", "selfplay 2048 infinite"];
    const session = await DosSession.start({
      program: "CHESS.COM",
      programBytes: await program(CHESS),
      args: `/jobs ${JOBS_FILE} ${RESULT_FILE}`,
      files: { [JOBS_FILE]: jobs.join("\r\n") + "\r\n" },
      timeoutMs: 40_000,
    });
    try {
      await new Promise((r) => setTimeout(r, KEY_AFTER_MS)); // the key waits in the BIOS buffer until the search looks
      session.press("space");
      const r = await session.finish();
      const [, game] = parseResult(Buffer.from(r.files.get(RESULT_FILE)!).toString("latin1"), jobs);
      const [ply, end] = game!.lines;
      expect(game!.lines).toHaveLength(2);
      expect(ply!.slice(0, 2)).toEqual(["ply", "1"]);
      expect(oracle.parseUci(oracle.fenPosition(START), ply![2]!).ok).toBe(true);
      expect(ply!.slice(-2)).toEqual(["limit", "key"]);
      expect(end!.slice(0, 3)).toEqual(["selfplay", "1", "key"]);
    } finally {
      await session.close();
    }
  }, 50_000);

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
    expect(await goChoices(START, moves, "depth 3", 12)).toEqual(
      sampled(moves, 12).map(([ply]) => moves[ply]),
    );
  }, 120_000);
});

/** White a rook up; the knights have danced back and forth twice, and black's knight can
 *  go back once more: the start position a third time, a draw. */
const DANCE =
  "position 1n4k1/ppp2p1p/6p1/8/8/8/PPP2PPP/1N2R1K1 w - - 0 1 moves b1c3 b8c6 c3b1 c6b8 b1c3 b8c6 c3b1";

describe("contempt: what a draw is worth to the side thinking", () => {
  test("a rook down, black takes the draw by repetition at no contempt, and plays on at contempt 1000", async () => {
    const answers = await runBatch(
      [DANCE, "go depth 3", "go depth 3 contempt 1000", "go depth 3 contempt 1001"],
      { timeoutMs: 110_000 },
    );
    const [plain, shunning] = [answers[1]!, answers[2]!].map((a) => a.lines.at(-1)![1]!);
    const pos = oracle.fenPosition("1n4k1/ppp2p1p/6p1/8/8/8/PPP2PPP/1N2R1K1 w - - 0 1");
    oracle.playUci(pos, DANCE.split(" moves ")[1]!.split(" "));
    const after = (uci: string) => {
      oracle.playUci(pos, [uci]);
      const s = oracle.status(pos);
      oracle.unmakeMove(pos);
      return s;
    };
    expect(after(plain)).toBe("threefold");
    expect(after(shunning)).toBe("playing");
    expect(answers[3]!.lines.at(-1)!.slice(0, 2)).toEqual(["error", "arg"]);
  }, 120_000);
});

/** The longest job line the program reads (LINE_MAX, from its map). */
const { lineMax } = await programLimits();

/** About `count` plies spread over a game, as [ply, the position job before it]: those
 *  where the position job holds the whole history (every move since the last capture or
 *  pawn move, or since the game's start). */
function sampled(moves: string[], count: number, fen = START): [ply: number, job: string][] {
  const pos = oracle.fenPosition(fen);
  const step = Math.max(1, Math.floor(moves.length / count));
  const out: [number, string][] = [];
  moves.forEach((uci, ply) => {
    const job = positionJob(fen, moves.slice(0, ply), lineMax);
    const kept = job.includes(" moves ") ? job.split(" moves ")[1]!.split(" ").length : 0;
    if (ply % step === step >> 1 && kept === Math.min(ply, pos.halfmove)) out.push([ply, job]);
    oracle.playUci(pos, [uci]);
  });
  return out;
}

/** The moves `go` with the limits chooses before the sampled plies of a game. */
async function goChoices(
  fen: string,
  moves: string[],
  limits: string,
  count: number,
): Promise<string[]> {
  const asked = sampled(moves, count, fen);
  const answers = await runBatch(
    asked.flatMap(([, text]) => [text, "newgame", `go ${limits}`]),
    { timeoutMs: 110_000 },
  );
  return asked.map((_, i) => answers[3 * i + 2]!.lines.at(-1)![1]!);
}

/** Said when the engine no longer plays the fixture's moves. */
const REMAKE =
  "the engine plays otherwise now: make the fixture again with the command in its header";

describe(`the long self-play game of ts-harness/fixtures/selfplay.ts (${SELF_PLAY.moves.length} plies, ${SELF_PLAY.limits})`, () => {
  const { fen, limits, moves, end } = SELF_PLAY;

  test("the oracle finds every ply legal with the game going on before it, and the game's end where the fixture says", () => {
    const pos = oracle.fenPosition(fen);
    for (const uci of moves) {
      expect(oracle.status(pos)).toBe("playing");
      expect(oracle.parseUci(pos, uci).ok).toBe(true);
      oracle.playUci(pos, [uci]);
    }
    expect(oracle.status(pos)).toBe(end === "plies" ? "playing" : end);
  });

  test("the selfplay job with the fixture's limits plays the whole game again, to the same end", async () => {
    const most = (await programLimits()).jobs.get("selfplay")!.max; // the game record's plies
    const [again] = await selfPlayJobs([{ fen, limits, plies: most }], 110_000);
    expect(again!.moves, REMAKE).toEqual(moves);
    expect(again!.end).toBe(end);
  }, 120_000);

  test("go with the fixture's limits chooses the fixture's move on the position and history before a dozen plies spread over the game", async () => {
    const asked = sampled(moves, 12, fen);
    expect(asked.length).toBeGreaterThanOrEqual(6);
    expect(await goChoices(fen, moves, limits, 12), REMAKE).toEqual(
      asked.map(([ply]) => moves[ply]),
    );
  }, 120_000);
});
