// The store items picked for a purchase (§3 Store item "selected flag"). Kept outside the panel
// so a trip to the inventory (to pick items for an exchange) does not lose the choice.
import { create } from "zustand";
import type { StoreItemJson } from "../../../../shared/api/store";

export interface StoreSelectionState {
  /** picked cards by catalogue id, in pick order (the price is the one shown when picked) */
  picked: StoreItemJson[];
  toggle(item: StoreItemJson): void;
  clear(): void;
}

export function toggledPick(picked: readonly StoreItemJson[], item: StoreItemJson): StoreItemJson[] {
  return picked.some((p) => p.id === item.id) ? picked.filter((p) => p.id !== item.id) : [...picked, item];
}

export const useStoreSelection = create<StoreSelectionState>()((set, get) => ({
  picked: [],
  toggle: (item) => set({ picked: toggledPick(get().picked, item) }),
  clear: () => {
    if (get().picked.length) set({ picked: [] });
  },
}));
