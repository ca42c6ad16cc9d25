// The UCI options are printed before the program is built (uciok must not wait for a
// cold cache's build), from the equ lines of asm/inc; the built program's map must say
// the same, or a GUI would be shown another engine's ranges.
import { describe, expect, test } from "vitest";
import { chessProgram } from "../ts-harness/core/build.ts";
import { optionFacts } from "../ts-harness/frontends/uci-program.ts";

describe("the UCI options' numbers", () => {
  test("read from the asm headers, are the symbol map's: the levels, the default level, the mate logic's default and its longest mate, the hash table's largest size, the most contempt", async () => {
    const { map } = await chessProgram();
    expect(optionFacts()).toEqual({
      uciLevels: map.constant("UCI_LEVELS"),
      uciLevelDefault: map.constant("UCI_LEVEL_DEFAULT"),
      mateLogicDefault: map.constant("MATE_LEVEL_DEFAULT"),
      mateMax: map.constant("MATE_MAX_MOVES"),
      hashMaxMiB: map.constant("XMS_MAX_KIB") / 1024,
      contemptMax: map.constant("CONTEMPT_MAX"),
    });
  });
});
