// The small pieces of the round-room driver (worker/rooms/base): the split of a step's effects into
// what storage, D1 and the alarms owe, and the upgrade of an older stored state.
import { describe, expect, it } from "vitest";
import { renamedSecret } from "../../worker/rooms/base/bet-store";
import { storageEffects } from "../../worker/rooms/base/step-effects";

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
