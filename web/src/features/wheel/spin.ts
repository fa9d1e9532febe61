// The wheel's motion for one spin (pure: the disc, the tick sound and the tests read it).
//
// The server sends `rotate` (the final angle in degrees, turns included) and `ms` (how long the
// spin lasts). Every spin starts from angle 0 (§4: a timer event resets the spin), so the angle
// at a given elapsed time is the same for everyone, including a player who opens the page
// mid-spin.
//
// §4's tick rule — the interval between ticks grows ×1.1 per 12° — is the deceleration itself:
// the disc runs at TOP_SPEED (a run-up for the extra turns), then slows so that each 12° takes
// 1.1 times as long as the one before. Speed as a function of the angle θ past the run-up is
// v(θ) = v₀·1.1^(−θ/12), whose motion is θ(t) = ln(1 + a·v₀·t)/a with a = ln(1.1)/12. The run-up
// length is solved (bisection) so the two phases add up to exactly `rotate` in exactly `ms`.
// A tick plays each time the pointer passes a 12° step.

import { WHEEL_SPIN } from "../../../../shared/constants";

const TICK_DEG = WHEEL_SPIN.tickStepDeg;
/** Run-up speed (degrees per second): two turns a second, more if the spin is short. */
const TOP_SPEED = 720;
/** Ticks closer than this are not played (the run-up passes a step every frame). */
const MIN_TICK_GAP_MS = 45;

const A = Math.log(WHEEL_SPIN.tickIntervalFactor) / TICK_DEG;

export interface SpinPlan {
  /** final angle, degrees */
  rotate: number;
  /** duration, ms */
  ms: number;
  /** run-up speed, degrees per ms */
  v0: number;
  /** end of the run-up, ms */
  runUpMs: number;
}

/** Angle the slow-down phase covers in `ms` starting at speed v (deg/ms). */
function slowDownAngle(v: number, ms: number): number {
  return Math.log(1 + A * v * ms) / A;
}

/** The plan of a spin to `rotate` degrees in `ms`. A spin of no length (ms ≤ 1) is at rest. */
export function planSpin(rotate: number, ms: number): SpinPlan {
  if (!(ms > 1) || !(rotate > 0)) return { rotate, ms: Math.max(0, ms), v0: 0, runUpMs: 0 };
  // the run-up speed must reach `rotate` within `ms` even with no slow-down
  const v0 = Math.max(TOP_SPEED / 1000, (1.2 * rotate) / ms);
  // covered(r) = v0·r + slowDownAngle(v0, ms − r) grows with r: bisect for covered = rotate
  let lo = 0;
  let hi = ms;
  if (slowDownAngle(v0, ms) >= rotate) hi = 0;
  for (let i = 0; i < 60 && hi - lo > 1e-6; i++) {
    const mid = (lo + hi) / 2;
    if (v0 * mid + slowDownAngle(v0, ms - mid) < rotate) lo = mid;
    else hi = mid;
  }
  return { rotate, ms, v0, runUpMs: hi };
}

/** The angle (degrees) `elapsed` ms into the spin: 0 before, `rotate` from the end on. */
export function angleAt(plan: SpinPlan, elapsed: number): number {
  if (plan.v0 === 0) return plan.rotate;
  if (elapsed <= 0) return 0;
  if (elapsed >= plan.ms) return plan.rotate;
  if (elapsed <= plan.runUpMs) return plan.v0 * elapsed;
  const angle = plan.v0 * plan.runUpMs + slowDownAngle(plan.v0, elapsed - plan.runUpMs);
  return Math.min(plan.rotate, angle);
}

/** Inverse of angleAt: when the disc reaches `angle` (ms into the spin). */
export function timeAtAngle(plan: SpinPlan, angle: number): number {
  if (plan.v0 === 0 || angle >= plan.rotate) return plan.ms;
  if (angle <= 0) return 0;
  const runUp = plan.v0 * plan.runUpMs;
  if (angle <= runUp) return angle / plan.v0;
  return plan.runUpMs + (Math.exp(A * (angle - runUp)) - 1) / (A * plan.v0);
}

/**
 * When a tick plays (ms into the spin): each 12° step the pointer passes, dropping any closer
 * than MIN_TICK_GAP_MS to the last one played. Past the run-up the gaps grow ×1.1 per step.
 */
export function tickTimes(plan: SpinPlan): number[] {
  const out: number[] = [];
  if (plan.v0 === 0) return out;
  let last = Number.NEGATIVE_INFINITY;
  for (let deg = TICK_DEG; deg <= plan.rotate; deg += TICK_DEG) {
    const t = timeAtAngle(plan, deg);
    if (t - last >= MIN_TICK_GAP_MS) {
      out.push(t);
      last = t;
    }
  }
  return out;
}

/** How many ticks of `times` fall in (from, to]: the animation loop plays one sound for them. */
export function ticksBetween(times: readonly number[], from: number, to: number): number {
  let n = 0;
  for (const t of times) if (t > from && t <= to) n++;
  return n;
}
