// The small pieces every bet room's shell shares (worker/rooms/base): the load-once memo and the
// split of a step's effects into what storage, D1 and the alarms owe.
import { describe, expect, it } from "vitest";
import { LoadOnce } from "../../worker/rooms/base/load-once";
import { renamedSecret } from "../../worker/rooms/base/bet-store";
import { storageEffects } from "../../worker/rooms/base/step-effects";

describe("LoadOnce", () => {
  it("runs one load for every caller waiting at the same time", async () => {
    let loads = 0;
    const once = new LoadOnce(async () => ++loads);
    expect(await Promise.all([once.get(), once.get(), once.get()])).toEqual([1, 1, 1]);
    expect(await once.get()).toBe(1);
    expect(loads).toBe(1);
  });

  it("forgets a failed load: the next caller tries again", async () => {
    let loads = 0;
    const once = new LoadOnce(async () => {
      loads++;
      if (loads === 1) throw new Error("D1 down");
      return "state";
    });
    await expect(once.get()).rejects.toThrow("D1 down");
    expect(await once.get()).toBe("state");
    expect(await once.get()).toBe("state");
    expect(loads).toBe(2);
  });
});

describe("storageEffects", () => {
  it("stages round rows and settlements in order; the schedule effects are the timer set", () => {
    const { owed, timers } = storageEffects<{ id: number }, { kind: "loss"; betId: string }, "start" | "next">([
      { type: "broadcast" },
      { type: "persist" },
      { type: "settle", settlement: { kind: "loss", betId: "a" } },
      { type: "persist", round: { id: 7 } },
      { type: "schedule", name: "next", at: 1_000 },
      { type: "send" },
    ]);
    expect(owed).toEqual([
      { kind: "settle", settlement: { kind: "loss", betId: "a" } },
      { kind: "round", row: { id: 7 } },
    ]);
    expect(timers).toEqual(new Map([["next", 1_000]]));
  });

  it("no schedule effect: no timer set (the alarms stay as they are)", () => {
    expect(storageEffects([{ type: "persist" }, { type: "reply" }])).toEqual({ owed: [], timers: undefined });
  });
});

describe("renamedSecret", () => {
  it("reads a crash or wheel state stored when the round's secret was called secretHash", () => {
    const old = { round: { id: 4, secretHash: "x4", phase: "waiting" }, bets: [] };
    expect(renamedSecret(old)).toEqual({ round: { id: 4, secret: "x4", phase: "waiting" }, bets: [] });
    const current = { round: { id: 5, secret: "x5" }, bets: [] };
    expect(renamedSecret(current)).toBe(current);
  });
});
