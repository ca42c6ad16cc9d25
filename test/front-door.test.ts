// The engine's front door holds: the game, the screen and the batch jobs reach the
// engine only through asm/engine (engine.asm's calls and status block, position.asm's),
// never a label of the layers inside it; and from the move generator up no layer names
// a label of a layer above it (layers only call down). The label sets come from the
// symbol map (every label CHESS.COM has) and from the folders (the file that defines
// each label), not from a typed list.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { chessProgram, ROOT } from "../ts-harness/core/build.ts";

/** The layers that talk to the engine, and the layers inside it. */
const FRONT_ENDS = ["game", "screen", "batch"];
const ENGINE_INSIDE = ["core", "movegen", "logic", "eval", "search"];
/** The move generator, and the layers above it inside the engine. */
const GENERATOR = "movegen";
const ABOVE_GENERATOR = ["logic", "eval", "search"];
/** The layers bottom up as chess.asm includes them (the game and its screen are one). */
const LAYERS = [
  ["core"],
  ["movegen"],
  ["logic"],
  ["eval"],
  ["search"],
  ["engine"],
  ["batch"],
  ["game", "screen"],
];

interface Source {
  /** Its path under asm/, e.g. "game/setup.asm" ("chess.asm" for the root). */
  readonly path: string;
  readonly text: string;
}

/** "game/setup.asm names carreau (core/board.asm)" */
type Finding = string;

const folderOf = (path: string): string =>
  path.includes("/") ? path.slice(0, path.indexOf("/")) : ".";

function asmSources(): Source[] {
  const dir = join(ROOT, "asm");
  const sources: Source[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const names = entry.isDirectory()
      ? readdirSync(join(dir, entry.name)).map((n) => `${entry.name}/${n}`)
      : [entry.name];
    for (const path of names.filter((n) => /\.(asm|inc)$/.test(n))) {
      sources.push({ path, text: readFileSync(join(dir, path), "utf8") });
    }
  }
  return sources;
}

/** The program's labels but the local ones (`name.local`): the map's label section. */
async function mapLabels(): Promise<Set<string>> {
  const { map } = await chessProgram();
  return new Set([...map.labels.keys()].filter((name) => !name.includes(".")));
}

/** The file that defines each label: `name:`, `name db/dw/resb/times ...`, a macro's
 *  `gen_%1_pieces:` that makes it, or else a macro called with it among its arguments
 *  (`JUMP_LIST knight_to, knight_n, ...`). */
function definitions(sources: readonly Source[], labels: ReadonlySet<string>): Map<string, string> {
  const defined = new Map<string, string>();
  const templates: [RegExp, string][] = [];
  const byMacro: [string, string][] = [];
  for (const { path, text } of sources) {
    for (const line of text.split("\n")) {
      const plain = /^([A-Za-z_]\w*)(?::|\s+(?:res[bwdq]|d[bwdq]|times|istruc|equ)\b)/.exec(line);
      if (plain) {
        if (!defined.has(plain[1]!)) defined.set(plain[1]!, path);
        continue;
      }
      const made = /^(\w*%+\d\w*(?:%+\d\w*)*):/.exec(line);
      if (made && /[A-Za-z_]/.test(made[1]!.replace(/%+\d/g, ""))) {
        templates.push([new RegExp(`^${made[1]!.replace(/%+\d/g, "\\w+")}$`), path]);
        continue;
      }
      const call = /^\s+[A-Z][A-Z0-9_]*\s+(.*)$/.exec(line.replace(/;.*$/, ""));
      for (const arg of call ? call[1]!.split(",") : []) byMacro.push([arg.trim(), path]);
    }
  }
  for (const label of labels) {
    if (defined.has(label)) continue;
    const template = templates.find(([pattern]) => pattern.test(label));
    const macro = byMacro.find(([arg]) => arg === label);
    if (template) defined.set(label, template[1]);
    else if (macro) defined.set(label, macro[1]);
  }
  return defined;
}

/** The words of a source's code: strings and comments left out. */
function codeWords(text: string): Set<string> {
  const words = new Set<string>();
  for (const line of text.split("\n")) {
    const code = line.replace(/"[^"]*"|'[^']*'|`[^`]*`/g, "").replace(/;.*$/, "");
    for (const m of code.matchAll(/(?<![\w.%$@])[A-Za-z_]\w*/g)) words.add(m[0]);
  }
  return words;
}

/** Every label a file of the `from` folders names that a file of the `inside` folders
 *  defines. */
function crossings(
  sources: readonly Source[],
  defined: ReadonlyMap<string, string>,
  from: readonly string[],
  inside: readonly string[],
): Finding[] {
  const findings: Finding[] = [];
  for (const { path, text } of sources) {
    if (!from.includes(folderOf(path))) continue;
    for (const word of codeWords(text)) {
      const definedIn = defined.get(word);
      if (definedIn && definedIn !== path && inside.includes(folderOf(definedIn))) {
        findings.push(`${path} names ${word} (${definedIn})`);
      }
    }
  }
  return findings.sort();
}

describe("the engine's front door", () => {
  test("every label of the symbol map is found defined in a file of asm/", async () => {
    const labels = await mapLabels();
    const defined = definitions(asmSources(), labels);
    expect([...labels].filter((label) => !defined.has(label))).toEqual([]);
    expect(labels.size).toBeGreaterThan(500);
  });

  test("the folders inside the engine define the board, the side to move and the generator", async () => {
    const defined = definitions(asmSources(), await mapLabels());
    expect(defined.get("carreau")).toBe("core/board.asm");
    expect(defined.get("side")).toBe("core/board.asm");
    expect(defined.get("gen_moves")).toBe("movegen/movegen.asm");
    expect(folderOf(defined.get("engine_status")!)).toBe("engine");
  });

  test("no file of the game, the screen or the batch names a label of the engine's inside", async () => {
    const sources = asmSources();
    const defined = definitions(sources, await mapLabels());
    expect(crossings(sources, defined, FRONT_ENDS, ENGINE_INSIDE)).toEqual([]);
  });

  test("a game file that names carreau or [side] is found out", async () => {
    const synthetic: Source = {
      path: "game/synthetic.asm",
      text: '; reads the board behind the engine\'s back\n        mov al, [carreau + bx] ; the square\n        cmp byte [side], WHITE\n        mov si, msg_side ; "side" in a string or a comment is no finding\n',
    };
    const sources = [...asmSources(), synthetic];
    const defined = definitions(sources, await mapLabels());
    expect(
      crossings(sources, defined, FRONT_ENDS, ENGINE_INSIDE).filter((f) =>
        f.startsWith(synthetic.path),
      ),
    ).toEqual([
      "game/synthetic.asm names carreau (core/board.asm)",
      "game/synthetic.asm names side (core/board.asm)",
    ]);
  });

  test("the move generator names no label of the mate logic, the evaluation or the search", async () => {
    const sources = asmSources();
    const defined = definitions(sources, await mapLabels());
    expect(crossings(sources, defined, [GENERATOR], ABOVE_GENERATOR)).toEqual([]);
  });

  test.each(
    LAYERS.slice(1, -1).map((layer, i) => [layer.join(", "), layer, LAYERS.slice(i + 2).flat()]),
  )("%s names no label of a layer above it", async (_name, layer, above) => {
    const sources = asmSources();
    const defined = definitions(sources, await mapLabels());
    expect(crossings(sources, defined, layer, above)).toEqual([]);
  });
});
