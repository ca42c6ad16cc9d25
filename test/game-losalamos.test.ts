// Los Alamos chess in the interactive game: V switches to the 6x6 board, drawn in the
// middle of the board's area with its own coordinates; a pawn promotes to a knight
// after the panel offers Q R N; take-back and the computer's replies on the small
// board. What the screen shows is read back (ts-harness/core/screen.ts) and compared with
// the oracle.
import { describe, expect, test } from "vitest";
import { legalMoves, makeMove, moveToUci } from "../ts-harness/oracle/index.ts";
import { paletteIndices, squareOrigin } from "../ts-harness/core/screen.ts";
import { boardOf, nextBoards, position, TEST_MS, gameSession } from "./game-oracle.ts";
import { LOS_ALAMOS_START } from "../ts-harness/fixtures/losalamos.ts";

const games = gameSession();

describe("Los Alamos chess in the game", () => {
  test(
    "V starts Los Alamos chess: the 6x6 start position is read back from the screen, normal and reversed, and the computer's reply is legal",
    async () => {
      const game = await games.start();
      await game.letter("v");
      const v = await game.waitView(
        "the 6x6 board",
        (x) => x.size === 6 && x.boardFen === boardOf(LOS_ALAMOS_START),
      );
      expect(v.flipped).toBe(false);
      expect(v.cursor).toBe("e2");
      expect(Math.max(...v.squares.map((s) => s.misfit))).toBe(0);
      expect(v.squares[16]!.ground).toBe("grey"); // a6, as a8 on the 8x8 board
      // The coordinates stand beside the small board as they stand beside the big one:
      // the rank digits as far left of a6's edge as of a8's, the file letters as far
      // under a1 as under the 8x8 board's a1; the big board's places are blank.
      {
        const c = game.layout.constants;
        const img = await game.session.screenshot();
        const idx = paletteIndices(img, game.layout);
        const fw = c.get("FONT_W")!,
          fh = c.get("FONT_H")!,
          sq = game.layout.squarePx;
        const inked = (x0: number, y0: number) => {
          let n = 0;
          for (let y = y0; y < y0 + fh; y++)
            for (let x = x0; x < x0 + fw; x++)
              if (idx[y * img.width + x] !== c.get("PAL_BACKDROP")) n++;
          return n;
        };
        const bigA8 = squareOrigin(game.layout, 0, false, 8),
          bigA1 = squareOrigin(game.layout, 56, false, 8);
        const digitX = bigA8.x - c.get("RANK_LABEL_X")!,
          letterY = c.get("FILE_LABEL_Y")! - (bigA1.y + sq);
        for (let rank = 1; rank <= 6; rank++) {
          const a = squareOrigin(game.layout, (8 - rank) * 8, false, 6);
          const f = squareOrigin(game.layout, 56 + rank - 1, false, 6);
          const dy = c.get("RANK_LABEL_DY")!,
            dx = c.get("FILE_LABEL_DX")!;
          expect(inked(a.x - digitX, a.y + dy), `rank ${rank} beside the board`).toBeGreaterThan(0);
          expect(inked(c.get("RANK_LABEL_X")!, a.y + dy), `no rank ${rank} far off`).toBe(0);
          expect(
            inked(f.x + dx, f.y + sq + letterY),
            `file ${rank} under the board`,
          ).toBeGreaterThan(0);
          expect(inked(f.x + dx, c.get("FILE_LABEL_Y")!), `no file ${rank} far off`).toBe(0);
        }
      }
      const log = await game.waitLog(
        "the Los Alamos start in the log",
        (l) => l.fen === LOS_ALAMOS_START,
      );
      expect(log.moves).toEqual([]);
      await game.screenshot("losalamos-start");

      const pos = position(LOS_ALAMOS_START);
      await game.pickAndDrop("c2", "c3");
      makeMove(
        pos,
        legalMoves(pos).find((m) => moveToUci(m) === "c2c3")!,
      );
      const boards = nextBoards(pos);
      const reply = await game.waitView("the computer's reply on the 6x6 board", (x) =>
        boards.has(x.boardFen),
      );
      const replyLog = await game.waitLog("the reply in the log", (l) => l.moves.length === 2);
      expect(replyLog.moves[1]).toBe(moveToUci(boards.get(reply.boardFen)!));

      await game.letter("f");
      const flipped = await game.waitView("the 6x6 board reversed", (x) => x.flipped);
      expect(flipped.size).toBe(6);
      expect(flipped.boardFen).toBe(reply.boardFen);
      makeMove(pos, boards.get(reply.boardFen)!);
      const clickable = legalMoves(pos).find((m) => moveToUci(m) === "a2a3")
        ? "a2a3"
        : moveToUci(legalMoves(pos)[0]!);
      await game.click(clickable.slice(0, 2)); // the mouse finds the squares of the reversed 6x6 board
      await game.click(clickable.slice(2, 4));
      expect(
        (await game.waitLog(`${clickable} by clicks`, (l) => l.moves.length >= 3)).moves[2],
      ).toBe(clickable);

      await game.letter("v");
      await game.waitView(
        "the 8x8 board again",
        (x) => x.size === 8 && x.boardFen === "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
      );
    },
    TEST_MS,
  );

  test(
    "a pawn promotes to a knight: the panel offers Q R N, N is played and shows on b6; take-back restores the pawn",
    async () => {
      const fen = "3k2/1P4/6/p5/6/3K2 w - - 0 1";
      const game = await games.start(`/fen ${fen}`);
      await game.waitView("the 6x6 position", (x) => x.size === 6 && x.boardFen === boardOf(fen));
      await game.pickAndDrop("b5", "b6");
      const asked = await game.waitLog("the promotion question", (l) =>
        l.message.startsWith("Promote"),
      );
      expect(asked.message).toBe("Promote: Q R N");
      await game.letter("b"); // no bishop in Los Alamos chess: ignored
      await game.letter("n");
      const log = await game.waitLog("the promotion in the log", (l) => l.moves.length >= 1);
      expect(log.moves[0]).toBe("b5b6n");
      expect(log.san[0]).toBe("b6=N");
      const pos = position(fen);
      makeMove(
        pos,
        legalMoves(pos).find((m) => moveToUci(m) === "b5b6n")!,
      );
      const boards = nextBoards(pos);
      const v = await game.waitView("the knight on b6 and the reply", (x) =>
        boards.has(x.boardFen),
      );
      expect(v.squares[17]!.piece).toBe("N");
      await game.letter("t");
      await game.waitView("the pawn back on b5", (x) => x.boardFen === boardOf(fen));
      expect((await game.waitLog("the record empty", (l) => l.moves.length === 0)).fen).toBe(fen);
    },
    TEST_MS,
  );
});
