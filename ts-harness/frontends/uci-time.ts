// uci-time -- the UCI engine's clock (Stockfish's timeman): the plan of a move from the
// `go` words, and the stops of a search as they fall due. The bridge keeps the time
// itself, in wall-clock milliseconds, whatever the emulator's speed: the engine thinks
// without a time limit of its own and watches STOP.TXT (the `watch` job): `2` is
// written there at the soft limit (no new iteration) and `1` at the hard one or at UCI's
// `stop` (the engine answers with its best move so far).
import { STOP_DEEPEN_NOT, STOP_GO_ON, STOP_NOW, type EmulatorHost } from "../core/engine-hosts.ts";

/** The limits of UCI's `go`, as numbers (ms, plies, nodes, moves). */
export interface GoLimits {
  wtime?: number;
  btime?: number;
  winc?: number;
  binc?: number;
  movestogo?: number;
  movetime?: number;
  depth?: number;
  nodes?: number;
  mate?: number;
  infinite?: boolean;
}

/** When the bridge tells the engine to stop, in wall ms from the start of the thinking:
 *  no new iteration past `softMs`, stop at `hardMs`. */
export interface TimePlan {
  softMs: number;
  hardMs: number;
}

/** The clock's plan: of the time left (less Move Overhead) a move aims at time /
 *  (moves to go + MOVES_KEPT_BACK) + 3/4 of the increment; a sudden-death game is
 *  reckoned to last SUDDEN_DEATH_MOVES more moves, and at most MOVES_TO_GO_HORIZON moves
 *  ahead count. */
const SUDDEN_DEATH_MOVES = 35;
const MOVES_KEPT_BACK = 3;
const MOVES_TO_GO_HORIZON = 50;
/** No move plans on more than this share of what is left (the last move before a time
 *  control excepted), nor its hard limit on more than HARD_SHARE. */
const SOFT_SHARE = 0.3;
const HARD_SHARE = 0.5;
const LAST_MOVE_SHARE = 0.7;
const HARD_FACTOR = 3;
/** What a move costs beyond its thinking: the first iteration waited for, the stop
 *  written and read, the pipes (measured 30-100 ms a move on native DOSBox with both
 *  cores busy). Each of the moves to go after this one has it kept back, less the
 *  increment that pays for it, so that the last moves before a time control (or a bare
 *  clock) still have their time. */
const MOVE_COST_MS = 150;
/** In sudden death (its moves to go a guess) at most this share of the time left is kept
 *  back for them: a short clock with no increment still thinks a little on each move. */
const KEPT_SHARE = 0.5;
/** The least the clock plan gives a move, in wall ms. */
const MIN_THINK_MS = 10;

/** The wall-clock plan of a `go`, or null when it sets none (infinite, ponder, depth,
 *  nodes or mate alone). `movetime` is a hard limit, less `pipeMs`, what the stop and
 *  the answer were measured to cost; under the clock the soft and hard
 *  limits come from the time left, the increment and the moves to go, less the
 *  overhead kept back for the bridge and the GUI and MOVE_COST_MS for each move to go
 *  after this one that the increment does not pay. */
export function timePlan(
  limits: GoLimits,
  white: boolean,
  overheadMs: number,
  pipeMs = 0,
): TimePlan | null {
  if (limits.infinite) return null;
  if (limits.movetime !== undefined) {
    const hard = Math.max(limits.movetime - pipeMs, 1);
    return { softMs: hard, hardMs: hard };
  }
  const left = white ? limits.wtime : limits.btime;
  if (left === undefined) return null;
  const inc = (white ? limits.winc : limits.binc) ?? 0;
  const togo =
    limits.movestogo !== undefined
      ? Math.min(Math.max(limits.movestogo, 1), MOVES_TO_GO_HORIZON)
      : SUDDEN_DEATH_MOVES;
  const kept = Math.min(
    Math.max(MOVE_COST_MS - inc, 0) * (togo - 1),
    limits.movestogo === undefined ? left * KEPT_SHARE : Infinity,
  );
  const usable = Math.max(left - overheadMs - kept, 0);
  const last = togo === 1;
  // A move may run past its aim (an iteration started before the soft limit ends after
  // it): the time left is shared as if among MOVES_KEPT_BACK moves more.
  const aim = usable / (togo + (last ? 0 : MOVES_KEPT_BACK)) + (last ? 0 : inc * 0.75);
  const soft = Math.min(aim, usable * (last ? LAST_MOVE_SHARE : SOFT_SHARE));
  const hard = Math.min(soft * HARD_FACTOR, usable * (last ? LAST_MOVE_SHARE : HARD_SHARE));
  const floor = Math.max(Math.min(MIN_THINK_MS, usable), 1);
  return { softMs: Math.max(Math.round(soft), floor), hardMs: Math.max(Math.round(hard), floor) };
}

/** How long the engine may take to answer once it should stop, before the bridge gives up. */
export const STOP_GRACE_MS = 5000;
const KEY_REPEAT_MS = 400;
/** How long past the hard limit the first iteration is waited for. */
const FIRST_ITERATION_GRACE_MS = 100;

/** The stops of one search: the plan's times and UCI's `stop`, turned into the stop
 *  file's bytes (and, on js-dos, keys) as they fall due. */
export class StopControl {
  private asked = false;
  private started = Date.now();
  private plan: TimePlan | null;
  private written = STOP_GO_ON;
  private keyAt = 0;
  private since: number | null = null;

  constructor(
    plan: TimePlan | null,
    /** No soft stop: each job of the batch must run to its own limits (MultiPV). */
    private readonly hardOnly = false,
  ) {
    this.plan = plan;
  }

  stop(): void {
    this.asked = true;
  }

  get stopAsked(): boolean {
    return this.asked;
  }

  get elapsedMs(): number {
    return Date.now() - this.started;
  }

  /** From now on keep to `plan`, its times counted from the start of this search: after
   *  `ponderhit` the time already spent pondering on the predicted move counts as spent.
   *  A search already past the plan's soft limit would have started no iteration since:
   *  it stops as soon as it has one, as Stockfish's stopOnPonderhit does. */
  replan(plan: TimePlan | null): void {
    const past = plan !== null && this.elapsedMs >= plan.softMs;
    this.plan = past ? { softMs: plan.softMs, hardMs: plan.softMs } : plan;
  }

  /** Wall ms since the hard stop was written, or null: not stopped. */
  get sinceStop(): number | null {
    return this.since === null ? null : Date.now() - this.since;
  }

  get stopping(): boolean {
    return this.since !== null;
  }

  /** Past the soft limit (the MultiPV rounds start no other). */
  get pastSoft(): boolean {
    return this.asked || (this.plan !== null && Date.now() - this.started >= this.plan.softMs);
  }

  /** Write what is due; true when the engine has had STOP_GRACE_MS to answer a stop.
   *  The plan's limits wait for the first iteration (`searched`), so that every move is
   *  searched, however short its time (FIRST_ITERATION_GRACE_MS at most: the mate
   *  logic, and a mate job, report no iteration); UCI's `stop` does not. */
  async tick(host: EmulatorHost, thinking: boolean, searched: boolean): Promise<boolean> {
    const now = Date.now();
    const spent = now - this.started;
    const timed =
      this.plan !== null && (searched || spent >= this.plan.hardMs + FIRST_ITERATION_GRACE_MS);
    const hard = this.asked || (timed && spent >= this.plan!.hardMs);
    const soft = !this.hardOnly && timed && spent >= this.plan!.softMs;
    const want = hard ? STOP_NOW : soft ? STOP_DEEPEN_NOT : STOP_GO_ON;
    if (want !== this.written) {
      this.written = want;
      await host.setStop(want);
    }
    if (hard && this.since === null) this.since = now;
    if (hard && thinking && now - this.keyAt >= KEY_REPEAT_MS) {
      this.keyAt = now;
      host.press();
    }
    return this.since !== null && now - this.since > STOP_GRACE_MS;
  }
}
