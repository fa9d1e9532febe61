// What the game rooms' client state machines share (features/{crash,wheel,jackpot}/state.ts): a
// typed handler per server frame — the map must name every event of the room's protocol, so a new
// server frame is a compile error until it is handled — the server clock's offset, bet rows merged
// by id and the history strip.
import type { AnyFrame, DataOf, EventOf } from "../../../shared/rooms/frame";

/** One handler per server event: the next state; effects for the connection go into `effects`. */
export type FrameHandlers<F extends AnyFrame, S, E> = {
  [K in EventOf<F>]: (state: S, data: DataOf<F, K>, now: number, effects: E[]) => S;
};

/** A frame through its handler: the next state and the effects the connection performs. */
export function reduceFrame<F extends AnyFrame, S, E>(handlers: FrameHandlers<F, S, E>, state: S, frame: F, now: number): { state: S; effects: E[] } {
  const effects: E[] = [];
  const handle = handlers[frame.event as EventOf<F>] as (state: S, data: unknown, now: number, effects: E[]) => S;
  return { state: handle(state, frame.data, now, effects), effects };
}

/** A handler for frames that change nothing (pong). */
export const unchanged = <S>(state: S): S => state;

/**
 * A new offset sample (serverTime − receivedAt) of the server's clock. Network delay only makes a
 * sample smaller than the truth, so a larger sample is taken at once and a smaller one only creeps
 * in (clock drift).
 */
export function nextOffset(prev: number | null, sample: number): number {
  if (prev === null || sample > prev) return sample;
  return Math.round(prev * 0.9 + sample * 0.1);
}

/** Bet rows by id: changed rows replace theirs in place, new ones go on top (newest first). */
export function mergeById<R extends { id: string }>(list: readonly R[], rows: readonly R[]): R[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const merged = list.map((b) => byId.get(b.id) ?? b);
  const known = new Set(list.map((b) => b.id));
  const fresh = rows.filter((r) => !known.has(r.id));
  return [...fresh.reverse(), ...merged];
}

/** The history strip with `entry` first (a repeat of it replaced), at most `size` long. */
export function withHistory<H extends { id: number }>(history: readonly H[], entry: H, size: number): H[] {
  return [entry, ...history.filter((h) => h.id !== entry.id)].slice(0, size);
}
