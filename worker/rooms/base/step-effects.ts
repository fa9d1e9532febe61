// What a bet room's step() asks of storage, D1 and the alarms, in the shape crash and the wheel
// share: `persist` (with the round row when it changed), `settle`, and `schedule` effects that,
// when a step has any, are the COMPLETE timer set (timers not listed are dropped).
type StorageEffect<R, S, N> = { type: "persist"; round?: R } | { type: "settle"; settlement: S } | { type: "schedule"; name: N; at: number };
type FrameEffect = { type: "reply" | "send" | "broadcast" };

/** The entries a step owes D1 (to stage in the outbox) and its timer set (undefined: it gave none). */
export function storageEffects<R, S, N extends string>(
  effects: readonly (StorageEffect<R, S, N> | FrameEffect)[],
): { owed: ({ kind: "round"; row: R } | { kind: "settle"; settlement: S })[]; timers: Map<N, number> | undefined } {
  const owed: ({ kind: "round"; row: R } | { kind: "settle"; settlement: S })[] = [];
  let timers: Map<N, number> | undefined;
  for (const e of effects) {
    if (e.type === "persist" && e.round) owed.push({ kind: "round", row: e.round });
    else if (e.type === "settle") owed.push({ kind: "settle", settlement: e.settlement });
    else if (e.type === "schedule") {
      timers ??= new Map();
      timers.set(e.name, e.at);
    }
  }
  return { owed, timers };
}
