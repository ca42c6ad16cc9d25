// The match runner's options: a second CHESS.COM build as the opponent (self-play) thinks
// as ours does, and bad options are refused before any engine starts.
import { describe, expect, test } from "vitest";
import { ROOT } from "../ts-harness/core/build.ts";
import { goCommand, parseConfig } from "../ts-harness/lab/match/match.ts";
import * as oracle from "../ts-harness/oracle/index.ts";
import { Chess } from "chess.js";
import { ENDING_STARTS, OPENINGS, WIDE_OPENINGS } from "../ts-harness/formats/positions.ts";

const noClock = { left: null, incMs: 0 };

describe("match options", () => {
  test("a CHESS.COM opponent (--opponent-build) gets a plain go, as ours, under the same level", () => {
    const cfg = parseConfig([
      "--opponent-build",
      ROOT,
      "--opponent-nodes",
      "50000",
      "--budget",
      "6000",
    ]);
    expect(cfg.opponentBuild).toBe(ROOT);
    expect(goCommand(cfg, noClock, false)).toBe("go");
    expect(goCommand(cfg, noClock, true)).toBe("go");
  });

  test("stockfish keeps its node count when no second build is given", () => {
    const cfg = parseConfig(["--opponent-nodes", "50000"]);
    expect(cfg.opponentBuild).toBeNull();
    expect(goCommand(cfg, noClock, false)).toBe("go nodes 50000");
  });

  test("--opponent-budget gives the opponent's build a budget of its own, ours kept", () => {
    const cfg = parseConfig([
      "--opponent-build",
      ROOT,
      "--budget",
      "6000",
      "--opponent-budget",
      "3000",
    ]);
    expect(cfg.budget).toBe(6000);
    expect(cfg.opponentBudget).toBe(3000);
    expect(parseConfig(["--opponent-build", ROOT]).opponentBudget).toBeNull();
  });

  test("--opponent-budget without a second build, or out of range, is refused", () => {
    expect(() => parseConfig(["--opponent-budget", "3000"])).toThrow(/needs --opponent-build/);
    expect(() => parseConfig(["--opponent-build", ROOT, "--opponent-budget", "0"])).toThrow(
      /--opponent-budget must be a whole number from 1 to 600000/,
    );
    expect(() => parseConfig(["--opponent-build", ROOT, "--opponent-budget", "6s"])).toThrow(
      /--opponent-budget must be/,
    );
  });

  test("a folder that is no checkout of the project is refused as the opponent's build", () => {
    expect(() => parseConfig(["--opponent-build", "/nonexistent-liberman-checkout"])).toThrow(
      /no checkout of this project/,
    );
  });

  test("--ours-elo puts stockfish in our place under the opponent's node count, and refuses CHESS.COM's options", () => {
    const cfg = parseConfig(["--ours-elo", "2000", "--elo", "1800", "--opponent-nodes", "50000"]);
    expect(cfg.oursElo).toBe(2000);
    expect(goCommand(cfg, noClock, true)).toBe("go nodes 50000");
    expect(goCommand(cfg, noClock, false)).toBe("go nodes 50000");
    expect(parseConfig([]).oursElo).toBeNull();
    expect(goCommand(parseConfig(["--opponent-nodes", "50000"]), noClock, true)).toBe("go");
    expect(() => parseConfig(["--ours-elo", "2000", "--budget", "6000"])).toThrow(
      /--budget is for CHESS.COM/,
    );
    expect(() => parseConfig(["--ours-elo", "2000", "--opponent-build", ROOT])).toThrow(
      /--opponent-build is for CHESS.COM/,
    );
    expect(() => parseConfig(["--ours-elo", "900"])).toThrow(
      /--ours-elo must be a whole number from 1320 to 3190/,
    );
  });

  test("--opponent and --opponent-build together are refused", () => {
    expect(() =>
      parseConfig(["--opponent", "/usr/games/stockfish", "--opponent-build", ROOT]),
    ).toThrow(/not both/);
  });
});

describe("the match's openings", () => {
  /** The position after an opening's moves, by the oracle (throws on an illegal move). */
  const play = (moves: readonly string[]) => {
    const parsed = oracle.parseFen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    if (!parsed.ok) throw new Error(parsed.error.message);
    for (const m of moves) {
      const u = oracle.parseUci(parsed.pos, m);
      if (!u.ok) throw new Error(`${m}: ${u.error.message}`);
      oracle.makeMove(parsed.pos, u.move);
    }
    return parsed.pos;
  };

  test("every line of the wide set is legal by the oracle and leaves a game going on", () => {
    for (const o of WIDE_OPENINGS) {
      expect(() => play(o.moves), o.name).not.toThrow();
      expect(oracle.status(play(o.moves)), o.name).toBe("playing");
    }
  });

  test("the wide set holds sixty openings, the small ten among them, no two reaching the same position", () => {
    expect(WIDE_OPENINGS).toHaveLength(60);
    expect(WIDE_OPENINGS.slice(0, OPENINGS.length)).toEqual(OPENINGS);
    const fens = WIDE_OPENINGS.map((o) =>
      oracle.toFen(play(o.moves)).split(" ").slice(0, 4).join(" "),
    );
    expect(new Set(fens).size).toBe(WIDE_OPENINGS.length);
    expect(new Set(WIDE_OPENINGS.map((o) => o.name)).size).toBe(WIDE_OPENINGS.length);
  });

  test("every ending of the endings set is a legal FEN to chess.js and the oracle, a game going on, with a passed pawn and at most a queen and a rook a side", () => {
    const passed = (board: string[][], r: number, f: number, white: boolean) => {
      for (let rr = white ? r - 1 : r + 1; rr >= 0 && rr < 8; rr += white ? -1 : 1)
        for (const ff of [f - 1, f, f + 1])
          if (board[rr]?.[ff] === (white ? "p" : "P")) return false;
      return true;
    };
    for (const o of ENDING_STARTS) {
      expect(o.moves).toEqual([]);
      const fen = o.fen!;
      expect(() => new Chess(fen), o.name).not.toThrow();
      const parsed = oracle.parseFen(fen);
      expect(parsed.ok, o.name).toBe(true);
      if (parsed.ok) expect(oracle.status(parsed.pos), o.name).toBe("playing");
      const board = fen
        .split(" ")[0]!
        .split("/")
        .map((row) => row.replace(/\d/g, (d) => ".".repeat(Number(d))).split(""));
      const some = board.some((row, r) =>
        row.some(
          (c, f) =>
            (c === "P" && passed(board, r, f, true)) || (c === "p" && passed(board, r, f, false)),
        ),
      );
      expect(some, `${o.name}: a passed pawn`).toBe(true);
      const weight = { n: 1, b: 1, r: 2, q: 4 } as Record<string, number>;
      for (const side of [
        (c: string) => c === c.toUpperCase(),
        (c: string) => c === c.toLowerCase(),
      ]) {
        const phase = board
          .flat()
          .filter((c) => c !== "." && side(c))
          .reduce((s, c) => s + (weight[c.toLowerCase()] ?? 0), 0);
        expect(phase, o.name).toBeLessThanOrEqual(6);
      }
    }
    expect(new Set(ENDING_STARTS.map((o) => o.fen)).size).toBe(ENDING_STARTS.length);
  });

  test("--openings chooses the set; the small one by default; an unknown name is refused", () => {
    expect(parseConfig([]).openings).toBe(OPENINGS);
    expect(parseConfig(["--openings", "wide"]).openings).toBe(WIDE_OPENINGS);
    expect(parseConfig(["--openings", "endings"]).openings).toBe(ENDING_STARTS);
    expect(() => parseConfig(["--openings", "huge"])).toThrow(
      /--openings must be one of small, wide, endings, not 'huge'/,
    );
  });
});
