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
