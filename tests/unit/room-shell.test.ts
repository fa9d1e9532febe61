// The room shell's pure parts: flood window and the named alarms over one DO alarm.
import { describe, expect, it } from "vitest";
import { NamedAlarms, earliest, splitDue } from "../../worker/rooms/base/alarms";
import { countFrame, type FloodState } from "../../worker/rooms/base/flood";

describe("countFrame", () => {
  const limits = { maxFrames: 3, windowMs: 1_000 };

  it("floods on the frame after maxFrames within one window", () => {
    let state: FloodState | undefined;
    const flooded: boolean[] = [];
    for (const t of [0, 10, 20, 30]) {
      const r = countFrame(state, t, limits);
      state = r.state;
      flooded.push(r.flooded);
    }
    expect(flooded).toEqual([false, false, false, true]);
  });

  it("starts a fresh window once the old one is over", () => {
    let r = countFrame(undefined, 0, limits);
    r = countFrame(r.state, 500, limits);
    r = countFrame(r.state, 999, limits);
    r = countFrame(r.state, 1_000, limits);
    expect(r).toEqual({ state: { windowStart: 1_000, frames: 1 }, flooded: false });
  });
});

describe("splitDue / earliest", () => {
  it("returns due names earliest first and keeps the rest", () => {
    expect(splitDue({ b: 20, a: 10, c: 30 }, 20)).toEqual({ due: ["a", "b"], rest: { c: 30 } });
    expect(splitDue({}, 5)).toEqual({ due: [], rest: {} });
    expect(earliest({ b: 20, a: 10 })).toBe(10);
    expect(earliest({})).toBeUndefined();
  });
});

/** The slice of DurableObjectStorage NamedAlarms uses, in memory. */
class FakeStorage {
  data = new Map<string, unknown>();
  alarm: number | null = null;
  async get<T>(key: string) {
    return structuredClone(this.data.get(key)) as T | undefined;
  }
  async put(key: string, value: unknown) {
    this.data.set(key, structuredClone(value));
  }
  async getAlarm() {
    return this.alarm;
  }
  async setAlarm(at: number) {
    this.alarm = at;
  }
  async deleteAlarm() {
    this.alarm = null;
  }
}

describe("NamedAlarms", () => {
  it("keeps the DO alarm on the earliest deadline and survives a restart", async () => {
    const storage = new FakeStorage();
    const alarms = new NamedAlarms<"tick" | "settle">(storage as unknown as DurableObjectStorage);
    await alarms.set("settle", 5_000);
    await alarms.set("tick", 1_000);
    expect(storage.alarm).toBe(1_000);
    await alarms.cancel("tick");
    expect(storage.alarm).toBe(5_000);
    await alarms.set("tick", 2_000);

    // a new instance (after eviction) reads the deadlines back from storage
    const again = new NamedAlarms<"tick" | "settle">(storage as unknown as DurableObjectStorage);
    expect(await again.deadline("tick")).toBe(2_000);
    storage.alarm = null; // the runtime clears the alarm when it fires
    expect(await again.takeDue(2_500)).toEqual(["tick"]);
    expect(storage.alarm).toBe(5_000);
    expect(await again.takeDue(6_000)).toEqual(["settle"]);
    expect(storage.alarm).toBeNull();
    expect(await again.deadline("settle")).toBeUndefined();
  });
});
