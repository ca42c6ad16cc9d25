// The oracle's helpmates and selfmates (stipulations.ts) on published problems with
// their published solutions.
import { describe, expect, test } from "vitest";
import {
  fenPosition as position,
  findHelpmate,
  findSelfmate,
  moveToUci,
  playUci,
  status,
} from "../ts-harness/oracle/index.ts";
import { PUBLISHED_HELPMATES, PUBLISHED_SELFMATES } from "../ts-harness/fixtures/stipulations.ts";

describe("oracle helpmates on published problems", () => {
  test.each(PUBLISHED_HELPMATES)(
    "$source: the shortest helpmate is in $length, with the published number of solutions",
    ({ fen, length, solutions }) => {
      const found = findHelpmate(position(fen), 3);
      expect(found?.length).toBe(length);
      expect(found!.solutions).toBe(solutions.length);
      expect(solutions).toContain(found!.line.map(moveToUci).join(" "));
    },
    60_000,
  );

  test.each(PUBLISHED_HELPMATES)(
    "$source: each published line is legal and mates the side that began",
    ({ fen, solutions }) => {
      for (const line of solutions) {
        expect(status(playUci(position(fen), line.split(" "))), line).toBe("checkmate");
      }
    },
  );

  test("no helpmate in one where one is needed in two", () => {
    expect(findHelpmate(position(PUBLISHED_HELPMATES[1]!.fen), 1)).toBeNull();
  });

  test("a helpmate length outside 1..5 is refused", () => {
    expect(() => findHelpmate(position(PUBLISHED_HELPMATES[0]!.fen), 6)).toThrow(RangeError);
    expect(() => findHelpmate(position(PUBLISHED_HELPMATES[0]!.fen), 0)).toThrow(RangeError);
  });
});

describe("oracle selfmates on published problems", () => {
  test.each(PUBLISHED_SELFMATES)(
    "$source: the shortest selfmate is in $length, the published key among its keys",
    ({ fen, length, key }) => {
      const found = findSelfmate(position(fen), 3);
      expect(found?.length).toBe(length);
      expect(found!.keys.map(moveToUci)).toContain(key);
    },
  );

  test("Popeye's 's#2': no selfmate in one, and 1.Qd1 is the only key", () => {
    const fen = PUBLISHED_SELFMATES.find((s) => s.key === "g4d1")!.fen;
    expect(findSelfmate(position(fen), 1)).toBeNull();
    expect(findSelfmate(position(fen), 2)!.keys.map(moveToUci)).toEqual(["g4d1"]);
  });

  test("a move that mates the defender is no selfmate: the start of Fool's mate for Black has none in one", () => {
    expect(
      findSelfmate(position("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2"), 1),
    ).toBeNull();
  });
});
