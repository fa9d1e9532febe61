// A step's effects (round-game.ts RoomEffect) as the driver (RoundRoom.ts) commits them: what it
// owes D1 (to stage in the outbox: `persist` with the round row when it changed, `settle`) and its
// timer set (`schedule` effects, when a step has any, are the COMPLETE set: timers not listed are
// dropped). A game's own effects (any other type) are left to its shell.
import type { RoomEffect } from "./round-game";

const ROOM_EFFECTS = new Set(["reply", "send", "broadcast", "persist", "settle", "schedule"]);

/** Whether an effect is one the driver runs (not a game's own). */
export function isRoomEffect(e: { type: string }): boolean {
  return ROOM_EFFECTS.has(e.type);
}

/** The entries a step owes D1 (to stage in the outbox) and its timer set (undefined: it gave none). */
export function storageEffects<R, S, N extends string>(
  effects: readonly (RoomEffect<unknown, R, S, N> | { type: string })[],
): { owed: ({ kind: "round"; row: R } | { kind: "settle"; settlement: S })[]; timers: Map<N, number> | undefined } {
  const owed: ({ kind: "round"; row: R } | { kind: "settle"; settlement: S })[] = [];
  let timers: Map<N, number> | undefined;
  for (const effect of effects) {
    const e = effect as RoomEffect<unknown, R, S, N>;
    if (e.type === "persist" && e.round) owed.push({ kind: "round", row: e.round });
    else if (e.type === "settle") owed.push({ kind: "settle", settlement: e.settlement });
    else if (e.type === "schedule") {
      timers ??= new Map();
      timers.set(e.name, e.at);
    }
  }
  return { owed, timers };
}
