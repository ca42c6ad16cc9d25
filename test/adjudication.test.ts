// The match runner's adjudication (ts-harness/lab/match/adjudication.ts), cutechess-cli's
// -resign and -draw: the rule on score sequences, the parsing of the options, and games of
// stockfish against itself ended by stockfish's own scores.
import { describe, expect, test } from "vitest";
import {
  adjudicate,
  lastScore,
  parseDraw,
  parseResign,
  whiteScore,
} from "../ts-harness/lab/match/adjudication.ts";
import { parseConfig, playGame, type GauntletConfig } from "../ts-harness/lab/match/gauntlet.ts";
import { startPlayer, type EngineSpec } from "../ts-harness/lab/match/players.ts";
import { parseTimeControl } from "../ts-harness/lab/match/time-control.ts";
import { ROOT } from "../ts-harness/core/build.ts";

const RESIGN = parseResign("movecount=3 score=600");
const DRAW = parseDraw("movenumber=40,movecount=8,score=10");

describe("the rules on the engines' scores", () => {
  test("both engines scoring white 600 or more for three moves each win the game for white", () => {
    expect(adjudicate([0, 650, 700, 600, 900, 610, 605], 30, RESIGN, null)?.result).toBe("1-0");
    expect(adjudicate([-700, -650, -900, -601, -800, -1200], 30, RESIGN, null)?.result).toBe("0-1");
  });

  test("five such moves are not enough, and one score under the bound breaks the run", () => {
    expect(adjudicate([650, 700, 600, 900, 610], 30, RESIGN, null)).toBeNull();
    expect(adjudicate([650, 700, 599, 900, 610, 800], 30, RESIGN, null)).toBeNull();
    expect(adjudicate([650, 700, 600, null, 610, 800], 30, RESIGN, null)).toBeNull();
  });

  test("the two engines must agree on the side: one scoring white ahead and one black is no verdict", () => {
    expect(adjudicate([700, -700, 700, -700, 700, -700], 30, RESIGN, null)).toBeNull();
  });

  test("a mate score counts as past any bound for the resign rule and never as a draw", () => {
    const mates = [whiteScore("w", { mate: 5 }), whiteScore("b", { mate: -4 })];
    expect(adjudicate([...mates, ...mates, ...mates], 30, RESIGN, null)?.result).toBe("1-0");
    expect(whiteScore("b", { mate: 3 })).toBe(-Infinity);
    const level = Array.from({ length: 15 }, () => 0);
    expect(adjudicate([...level, Infinity], 100, null, DRAW)).toBeNull();
  });

  test("sixteen scores within 10 cp draw the game from move 40 on, not before", () => {
    const level = [5, -3, 0, 10, -10, 2, 0, 0, 1, -1, 4, 4, 0, 0, 7, -2];
    expect(adjudicate(level, 79, null, DRAW)).toBeNull();
    expect(adjudicate(level, 80, null, DRAW)?.result).toBe("1/2-1/2");
    expect(adjudicate([11, ...level.slice(1)], 80, null, DRAW)).toBeNull();
    expect(adjudicate(level.slice(1), 80, null, DRAW)).toBeNull();
  });

  test("the score is the last info line's before bestmove, cp or mate, from the engine's side", () => {
    const lines = [
      "info depth 5 score cp 31 nodes 900 pv e2e4",
      "info depth 6 seldepth 9 score mate -3 nodes 2000 pv e2e4",
      "info string the last line has no score",
      "bestmove e2e4",
    ];
    expect(lastScore(lines)).toEqual({ mate: -3 });
    expect(lastScore(["info depth 3 score cp -45 upperbound", "bestmove a2a3"])).toEqual({
      cp: -45,
    });
    expect(lastScore(["bestmove a2a3"])).toBeNull();
    expect(whiteScore("b", { cp: -45 })).toBe(45);
  });

  test("the options are read as cutechess-cli writes them, and bad ones refused", () => {
    expect(parseResign("movecount=3 score=600")).toEqual({ moveCount: 3, score: 600 });
    expect(DRAW).toEqual({ moveNumber: 40, moveCount: 8, score: 10 });
    expect(() => parseResign("movecount=3")).toThrow(/needs score=/);
    expect(() => parseResign("movecount=3 score=-600")).toThrow(/whole numbers/);
    expect(() => parseDraw("movenumber=40 movecount=0 score=10")).toThrow(/movecount= is 1/);
    expect(() => parseDraw("moves=40")).toThrow(/--draw takes movenumber=N/);
    const cfg = parseConfig(["--opponent", "stockfish", "--resign", "movecount=3,score=600"]);
    expect(cfg.resign).toEqual({ moveCount: 3, score: 600 });
    expect(cfg.draw).toBeNull();
  });
});

const STOCKFISH = (name: string): EngineSpec => ({
  name,
  command: ["/usr/games/stockfish"],
  protocol: "uci",
  options: { Threads: "1", Hash: "16" },
  nodes: 20_000,
});

async function stockfishGame(fen: string, over: Partial<GauntletConfig>) {
  const cfg: GauntletConfig = {
    ours: STOCKFISH("sf-a"),
    opponents: [STOCKFISH("sf-b")],
    tc: parseTimeControl("600+6"),
    marginMs: 50,
    openings: [],
    games: 2,
    concurrency: 1,
    pgnPath: null,
    logPath: null,
    maxPlies: 200,
    sprt: null,
    ...over,
  };
  const w = startPlayer(cfg.ours, ROOT);
  const b = startPlayer(cfg.opponents[0]!, ROOT);
  try {
    await w.start();
    await b.start();
    return await playGame(cfg, w, b, { name: "fen", fen, moves: [] });
  } finally {
    await Promise.all([w.quit(), b.quit()]);
  }
}

describe("games ended by stockfish's scores", () => {
  test("queen against bare king: stockfish scores it won on both sides, and the game ends after three moves each", async () => {
    const r = await stockfishGame("8/8/3k4/8/8/4K3/8/4Q3 w - - 0 1", { resign: RESIGN });
    expect(r.result).toBe("1-0");
    expect(r.reason).toMatch(/^adjudicated: both engines score white 600 cp/);
    expect(r.moves).toHaveLength(6);
  }, 60_000);

  test("rook against rook: stockfish scores it level, and the draw rule from move 0 ends it after four moves each", async () => {
    const r = await stockfishGame("3r4/8/3k4/8/8/3K4/8/4R3 w - - 0 1", {
      draw: parseDraw("movenumber=0 movecount=4 score=20"),
    });
    expect(r.result).toBe("1/2-1/2");
    expect(r.reason).toMatch(/^adjudicated a draw/);
    expect(r.moves).toHaveLength(8);
  }, 60_000);
});
