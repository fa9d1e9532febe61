// Test helpers for the crash room: real sockets through the worker (/ws/crash), the room's stub,
// and the clock. The tests move Date forward (vi.setSystemTime) and fire the room's alarm with
// runDurableObjectAlarm, so a round runs in milliseconds with the room's real code.
import { runDurableObjectAlarm } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { expect, vi } from "vitest";
import type { CrashServerFrame } from "../../shared/rooms/crash";
import { crashRoom } from "../../worker/rooms/crash/stub";

type Event = CrashServerFrame["event"];
export type FrameOf<E extends Event> = Extract<CrashServerFrame, { event: E }>;

export class CrashClient {
  readonly frames: CrashServerFrame[] = [];
  closed: { code: number; reason: string } | undefined;
  private wake: (() => void)[] = [];

  constructor(readonly ws: WebSocket) {
    ws.addEventListener("message", (e) => {
      this.frames.push(JSON.parse(e.data as string) as CrashServerFrame);
      for (const w of this.wake.splice(0)) w();
    });
    ws.addEventListener("close", (e) => {
      this.closed = { code: e.code, reason: e.reason };
    });
  }

  async waitClosed(timeoutMs = 4_000): Promise<{ code: number; reason: string }> {
    const deadline = performance.now() + timeoutMs;
    while (!this.closed) {
      if (performance.now() > deadline) throw new Error("socket never closed");
      await new Promise((r) => setTimeout(r, 20));
    }
    return this.closed;
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === "string" ? frame : JSON.stringify(frame));
  }

  /** The frames of one event received so far. */
  all<E extends Event>(event: E): FrameOf<E>[] {
    return this.frames.filter((f): f is FrameOf<E> => f.event === event);
  }

  /** The first frame of `event` (received after `skip` earlier ones) matching `match`. */
  async next<E extends Event>(event: E, match: (f: FrameOf<E>) => boolean = () => true, skip = 0, timeoutMs = 4_000): Promise<FrameOf<E>> {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const found = this.all(event).slice(skip).find(match);
      if (found) return found;
      if (performance.now() > deadline) throw new Error(`timed out waiting for ${event}; got ${JSON.stringify(this.frames.map((f) => f.event))}`);
      await new Promise<void>((resolve) => {
        this.wake.push(resolve);
        setTimeout(resolve, 20);
      });
    }
  }

  /** Sends `frame` and waits for the next frame of `event` (counted from now). */
  async ask<E extends Event>(frame: unknown, event: E): Promise<FrameOf<E>> {
    const skip = this.all(event).length;
    this.send(frame);
    return this.next(event, () => true, skip);
  }

  close(): void {
    try {
      this.ws.close(1000, "bye");
    } catch {
      // already closed
    }
  }
}

export async function connectCrash(apiToken?: string): Promise<CrashClient> {
  const res = await exports.default.fetch("http://x/ws/crash", { headers: { Upgrade: "websocket" } });
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  ws.accept();
  const client = new CrashClient(ws);
  await client.next("crashInit");
  if (apiToken !== undefined) await client.ask({ event: "identity", data: { apiToken } }, "crashInit");
  return client;
}

export const room = () => crashRoom(env);

/** Moves the clock (Date only; timers stay real) forward by `ms`. */
export function advanceClock(ms: number): void {
  if (!vi.isFakeTimers()) vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Date.now() + ms);
}

/** Moves the clock to `at` (epoch ms) and fires the room's due timers. */
export async function fireAt(at: number): Promise<void> {
  if (Date.now() < at) advanceClock(at - Date.now());
  await runDurableObjectAlarm(room());
}

/**
 * Admin dev tools through the API: the next round crashes at `point`, the current one at once.
 * Returns the new round's crashStartTimer (seen by `watcher`).
 */
export async function twistedRound(watcher: CrashClient, adminToken: string, point: number): Promise<FrameOf<"crashStartTimer">> {
  const { post } = await import("./user-fixtures");
  const round = watcher.frames.filter((f) => f.event === "crashInit").at(-1) as FrameOf<"crashInit">;
  const skip = watcher.all("crashStartTimer").length;
  expect((await post("/api/admin/crash/scheduleTwist", { nextCrash: point }, adminToken)).status).toBe(200);
  expect((await post("/api/admin/crash/forceCrash", {}, adminToken)).status).toBe(200);
  await fireAt(round.data.round.countdownEndsAt!);
  const crashed = await watcher.next("crashMultiplier", (f) => f.data.phase === "crashed");
  await fireAt(crashed.data.serverTime + 4_000);
  return watcher.next("crashStartTimer", () => true, skip);
}

/** Fires the start of the round announced by `timer`; returns the running frame's server time. */
export async function startRound(watcher: CrashClient, timer: FrameOf<"crashStartTimer">): Promise<number> {
  await fireAt(timer.data.countdownEndsAt);
  const running = await watcher.next("crashMultiplier", (f) => f.data.phase === "running" && f.data.roundId === timer.data.roundId);
  return running.data.serverTime;
}
