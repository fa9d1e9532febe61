// "Too fast" (spec §5): one user's accepted messages at least `minIntervalMs` apart. Pure: the
// caller passes the time. Kept in the room's memory only — after an eviction a user simply
// starts a fresh interval, which is all a 2-second limit needs.

export class RateLimiter {
  private readonly last = new Map<number, number>();

  constructor(private readonly minIntervalMs: number) {}

  /** Whether `key` may send at `now`; if so the send is counted (check and count are one step). */
  take(key: number, now: number): boolean {
    const at = this.last.get(key);
    if (at !== undefined && now - at < this.minIntervalMs) return false;
    this.last.set(key, now);
    if (this.last.size > 1_000) this.prune(now);
    return true;
  }

  /** Milliseconds until `key` may send again (0 = now). */
  waitFor(key: number, now: number): number {
    const at = this.last.get(key);
    return at === undefined ? 0 : Math.max(0, at + this.minIntervalMs - now);
  }

  /** Forgets users whose interval is over (keeps the map small in a busy room). */
  prune(now: number): void {
    for (const [key, at] of this.last) if (now - at >= this.minIntervalMs) this.last.delete(key);
  }

  get size(): number {
    return this.last.size;
  }
}

/**
 * Attempts of any kind (refused ones too) per user in a sliding window: checked before the send
 * path reads D1, so a flood of links, unknown commands or `!stats` over HTTP costs no queries
 * once it passes `max` in `windowMs`. Memory only, like RateLimiter.
 */
export class AttemptWindow {
  private readonly log = new Map<number, number[]>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Counts an attempt at `now`; false (and not counted) when `key` already made `max` in the window. */
  take(key: number, now: number): boolean {
    const recent = (this.log.get(key) ?? []).filter((at) => now - at < this.windowMs);
    if (recent.length >= this.max) {
      this.log.set(key, recent);
      return false;
    }
    recent.push(now);
    this.log.set(key, recent);
    if (this.log.size > 1_000) this.prune(now);
    return true;
  }

  prune(now: number): void {
    for (const [key, times] of this.log) if (times.every((at) => now - at >= this.windowMs)) this.log.delete(key);
  }

  get size(): number {
    return this.log.size;
  }
}
