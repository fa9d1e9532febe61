// Where a room's time goes, for the benches (docs/benchmarks.md "Where the room's time goes"):
// wall time per label (a frame type, an alarm, a phase of a step) and the frames sent per event.
// The runtime's clock stands still while code runs and moves at I/O (Workers' Spectre
// mitigation: developers.cloudflare.com/workers/reference/security-model/), so a label's time is
// what it waited for (D1, storage, the session read); work that is CPU only shows as the frames
// and bytes it sent, counted as it sends them.

export interface Timing {
  count: number;
  ms: number;
  maxMs: number;
}

export interface Sent {
  /** frames handed to sockets (one broadcast to n sockets counts n) */
  frames: number;
  bytes: number;
}

export interface ProfileReport {
  /** epoch ms of the first entry since the last reset */
  since: number;
  timings: Record<string, Timing>;
  sent: Record<string, Sent>;
}

export class RoomProfile {
  private since = Date.now();
  private timings = new Map<string, Timing>();
  private sentBy = new Map<string, Sent>();

  /** Runs `work` and adds its wall time to `label` (also when it throws). */
  async time<T>(label: string, work: () => T | Promise<T>): Promise<T> {
    const t0 = Date.now();
    try {
      return await work();
    } finally {
      this.add(label, Date.now() - t0);
    }
  }

  add(label: string, ms: number): void {
    const t = this.timings.get(label) ?? { count: 0, ms: 0, maxMs: 0 };
    t.count++;
    t.ms += ms;
    t.maxMs = Math.max(t.maxMs, ms);
    this.timings.set(label, t);
  }

  /** `sockets` copies of one encoded frame of `event` (`length` characters) went out. */
  sent(event: string, length: number, sockets: number): void {
    if (sockets === 0) return;
    const s = this.sentBy.get(event) ?? { frames: 0, bytes: 0 };
    s.frames += sockets;
    s.bytes += length * sockets;
    this.sentBy.set(event, s);
  }

  /** What was measured since the last reset; `reset` starts a new count. */
  report(reset: boolean): ProfileReport {
    const out: ProfileReport = { since: this.since, timings: Object.fromEntries(this.timings), sent: Object.fromEntries(this.sentBy) };
    if (reset) {
      this.since = Date.now();
      this.timings = new Map();
      this.sentBy = new Map();
    }
    return out;
  }
}
