// The assembly's direct mates beyond five moves against the oracle: published mates in 6
// on boards with few men, and mates in 7 on the same boards with one man moved (found by
// ts-harness/lab/mates/long-mate-hunt.ts: stockfish sees the mate, the oracle proves it), where
// the oracle's proof that nothing shorter exists takes a few seconds; the same asked for
// as mates in 8,
// the longest `mate` takes; and the limits that bound `mate 8` (asm/batch/PROTOCOL.md:
// nodes, budget, movetime; 9 is out of range). All jobs run in one emulator boot.
import { beforeAll, describe, expect, test } from "vitest";
import { runBatch } from "../ts-harness/core/asm-engine.ts";
import { chessProgram } from "../ts-harness/core/build.ts";
import { findMate, isMateIn, moveToUci, parseFen, parseUci } from "../ts-harness/oracle/index.ts";
import { KIWIPETE } from "../ts-harness/fixtures/perft.ts";

interface LongMate {
  source: string;
  fen: string;
  /** The published length in moves, and its key in UCI. */
  length: number;
  key: string;
}

const LONG_MATES: readonly LongMate[] = [
  // Dziewonski 1855 (Susan Polgar's blog, "Checkmate in 6", 30 July 2014): 1.Nc6 a5
  // 2.Na7 c6 3.Nb5 cxb5+ 4.Kxc5 b4 5.Kc4 b3 6.axb3#.
  {
    source: "Dziewonski 1855, mate in 6",
    fen: "8/2p5/p7/2p5/kNK5/p7/P7/8 w - - 0 1",
    length: 6,
    key: "b4c6",
  },
  // Chess Daily News, "King and pawn endgame 2": 1.c7+ Kc8 2.Kc6 a4 3.b4 a3 4.b5 a2
  // 5.b6 a1=Q 6.b7#; 1...Ke8 2.Ke6 Kf8 3.Kf6 Kg8 4.c8=Q+ Kh7 5.Qf8 a4 6.Qg7#.
  {
    source: "Chess Daily News' king and pawn ending, mate in 6",
    fen: "3k4/8/2PK4/p7/8/1P6/8/8 w - - 0 1",
    length: 6,
    key: "c6c7",
  },
  // The same ending with the black king on b8 or a7: stockfish 15.1 at depth 22 sees a
  // mate in 7 (its key below); the oracle proves that nothing shorter exists.
  {
    source: "the same ending with the king on b8, mate in 7",
    fen: "1k6/8/2PK4/p7/8/1P6/8/8 w - - 0 1",
    length: 7,
    key: "d6d7",
  },
  {
    source: "the same ending with the king on a7, mate in 7",
    fen: "8/k7/2PK4/p7/8/1P6/8/8 w - - 0 1",
    length: 7,
    key: "c6c7",
  },
];

/** The words of a result line after its job number. */
type Line = string[];
const field = (line: Line, name: string) => line[line.indexOf(name) + 1]!;
const BIOS_TICK_MS = 1000 / 18.2065;

const LIMIT_NODES = 5000;
const LIMIT_BUDGET_MS = 200;
const LIMIT_MOVETIME_MS = 300;

const mateJobs = LONG_MATES.flatMap((m) => [`mate ${m.length} ${m.fen}`, `mate 8 ${m.fen}`]);
const limitJobs = [
  `mate 8 nodes ${LIMIT_NODES} ${KIWIPETE}`,
  `mate 8 budget ${LIMIT_BUDGET_MS} ${KIWIPETE}`,
  `mate 8 movetime ${LIMIT_MOVETIME_MS} ${KIWIPETE}`,
  `mate 9 ${LONG_MATES[0]!.fen}`,
];
let lines: Line[] = [];
beforeAll(async () => {
  lines = (await runBatch([...mateJobs, ...limitJobs], { timeoutMs: 300_000 })).map(
    (g) => g.lines[0]!,
  );
}, 360_000);

describe("mate – mates in 6 and 7 against the oracle", () => {
  test.each(LONG_MATES.map((m, i) => ({ ...m, i })))(
    "$source: the oracle proves the length and the key",
    ({ fen, length, key }) => {
      const parsed = parseFen(fen);
      if (!parsed.ok) throw new Error(fen);
      const found = findMate(parsed.pos, length);
      expect(found?.length).toBe(length);
      expect(found!.moves.map(moveToUci)).toContain(key);
    },
    60_000,
  );

  test.each(
    LONG_MATES.flatMap((m, i) => [m.length, 8].map((asked, j) => ({ ...m, asked, j: 2 * i + j }))),
  )(
    "$source, asked for a mate in $asked: the shortest, by a move that mates in that many",
    ({ fen, length, j }) => {
      const line = lines[j]!;
      expect(line.slice(0, 2), mateJobs[j]).toEqual(["mate", String(length)]);
      const parsed = parseFen(fen);
      if (!parsed.ok) throw new Error(fen);
      const move = parseUci(parsed.pos, line[2]!);
      if (!move.ok) throw new Error(`${line[2]} is not legal in ${fen}`);
      expect(isMateIn(parsed.pos, move.move, length)).toBe(true);
    },
    60_000,
  );
});

describe("mate 8 – the job's limits", () => {
  const limitLine = (i: number) => lines[mateJobs.length + i]!;

  test("a node limit stops it with `stopped mate 8 ... limit nodes` once the nodes are spent", () => {
    const line = limitLine(0);
    expect(line.slice(0, 3)).toEqual(["stopped", "mate", "8"]);
    expect(field(line, "limit")).toBe("nodes");
    expect(Number(field(line, "nodes"))).toBeGreaterThanOrEqual(LIMIT_NODES);
  });

  test("a budget stops it within its instructions", async () => {
    const line = limitLine(1);
    expect(line.slice(0, 3)).toEqual(["stopped", "mate", "8"]);
    expect(field(line, "limit")).toBe("budget");
    const perMs = (await chessProgram()).map.constant("CYCLES_PER_MS");
    expect(Number(field(line, "tsc"))).toBeLessThanOrEqual(LIMIT_BUDGET_MS * perMs * 1.1 + 100_000);
  });

  test("a movetime stops it within that time of the PIT's ticks", () => {
    const line = limitLine(2);
    expect(line.slice(0, 3)).toEqual(["stopped", "mate", "8"]);
    expect(field(line, "limit")).toBe("time");
    expect(Number(field(line, "ticks")) * BIOS_TICK_MS).toBeLessThanOrEqual(
      LIMIT_MOVETIME_MS + 2 * BIOS_TICK_MS,
    );
  });

  test("a mate in 9 is past the job's range: the arg error", () => {
    expect(limitLine(3).slice(0, 2)).toEqual(["error", "arg"]);
  });
});
