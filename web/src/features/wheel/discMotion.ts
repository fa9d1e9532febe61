// What the disc shows each animation frame, from the store (no React): during a spin the angle
// for the time elapsed on the server's clock since the spin's startedAt (a player who opens the
// page mid-spin sees the same angle as everyone), the stopped wheel at `rotate`, and after the
// round a short turn back to 0 where the next spin starts. With reduced motion the disc does not
// turn during the spin and shows the result when the spin ends.
import { angleAt, planSpin, tickTimes, ticksBetween, type SpinPlan } from "./spin";
import type { WheelData } from "./state";

/** The turn back to 0 after a round (ms). */
const RESET_MS = 700;

type MotionFields = Pick<WheelData, "spin" | "clockOffsetMs">;

export interface DiscFrame {
  angle: number;
  /** a 12° step was passed since the last frame (one tick sound) */
  tick: boolean;
}

/** A motion function with its own memory (the plan of the current spin, the last angle drawn). */
export function createDiscMotion(read: () => MotionFields, reducedMotion: () => boolean): (localNow: number) => DiscFrame {
  let key = "";
  let plan: SpinPlan | null = null;
  let ticks: number[] = [];
  let lastElapsed = Number.NaN;
  let lastAngle = 0;
  let reset: { from: number; at: number } | null = null;

  return (localNow) => {
    const { spin, clockOffsetMs } = read();
    if (!spin) {
      lastElapsed = Number.NaN;
      key = "";
      if (lastAngle % 360 !== 0 && !reset) reset = { from: lastAngle % 360, at: localNow };
      if (!reset || reducedMotion()) {
        reset = null;
        lastAngle = 0;
        return { angle: 0, tick: false };
      }
      const p = Math.min(1, (localNow - reset.at) / RESET_MS);
      // back to 0 the short way round, easing out
      const target = reset.from > 180 ? 360 : 0;
      const angle = reset.from + (target - reset.from) * (1 - (1 - p) ** 3);
      if (p >= 1) reset = null;
      lastAngle = p >= 1 ? 0 : angle;
      return { angle: lastAngle, tick: false };
    }
    reset = null;
    if (spin.ms <= 1) {
      lastAngle = spin.rotate;
      return { angle: spin.rotate, tick: false };
    }
    const k = `${spin.roundId}:${spin.rotate}:${spin.ms}:${spin.startedAt}`;
    if (k !== key) {
      key = k;
      plan = planSpin(spin.rotate, spin.ms);
      ticks = tickTimes(plan);
      lastElapsed = Number.NaN;
    }
    const elapsed = localNow + (clockOffsetMs ?? 0) - spin.startedAt;
    if (reducedMotion()) {
      lastAngle = elapsed >= spin.ms ? spin.rotate : 0;
      return { angle: lastAngle, tick: false };
    }
    const angle = angleAt(plan!, elapsed);
    // no burst of ticks for a player who arrives mid-spin: counting starts at the first frame
    const tick = !Number.isNaN(lastElapsed) && ticksBetween(ticks, lastElapsed, elapsed) > 0;
    lastElapsed = elapsed;
    lastAngle = angle;
    return { angle, tick };
  };
}
