// The multiplier the widget draws right now: the shared curve at the round's elapsed time on the
// server's clock (local time + measured offset), never below the last server tick and never
// past the crash point once the round has crashed.
import { elapsedFor, multiplierAt, type Hundredths } from "../../../../shared/crash-curve";
import type { CrashData } from "./state";

type ClockFields = Pick<CrashData, "phase" | "startedAt" | "clockOffsetMs" | "multiplier" | "lastTick">;

/** Elapsed running time (ms) at local time `localNow`; 0 outside the running phase. */
export function elapsedAt(s: ClockFields, localNow: number): number {
  // A crashed round joined late has no tick: the curve's own time to the crash point.
  if (s.phase === "crashed") return s.lastTick?.elapsed ?? elapsedFor(s.multiplier);
  if (s.startedAt === null) return 0;
  if (s.phase !== "running") return 0;
  const serverNow = localNow + (s.clockOffsetMs ?? 0);
  return Math.max(s.lastTick?.elapsed ?? 0, serverNow - s.startedAt);
}

/** The multiplier (hundredths) to show at local time `localNow`. */
export function displayedMultiplier(s: ClockFields, localNow: number): Hundredths {
  if (s.phase === "crashed") return s.multiplier;
  if (s.phase !== "running") return 100;
  return Math.max(s.multiplier, multiplierAt(elapsedAt(s, localNow)));
}

/** Waiting phase: ms left on the countdown and the bar's fill (1 → 0). */
export function countdownAt(s: Pick<CrashData, "countdownEndsAt" | "clockOffsetMs">, localNow: number, totalMs: number): { leftMs: number; fill: number } {
  if (s.countdownEndsAt === null) return { leftMs: 0, fill: 0 };
  const leftMs = Math.max(0, s.countdownEndsAt - (localNow + (s.clockOffsetMs ?? 0)));
  return { leftMs, fill: totalMs > 0 ? Math.min(1, leftMs / totalMs) : 0 };
}
