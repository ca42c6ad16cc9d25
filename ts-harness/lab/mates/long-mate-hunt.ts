// long-mate-hunt -- where the test set's direct mates in 7 come from: from a published
// mate on a board of few men, every position with one man moved to another empty square
// (the side to move the same, the position legal) is looked at by stockfish, and those
// where it sees a mate in N are proven by the oracle: findMate finds no shorter mate, and
// stockfish's move is among its keys of length N.
//
//   npx tsx ts-harness/lab/mates/long-mate-hunt.ts --length N --fen FEN [--depth D] [--limit K]
//
// Prints `proven FEN;KEY;MOVED` for each position proven (MOVED says which man moved
// where), at most K of them. Reproducible: stockfish 15.1 with one thread, its hash
// cleared before each look, searches a fixed number of plies. Run it under `nice -n 19`.
import { isMain } from "../../core/build.ts";
import { UciClient } from "../../core/uci-client.ts";
import { findMate, moveToUci, parseFen, status, toFen } from "../../oracle/index.ts";
import { look } from "./mate-hunt.ts";

const STOCKFISH = "/usr/games/stockfish";
const FILES = "abcdefgh";

/** The FEN's board as 64 characters, a8 first ('.' for empty), and back. */
function expand(board: string): string[] {
  return board
    .split("/")
    .flatMap((rank) =>
      [...rank].flatMap((c) => (/\d/.test(c) ? Array<string>(Number(c)).fill(".") : [c])),
    );
}
function compress(cells: readonly string[]): string {
  const ranks: string[] = [];
  for (let r = 0; r < 8; r++) {
    ranks.push(
      cells
        .slice(8 * r, 8 * r + 8)
        .join("")
        .replace(/\.+/g, (run) => String(run.length)),
    );
  }
  return ranks.join("/");
}
const squareName = (i: number): string => `${FILES[i % 8]}${8 - Math.floor(i / 8)}`;

/** Every legal, unfinished position with one man of `fen` moved to an empty square. */
export function relocations(fen: string): { fen: string; moved: string }[] {
  const [board, ...rest] = fen.split(" ");
  const cells = expand(board!);
  const out: { fen: string; moved: string }[] = [];
  for (let from = 0; from < 64; from++) {
    if (cells[from] === ".") continue;
    for (let to = 0; to < 64; to++) {
      if (cells[to] !== ".") continue;
      const next = [...cells];
      next[to] = next[from]!;
      next[from] = ".";
      const candidate = [compress(next), rest[0], "-", "-", "0", "1"].join(" ");
      const parsed = parseFen(candidate);
      if (!parsed.ok || status(parsed.pos) !== "playing") continue;
      out.push({
        fen: toFen(parsed.pos),
        moved: `${cells[from]} ${squareName(from)}-${squareName(to)}`,
      });
    }
  }
  return out;
}

async function main(): Promise<void> {
  const arg = (name: string): string | undefined => {
    const at = process.argv.indexOf(name);
    return at < 0 ? undefined : process.argv[at + 1];
  };
  const fen = arg("--fen");
  const length = Number(arg("--length") ?? "7");
  const depth = Number(arg("--depth") ?? "24");
  const limit = Number(arg("--limit") ?? "4");
  if (!fen)
    throw new Error("usage: long-mate-hunt.ts --length N --fen FEN [--depth D] [--limit K]");
  const sf = new UciClient(STOCKFISH);
  await sf.handshake({ Threads: 1, Hash: 16 });
  let proven = 0;
  try {
    for (const { fen: candidate, moved } of relocations(fen)) {
      const seen = await look(sf, candidate, `depth ${depth}`);
      if (seen.mate !== length) continue;
      const parsed = parseFen(candidate);
      if (!parsed.ok) continue;
      const found = findMate(parsed.pos, length);
      const keys = found?.moves.map(moveToUci) ?? [];
      const ok = found?.length === length && keys.includes(seen.best);
      console.log(
        `${ok ? "proven" : "refused"} ${candidate};${seen.best};${moved}${ok ? ` (keys ${keys.join(" ")})` : ""}`,
      );
      if (ok && ++proven >= limit) break;
    }
  } finally {
    await sf.quit();
  }
}

if (isMain(import.meta.url)) await main();
