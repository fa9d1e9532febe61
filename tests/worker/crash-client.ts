// Test helpers for the crash room: real sockets through the worker (/ws/crash, hub-client.ts's
// RoomClient), the room's stub, and the clock (room-clock.ts): the tests move Date forward and fire
// the room's alarm, so a round runs in milliseconds with the room's real code.
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import type { CrashServerFrame } from "../../shared/rooms/crash";
import { crashRoom } from "../../worker/rooms/crash/stub";
import { connectGameRoom, type FrameIn, type RoomClient } from "./hub-client";
import { fireRoomAt } from "./room-clock";

export { advanceClock } from "./room-clock";

export type FrameOf<E extends CrashServerFrame["event"]> = FrameIn<CrashServerFrame, E>;
export type CrashClient = RoomClient<CrashServerFrame>;

export const connectCrash = (apiToken?: string): Promise<CrashClient> => connectGameRoom<CrashServerFrame>("/ws/crash", "crashInit", apiToken);

export const room = () => crashRoom(env);

/** Moves the clock to `at` (epoch ms) and fires the room's due timers. */
export const fireAt = (at: number) => fireRoomAt(room(), at);

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
