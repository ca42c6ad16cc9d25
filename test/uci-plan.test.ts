// The bridge's time manager (timePlan in uci-time.ts) on clocks a GUI sends: whatever
// the clock, a move's hard limit stays inside the time left less Move Overhead, the soft
// limit is no later than the hard one, and a move with most of the clock left thinks a
// fair share of it rather than playing at once.
import { describe, expect, test } from "vitest";
import { timePlan } from "../ts-harness/frontends/uci-time.ts";

const OVERHEAD = 300;
const clocks: [number, number, number | undefined][] = [];
for (const left of [400, 1000, 5000, 10_000, 60_000, 300_000, 2 ** 31, 2 ** 32 - 1]) {
  for (const inc of [0, 100, 600, 2000])
    for (const togo of [undefined, 1, 2, 5, 40, 1000]) clocks.push([left, inc, togo]);
}

describe("the clock's plan", () => {
  test.each(clocks)(
    "%d ms left, %d ms increment, %s moves to go: the hard limit stays within the time left less the overhead",
    (left, inc, togo) => {
      const plan = timePlan(
        { wtime: left, btime: left, winc: inc, binc: inc, movestogo: togo },
        true,
        OVERHEAD,
      )!;
      expect(plan.softMs).toBeGreaterThan(0);
      expect(plan.softMs).toBeLessThanOrEqual(plan.hardMs);
      expect(plan.hardMs).toBeLessThanOrEqual(Math.max(left - OVERHEAD, 10));
    },
  );

  test("sixty seconds and 0.6 s a move aim at more than 1.2 s a move; one minute for 40 moves at more than a second", () => {
    expect(
      timePlan({ wtime: 60_000, btime: 60_000, winc: 600, binc: 600 }, true, OVERHEAD)!.softMs,
    ).toBeGreaterThan(1200);
    expect(
      timePlan({ wtime: 60_000, btime: 60_000, movestogo: 40 }, false, OVERHEAD)!.softMs,
    ).toBeGreaterThan(1000);
  });

  // A period played out move by move, each move taking its whole hard limit and then the
  // cost of a move under load on top (the bridge's stop, the pipes: 150 ms, the most
  // measured with both cores busy was about 100), as the match runner's clock charges it.
  const LATENCY = 150;
  // (A bare clock whose increment is less than that cost runs out in the end whatever
  // the plan: those are left out.)
  test.each([
    ["40/60", 40, 60_000, 0],
    ["40/10", 40, 10_000, 0],
    ["40/1:00+0.1", 40, 60_000, 100],
    ["20/5", 20, 5000, 0],
    ["60+0.6", null, 60_000, 600],
    ["10+0.15", null, 10_000, 150],
    ["3+2", null, 180_000, 2000],
  ] as const)(
    "%s: every move at its hard limit and 150 ms more, for 120 moves, never runs out of time",
    (_name, moves, base, inc) => {
      let left = base;
      for (let made = 0; made < 120; made++) {
        const togo = moves === null ? undefined : moves - (made % moves);
        const plan = timePlan(
          { wtime: left, btime: left, winc: inc, binc: inc, movestogo: togo },
          true,
          OVERHEAD,
        )!;
        const spent = plan.hardMs + LATENCY;
        expect(spent).toBeLessThanOrEqual(left);
        left = left - spent + inc;
        if (moves !== null && (made + 1) % moves === 0) left += base;
      }
    },
  );

  test("black's clock is read when black is to move, and movetime is a hard limit less the stop's measured cost, not the overhead", () => {
    expect(timePlan({ wtime: 1000, btime: 100_000 }, false, OVERHEAD)!.softMs).toBeGreaterThan(
      timePlan({ wtime: 1000, btime: 100_000 }, true, OVERHEAD)!.softMs,
    );
    expect(timePlan({ movetime: 5000 }, true, OVERHEAD, 50)).toEqual({
      softMs: 4950,
      hardMs: 4950,
    });
    expect(timePlan({ infinite: true, wtime: 1000 }, true, OVERHEAD)).toBeNull();
    expect(timePlan({ winc: 1000 }, true, OVERHEAD)).toBeNull();
  });
});
