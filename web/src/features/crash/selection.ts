// The betting board's picked items (inventory row ids, in pick order) and the board's mode.
// Kept apart from the inventory feature's own selection: features do not share state.
import { create } from "zustand";
import { CRASH } from "../../../../shared/constants";

export interface SelectableItem {
  myId: number;
  status: string;
}

export interface CrashBoardState {
  selected: number[];
  toggle(item: SelectableItem): void;
  /** Keeps only picks that are still in the inventory and available. */
  retain(items: readonly SelectableItem[]): void;
  clear(): void;
}

export function toggled(selected: readonly number[], item: SelectableItem): number[] {
  if (selected.includes(item.myId)) return selected.filter((id) => id !== item.myId);
  if (item.status !== "available" || selected.length >= CRASH.maxItemsPerBet) return [...selected];
  return [...selected, item.myId];
}

export function retained(selected: readonly number[], items: readonly SelectableItem[]): number[] {
  const ok = new Set(items.filter((i) => i.status === "available").map((i) => i.myId));
  return selected.filter((id) => ok.has(id));
}

export const useCrashSelection = create<CrashBoardState>()((set, get) => ({
  selected: [],
  toggle: (item) => set({ selected: toggled(get().selected, item) }),
  retain: (items) => {
    const next = retained(get().selected, items);
    if (next.length !== get().selected.length) set({ selected: next });
  },
  clear: () => set({ selected: [] }),
}));
