// The stops of one search as the bridge writes them into the stop file: nothing before
// the soft limit, "no new iteration" at it, "stop now" at the hard limit, and after
// `ponderhit` the time spent pondering counted as spent. Stop bytes are the engine's
// watch job's (asm/batch/PROTOCOL.md): 0 go on, 2 no new iteration, 1 stop now.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import type { EmulatorHost } from "../ts-harness/core/engine-hosts.ts";
import { StopControl } from "../ts-harness/frontends/uci-time.ts";

/** A host that only records the stop bytes written. */
function recorder(): { host: EmulatorHost; written: string[] } {
  const written: string[] = [];
  const host = {
    setStop: async (byte: string) => void written.push(byte),
    press: () => {},
  } as unknown as EmulatorHost;
  return { host, written };
}

describe("a search's stops", () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => vi.useRealTimers());

  test("a timed search writes no new iteration at its soft limit and stop at its hard one", async () => {
    const { host, written } = recorder();
    const control = new StopControl({ softMs: 1000, hardMs: 3000 });
    await control.tick(host, true, true);
    vi.advanceTimersByTime(1000);
    await control.tick(host, true, true);
    vi.advanceTimersByTime(2000);
    await control.tick(host, true, true);
    expect(written).toEqual(["2", "1"]);
  });

  test("a ponder search hit before its soft limit keeps the plan: it goes on", async () => {
    const { host, written } = recorder();
    const control = new StopControl(null);
    vi.advanceTimersByTime(500);
    control.replan({ softMs: 1000, hardMs: 3000 });
    await control.tick(host, true, true);
    expect(written).toEqual([]);
    vi.advanceTimersByTime(500);
    await control.tick(host, true, true);
    expect(written).toEqual(["2"]);
  });

  test("a ponder search hit past its soft limit stops at once, as an unpondered one would have stopped deepening", async () => {
    const { host, written } = recorder();
    const control = new StopControl(null);
    vi.advanceTimersByTime(1500);
    control.replan({ softMs: 1000, hardMs: 3000 });
    await control.tick(host, true, true);
    expect(written).toEqual(["1"]);
  });
});
