// tune -- npm run tune: the evaluation's weights tuned by Texel's method (docs/strength.md).
//   npm run tune -- positions [--games N] [--seed S] [--out FILE] [--stockfish PATH]
//       quiet positions of stockfish's games against itself, labelled by their results
//       (ts-harness/lab/tune/positions.ts); a run goes on where the file stops
import { parseArgs } from "node:util";
import { isMain } from "../core/build.ts";
import { generatePositions } from "./tune/positions.ts";

const USAGE = "usage: npm run tune -- positions [--games N] [--seed S] [--out FILE] [--stockfish PATH]";
const DEFAULT_POSITIONS = "build/tune/positions.epd";

function count(text: string, name: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} takes a whole number, not '${text}'`);
  return n;
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: {
      games: { type: "string", default: "6000" },
      seed: { type: "string", default: "1" },
      out: { type: "string", default: DEFAULT_POSITIONS },
      stockfish: { type: "string", default: "/usr/games/stockfish" },
    },
  });
  if (command === "positions") {
    let total = 0;
    const started = Date.now();
    await generatePositions({
      out: values.out, games: count(values.games, "games"), seed: count(values.seed, "seed"), stockfish: values.stockfish,
      onGame: (g, n, result) => {
        total += n;
        if (g % 20 === 0) console.log(`game ${g}: ${result}, ${n} positions; ${total} this run, ${Math.round((Date.now() - started) / 1000)} s`);
      },
    });
    return;
  }
  throw new Error(USAGE);
}

if (isMain(import.meta.url)) {
  main(process.argv.slice(2)).catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : String(e));
    process.exit(1);
  });
}
