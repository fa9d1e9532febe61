// The game rooms' test clock: the tests move Date forward (vi.setSystemTime; timers stay real) and
// fire a room's alarm with runDurableObjectAlarm, so a round runs in milliseconds with the room's
// real code.
import { runDurableObjectAlarm } from "cloudflare:test";
import { vi } from "vitest";

/** Moves the clock (Date only; timers stay real) forward by `ms`. */
export function advanceClock(ms: number): void {
  if (!vi.isFakeTimers()) vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Date.now() + ms);
}

/** Moves the clock to `at` (epoch ms) and fires the room's due timers. */
export async function fireRoomAt(room: Parameters<typeof runDurableObjectAlarm>[0], at: number): Promise<void> {
  if (Date.now() < at) advanceClock(at - Date.now());
  await runDurableObjectAlarm(room);
}
