// The wheel board's picked items (inventory row ids, in pick order). Its own store: features do
// not share state. At most `max` picks (the room's max items per bet).
import { create } from "zustand";

interface PickableItem {
  myId: number;
  status: string;
}

interface WheelSelection {
  selected: number[];
  toggle(item: PickableItem, max: number): void;
  /** Keeps only picks that are still in the inventory and available. */
  retain(items: readonly PickableItem[]): void;
  clear(): void;
  /** Drops these ids (the items of a bet just accepted); picks made meanwhile stay. */
  drop(ids: readonly number[]): void;
}

export function toggled(selected: readonly number[], item: PickableItem, max: number): number[] {
  if (selected.includes(item.myId)) return selected.filter((id) => id !== item.myId);
  if (item.status !== "available" || selected.length >= max) return [...selected];
  return [...selected, item.myId];
}

export const useWheelSelection = create<WheelSelection>()((set, get) => ({
  selected: [],
  toggle: (item, max) => set({ selected: toggled(get().selected, item, max) }),
  retain: (items) => {
    const ok = new Set(items.filter((i) => i.status === "available").map((i) => i.myId));
    const next = get().selected.filter((id) => ok.has(id));
    if (next.length !== get().selected.length) set({ selected: next });
  },
  clear: () => set({ selected: [] }),
  drop: (ids) => set({ selected: get().selected.filter((id) => !ids.includes(id)) }),
}));
