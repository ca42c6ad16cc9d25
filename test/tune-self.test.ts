// The tuner's positions from CHESS.COM's games against itself (`npm run tune -- positions
// --engine self`, ts-harness/lab/tune/selfgames.ts): a few games at 200 nodes a move in
// native DOSBox, then more games on the same file. The games are played again here by the
// `selfplay` job itself, and everything is judged by the oracle: the moves replay from the
// rig's openings, each position written is one the game reached, quiet (not in check, the
// move after it no capture and no promotion), labelled by the game's end by the rules, an
// adjudication that the ply scores bear out, or a draw at the longest game; a second run
// appends only the new games.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { runBatch } from "../ts-harness/core/asm-engine.ts";
import { ROOT } from "../ts-harness/core/build.ts";
import { dosboxInstalled } from "../ts-harness/core/dosbox-native.ts";
import { readOpenings } from "../ts-harness/formats/openings.ts";
import { RIG_HELD_OUT, RIG_OPENINGS } from "../ts-harness/lab/match/rig-openings.ts";
import {
  ADJUDICATE_CP,
  ADJUDICATE_PLIES,
  FIRST_PLY,
  generatePositions,
  MAX_PLIES,
  type Played,
} from "../ts-harness/lab/tune/positions.ts";
import { selfGame, selfGames } from "../ts-harness/lab/tune/selfgames.ts";
import * as oracle from "../ts-harness/oracle/index.ts";

const NODES = 200;
const FIRST_RUN = 3;
const SECOND_RUN = 5;
const SEED = 4;
const dosboxReady = dosboxInstalled();

const out = join(mkdtempSync(join(tmpdir(), "tune-self-")), "positions.epd");
const games = new Map<number, Played>();
const secondRunGames: number[] = [];
let firstText = "";
let secondText = "";
/** Each game's moves and scores (the mover's view) as the selfplay job gives them here. */
const replayed: { moves: string[]; scores: { kind: string; n: number }[] }[] = [];

const fields = (fen: string) => fen.split(" ").slice(0, 4).join(" ");
const start = () => oracle.fenPosition(oracle.START_FEN);
const pieces = (pos: oracle.Position) => oracle.toFen(pos).split(" ")[0]!.replace(/[\d/]/g, "");

/** The EPD lines of a file by game number: each line's position and result. */
function linesByGame(text: string): Map<number, { fen: string; c9: string }[]> {
  const byGame = new Map<number, { fen: string; c9: string }[]>();
  for (const line of text.split("\n").filter(Boolean)) {
    const m = /^(\S+ \S+ \S+ \S+) hmvc (\d+); fmvn (\d+); c9 "([^"]+)"; id "g(\d+)";$/.exec(line);
    expect(m, line).not.toBeNull();
    const g = Number(m![5]);
    byGame.set(g, [...(byGame.get(g) ?? []), { fen: `${m![1]} ${m![2]} ${m![3]}`, c9: m![4]! }]);
  }
  return byGame;
}

describe.skipIf(!dosboxReady)("positions from the engine's own games", () => {
  beforeAll(async () => {
    const run = async (count: number, seen: number[]) =>
      generatePositions({
        out,
        games: count,
        seed: SEED,
        source: selfGames([NODES, NODES]),
        onGame: (g, _n, played) => {
          games.set(g, played);
          seen.push(g);
        },
      });
    await run(FIRST_RUN, []);
    firstText = readFileSync(out, "utf8");
    await run(SECOND_RUN, secondRunGames);
    secondText = readFileSync(out, "utf8");
    const jobs = [...games.values()].flatMap((p) => [
      `position startpos moves ${p.start.join(" ")}`,
      `selfplay ${MAX_PLIES - p.start.length} nodes ${NODES}`,
    ]);
    const answers = await runBatch(jobs, { native: true, timeoutMs: 300_000 });
    for (let i = 1; i < answers.length; i += 2) {
      const plies = answers[i]!.lines.filter((w) => w[0] === "ply");
      replayed.push({
        moves: plies.map((w) => w[2]!),
        scores: plies.map((w) => ({ kind: w[4]!, n: Number(w[5]) })),
      });
    }
  }, 240_000);

  test("each game opens with one of the rig's openings, and its moves are the selfplay job's, legal", () => {
    const rig = new Set(readOpenings(join(ROOT, RIG_OPENINGS)).map((o) => o.moves.join(" ")));
    const heldOut = new Set(readOpenings(join(ROOT, RIG_HELD_OUT)).map((o) => o.moves.join(" ")));
    expect([...games.keys()].sort()).toEqual([0, 1, 2, 3, 4]);
    [...games.values()].forEach((p, i) => {
      expect(rig.has(p.start.join(" "))).toBe(true);
      expect(heldOut.has(p.start.join(" "))).toBe(false);
      const pos = oracle.playUci(start(), p.start);
      expect(p.plies.map((q) => q.uci)).toEqual(replayed[i]!.moves.slice(0, p.plies.length));
      p.plies.forEach((q, k) => {
        expect(q.fen).toBe(oracle.toFen(pos));
        expect(q.ply).toBe(p.start.length + k);
        const m = oracle.parseUci(pos, q.uci);
        expect(m.ok).toBe(true);
        if (m.ok) oracle.makeMove(pos, m.move);
      });
    });
  });

  test("each position written is one its game reached from ply 16 on, quiet, the move after it no capture or promotion", () => {
    for (const [g, lines] of linesByGame(secondText)) {
      const p = games.get(g)!;
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) {
        const k = p.plies.findIndex((q) => fields(q.fen) === fields(line.fen));
        expect(k, line.fen).toBeGreaterThanOrEqual(0);
        expect(p.plies[k]!.ply).toBeGreaterThanOrEqual(FIRST_PLY);
        const pos = oracle.fenPosition(p.plies[k]!.fen);
        expect(oracle.inCheck(pos)).toBe(false);
        const before = pieces(pos);
        const m = oracle.parseUci(pos, p.plies[k]!.uci);
        if (!m.ok) throw new Error(m.error.message);
        expect(m.move.promotion).toBeUndefined();
        oracle.makeMove(pos, m.move);
        expect(pieces(pos).length).toBe(before.length);
      }
    }
  });

  test("each game's label is its end by the rules, an adjudication the scores bear out, or a draw at the longest game", () => {
    const byGame = linesByGame(secondText);
    [...games.entries()].forEach(([g, p], i) => {
      const whole = oracle.playUci(start(), [...p.start, ...p.plies.map((q) => q.uci)]);
      // The scores from white's view, as the selfplay job gave them here.
      const white = replayed[i]!.scores.map((s, k) => {
        const cp = s.kind === "cp" ? s.n : Math.sign(s.n) * 100_000;
        return (p.start.length + k) % 2 === 0 ? cp : -cp;
      });
      let run = 0;
      let decided = -1;
      for (let k = 0; k < white.length && decided < 0; k++) {
        const side = Math.abs(white[k]!) >= ADJUDICATE_CP ? Math.sign(white[k]!) : 0;
        const prev =
          k > 0 && Math.abs(white[k - 1]!) >= ADJUDICATE_CP ? Math.sign(white[k - 1]!) : 0;
        run = side === 0 ? 0 : side === prev ? run + 1 : 1;
        if (run >= ADJUDICATE_PLIES) decided = k;
      }
      expect(p.plies.map((q) => q.score)).toEqual(white.slice(0, p.plies.length));
      const status = oracle.status(whole);
      let expected: string;
      if (decided >= 0 && decided + 1 === p.plies.length && status !== "checkmate")
        expected = white[decided]! > 0 ? "1-0" : "0-1";
      else if (status === "checkmate") expected = oracle.sideToMove(whole) === "w" ? "0-1" : "1-0";
      else if (status !== "playing") expected = "1/2-1/2";
      else {
        expect(decided).toBe(-1);
        expect(p.start.length + p.plies.length).toBe(MAX_PLIES);
        expected = "1/2-1/2";
      }
      if (decided >= 0) expect(decided + 1).toBe(p.plies.length);
      expect(p.result).toBe(expected);
      for (const line of byGame.get(g) ?? []) expect(line.c9).toBe(expected);
    });
  });

  test("a second run on the file plays only the new games and appends their positions", () => {
    expect(secondRunGames).toEqual([3, 4]);
    expect(secondText.startsWith(firstText)).toBe(true);
    const added = secondText.slice(firstText.length).split("\n").filter(Boolean);
    expect(added.length).toBeGreaterThan(0);
    for (const line of added) expect(line).toMatch(/id "g[34]";$/);
    const keys = secondText
      .split("\n")
      .filter(Boolean)
      .map((l) => l.split(" ").slice(0, 4).join(" "));
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe("a selfplay job's lines checked by the oracle", () => {
  const ply = (k: number, uci: string, cp = 0) => [
    "ply",
    String(k),
    uci,
    "score",
    "cp",
    String(cp),
  ];
  test("an illegal move is an error naming the game and the ply", () => {
    expect(() =>
      selfGame("g7", [], [ply(1, "e2e4"), ply(2, "e7e4"), ["selfplay", "2", "plies"]]),
    ).toThrow(/g7: ply 2 e7e4: not legal/);
  });
  test("a game that goes on past mate, or says it ended where the oracle sees none, is an error", () => {
    const mate = ["f2f3", "e7e5", "g2g4", "d8h4"].map((m, i) => ply(i + 1, m));
    expect(() =>
      selfGame("g8", [], [...mate, ply(5, "e1f2"), ["selfplay", "5", "checkmate"]]),
    ).toThrow(/g8: ply 5 e1f2: played after the game's end \(checkmate\)/);
    expect(() => selfGame("g9", [], [...mate.slice(0, 3), ["selfplay", "3", "checkmate"]])).toThrow(
      /g9: /,
    );
    expect(selfGame("g10", [], [...mate, ["selfplay", "4", "checkmate"]]).result).toBe("0-1");
  });
});
