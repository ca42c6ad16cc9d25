// A client nobody here wrote: Debian's PolyGlot (Fabien Letouzey's UCI-to-xboard adapter)
// runs the UCI engine, and this test is the xboard GUI around it, keeping the clock
// (40 moves in two minutes) as xboard does. Stockfish plays the other side, once with
// each colour. The game must end by the rules (the oracle judges) with no illegal move
// and no flag fall.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { ROOT } from "../ts-harness/core/build.ts";
import { START } from "../ts-harness/fixtures/perft.ts";
import { UciClient } from "../ts-harness/core/uci-client.ts";
import * as oracle from "../ts-harness/oracle/index.ts";

const POLYGLOT = "/usr/games/polyglot";
const STOCKFISH = "/usr/games/stockfish";
const MOVES_PER_SESSION = 40;
const SESSION_MS = 120_000;
// A bound on the game, far past where stockfish, at 20 ms a move, ends one by mate or a
// draw rule (a bound of 200 plies once cut a game still being played).
const MAX_PLIES = 600;

const running: UciClient[] = [];
afterAll(async () => {
  await Promise.all(running.map((c) => c.quit()));
});

describe.skipIf(!existsSync(POLYGLOT) || !existsSync(STOCKFISH))(
  "the UCI engine under PolyGlot",
  () => {
    test.each(["white", "black"])(
      "plays a whole game as %s against stockfish with no illegal move and no flag fall",
      async (colour) => {
        const gui = new UciClient(POLYGLOT, [
          "-noini",
          "-ec",
          `${join(ROOT, "node_modules/.bin/tsx")} ts-harness/frontends/uci.ts`,
          "-ed",
          ROOT,
        ]);
        const opponent = new UciClient(STOCKFISH);
        running.push(gui, opponent);
        await opponent.handshake({ Threads: 1, Hash: 16 });
        gui.send("xboard");
        gui.send("protover 2");
        await gui.waitFor(/^feature .*done=1/, 60_000);
        gui.send("option Backend=jsdos"); // js-dos at fixed cycles, as every test runs the engine
        gui.send("option Budget=250"); // the quickest moves (the clock alone would take 3 s): the suite's time is short
        gui.send("new");
        gui.send(`level ${MOVES_PER_SESSION} ${SESSION_MS / 60_000} 0`);

        const pos = oracle.fenPosition(START);
        const moves: string[] = [];
        let engineLeft = SESSION_MS;
        let engineMoves = 0;
        const play = (uci: string, who: string) => {
          const u = oracle.parseUci(pos, uci);
          if (!u.ok)
            throw new Error(`${who} played ${uci}: ${u.error.message}; moves ${moves.join(" ")}`);
          oracle.makeMove(pos, u.move);
          moves.push(uci);
        };
        const engineMove = async (command: string) => {
          gui.send(`time ${Math.round(engineLeft / 10)}`);
          gui.send(`otim ${Math.round(SESSION_MS / 10)}`);
          const t0 = Date.now();
          gui.send(command);
          const lines = await gui.waitFor(/^(move \S+|Illegal move.*|Error.*)$/, engineLeft + 5000);
          const last = lines[lines.length - 1]!;
          expect(last).toMatch(/^move /);
          engineLeft -= Date.now() - t0;
          expect(engineLeft, `the engine's flag fell at move ${engineMoves + 1}`).toBeGreaterThan(
            0,
          );
          if (++engineMoves % MOVES_PER_SESSION === 0) engineLeft += SESSION_MS;
          play(last.split(" ")[1]!, "the engine");
        };

        if (colour === "white") await engineMove("go");
        while (oracle.status(pos) === "playing" && moves.length < MAX_PLIES) {
          opponent.send(`position startpos moves ${moves.join(" ")}`);
          opponent.send("go movetime 20");
          const reply = await opponent.waitFor(/^bestmove /, 10_000);
          const uci = reply[reply.length - 1]!.split(" ")[1]!;
          play(uci, "stockfish");
          if (oracle.status(pos) !== "playing") break;
          await engineMove(`usermove ${uci}`);
        }
        expect([
          "checkmate",
          "stalemate",
          "threefold",
          "fifty-move",
          "insufficient-material",
        ]).toContain(oracle.status(pos));
      },
      150_000,
    );
  },
);

describe.skipIf(!existsSync(POLYGLOT))(
  "bin/liberman-uci.ini, the xboard engine through PolyGlot",
  () => {
    test("PolyGlot started in bin/ with the .ini runs the executable, which answers 1.e4 with a legal move", async () => {
      const gui = new UciClient(POLYGLOT, ["liberman-uci.ini"], { cwd: join(ROOT, "bin") });
      running.push(gui);
      gui.send("xboard");
      gui.send("protover 2");
      const features = await gui.waitFor(/^feature .*done=1/, 60_000);
      expect(features).toContainEqual('feature myname="Liberman Chess"');
      gui.send("option Backend=jsdos");
      gui.send("new");
      gui.send("level 40 1 0");
      gui.send("time 6000");
      gui.send("otim 6000");
      gui.send("usermove e2e4");
      const last = (await gui.waitFor(/^(move \S+|Illegal move.*|Error.*)$/, 60_000)).at(-1)!;
      expect(last).toMatch(/^move /);
      const pos = oracle.fenPosition(START);
      oracle.makeMove(pos, (oracle.parseUci(pos, "e2e4") as { ok: true; move: oracle.Move }).move);
      expect(oracle.legalMoves(pos).map(oracle.moveToUci)).toContain(last.split(" ")[1]);
    }, 90_000);
  },
);
