// time-control -- a side's clock in a match, measured in wall time by the runner:
// base + increment (`60+0.6`), moves in time (`40/60`, the base given again after every
// 40 moves), or both (`40/60+0.5`), written as cutechess-cli writes them (seconds, or
// minutes:seconds). A move that takes longer than the time left plus the margin is a flag
// fall. The engines hear the clock as UCI's `go wtime btime winc binc movestogo` and
// CECP's `level MPS BASE INC` with `time`/`otim` in centiseconds.

export interface TimeControl {
  /** Moves per period (40 of 40/60); null: the whole game is one period. */
  moves: number | null;
  baseMs: number;
  incMs: number;
}

/** `[moves/]base[+inc]`, base in seconds or m:ss, inc in seconds. */
export function parseTimeControl(text: string): TimeControl {
  const m = /^(?:(\d+)\/)?(?:(\d+):)?(\d+(?:\.\d+)?)(?:\+(\d+(?:\.\d+)?))?$/.exec(text.trim());
  if (!m)
    throw new Error(
      `a time control is [MOVES/]SECONDS[+INCREMENT] (60+0.6, 40/60, 40/1:00+0.5), not '${text}'`,
    );
  const moves = m[1] === undefined ? null : Number(m[1]);
  const baseMs = Math.round((Number(m[2] ?? 0) * 60 + Number(m[3])) * 1000);
  const incMs = Math.round(Number(m[4] ?? 0) * 1000);
  if (moves === 0)
    throw new Error(`a time control needs at least one move a period, not '${text}'`);
  if (baseMs <= 0 && incMs <= 0) throw new Error(`a time control needs some time, not '${text}'`);
  return { moves, baseMs, incMs };
}

/** The control as parseTimeControl reads it (and PGN's TimeControl tag holds it). */
export function formatTimeControl(tc: TimeControl): string {
  return `${tc.moves !== null ? `${tc.moves}/` : ""}${tc.baseMs / 1000}${tc.incMs ? `+${tc.incMs / 1000}` : ""}`;
}

export type ClockResult = "ok" | "flag";

/** One side's clock. */
export class Clock {
  leftMs: number;
  /** Moves made under this clock. */
  private made = 0;

  constructor(
    readonly tc: TimeControl,
    /** Grace past zero before a flag falls (pipes and scheduling, not thinking). */
    readonly marginMs: number,
  ) {
    this.leftMs = tc.baseMs;
  }

  /** Moves to make before the next period's time comes; null without periods. */
  get movesToGo(): number | null {
    return this.tc.moves === null ? null : this.tc.moves - (this.made % this.tc.moves);
  }

  /** How long a move may take before the flag falls. */
  get allowanceMs(): number {
    return Math.max(0, this.leftMs) + this.marginMs;
  }

  /** Charges a move of `spentMs`; a flag fall when it overran the time left and the margin.
   *  Otherwise the increment, and after the period's last move the base again. */
  charge(spentMs: number): ClockResult {
    if (spentMs > this.allowanceMs) {
      this.leftMs -= spentMs;
      return "flag";
    }
    this.leftMs = Math.max(0, this.leftMs - spentMs) + this.tc.incMs;
    this.made++;
    if (this.tc.moves !== null && this.made % this.tc.moves === 0) this.leftMs += this.tc.baseMs;
    return "ok";
  }
}

/** UCI's `go` for the side to move, each side's clock as it stands. */
export function uciGo(side: "w" | "b", white: Clock, black: Clock): string {
  const ms = (c: Clock) => Math.max(0, Math.floor(c.leftMs));
  const mover = side === "w" ? white : black;
  const togo = mover.movesToGo;
  return `go wtime ${ms(white)} btime ${ms(black)} winc ${white.tc.incMs} binc ${black.tc.incMs}${togo !== null ? ` movestogo ${togo}` : ""}`;
}

/** CECP's `level MPS BASE INC`: MPS 0 without periods, BASE in minutes or m:ss (whole
 *  seconds), INC in seconds. */
export function xboardLevel(tc: TimeControl): string {
  const seconds = Math.max(1, Math.round(tc.baseMs / 1000));
  const base =
    seconds % 60 === 0
      ? String(seconds / 60)
      : `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
  return `level ${tc.moves ?? 0} ${base} ${tc.incMs / 1000}`;
}

/** CECP's clock in centiseconds (`time N`, `otim N`). */
export function centiseconds(c: Clock): number {
  return Math.max(0, Math.floor(c.leftMs / 10));
}
