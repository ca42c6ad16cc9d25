// uci-multipv -- MultiPV in the bridge: rounds of one search per root move (its reply
// searched to the round's depth less one), in one batch a round; after each round the k
// best are reported, each with its score and line: the move, then its reply's principal
// line as far as that search knows it. Rounds go deeper until the engine's
// limits, the soft limit of the plan (no new round) or a stop; a round cut short is
// dropped, and the last whole one answers.
import { EngineProcess, ResultReader } from "../core/engine-process.ts";
import { sleep } from "../core/runner.ts";
import { positionJob } from "../formats/positions.ts";
import { parseInfo, type SearchInfo } from "./uci-jobs.ts";
import type { EngineProgram } from "./uci-program.ts";
import type { SearchRequest, SearchResult } from "./uci-search.ts";
import type { StopControl } from "./uci-time.ts";

/** A score seen from the other side, one move earlier: the reply's score negated, a mate
 *  one move further (or nearer) off. */
function fromParent(s: SearchInfo["score"]): SearchInfo["score"] {
  if ("cp" in s) return { cp: -s.cp };
  return s.mate <= 0 ? { mate: -s.mate + 1 } : { mate: -s.mate };
}

function rank(s: SearchInfo["score"]): number {
  if ("cp" in s) return s.cp;
  return s.mate > 0 ? 1e9 - s.mate : -1e9 - s.mate;
}

export async function multiPvSearch(
  engine: EngineProcess,
  program: EngineProgram,
  req: SearchRequest,
  control: StopControl,
  onInfo: (i: SearchInfo) => void,
): Promise<SearchResult> {
  const legal = req.game.legal;
  // A round of depth d searches each reply to d - 1: the first round is of depth 2.
  const maxDepth = Math.max(req.limits.depth ?? program.words.get("depth")!.max, 2);
  let best: SearchInfo[] = [];
  let nodes = 0;
  for (let depth = 2; depth <= maxDepth; depth++) {
    const batch: string[] = [];
    for (const m of legal) {
      batch.push(positionJob(req.game.fen, [...req.game.moves, m], program.lineMax));
      const words = ["go", "depth", String(depth - 1)];
      if (req.limits.nodes !== undefined)
        words.push("nodes", String(Math.max(1, Math.floor(req.limits.nodes / legal.length))));
      words.push("matelogic", "0");
      batch.push(words.join(" "));
    }
    const { host, first } = await engine.send(batch);
    const reader = new ResultReader(host, first);
    const scored: SearchInfo[] = [];
    /** Each root move's reply line, as its search's last info gave it. */
    const lines: string[][] = legal.map(() => []);
    let whole = true;
    for (let answered = 0; answered < legal.length;) {
      for (const { job, words } of await reader.next()) {
        if (words[0] === "error")
          throw new Error(`the engine refused job ${job}: ${words.join(" ")}`);
        const i = (job - first) >> 1;
        const info = parseInfo(words);
        if (info && (job - first) % 2 === 1) lines[i] = info.pv;
        if (words[0] !== "bestmove") continue;
        const m = legal[i]!;
        const reply = words[1] && words[1] !== "none" ? words[1] : null;
        const final = parseInfo(["info", ...words.slice(2)]);
        if (!final || words.includes("key")) whole = false;
        nodes += final?.nodes ?? 0;
        const score = final ? fromParent(final.score) : { cp: 0 };
        const line = !reply ? [] : lines[i]![0] === reply ? lines[i]! : [reply];
        scored.push({ depth, score, nodes, pv: [m, ...line] });
        answered++;
      }
      if (answered >= legal.length) break;
      if (await host.ended()) throw new Error("the engine ended without an answer");
      if (await control.tick(host, true, best.length > 0 || answered > 0)) {
        await engine.close();
        whole = false;
        break;
      }
      await sleep(engine.pollMs);
    }
    if (!whole && best.length > 0) break;
    scored.sort((a, b) => rank(b.score) - rank(a.score));
    best = scored.slice(0, req.multiPv).map((s, k) => ({ ...s, nodes, multipv: k + 1 }));
    for (const line of best) onInfo(line);
    if (!whole || control.pastSoft || control.stopping) break;
    if ("mate" in best[0]!.score && best[0]!.score.mate > 0 && best[0]!.score.mate * 2 - 1 <= depth)
      break;
  }
  const top = best[0]?.pv ?? [];
  return { best: top[0] ?? legal[0]!, ponder: top[1] ?? null };
}
