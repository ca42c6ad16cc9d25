// tune -- npm run tune: the evaluation's weights tuned by Texel's method (docs/strength.md).
//   npm run tune -- positions [--engine stockfish|self] [--nodes MIN-MAX] [--games N] [--seed S]
//       [--out FILE] [--stockfish PATH]
//       quiet positions of stockfish's games against itself (ts-harness/lab/tune/positions.ts),
//       or of CHESS.COM's (--engine self: ts-harness/lab/tune/selfgames.ts), labelled by
//       their results, each move searched to a node count drawn per game from MIN..MAX;
//       a run goes on where the file stops
//   npm run tune -- fit [--iterations N] [--minutes M] [--rate R] [--min-positions N] [--write] FILE.epd ...
//       K, then the weights (ts-harness/lab/tune/tuner.ts) on the mirror of the built
//       CHESS.COM's evaluation; prints E before and after, on the positions tuned on and
//       on those of every HOLD_OUT-th game kept apart, and the NASM lines of the tuned
//       tables and constants; --write puts them into asm/ (a candidate to commit)
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { chessProgram, isMain, ROOT } from "../../core/build.ts";
import { features } from "./mirror.ts";
import {
  generatePositions,
  positionFields,
  readPositions,
  stockfishGames,
  type NodeRange,
} from "./positions.ts";
import { selfGames } from "./selfgames.ts";
import { logisticError, tune, whiteScores, type Sample } from "./tuner.ts";
import { readEvalSet, SOURCES, sourceLines, writeSources } from "./weights.ts";

const USAGE = [
  "usage: npm run tune -- positions [--engine stockfish|self] [--nodes MIN-MAX] [--games N] [--seed S] [--out FILE] [--stockfish PATH]",
  "       npm run tune -- fit [--iterations N] [--minutes M] [--rate R] [--min-positions N] [--write] FILE.epd ...",
].join("\n");
const DEFAULT_POSITIONS = "build/tune/positions.epd";
/** Every HOLD_OUT-th game of each file is kept apart, to tell a fit from a memory. */
const HOLD_OUT = 10;

function count(text: string, name: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`--${name} takes a whole number, not '${text}'`);
  return n;
}

/** `--nodes MIN-MAX`, or undefined for the source's own range. */
function nodeRange(text: string | undefined): NodeRange | undefined {
  if (text === undefined) return undefined;
  const m = /^(\d+)-(\d+)$/.exec(text);
  const [min, max] = m ? [Number(m[1]), Number(m[2])] : [0, -1];
  if (!(min >= 1 && min <= max && max <= 4_294_967_295))
    throw new Error(
      `--nodes takes MIN-MAX, two whole numbers from 1 with MIN <= MAX, not '${text}'`,
    );
  return [min, max];
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    options: {
      games: { type: "string", default: "6000" },
      seed: { type: "string", default: "1" },
      out: { type: "string", default: DEFAULT_POSITIONS },
      stockfish: { type: "string", default: "/usr/games/stockfish" },
      engine: { type: "string", default: "stockfish" },
      nodes: { type: "string" },
      iterations: { type: "string", default: "500" },
      minutes: { type: "string", default: "20" },
      rate: { type: "string", default: "1" },
      "min-positions": { type: "string", default: "1000" },
      write: { type: "boolean", default: false },
    },
    allowPositionals: true,
  });
  if (command === "positions") {
    if (values.engine !== "stockfish" && values.engine !== "self")
      throw new Error(`--engine is stockfish or self, not '${values.engine}'\n${USAGE}`);
    const range = nodeRange(values.nodes);
    let total = 0;
    const started = Date.now();
    await generatePositions({
      out: values.out,
      games: count(values.games, "games"),
      seed: count(values.seed, "seed"),
      source: values.engine === "self" ? selfGames(range) : stockfishGames(values.stockfish, range),
      onGame: (g, n, played) => {
        total += n;
        if (g % 20 === 0)
          console.log(
            `game ${g}: ${played.result}, ${played.start.length + played.plies.length} plies, ${n} positions; ${total} this run, ${Math.round((Date.now() - started) / 1000)} s`,
          );
      },
    });
    return;
  }
  if (command === "fit") {
    if (positionals.length === 0) throw new Error(`fit needs the positions' files\n${USAGE}`);
    const rate = Number(values.rate);
    if (!(rate > 0)) throw new Error(`--rate takes a positive number, not '${values.rate}'`);
    const set = readEvalSet(await chessProgram());
    const seen = new Set<string>();
    const samples: Sample[] = [];
    const apart: Sample[] = [];
    for (const file of positionals) {
      for (const p of readPositions(file)) {
        const key = positionFields(p.fen);
        if (seen.has(key)) continue;
        seen.add(key);
        (p.game % HOLD_OUT === HOLD_OUT - 1 ? apart : samples).push({
          features: features(p.fen, set.rules),
          result: p.result,
        });
      }
    }
    console.log(
      `${samples.length} positions to tune on, ${apart.length} kept apart, from ${positionals.join(", ")}`,
    );
    const started = Date.now();
    const r = tune(samples, set.weights, set.rules, {
      iterations: count(values.iterations, "iterations"),
      timeMs: count(values.minutes, "minutes") * 60_000,
      rate,
      minPositions: count(values["min-positions"], "min-positions"),
      onIteration: (i, e) => {
        if (i % 25 === 0)
          console.log(
            `iteration ${i}: E ${e.toFixed(6)} (the linear model), ${Math.round((Date.now() - started) / 1000)} s`,
          );
      },
    });
    console.log(sourceLines(r.weights));
    const apartError = (w: ArrayLike<number>) =>
      logisticError(
        whiteScores(apart, w, set.rules),
        apart.map((s) => s.result),
        r.k,
      );
    console.log(
      `K ${r.k.toFixed(4)}; E before ${r.errorBefore.toFixed(6)}, after ${r.errorAfter.toFixed(6)} (${r.iterations} iterations)`,
    );
    if (apart.length > 0)
      console.log(
        `kept apart: E before ${apartError(set.weights).toFixed(6)}, after ${apartError(r.weights).toFixed(6)}`,
      );
    if (values.write) {
      const paths = Object.fromEntries(
        Object.entries(SOURCES).map(([k, f]) => [k, join(ROOT, f)]),
      ) as Record<keyof typeof SOURCES, string>;
      const texts = Object.fromEntries(
        Object.entries(paths).map(([k, f]) => [k, readFileSync(f, "utf8")]),
      ) as Record<keyof typeof SOURCES, string>;
      const out = writeSources(texts, r.weights);
      for (const k of Object.keys(paths) as (keyof typeof SOURCES)[])
        writeFileSync(paths[k], out[k]);
      console.log(`written into ${Object.values(SOURCES).join(", ")}`);
    }
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
