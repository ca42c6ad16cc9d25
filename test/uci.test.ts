// The UCI engine as a GUI talks to it: one process (`tsx ts-harness/frontends/uci.ts`, what
// `npm run uci` starts) through a session of the commands GUIs send. Every move it
// names is checked with the oracle; the mates are the oracle's.
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ROOT } from "../ts-harness/core/build.ts";
import { PUBLISHED_MATES } from "../ts-harness/fixtures/mates.ts";
import { LOS_ALAMOS_START } from "../ts-harness/fixtures/losalamos.ts";
import { UciClient } from "../ts-harness/core/uci-client.ts";
import * as oracle from "../ts-harness/oracle/index.ts";
import { continuations } from "./book-answers.ts";

const START = oracle.START_FEN;
// A back-rank mate: Ra8 mates at once.
const BACK_RANK = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
// Légal - Saint Brie, Paris 1750, before 6.Bxf7+: a mate in 2 (the oracle's tests prove it).
const LEGAL = PUBLISHED_MATES.find((m) => m.source === "Légal's mate, before 6.Bxf7+")!.fen;
const MOVE_WAIT_MS = 30_000;

let engine: UciClient;

beforeAll(async () => {
  engine = new UciClient(join(ROOT, "node_modules/.bin/tsx"), ["ts-harness/frontends/uci.ts"], {
    cwd: ROOT,
  });
});

afterAll(async () => {
  await engine?.quit();
});

function position(fen: string, moves: string[]): oracle.Position {
  return oracle.playUci(oracle.fenPosition(fen), moves);
}

function legal(fen: string, moves: string[]): string[] {
  return oracle.legalMoves(position(fen, moves)).map((m) => oracle.moveToUci(m));
}

/** The bestmove of the last lines, and their info lines. */
function answer(lines: string[]): { best: string; infos: string[] } {
  return {
    best: lines[lines.length - 1]!.split(" ")[1]!,
    infos: lines.filter((l) => l.startsWith("info ") && !l.startsWith("info string")),
  };
}

describe("the UCI engine in a GUI's session", () => {
  test("uci names the engine and its options, then uciok; isready gets readyok", async () => {
    // js-dos at fixed cycles, as every test runs the engine.
    const lines = await engine.handshake({ Backend: "jsdos" }, 60_000);
    expect(lines[0]).toMatch(/^id name \S/);
    expect(lines).toContainEqual(expect.stringMatching(/^id author \S/));
    expect(lines).toContainEqual(
      expect.stringMatching(/^option name Level type spin default 3 min 1 max 5$/),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(/^option name Liberman Mate Depth type spin default 2 min 0 max 8$/),
    );
    expect(lines).toContainEqual("option name Budget type spin default 0 min 0 max 600000");
    expect(lines).toContainEqual("option name Hash type spin default 16 min 0 max 16");
    expect(lines).toContainEqual("option name Contempt type spin default 0 min 0 max 1000");
    expect(lines).toContainEqual(
      "option name UCI_Variant type combo default chess var chess var losalamos",
    );
    expect(lines).toContainEqual("option name Clear Hash type button");
    expect(lines).toContainEqual("option name OwnBook type check default true");
    expect(lines).toContainEqual("option name UCI_LimitStrength type check default false");
    expect(lines).toContainEqual(
      expect.stringMatching(/^option name UCI_Elo type spin default \d+ min 1200 max \d+$/),
    );
    expect(lines[lines.length - 1]).toBe("uciok");
  });

  test("OwnBook, on by default, answers from the book's lines with info string book; off the lines, or switched off, the search answers", async () => {
    const played = ["d2d4", "g8f6", "c2c4"];
    engine.send(`position startpos moves ${played.join(" ")}`);
    engine.send("go movetime 500");
    const book = await engine.waitFor(/^bestmove /, MOVE_WAIT_MS);
    expect(book).toContain("info string book");
    expect([...continuations(played)]).toContain(answer(book).best);
    engine.send("position startpos moves d2d4 g8f6 a2a3"); // no line goes so
    engine.send("go depth 2");
    const off = await engine.waitFor(/^bestmove /, MOVE_WAIT_MS);
    expect(off).not.toContain("info string book");
    expect(answer(off).infos.length).toBeGreaterThan(0);
    engine.send("setoption name OwnBook value maybe");
    engine.send("setoption name OwnBook value false");
    engine.send(`position startpos moves ${played.join(" ")}`);
    engine.send("go depth 2");
    const searched = await engine.waitFor(/^bestmove /, MOVE_WAIT_MS);
    expect(searched).toContainEqual("info string OwnBook is true or false, not 'maybe'");
    expect(searched).not.toContain("info string book");
    expect(answer(searched).infos.length).toBeGreaterThan(0);
    expect(legal(START, played)).toContain(answer(searched).best);
  });

  test("Hash sets the table's MiB: 17 is refused, 1 and 0 (today's 128 KiB) search as before, a legal move each", async () => {
    for (const [mib, fen] of [
      ["17", START],
      ["1", "r1bqkbnr/pppp1ppp/2n5/4p3/3PP3/5N2/PPP2PPP/RNBQKB1R b KQkq - 0 3"],
      ["0", "r1bqkbnr/pppp1ppp/2n5/4p3/3PP3/5N2/PPP2PPP/RNBQKB1R b KQkq - 0 3"],
    ] as const) {
      engine.send(`setoption name Hash value ${mib}`);
      engine.send("ucinewgame");
      engine.send(`position fen ${fen}`);
      engine.send("go depth 4");
      const lines = await engine.waitFor(/^bestmove /, MOVE_WAIT_MS);
      if (mib === "17")
        expect(lines).toContainEqual(
          "info string option Hash needs a whole number from 0 to 16, not '17'",
        );
      expect(legal(fen, [])).toContain(answer(lines).best);
    }
    engine.send("setoption name Hash value 16");
  });

  test("position startpos with moves, then go movetime: info lines with every field, then a legal bestmove", async () => {
    engine.send("ucinewgame");
    engine.send("position startpos moves e2e4 e7e5 g1f3");
    engine.send("go movetime 500");
    const lines = await engine.waitFor(/^bestmove /, MOVE_WAIT_MS);
    const { best, infos } = answer(lines);
    expect(legal(START, ["e2e4", "e7e5", "g1f3"])).toContain(best);
    expect(infos.length, lines.join("\n")).toBeGreaterThan(0);
    for (const i of infos)
      expect(i).toMatch(
        /^info depth \d+ score (cp -?\d+|mate -?\d+) nodes \d+ nps \d+ time \d+( pv( [a-h][1-8][a-h][1-8][nbrq]?)+)?$/,
      );
  });

  test("go depth 2 reports iterations up to depth 2 and a legal bestmove", async () => {
    engine.send(
      "position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    );
    engine.send("go depth 2");
    const { best, infos } = answer(await engine.waitFor(/^bestmove /, MOVE_WAIT_MS));
    expect(infos.map((i) => Number(i.split(" ")[2]))).toEqual([1, 2]);
    expect(
      legal("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", []),
    ).toContain(best);
  });

  test("the searches of a game keep the hash table: the same go again searches fewer nodes, after ucinewgame exactly the first's", async () => {
    const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    const nodesAtDepth4 = async () => {
      engine.send(`position fen ${kiwipete}`);
      engine.send("go depth 4");
      const words = answer(await engine.waitFor(/^bestmove /, MOVE_WAIT_MS))
        .infos.at(-1)!
        .split(" ");
      expect(words.slice(0, 3)).toEqual(["info", "depth", "4"]);
      return Number(words[words.indexOf("nodes") + 1]);
    };
    engine.send("ucinewgame");
    const first = await nodesAtDepth4();
    const again = await nodesAtDepth4();
    engine.send("ucinewgame");
    const fresh = await nodesAtDepth4();
    expect(again).toBeLessThan(first);
    expect(fresh).toBe(first);
  });

  test("go infinite thinks until stop; isready is answered while it thinks; stop gives the bestmove promptly", async () => {
    engine.send("position startpos moves d2d4");
    engine.send("go infinite");
    // Thinking: the first iterations are reported, and no bestmove comes by itself.
    await engine.waitFor(/^info depth 3 /, MOVE_WAIT_MS);
    await new Promise((r) => setTimeout(r, 1000));
    engine.send("isready");
    const before = await engine.waitFor(/^(readyok|bestmove .*)$/, 5000);
    expect(before[before.length - 1]).toBe("readyok");
    engine.send("stop");
    const { best } = answer(await engine.waitFor(/^bestmove /, 3000));
    expect(legal(START, ["d2d4"])).toContain(best);
  });

  test("go infinite holds the bestmove of a mate it found by itself until stop", async () => {
    engine.send(`position fen ${BACK_RANK}`);
    engine.send("go infinite");
    await engine.waitFor(/^info depth \d+ score mate 1 /, MOVE_WAIT_MS);
    await new Promise((r) => setTimeout(r, 1500));
    engine.send("isready");
    const before = await engine.waitFor(/^(readyok|bestmove .*)$/, 5000);
    expect(before[before.length - 1]).toBe("readyok");
    engine.send("stop");
    const { best } = answer(await engine.waitFor(/^bestmove /, 3000));
    expect(oracle.findMate(position(BACK_RANK, []), 1)!.moves.map(oracle.moveToUci)).toContain(
      best,
    );
  });

  test("go wtime/btime/winc/binc answers well within the clock", async () => {
    engine.send("position startpos moves e2e4 c7c5");
    const t0 = Date.now();
    engine.send("go wtime 20000 btime 20000 winc 100 binc 100");
    const { best } = answer(await engine.waitFor(/^bestmove /, MOVE_WAIT_MS));
    expect(Date.now() - t0).toBeLessThan(20000 / 2);
    expect(legal(START, ["e2e4", "c7c5"])).toContain(best);
  });

  test("a mate in one is played and reported as score mate 1", async () => {
    engine.send(`position fen ${BACK_RANK}`);
    engine.send("go");
    const { best, infos } = answer(await engine.waitFor(/^bestmove /, MOVE_WAIT_MS));
    const mate = oracle.findMate(position(BACK_RANK, []), 1)!;
    expect(mate.moves.map(oracle.moveToUci)).toContain(best);
    expect(infos[infos.length - 1]).toMatch(/ score mate 1 /);
  });

  test("go mate N finds the shortest forced mate the oracle knows", async () => {
    const mate = oracle.findMate(position(LEGAL, []), 3)!;
    engine.send(`position fen ${LEGAL}`);
    engine.send("go mate 3");
    const { best, infos } = answer(await engine.waitFor(/^bestmove /, MOVE_WAIT_MS));
    expect(mate.moves.map(oracle.moveToUci)).toContain(best);
    expect(infos[infos.length - 1]).toMatch(new RegExp(` score mate ${mate.length} `));
  });

  test("go mate 1 where none exists says there is no mate in 1 and plays a searched move", async () => {
    engine.send("position startpos moves e2e4 e7e5");
    engine.send("go mate 1 movetime 1000");
    const lines = await engine.waitFor(/^bestmove /, MOVE_WAIT_MS);
    expect(lines).toContain("info string no mate in 1: the move of a search");
    expect(legal(START, ["e2e4", "e7e5"])).toContain(answer(lines).best);
  });

  test("go mate 8 stopped before it ends says the mate search was stopped, not that there is no mate", async () => {
    engine.send("position startpos moves e2e4 e7e5");
    engine.send("go mate 8");
    await new Promise((r) => setTimeout(r, 1500));
    engine.send("stop");
    const lines = await engine.waitFor(/^bestmove /, MOVE_WAIT_MS);
    expect(lines).toContain(
      "info string the mate search for 8 moves was stopped before it ended: the move of a search",
    );
    expect(lines.filter((l) => l.startsWith("info string no mate"))).toEqual([]);
    expect(legal(START, ["e2e4", "e7e5"])).toContain(answer(lines).best);
  });

  test("go nodes gives a legal bestmove within the node count", async () => {
    engine.send("position startpos moves g1f3 d7d5");
    engine.send("go nodes 2000");
    const { best, infos } = answer(await engine.waitFor(/^bestmove /, MOVE_WAIT_MS));
    expect(legal(START, ["g1f3", "d7d5"])).toContain(best);
    for (const i of infos) expect(Number(/ nodes (\d+)/.exec(i)![1])).toBeLessThanOrEqual(2000);
  });

  test("the Liberman Mate Depth option sets the mate logic before the search: 3 finds the Immortal game's mate in 3 at depth 1, 0 does not", async () => {
    const immortal = PUBLISHED_MATES.find(
      (m) => m.source === "the Immortal game 1851, before 21.Nxg7+",
    )!;
    const mate = oracle.findMate(position(immortal.fen, []), 3)!;
    expect(mate.length).toBe(3);
    engine.send("setoption name Liberman Mate Depth value 3");
    engine.send(`position fen ${immortal.fen}`);
    engine.send("go depth 1");
    const deep = answer(await engine.waitFor(/^bestmove /, MOVE_WAIT_MS));
    expect(mate.moves.map(oracle.moveToUci)).toContain(deep.best);
    expect(deep.infos[deep.infos.length - 1]).toMatch(/ score mate 3 /);
    engine.send("setoption name Liberman Mate Depth value 0");
    engine.send("go depth 1");
    const shallow = answer(await engine.waitFor(/^bestmove /, MOVE_WAIT_MS));
    expect(shallow.infos[shallow.infos.length - 1]).toMatch(/ score cp -?\d+ /);
    engine.send("setoption name Liberman Mate Depth value 2");
  });

  test("the Contempt option makes a draw worth less than 0: a knight down, the engine takes the repetition at 0 and plays on at 500", async () => {
    const knightDown = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR w KQkq - 0 1";
    const played = ["g1f3", "g8f6", "f3g1", "f6g8"];
    // The moves that bring back a position this game has already had (the oracle's keys).
    const repeating = legal(knightDown, played).filter((m) => {
      const after = position(knightDown, [...played, m]);
      return after.history.includes(oracle.positionKey(after));
    });
    expect(repeating).toEqual(["g1f3"]);
    engine.send(`position fen ${knightDown} moves ${played.join(" ")}`);
    engine.send("go depth 3");
    const even = answer(await engine.waitFor(/^bestmove /, MOVE_WAIT_MS));
    expect(repeating).toContain(even.best);
    expect(even.infos[even.infos.length - 1]).toMatch(/ score cp 0 /);
    engine.send("setoption name Contempt value 500");
    engine.send("go depth 3");
    const on = answer(await engine.waitFor(/^bestmove /, MOVE_WAIT_MS));
    expect(legal(knightDown, played)).toContain(on.best);
    expect(repeating).not.toContain(on.best);
    engine.send("setoption name Contempt value 0");
  });

  test("Clear Hash empties the table: the same search again visits fewer positions, and after Clear Hash as many as the first time", async () => {
    const nodes = async () => {
      engine.send("go depth 4");
      const { infos } = answer(await engine.waitFor(/^bestmove /, MOVE_WAIT_MS));
      return Number(/ nodes (\d+)/.exec(infos[infos.length - 1]!)![1]);
    };
    engine.send("setoption name Clear Hash");
    // A FEN, not the start's moves: the book would answer those.
    engine.send("position fen r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
    const first = await nodes();
    const again = await nodes();
    engine.send("setoption name Clear Hash");
    const cleared = await nodes();
    expect(again).toBeLessThan(first);
    expect(cleared).toBe(first);
  });

  test("go searchmoves chooses among the moves named: a queen left to a knight is not taken when the knight's capture is not among them, and a move that is not legal is named", async () => {
    const queenHangs = "rnb1kbnr/pppp1ppp/8/4p3/4P2q/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    engine.send(`position fen ${queenHangs}`);
    engine.send("go depth 3");
    const free = answer(await engine.waitFor(/^bestmove /, MOVE_WAIT_MS));
    const board = position(queenHangs, []);
    const takesQueen = legal(queenHangs, []).filter(
      (m) => oracle.pieceAt(board, m.slice(2, 4) as oracle.SquareName)?.role === "q",
    );
    expect(takesQueen).toEqual(["f3h4"]);
    expect(takesQueen).toContain(free.best);
    engine.send("go depth 3 searchmoves a2a3 b2b3 e2e5");
    const lines = await engine.waitFor(/^bestmove /, MOVE_WAIT_MS);
    const named = answer(lines);
    expect(["a2a3", "b2b3"]).toContain(named.best);
    expect(lines).toContain("info string searchmoves: e2e5 is not legal here; ignored");
    for (const i of named.infos) expect(i).toMatch(/ pv (a2a3|b2b3)\b/);
  });

  test("the Budget option replaces the Level's budget: 30 ms a move (90,000 instructions) searches fewer than 180 nodes", async () => {
    engine.send("setoption name Budget value 30");
    engine.send("position startpos");
    engine.send("go");
    const { best, infos } = answer(await engine.waitFor(/^bestmove /, MOVE_WAIT_MS));
    expect(legal(START, [])).toContain(best);
    expect(infos.length).toBeGreaterThan(0);
    for (const i of infos) expect(Number(/ nodes (\d+)/.exec(i)![1])).toBeLessThan(180); // a node costs over 500
    engine.send("setoption name Budget value 0");
  });

  test("UCI_LimitStrength with UCI_Elo weakens the play under the clock: a lower Elo visits fewer positions a move than a higher one, and that one fewer than full strength; an Elo out of range gets an info string", async () => {
    const handshake = await engine.handshake({}, 30_000);
    const range = /^option name UCI_Elo type spin default \d+ min (\d+) max (\d+)$/.exec(
      handshake.find((l) => l.startsWith("option name UCI_Elo "))!,
    )!;
    const [min, max] = [Number(range[1]), Number(range[2])];
    const fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"; // off the book's lines: OwnBook off all the same
    engine.send("setoption name OwnBook value false");
    const nodesAt = async (elo: number | null): Promise<number> => {
      engine.send(`setoption name UCI_LimitStrength value ${elo !== null}`);
      if (elo !== null) engine.send(`setoption name UCI_Elo value ${elo}`);
      engine.send("ucinewgame");
      engine.send(`position fen ${fen}`);
      engine.send("go wtime 20000 btime 20000");
      const { best, infos } = answer(await engine.waitFor(/^bestmove /, MOVE_WAIT_MS));
      expect(legal(fen, [])).toContain(best);
      return Math.max(...infos.map((i) => Number(/ nodes (\d+)/.exec(i)![1])));
    };
    const [weakest, middle, full] = [
      await nodesAt(min),
      await nodesAt(Math.round((min + max) / 2)),
      await nodesAt(null),
    ];
    expect(weakest).toBeLessThan(middle);
    expect(middle).toBeLessThan(full);
    engine.send(`setoption name UCI_Elo value ${min - 1}`);
    expect((await engine.waitFor(/^info string option UCI_Elo /, 5000)).at(-1)).toContain(
      `from ${min} to ${max}`,
    );
    engine.send("setoption name UCI_LimitStrength value maybe");
    expect((await engine.waitFor(/^info string UCI_LimitStrength /, 5000)).at(-1)).toContain(
      "true or false",
    );
    engine.send("setoption name UCI_LimitStrength value false");
    engine.send("setoption name OwnBook value true");
  });

  test("UCI_Variant losalamos: startpos is Los Alamos chess on 6x6, and the bestmove is legal there", async () => {
    engine.send("setoption name UCI_Variant value losalamos");
    engine.send("position startpos moves c2c3");
    engine.send("go depth 2");
    const { best } = answer(await engine.waitFor(/^bestmove /, MOVE_WAIT_MS));
    expect(legal(LOS_ALAMOS_START, ["c2c3"])).toContain(best);
    engine.send("setoption name UCI_Variant value chess");
  });

  // A position the engine cannot play once got a move of the position before it: a white
  // move where the GUI thought black was to move.
  test.each([
    ["an illegal move", "startpos moves e2e4 e7e5 e7e5", /^info string illegal move e7e5 .*move 3/],
    ["a bad FEN", "fen 8/8/8/8/8/8/8/8 b - - 0 1", /^info string bad FEN .*kings/],
    [
      "neither startpos nor fen",
      "startpos e2e4",
      /^info string position needs 'startpos' or 'fen FEN'/,
    ],
  ])(
    "a position with %s gets an info string naming it, then bestmove 0000, and the next good position is played",
    async (_, position, fault) => {
      engine.send(`position ${position}`);
      engine.send("go movetime 300");
      const lines = await engine.waitFor(/^bestmove /, MOVE_WAIT_MS);
      expect(lines).toContainEqual(expect.stringMatching(fault));
      expect(lines.at(-1)).toBe("bestmove 0000");
      engine.send("position startpos moves e2e4 e7e5");
      engine.send("go depth 2");
      expect(legal(START, ["e2e4", "e7e5"])).toContain(
        answer(await engine.waitFor(/^bestmove /, MOVE_WAIT_MS)).best,
      );
    },
  );

  test("an unknown command and a bad FEN get an info string each, and isready still answers", async () => {
    engine.send("frobnicate now");
    engine.send("position fen 8/8/8/8/8/8/8/8 w - - 0 1");
    engine.send("isready");
    const lines = await engine.waitFor(/^readyok$/, 5000);
    expect(lines).toContainEqual("info string unknown command: frobnicate now");
    expect(lines).toContainEqual(expect.stringMatching(/^info string bad FEN .*kings/));
  });

  test("a setoption without 'name NAME' first is named as such, not as an unknown option", async () => {
    for (const line of [
      "setoption",
      "setoption name",
      "setoption value 3 name Hash",
      "setoption Hash 3",
    ])
      engine.send(line);
    engine.send("isready");
    const lines = await engine.waitFor(/^readyok$/, 5000);
    expect(lines.filter((l) => l.startsWith("info string"))).toEqual([
      "info string setoption needs 'name NAME [value VALUE]', not ''",
      "info string setoption needs 'name NAME [value VALUE]', not 'name'",
      "info string setoption needs 'name NAME [value VALUE]', not 'value 3 name Hash'",
      "info string setoption needs 'name NAME [value VALUE]', not 'Hash 3'",
    ]);
  });

  test("a line with bytes outside printable ASCII, or of 100,000 characters, is quoted back escaped and cut, never raw", async () => {
    engine.send("frob\u0000\u001b[2J\u2654");
    engine.send("y".repeat(100_000));
    engine.send("isready");
    const lines = await engine.waitFor(/^readyok$/, 5000);
    expect(lines).toContainEqual("info string unknown command: frob\\u{0}\\u{1b}[2J\\u{2654}");
    const long = lines.find((l) => l.startsWith("info string unknown command: yyy"))!;
    expect(long).toMatch(/^info string unknown command: y+ \.\.\. \(100029 characters\)$/);
    expect(long.length).toBeLessThanOrEqual(1000);
    expect(lines.every((l) => /^[\x20-\x7e]*$/.test(l))).toBe(true);
  });

  // The GUI's numbers past what CHESS.COM takes (depth 48, mate 8, movestogo 1..1000,
  // nodes from 1, move numbers to 65535) once made it refuse the job, and the bridge
  // played the first legal move unsearched (e1g1 on Kiwipete).
  test.each([
    ["go depth 50", /^info string go depth 50: .* depth 48$/],
    ["go mate 9 movetime 1000", /^info string go mate 9: .* mate 8$/],
    ["go nodes 0 movetime 500", /^info string go nodes 0: no node limit$/],
    [
      "go movestogo 0 wtime 10000 btime 10000",
      /^info string go movestogo 0: taken as sudden death$/,
    ],
    [
      "go movestogo 5000 wtime 10000 btime 10000",
      /^info string go movestogo 5000: .* movestogo 1000$/,
    ],
    ["go wtime 4294967296 btime 4294967296 movetime 500", null],
  ])("%s on Kiwipete is clamped into the engine's range and searched", async (go, note) => {
    const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    engine.send(`position fen ${kiwipete}`);
    engine.send(go);
    // depth 48 takes long: stop it once it has searched a little.
    const early = go === "go depth 50" ? await engine.waitFor(/^info depth 3 /, MOVE_WAIT_MS) : [];
    if (early.length) engine.send("stop");
    const lines = [...early, ...(await engine.waitFor(/^bestmove /, MOVE_WAIT_MS))];
    if (note) expect(lines).toContainEqual(expect.stringMatching(note));
    expect(lines.filter((l) => /search failed|refused/.test(l))).toEqual([]);
    expect(answer(lines).infos.length, lines.join("\n")).toBeGreaterThan(0);
    expect(legal(kiwipete, [])).toContain(answer(lines).best);
  });

  test("a game past move 65535 is searched all the same", async () => {
    const fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 65535";
    engine.send(`position fen ${fen} moves e7e5 g1f3`);
    engine.send("go depth 3");
    const lines = await engine.waitFor(/^bestmove /, MOVE_WAIT_MS);
    expect(lines.filter((l) => l.startsWith("info string"))).toEqual([]);
    expect(answer(lines).infos.map((i) => Number(i.split(" ")[2]))).toEqual([1, 2, 3]);
    expect(legal(fen, ["e7e5", "g1f3"])).toContain(answer(lines).best);
  });

  test("ponderhit turns go ponder into a normal search that answers on the clock", async () => {
    engine.send("position startpos moves e2e4 e7e5");
    engine.send("go ponder wtime 5000 btime 5000");
    await engine.waitFor(/^info depth 2 /, MOVE_WAIT_MS);
    engine.send("ponderhit");
    const { best } = answer(await engine.waitFor(/^bestmove /, 5000));
    expect(legal(START, ["e2e4", "e7e5"])).toContain(best);
  });

  test("a position with no legal move gets bestmove 0000", async () => {
    engine.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    engine.send("go movetime 200");
    const lines = await engine.waitFor(/^bestmove /, MOVE_WAIT_MS);
    expect(lines[lines.length - 1]).toBe("bestmove 0000");
  });
});
