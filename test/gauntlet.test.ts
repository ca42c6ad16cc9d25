// The match runner (ts-harness/lab/match/gauntlet.ts): clocks and flag falls with scripted UCI
// engines that answer at once or sleep, Debian's CECP engines driven through games (Fairy-Max
// from moves, having no setboard; HoiChess from a FEN by setboard), the oracle's verdicts,
// the resumable log, engine specs. Each game lasts a few seconds at most.
import { existsSync, mkdtempSync, readFileSync, writeFileSync, appendFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { ROOT } from "../ts-harness/core/build.ts";
import {
  parseEngineSpec,
  playGame,
  runGauntlet,
  parseConfig,
  type GauntletConfig,
} from "../ts-harness/lab/match/gauntlet.ts";
import { startPlayer, type EngineSpec, type Player } from "../ts-harness/lab/match/players.ts";
import { parseTimeControl } from "../ts-harness/lab/match/time-control.ts";
import type { Opening } from "../ts-harness/formats/openings.ts";
import * as oracle from "../ts-harness/oracle/index.ts";

const FAKE = join(ROOT, "ts-harness/fixtures/fake-uci.mjs");
const FAIRYMAX = "/usr/games/fairymax";
const HOICHESS = "/usr/games/hoichess";
const START: Opening = { name: "start", moves: [] };
const FOOLS_WHITE = ["f2f3", "g2g4"];
const FOOLS_BLACK = ["e7e5", "d8h4"];

function fake(name: string, delayMs: number, white: string[], black: string[]): EngineSpec {
  return {
    name,
    command: [process.execPath, FAKE, String(delayMs), white.join(","), black.join(",")],
    protocol: "uci",
    options: {},
  };
}

function config(over: Partial<GauntletConfig> = {}): GauntletConfig {
  return {
    ours: fake("Prompt", 0, FOOLS_WHITE, FOOLS_BLACK),
    opponents: [fake("Other", 0, FOOLS_WHITE, FOOLS_BLACK)],
    tc: parseTimeControl("1+0"),
    marginMs: 50,
    openings: [START],
    games: 2,
    concurrency: 1,
    pgnPath: null,
    logPath: null,
    maxPlies: 600,
    sprt: null,
    ...over,
  };
}

const started: Player[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((p) => p.quit()));
});

async function game(
  cfg: GauntletConfig,
  white: EngineSpec,
  black: EngineSpec,
  opening: Opening = START,
) {
  const w = startPlayer(white, ROOT);
  const b = startPlayer(black, ROOT);
  started.push(w, b);
  await w.start();
  await b.start();
  return playGame(cfg, w, b, opening);
}

/** The moves replayed by the oracle (throws on an illegal one); the final position. */
function replay(fen: string | undefined, moves: string[]) {
  const parsed = oracle.parseFen(fen ?? "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  if (!parsed.ok) throw new Error(parsed.error.message);
  return oracle.playUci(parsed.pos, moves);
}

describe("clocks and flag falls", () => {
  test("an engine that sleeps past its clock (1.5 s at 1+0) loses on time to one that answers at once", async () => {
    const r = await game(
      config(),
      fake("Prompt", 0, ["e2e4"], []),
      fake("Sleeper", 1500, [], ["e7e5"]),
    );
    expect(r.result).toBe("1-0");
    expect(r.reason).toMatch(/Fake UCI loses on time/);
    expect(r.moves).toEqual(["e2e4"]);
  });

  test("an engine that thinks 150 ms a move at 1+0 keeps its flag: fool's mate ends in the oracle's mate", async () => {
    const r = await game(
      config(),
      fake("Prompt", 0, FOOLS_WHITE, []),
      fake("Thinker", 150, [], FOOLS_BLACK),
    );
    expect(r.result).toBe("0-1");
    expect(r.reason).toBe("black mates");
    expect(r.thinking.black.moves).toBe(2);
    expect(r.thinking.black.ms).toBeGreaterThanOrEqual(300);
  });

  test("under 2/0.8 an engine of 200 ms a move plays five moves in its 0.8 s, the base given again after every second move", async () => {
    const cfg = config({ tc: parseTimeControl("2/0.8") });
    const r = await game(
      cfg,
      fake("Slow", 200, ["e2e4", "d2d4", "g1f3", "b1c3", "f1b5"], []),
      fake("Prompt", 0, [], ["e7e5", "d7d6", "g8f6", "b8c6"]),
    );
    expect(r.reason).toBe("Fake UCI plays an illegal move 0000");
    expect(r.result).toBe("1-0");
    expect(r.thinking.white.moves).toBe(5);
    expect(r.thinking.white.ms).toBeGreaterThan(800);
  });

  test("an engine given nodes= hears `go nodes N`, not the clock: the sleeper answers at once and keeps its flag", async () => {
    const cfg = config();
    const sleeper = { ...fake("Sleeper", 1500, FOOLS_WHITE, []), nodes: 1000 };
    const r = await game(cfg, sleeper, fake("Prompt", 0, [], FOOLS_BLACK));
    expect(r.result).toBe("0-1");
    expect(r.reason).toBe("black mates");
  });

  test("a move that is not legal loses at once", async () => {
    const r = await game(config(), fake("Cheat", 0, ["e2e5"], []), fake("Prompt", 0, [], []));
    expect(r.result).toBe("0-1");
    expect(r.reason).toBe("Fake UCI plays an illegal move e2e5");
  });

  test("an engine whose program exits mid-game loses by disconnection", async () => {
    const crash: EngineSpec = {
      name: "Crash",
      command: [
        process.execPath,
        "-e",
        "require('readline').createInterface({input:process.stdin}).on('line',l=>{if(l==='uci')console.log('uciok');if(l==='isready')console.log('readyok');if(l.startsWith('go'))process.exit(3)})",
      ],
      protocol: "uci",
      options: {},
    };
    const r = await game(config(), crash, fake("Prompt", 0, [], []));
    expect(r.result).toBe("0-1");
    expect(r.reason).toMatch(/disconnects/);
  });
});

describe.skipIf(!existsSync(FAIRYMAX) || !existsSync(HOICHESS))("CECP engines", () => {
  test("Fairy-Max (no setboard) hears the opening as moves after new/force and mates in one from it", async () => {
    const cfg = config({ tc: parseTimeControl("5+0.05") });
    const fairymax = parseEngineSpec("fairymax");
    const r = await game(cfg, fake("Prompt", 0, [], []), fairymax, {
      name: "fool",
      moves: ["f2f3", "e7e5", "g2g4"],
    });
    expect(r.black).toBe("Fairy-Max 5.0b");
    expect(r.result).toBe("0-1");
    expect(r.reason).toBe("black mates");
    expect(r.moves).toEqual(["f2f3", "e7e5", "g2g4", "d8h4"]);
  }, 20_000);

  test("Fairy-Max is refused a FEN start, for want of setboard", async () => {
    const cfg = config({ tc: parseTimeControl("5+0.05") });
    await expect(
      game(cfg, parseEngineSpec("fairymax"), fake("Prompt", 0, [], []), {
        name: "mate",
        moves: [],
        fen: "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
      }),
    ).rejects.toThrow(/offers no setboard/);
  }, 20_000);

  test("HoiChess takes a FEN by setboard and finds the back-rank mate Ra8#", async () => {
    const cfg = config({ tc: parseTimeControl("5+0.05") });
    const r = await game(cfg, parseEngineSpec("hoichess"), fake("Prompt", 0, [], []), {
      name: "mate",
      moves: [],
      fen: "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
    });
    expect(r.result).toBe("1-0");
    expect(r.reason).toBe("white mates");
    expect(r.moves).toEqual(["a1a8"]);
  }, 20_000);

  test("Fairy-Max and HoiChess play 16 plies at 5+0.05, every move legal by the oracle, then the game is adjudicated", async () => {
    const cfg = config({ tc: parseTimeControl("5+0.05"), maxPlies: 16 });
    const r = await game(cfg, parseEngineSpec("fairymax"), parseEngineSpec("hoichess"), {
      name: "Italian",
      moves: ["e2e4", "e7e5", "g1f3", "b8c6"],
    });
    expect(r.reason).toBe("adjudicated a draw after 16 plies");
    expect(r.moves).toHaveLength(16);
    expect(() => replay(undefined, r.moves)).not.toThrow();
    expect(r.thinking.white.moves + r.thinking.black.moves).toBe(12);
  }, 30_000);
});

describe("the resumable log", () => {
  const dir = mkdtempSync(join(tmpdir(), "gauntlet-"));

  test("a rerun with the same log plays only the games it lacks, and the log of another gauntlet is refused", async () => {
    const log = join(dir, "games.jsonl");
    const first = await runGauntlet(config({ logPath: log, pgnPath: join(dir, "games.pgn") }));
    expect(first.played).toBe(2);
    const before = readFileSync(log, "utf8");
    const second = await runGauntlet(config({ logPath: log, games: 4 }));
    expect(second.played).toBe(2);
    expect(second.records.map((r) => r.index).sort()).toEqual([0, 1, 2, 3]);
    expect(readFileSync(log, "utf8").startsWith(before)).toBe(true);
    const again = await runGauntlet(config({ logPath: log, games: 4 }));
    expect(again.played).toBe(0);
    // Both colours of the start position: fool's mate each time, black (ours in game 2) wins.
    expect(second.records.map((r) => [r.index, r.result, r.oursWhite])).toEqual([
      [0, "0-1", true],
      [1, "0-1", false],
      [2, "0-1", true],
      [3, "0-1", false],
    ]);
    expect(readFileSync(join(dir, "games.pgn"), "utf8")).toContain('[Termination "black mates"]');
    await expect(
      runGauntlet(config({ logPath: log, tc: parseTimeControl("2+0") })),
    ).rejects.toThrow(/the log of another gauntlet/);
  }, 30_000);

  test("a last line cut short by a stopped run is played again", async () => {
    const log = join(dir, "cut.jsonl");
    await runGauntlet(config({ logPath: log, games: 1 }));
    appendFileSync(log, '{"type":"game","index":1,"resu');
    const r = await runGauntlet(config({ logPath: log, games: 2 }));
    expect(r.played).toBe(1);
  }, 30_000);

  test("four games two at a time are all played and logged once each", async () => {
    const log = join(dir, "concurrent.jsonl");
    const r = await runGauntlet(config({ logPath: log, games: 4, concurrency: 2 }));
    expect(r.played).toBe(4);
    const lines = readFileSync(log, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(
      lines
        .filter((l) => l.type === "game")
        .map((l) => l.index)
        .sort(),
    ).toEqual([0, 1, 2, 3]);
  }, 30_000);

  test("an SPRT stops the gauntlet at its bound", async () => {
    // Ours always wins (the opponent's script is empty, so it answers 0000 and loses).
    const cfg = config({
      ours: fake("Winner", 0, FOOLS_WHITE, FOOLS_BLACK),
      opponents: [fake("Loser", 0, [], [])],
      games: 200,
      sprt: { elo0: 0, elo1: 200, alpha: 0.05, beta: 0.05 },
    });
    const r = await runGauntlet(cfg);
    expect(r.sprt?.verdict).toBe("H1");
    expect(r.played).toBeLessThan(200);
  }, 30_000);
});

describe("engine specs and options", () => {
  test("an engine of engines.json by name, with its anchor, and a clock of its own", () => {
    const s = parseEngineSpec("phalanx tc=30+0.3");
    expect(s).toMatchObject({
      name: "Phalanx XXV",
      protocol: "xboard",
      command: ["/usr/games/phalanx"],
      rating: 2644,
      tc: "30+0.3",
    });
    expect(
      parseEngineSpec('name=Ours cmd="npm run --silent uci" proto=uci option.Level=3'),
    ).toMatchObject({
      name: "Ours",
      command: ["npm", "run", "--silent", "uci"],
      options: { Level: "3" },
    });
    expect(
      parseEngineSpec(
        'name=base cmd="env LIBERMAN_PROGRAM=build/rig/base/CHESS.COM bin/liberman-uci" nodes=10000',
      ),
    ).toMatchObject({
      name: "base",
      command: ["env", "LIBERMAN_PROGRAM=build/rig/base/CHESS.COM", "bin/liberman-uci"],
      nodes: 10_000,
    });
  });

  test("bad specs and options are refused with the reason", () => {
    expect(() => parseEngineSpec("crafty")).toThrow(/no engine 'crafty' in engines.json/);
    expect(() => parseEngineSpec("name=x cmd=y proto=winboard")).toThrow(/proto is uci or xboard/);
    expect(() => parseEngineSpec("name=x cmd=y colour=white")).toThrow(/unknown key 'colour'/);
    expect(() => parseEngineSpec("hoichess tc=fast")).toThrow(/a time control is/);
    expect(() => parseEngineSpec("name=x cmd=y nodes=0")).toThrow(/nodes is a whole number/);
    expect(() => parseEngineSpec("hoichess nodes=5000")).toThrow(/nodes= needs a UCI engine/);
    expect(() => parseConfig([])).toThrow(/at least one --opponent/);
    expect(() =>
      parseConfig(["--opponent", "hoichess", "--opponent", "fairymax", "--sprt", "elo0=0,elo1=5"]),
    ).toThrow(/--sprt needs exactly one --opponent/);
    expect(() => parseConfig(["--opponent", "hoichess", "--sprt", "elo0=5,elo1=0"])).toThrow(
      /elo0 \(5\) must be below elo1/,
    );
  });

  test("a program that is not there is refused before any game", async () => {
    await expect(
      runGauntlet(
        config({
          opponents: [
            { name: "Ghost", command: ["/nonexistent/engine"], protocol: "uci", options: {} },
          ],
        }),
      ),
    ).rejects.toThrow(/Ghost: cannot run '\/nonexistent\/engine'/);
  });

  test("an openings file is read by its extension; the default is the small set, each opening twice", () => {
    const dir = mkdtempSync(join(tmpdir(), "openings-"));
    writeFileSync(
      join(dir, "o.epd"),
      'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - id "kp";\n',
    );
    const cfg = parseConfig(["--opponent", "hoichess", "--openings", join(dir, "o.epd")]);
    expect(cfg.openings).toEqual([
      { name: "kp", moves: [], fen: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1" },
    ]);
    expect(cfg.games).toBe(2);
    expect(parseConfig(["--opponent", "hoichess"]).games).toBe(20);
  });
});
