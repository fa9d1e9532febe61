// The items a game's bet form has picked from the player's inventory (inventory row ids, in pick
// order): the rules every game's picker shares. Each game keeps its own picks (features do not
// share state) with a store made by createItemPicks; the limit is the game's (crash: a constant,
// jackpot: the room's setting).
import { create } from "zustand";

export interface PickableItem {
  myId: number;
  status: string;
}

/** Adds or removes one item: only an available item joins, and never past `max` picks. */
export function togglePick(selected: readonly number[], item: PickableItem, max: number): number[] {
  if (selected.includes(item.myId)) return selected.filter((id) => id !== item.myId);
  if (item.status !== "available" || selected.length >= max) return [...selected];
  return [...selected, item.myId];
}

/** Keeps only picks that are still in the inventory and available. */
export function retainPicks(selected: readonly number[], items: readonly PickableItem[]): number[] {
  const ok = new Set(items.filter((i) => i.status === "available").map((i) => i.myId));
  return selected.filter((id) => ok.has(id));
}

export interface ItemPicks {
  selected: number[];
  /** `max`: the game's limit now (the store's default when left out) */
  toggle(item: PickableItem, max?: number): void;
  retain(items: readonly PickableItem[]): void;
  clear(): void;
}

export function createItemPicks(defaultMax: number = Number.POSITIVE_INFINITY) {
  return create<ItemPicks>()((set, get) => ({
    selected: [],
    toggle: (item, max = defaultMax) => set({ selected: togglePick(get().selected, item, max) }),
    retain: (items) => {
      const next = retainPicks(get().selected, items);
      if (next.length !== get().selected.length) set({ selected: next });
    },
    clear: () => set({ selected: [] }),
  }));
}
