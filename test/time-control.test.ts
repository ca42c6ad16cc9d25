// A side's clock in the match runner, and what the engines hear of it: UCI's go with both
// clocks and movestogo, CECP's level (minutes or m:ss) and time/otim in centiseconds.
import { describe, expect, test } from "vitest";
import {
  Clock,
  centiseconds,
  formatTimeControl,
  parseTimeControl,
  uciGo,
  xboardLevel,
} from "../ts-harness/lab/match/time-control.ts";

describe("time controls", () => {
  test.each([
    ["60+0.6", { moves: null, baseMs: 60_000, incMs: 600 }],
    ["5+0.05", { moves: null, baseMs: 5000, incMs: 50 }],
    ["40/60", { moves: 40, baseMs: 60_000, incMs: 0 }],
    ["40/1:30+0.5", { moves: 40, baseMs: 90_000, incMs: 500 }],
  ])("'%s' reads as %j", (text, tc) => {
    expect(parseTimeControl(text)).toEqual(tc);
  });

  test("what is no time control is refused", () => {
    expect(() => parseTimeControl("fast")).toThrow(/a time control is \[MOVES\/\]SECONDS/);
    expect(() => parseTimeControl("0/60")).toThrow(/at least one move a period/);
    expect(() => parseTimeControl("0+0")).toThrow(/needs some time/);
  });

  test("a control is written back as it was read", () => {
    for (const t of ["60+0.6", "40/60", "40/90+0.5", "5+0.05"])
      expect(formatTimeControl(parseTimeControl(t))).toBe(t);
  });
});

describe("the clock", () => {
  test("base+increment: each move costs its time and earns the increment", () => {
    const c = new Clock(parseTimeControl("1+0.1"), 0);
    expect(c.charge(300)).toBe("ok");
    expect(c.leftMs).toBe(800);
    expect(c.movesToGo).toBeNull();
  });

  test("a move longer than the time left and the margin is a flag fall; within the margin it is not", () => {
    const c = new Clock(parseTimeControl("1+0"), 50);
    expect(c.allowanceMs).toBe(1050);
    expect(new Clock(parseTimeControl("1+0"), 50).charge(1040)).toBe("ok");
    expect(c.charge(1060)).toBe("flag");
  });

  test("40/60: the base comes again after the fortieth move, and movestogo counts down to it", () => {
    const c = new Clock(parseTimeControl("40/60"), 0);
    expect(c.movesToGo).toBe(40);
    for (let i = 0; i < 39; i++) c.charge(1000);
    expect(c.movesToGo).toBe(1);
    expect(c.leftMs).toBe(21_000);
    c.charge(1000);
    expect(c.leftMs).toBe(80_000);
    expect(c.movesToGo).toBe(40);
  });
});

describe("what the engines hear", () => {
  test("UCI: both clocks and increments, movestogo for the side to move under moves in time", () => {
    const w = new Clock(parseTimeControl("60+0.6"), 0);
    const b = new Clock(parseTimeControl("60+0.6"), 0);
    b.charge(1500);
    expect(uciGo("w", w, b)).toBe("go wtime 60000 btime 59100 winc 600 binc 600");
    const p = new Clock(parseTimeControl("40/60"), 0);
    expect(uciGo("b", new Clock(parseTimeControl("30+0.3"), 0), p)).toBe(
      "go wtime 30000 btime 60000 winc 300 binc 0 movestogo 40",
    );
  });

  test("CECP: level MPS BASE INC with BASE in minutes or m:ss, clocks in centiseconds", () => {
    expect(xboardLevel(parseTimeControl("60+0.6"))).toBe("level 0 1 0.6");
    expect(xboardLevel(parseTimeControl("5+0.05"))).toBe("level 0 0:05 0.05");
    expect(xboardLevel(parseTimeControl("40/90"))).toBe("level 40 1:30 0");
    const c = new Clock(parseTimeControl("5+0"), 0);
    c.charge(1234);
    expect(centiseconds(c)).toBe(376);
  });
});
