// Live drops for React (zustand). The hub's casesLiveDrop frames arrive through app/liveHub.tsx
// on every screen; the cases list answer seeds the strip. While this player's own reel spins,
// their drops are held back so the strip does not give the result away before the reel lands.
import { create } from "zustand";
import type { LiveDropJson, RollJson } from "../../../../shared/api/cases";
import { CASES } from "../../../../shared/constants";
import { mergeDrops } from "./liveDropsMerge";

/** An open of this session, kept for the in-browser verification of its roll. */
export interface PastRoll {
  caseId: number;
  roll: RollJson;
  itemName: string;
}

export interface CasesState {
  drops: LiveDropJson[];
  /** opening ids that arrived live (they animate in) */
  fresh: number[];
  /** drops of this user are held while their reel spins */
  heldUserId: number | null;
  held: LiveDropJson[];
  /** newest first, this session only */
  rolls: PastRoll[];
  seed(drops: readonly LiveDropJson[]): void;
  push(drop: LiveDropJson): void;
  hold(userId: number): void;
  release(): void;
  addRoll(roll: PastRoll): void;
}

const ROLLS_KEPT = 20;

export const useCasesStore = create<CasesState>()((set, get) => ({
  drops: [],
  fresh: [],
  heldUserId: null,
  held: [],
  rolls: [],
  seed: (drops) => set({ drops: mergeDrops(get().drops, drops) }),
  push: (drop) => {
    const s = get();
    if (s.heldUserId !== null && drop.user.id === s.heldUserId) {
      set({ held: [...s.held, drop] });
      return;
    }
    set({ drops: mergeDrops(s.drops, [drop]), fresh: [...s.fresh, drop.id].slice(-CASES.liveDropsKept) });
  },
  hold: (userId) => set({ heldUserId: userId }),
  release: () => {
    const s = get();
    if (s.heldUserId === null && s.held.length === 0) return;
    set({
      heldUserId: null,
      held: [],
      drops: mergeDrops(s.drops, s.held),
      fresh: [...s.fresh, ...s.held.map((d) => d.id)].slice(-CASES.liveDropsKept),
    });
  },
  addRoll: (roll) => set({ rolls: [roll, ...get().rolls].slice(0, ROLLS_KEPT) }),
}));

/** What app/liveHub.tsx calls for each casesLiveDrop frame. */
export function receiveLiveDrop(drop: LiveDropJson): void {
  useCasesStore.getState().push(drop);
}
