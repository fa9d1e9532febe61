// Coalesces a room's bet-row broadcasts (crash newBets, wheel wheelNewBet, jackpot
// jackpotNewBet). One frame per placed bet to every socket is N² frames for N players betting in
// one countdown (1,000 players: a million frames, and the room spent its countdown sending them —
// docs/benchmarks.md "Benchmarks"). Leading (crash, wheel): the first rows go out at once and rows that come
// within `windowMs` of the last frame wait; trailing (jackpot): every row waits for the end of the
// window its first one opened. Rows of one window leave together, a row changed twice leaves once
// (its latest state). The room flushes before any other broadcast, so rows of an earlier step
// never arrive after a later frame (the start, the crash, the next round).
export interface Scheduler {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const realTimers: Scheduler = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

export class BetRowThrottle<R extends { id: string }> {
  private readonly pending = new Map<string, R>();
  private lastSentAt = -Infinity;
  private timer: unknown;
  /** a frame is owed even without rows (the wheel's totals changed by a row nobody sees) */
  private poked = false;

  constructor(
    private readonly send: (rows: R[]) => void,
    private readonly windowMs: number,
    private readonly maxRows: number,
    private readonly clock: () => number = Date.now,
    private readonly timers: Scheduler = realTimers,
    private readonly leading = true,
  ) {}

  /** Rows to broadcast: now if the last frame is older than the window, else with the next flush. */
  add(rows: readonly R[], poke = false): void {
    for (const row of rows) {
      this.pending.delete(row.id); // re-inserted last: rows keep the order of their latest change
      this.pending.set(row.id, row);
    }
    this.poked ||= poke;
    if (this.timer !== undefined || (this.pending.size === 0 && !this.poked)) return;
    const wait = this.leading ? this.lastSentAt + this.windowMs - this.clock() : this.windowMs;
    if (wait <= 0) this.flush();
    else this.timer = this.timers.set(() => this.flush(), wait);
  }

  /** Sends what is waiting (in frames of at most maxRows rows). */
  flush(): void {
    if (this.timer !== undefined) this.timers.clear(this.timer);
    this.timer = undefined;
    if (this.pending.size === 0 && !this.poked) return;
    const rows = [...this.pending.values()];
    this.pending.clear();
    this.poked = false;
    this.lastSentAt = this.clock();
    if (rows.length === 0) this.send([]);
    for (let i = 0; i < rows.length; i += this.maxRows) this.send(rows.slice(i, i + this.maxRows));
  }
}
