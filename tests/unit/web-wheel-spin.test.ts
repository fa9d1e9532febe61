import { describe, expect, it } from "vitest";
import { WHEEL_SPIN } from "../../shared/constants";
import { roundHash } from "../../shared/fairness";
import { DEFAULT_WHEEL_SEGMENTS, segmentAt, wheelRotate } from "../../shared/wheel-layout";
import { wedges } from "../../web/src/features/wheel/discGeometry";
import { createDiscMotion } from "../../web/src/features/wheel/discMotion";
import { angleAt, planSpin, tickTimes, timeAtAngle } from "../../web/src/features/wheel/spin";
import type { WheelData } from "../../web/src/features/wheel/state";

const SEGMENTS = DEFAULT_WHEEL_SEGMENTS.length;
// every rotate the server can send lies in [1084, 1444): 3 turns + 4° + the landing point
const CASES: Array<[number, number]> = [
  [1084, 10_000],
  [1200, 8_000],
  [1443.9, 10_000],
  [1300, 3_000],
  [1100, 1_500],
];

describe("the spin's angle at an elapsed time", () => {
  it.each(CASES)("starts at 0, ends exactly at rotate %s in %s ms, never goes back", (rotate, ms) => {
    const plan = planSpin(rotate, ms);
    expect(angleAt(plan, -50)).toBe(0);
    expect(angleAt(plan, 0)).toBe(0);
    expect(angleAt(plan, ms)).toBe(rotate);
    expect(angleAt(plan, ms + 5_000)).toBe(rotate);
    expect(angleAt(plan, ms - 0.01)).toBeCloseTo(rotate, 1);
    let prev = 0;
    for (let t = 0; t <= ms; t += ms / 500) {
      const a = angleAt(plan, t);
      expect(a).toBeGreaterThanOrEqual(prev - 1e-9);
      expect(a).toBeLessThanOrEqual(rotate);
      prev = a;
    }
  });

  it("decelerates: each later second covers less angle once the run-up is over", () => {
    const plan = planSpin(1200, 10_000);
    expect(plan.runUpMs).toBeGreaterThan(0);
    expect(plan.runUpMs).toBeLessThan(10_000);
    const step = (t: number) => angleAt(plan, t + 1000) - angleAt(plan, t);
    const from = Math.ceil(plan.runUpMs / 1000) * 1000;
    for (let t = from; t + 2000 <= 10_000; t += 1000) expect(step(t + 1000)).toBeLessThan(step(t));
  });

  it("timeAtAngle inverts angleAt", () => {
    const plan = planSpin(1337.5, 9_000);
    for (const deg of [1, 100, 700, 1000, 1200, 1337]) expect(angleAt(plan, timeAtAngle(plan, deg))).toBeCloseTo(deg, 6);
  });

  it("a spin with ms = 1 (the stopped wheel) is at rotate from the start", () => {
    const plan = planSpin(1200, 1);
    expect(angleAt(plan, 0)).toBe(1200);
    expect(tickTimes(plan)).toEqual([]);
  });

  it("ends with the pointer inside the drawn segment for every segment of the default layout", () => {
    const hash = roundHash("ab".repeat(32), "salt");
    for (let segment = 0; segment < SEGMENTS; segment++) {
      const rotate = wheelRotate(segment, hash, SEGMENTS);
      const plan = planSpin(rotate, 10_000);
      expect(segmentAt(angleAt(plan, 10_000), SEGMENTS)).toBe(segment);
    }
  });
});

describe("the tick schedule (§4: interval ×1.1 per 12°)", () => {
  it("ticks at 12° steps, grows ×1.1 per step in the slow-down and never closer than 45 ms", () => {
    const plan = planSpin(1200, 10_000);
    const ticks = tickTimes(plan);
    expect(ticks.length).toBeGreaterThan(20);
    expect(ticks.at(-1)).toBeLessThanOrEqual(10_000);
    const gaps = ticks.slice(1).map((t, i) => t - ticks[i]!);
    for (const g of gaps) expect(g).toBeGreaterThanOrEqual(45 - 1e-9);
    // past the run-up consecutive 12° steps take ×1.1 longer each (where no tick was dropped as too close)
    const slow = ticks.filter((t) => t > plan.runUpMs + 1);
    const steps = slow.slice(1).map((t, i) => ({ gap: t - slow[i]!, deg: angleAt(plan, t) - angleAt(plan, slow[i]!) }));
    let compared = 0;
    for (let i = 1; i < steps.length; i++) {
      if (Math.abs(steps[i]!.deg - 12) > 1e-6 || Math.abs(steps[i - 1]!.deg - 12) > 1e-6) continue;
      expect(steps[i]!.gap / steps[i - 1]!.gap).toBeCloseTo(WHEEL_SPIN.tickIntervalFactor, 6);
      compared++;
    }
    expect(compared).toBeGreaterThan(10);
    // each tick sits on a 12° boundary
    for (const t of slow) expect((angleAt(plan, t) / WHEEL_SPIN.tickStepDeg) % 1).toBeCloseTo(0, 5);
  });
});

describe("the disc's drawing", () => {
  it("draws one wedge per segment, segment 0 starting at 12 o'clock", () => {
    const colours = [...DEFAULT_WHEEL_SEGMENTS];
    const list = wedges(colours, 400, 128);
    expect(list).toHaveLength(SEGMENTS);
    expect(list[0]!.path.startsWith("M200 0A")).toBe(true);
    expect(list.map((w) => w.colour)).toEqual(colours);
  });
});

describe("the disc's motion from the store", () => {
  const spin = (patch: Partial<NonNullable<WheelData["spin"]>> = {}): NonNullable<WheelData["spin"]> => ({
    roundId: 4,
    rotate: 1200,
    ms: 10_000,
    startedAt: 1_000_000,
    segment: 0,
    colour: "yellow",
    multiplier: 50,
    winners: [],
    winnersCount: 0,
    winTotal: 0,
    secretHash: "ab".repeat(32),
    publicHash: "cd".repeat(32),
    ...patch,
  });

  it("a player who opens the page mid-spin sees the angle for the elapsed time on the server's clock", () => {
    const state = { spin: spin(), clockOffsetMs: 500 };
    const motion = createDiscMotion(
      () => state,
      () => false,
    );
    // local 1_003_500 + offset 500 = server 1_004_000: 4 s into the spin
    const f = motion(1_003_500);
    expect(f.angle).toBeCloseTo(angleAt(planSpin(1200, 10_000), 4_000), 6);
    expect(f.tick).toBe(false); // no burst of ticks on arrival
    const later = motion(1_003_500 + 2_000);
    expect(later.angle).toBeGreaterThan(f.angle);
    expect(later.tick).toBe(true);
  });

  it("stopped (ms = 1) shows rotate; with reduced motion the disc waits and jumps to the result at the end", () => {
    const state = { spin: spin({ ms: 1 }), clockOffsetMs: 0 };
    expect(
      createDiscMotion(
        () => state,
        () => false,
      )(5).angle,
    ).toBe(1200);
    const turning = { spin: spin(), clockOffsetMs: 0 };
    const reduced = createDiscMotion(
      () => turning,
      () => true,
    );
    expect(reduced(1_005_000).angle).toBe(0);
    expect(reduced(1_010_001).angle).toBe(1200);
  });

  it("after the round the disc turns back to 0 the short way within the reset time", () => {
    const state: { spin: WheelData["spin"]; clockOffsetMs: number } = { spin: spin({ ms: 1, rotate: 1090 }), clockOffsetMs: 0 };
    const motion = createDiscMotion(
      () => state,
      () => false,
    );
    expect(motion(0).angle).toBe(1090);
    state.spin = null;
    const mid = motion(100).angle; // from 10° (1090 mod 360) back towards 0
    expect(mid).toBeGreaterThanOrEqual(0);
    expect(mid).toBeLessThanOrEqual(10);
    expect(motion(2_000).angle).toBe(0);
  });
});
