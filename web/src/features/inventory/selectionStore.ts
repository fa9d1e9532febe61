// The inventory selection (client-side "selected flag" of §3), kept outside the item list so
// bet boards, the store and the withdrawal flow can read the same choice.
import { createStore, useStore } from "zustand";
import { SELECTABLE_STATUS, type InventoryItem } from "./types";

type Selectable = Pick<InventoryItem, "myId" | "status">;

export interface SelectionState {
  /** Selected myIds in the order they were picked. */
  selected: number[];
  toggle(item: Selectable): void;
  /** Drops ids that are no longer in the inventory or no longer available. */
  retainAvailable(items: readonly Selectable[]): void;
  clear(): void;
}

export function createSelectionStore() {
  return createStore<SelectionState>()((set, get) => ({
    selected: [],
    toggle(item) {
      const { selected } = get();
      if (selected.includes(item.myId)) {
        set({ selected: selected.filter((id) => id !== item.myId) });
      } else if (item.status === SELECTABLE_STATUS) {
        set({ selected: [...selected, item.myId] });
      }
    },
    retainAvailable(items) {
      const available = new Set(items.filter((i) => i.status === SELECTABLE_STATUS).map((i) => i.myId));
      const { selected } = get();
      const kept = selected.filter((id) => available.has(id));
      if (kept.length !== selected.length) set({ selected: kept });
    },
    clear() {
      if (get().selected.length) set({ selected: [] });
    },
  }));
}

/** Sum of the prices of the selected items, in cents (no float drift). */
export function selectedTotalCents(items: readonly Pick<InventoryItem, "myId" | "price">[], selected: readonly number[]): number {
  const chosen = new Set(selected);
  let cents = 0;
  for (const item of items) if (chosen.has(item.myId)) cents += Math.round(item.price * 100);
  return cents;
}

export const inventorySelection = createSelectionStore();

export function useInventorySelection<T>(pick: (s: SelectionState) => T): T {
  return useStore(inventorySelection, pick);
}
