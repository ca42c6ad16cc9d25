// The set-up board (P): pieces placed and removed with the keys and the mouse on both
// boards, the position checked by the FEN rules on leaving -- refused with the reason
// on the panel and nothing lost, then fixed and played -- and a mate asked for: a direct
// mate, a helpmate or a selfmate (M, then H, S or #, then N), each answer held against
// the oracle on published problems, and keys that make no sense refused on the panel.
import { afterEach, describe, expect, test } from "vitest";
import { chessProgram } from "../ts-harness/core/build.ts";
import { GameDriver } from "../ts-harness/core/game-driver.ts";
import { PUBLISHED_PROBLEMS } from "../ts-harness/fixtures/problems.ts";
import { PUBLISHED_HELPMATES, PUBLISHED_SELFMATES } from "../ts-harness/fixtures/stipulations.ts";
import {
  findHelpmate,
  findMate,
  findSelfmate,
  moveToUci,
  toFen,
} from "../ts-harness/oracle/index.ts";
import { solutionLines } from "../ts-harness/oracle/solution.ts";
import { play, position, readAs, TEST_MS } from "./game-oracle.ts";

let game: GameDriver | null = null;
afterEach(async () => {
  await game?.close();
  game = null;
});

/** Put a piece on a square as the set-up's words say: pick it by its letter (Shift for
 *  white), then the cursor there and Space. */
async function place(g: GameDriver, square: string, letter: string): Promise<void> {
  if (letter === letter.toUpperCase()) await g.session.chord("leftShift", letter.charCodeAt(0));
  else await g.letter(letter);
  await g.cursorTo(square);
  await g.press("space");
}

describe("the set-up board", () => {
  test(
    "a pawn on the last rank is refused with the reason, the set-up kept; moved off it, the position is played",
    async () => {
      game = await GameDriver.start();
      await game.letter("p");
      await game.waitLog("the set-up", (l) => l.message === "Set-up: Enter plays");
      await game.letter("c");
      await game.waitView("an empty board", (v) => v.boardFen === "8/8/8/8/8/8/8/8");
      await place(game, "e1", "K");
      await place(game, "e8", "k");
      await place(game, "a8", "P");
      await game.waitView("the pieces placed", (v) => v.boardFen === "P3k3/8/8/8/8/8/8/4K3");
      await game.press("enter");
      const refused = await game.waitLog("the refusal", (l) => l.message.startsWith("Refused"));
      expect(refused.message).toBe("Refused: pawn on an end rank");
      await game.waitView("the set-up still there", (v) => v.boardFen === "P3k3/8/8/8/8/8/8/4K3");
      await game.cursorTo("a8");
      await game.letter("x");
      await place(game, "a7", "P");
      await game.click("h1"); // a click puts the piece picked: another white pawn... on rank 1
      await game.click("h1"); // and a second click takes it off again
      await game.waitView("the fixed set-up", (v) => v.boardFen === "4k3/P7/8/8/8/8/8/4K3");
      await game.press("enter");
      const played = await game.waitLog(
        "the position in play",
        (l) => l.fen === "4k3/P7/8/8/8/8/8/4K3 w - - 0 1",
      );
      expect(played.moves).toEqual([]);
      await game.type("a7a8q\n");
      const moved = await game.waitLog("a move from the set-up", (l) => l.moves.length >= 1);
      expect(moved.moves[0]).toBe("a7a8q");
    },
    TEST_MS,
  );

  test(
    "a 6x6 set-up with a bishop asks for a mate in 1 and is played",
    async () => {
      game = await GameDriver.start();
      await game.letter("p");
      await game.letter("v");
      await game.waitView("the 6x6 start in the set-up", (v) => v.size === 6);
      await game.letter("c");
      await place(game, "d4", "K");
      await place(game, "d6", "k");
      await place(game, "a1", "R");
      await place(game, "c3", "B");
      await game.waitView(
        "the 6x6 set-up",
        (v) => v.size === 6 && v.boardFen === "3k2/6/3K2/2B3/6/R5",
      );
      await game.letter("m");
      await game.letter("1");
      const asked = await game.waitLog("the mate found", (l) => /^Mate in \d/.test(l.message));
      expect(asked.message).toBe("Mate in 1: Ra6"); // the oracle's only mate in 1 here (a1a6)
      expect(asked.fen).toBe("3k2/6/3K2/2B3/6/R5 w - - 0 1");
    },
    TEST_MS,
  );
});

/** The panel's message as one line of words (its two lines are padded with blanks). */
const words = (message: string) => message.replace(/\s+/g, " ").trim();

/** A published problem by the start of its source. */
function problem<T extends { source: string }>(list: readonly T[], source: string): T {
  const found = list.find((p) => p.source.startsWith(source));
  if (!found) throw new Error(`no published problem ${source}`);
  return found;
}

/** A line of UCI moves in SAN, played from the FEN on the oracle (with + and #). */
function sanLine(fen: string, line: string): string {
  const pos = position(fen);
  return line
    .split(" ")
    .map((uci) => play(pos, uci))
    .join(" ");
}

/** Start the game on the FEN and ask the set-up board for a solution: P, M, then the keys. */
async function ask(fen: string, ...keys: string[]): Promise<GameDriver> {
  const g = await GameDriver.start(`/fen ${fen}`);
  await g.letter("p");
  await g.waitLog("the set-up", (l) => l.message === "Set-up: Enter plays");
  await g.letter("m");
  for (const key of keys) await g.press(key.charCodeAt(0));
  return g;
}

describe("the set-up board asks for a helpmate or a selfmate", () => {
  test.each([
    ["yacpdb tests 'fox' a)"], // one solution
    ["yacpdb tests 'z2x1'"], // two
  ])(
    "M H 2 on %s gives the oracle's number of solutions and one of its published lines in SAN",
    async (source) => {
      const h = problem(PUBLISHED_HELPMATES, source);
      const oracle = findHelpmate(position(h.fen), 2)!;
      expect([oracle.length, oracle.solutions]).toEqual([h.length, h.solutions.length]);
      game = await ask(h.fen, "H", "2");
      const answer = await game.waitLog("the helpmate found", (l) =>
        /^(h#\d|No|Stopped)/.test(l.message),
      );
      const solutions = h.solutions.length === 1 ? "1 solution" : `${h.solutions.length} solutions`;
      expect(h.solutions.map((line) => `h#2 ${solutions} ${sanLine(h.fen, line)}`)).toContain(
        words(answer.message),
      );
      expect(answer.fen).toBe(h.fen); // the position set up is the game's, its moves taken back
      expect(answer.moves).toEqual([]);
    },
    TEST_MS,
  );

  test(
    "M H 1 on a helpmate in 2 says none is found, as the oracle",
    async () => {
      const h = problem(PUBLISHED_HELPMATES, "yacpdb tests 'fox' a)");
      expect(findHelpmate(position(h.fen), 1)).toBeNull();
      game = await ask(h.fen, "H", "1");
      const answer = await game.waitLog("the helpmate's answer", (l) =>
        /^(h#\d|No|Stopped)/.test(l.message),
      );
      expect(words(answer.message)).toBe("No helpmate found");
    },
    TEST_MS,
  );

  test(
    "M S 2 on Popeye's s#2 gives its key in SAN, one of the oracle's keys",
    async () => {
      const s = problem(PUBLISHED_SELFMATES, "Popeye battle_play 's#2'");
      const oracle = findSelfmate(position(s.fen), 2)!;
      expect(oracle.length).toBe(s.length);
      expect(oracle.keys.map(moveToUci)).toContain(s.key);
      game = await ask(s.fen, "S", "2");
      const answer = await game.waitLog("the selfmate found", (l) =>
        /^(Selfmate in \d|No|Stopped)/.test(l.message),
      );
      const keys = oracle.keys.map(
        (k) => `Selfmate in 2: ${sanLine(s.fen, moveToUci(k)).replace(/[+#]$/, "")}`,
      );
      expect(keys).toContain(words(answer.message));
    },
    TEST_MS,
  );

  test(
    "keys that make no sense after M, H or S are refused with the keys taken; Esc gives the ask up; M # then N asks for a direct mate",
    async () => {
      const { map } = await chessProgram();
      const [mateMost, stipMost] = [map.constant("MATE_MAX_MOVES"), map.constant("STIP_MAX_MOVES")];
      const s = problem(PUBLISHED_SELFMATES, "Popeye battle_play 's#1':");
      game = await ask(s.fen, "X");
      const refused = await game.waitLog("a key refused after M", (l) =>
        l.message.startsWith("Not"),
      );
      expect(words(refused.message)).toBe(`Not a key here: 1-${mateMost} H S # or Esc`);
      await game.press("H".charCodeAt(0));
      await game.waitLog(
        "the helpmate asked for",
        (l) => l.message === `Helpmate in? 1-${stipMost}`,
      );
      await game.press(String(stipMost + 1).charCodeAt(0));
      const tooLong = await game.waitLog("a helpmate too long refused", (l) =>
        l.message.startsWith("Not"),
      );
      expect(words(tooLong.message)).toBe(`Not a key here: 1-${stipMost} or Esc`);
      await game.press("esc");
      await game.waitLog("the ask given up", (l) => l.message === "Set-up: Enter plays");
      await game.waitView("the set-up kept", (v) => v.boardFen === s.fen.split(" ")[0]);
      await game.letter("m");
      await game.session.chord("leftShift", "3".charCodeAt(0)); // #
      await game.waitLog("a direct mate asked for", (l) => l.message === `Mate in? 1-${mateMost}`);
      await game.press("1".charCodeAt(0));
      const answer = await game.waitLog("the direct mate's answer", (l) =>
        /^(Mate in |No|Stopped)/.test(l.message),
      );
      expect(findMate(position(s.fen), 1)).toBeNull();
      expect(words(answer.message)).toBe("No mate found");
    },
    TEST_MS,
  );
});

/** The oracle's keys of a mate in n, each in SAN as the panel writes a key (no check
 *  sign) with its threat's moves in SAN after a pass (with + and #), from the oracle's
 *  solution: the threat lines that follow the key at the attacker's second move. */
function oracleKeysAndThreats(fen: string, n: number): Map<string, string[]> {
  const keys = new Map<string, string[]>();
  let threats: string[] = [];
  let afterKey = "";
  for (const line of solutionLines(position(fen), n)) {
    if (line.role === "key") {
      if (line.length !== n) continue;
      const pos = position(fen);
      const key = play(pos, line.move).replace(/[+#]$/, "");
      const fields = toFen(pos).split(" ");
      fields[1] = fields[1] === "w" ? "b" : "w"; // the defender passes
      fields[3] = "-";
      afterKey = fields.join(" ");
      threats = [];
      keys.set(key, threats);
    } else if (line.role === "threat" && line.ply === 3 && afterKey) {
      threats.push(play(position(afterKey), line.move));
    }
  }
  return keys;
}

describe("the set-up board's direct mate names the key's threat", () => {
  test(
    "M 2 on Kish's two-mover answers with the key and, on the next line, the threat in SAN, as the oracle's solution has them",
    async () => {
      const kish = problem(PUBLISHED_PROBLEMS, "Alexander Kish");
      const oracle = oracleKeysAndThreats(kish.fen, 2);
      expect(oracle.size).toBeGreaterThan(0);
      game = await ask(kish.fen, "2");
      const answer = await game.waitLog("the direct mate's answer", (l) =>
        /^(Mate in |No|Stopped)/.test(l.message),
      );
      const expected = [...oracle].flatMap(([key, threats]) =>
        threats.map((t) => `Mate in 2: ${key} threat: ${t}`),
      );
      expect(expected).toContain(words(answer.message));
      const [keyLine, threatLine] = words(answer.message).split(/ (?=threat:)/);
      const line = game.panel("PANEL_MESSAGE");
      expect(readAs(await game.panelLine(line), keyLine!)).toBe(keyLine); // the screen's panel
      expect(readAs(await game.panelLine(line + 1), threatLine!)).toBe(threatLine);
      const { map } = await chessProgram();
      expect(answer.message.indexOf("threat:") % map.constant("PANEL_COLS")).toBe(0); // a line of its own
      expect(answer.fen).toBe(kish.fen); // the position set up is the game's again
      expect(answer.moves).toEqual([]);
    },
    TEST_MS,
  );

  test(
    "M 2 on a zugzwang two-mover answers with the key alone: the oracle's solution has no threat",
    async () => {
      const p = problem(PUBLISHED_PROBLEMS, "Popeye's regression test '#2 with variation'");
      const oracle = oracleKeysAndThreats(p.fen, 2);
      expect([...oracle.values()].every((threats) => threats.length === 0)).toBe(true);
      game = await ask(p.fen, "2");
      const answer = await game.waitLog("the direct mate's answer", (l) =>
        /^(Mate in |No|Stopped)/.test(l.message),
      );
      expect([...oracle.keys()].map((key) => `Mate in 2: ${key}`)).toContain(words(answer.message));
    },
    TEST_MS,
  );
});
