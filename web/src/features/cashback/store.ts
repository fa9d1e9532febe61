// When the next cashback take is possible (epoch ms), as the last take or a too_soon refusal
// said; null: unknown (the server decides; a take then answers too_soon with the time).
import { create } from "zustand";

interface CashbackState {
  nextTakeAt: number | null;
  setNextTakeAt(at: number | null): void;
}

export const useCashbackStore = create<CashbackState>()((set) => ({
  nextTakeAt: null,
  setNextTakeAt: (nextTakeAt) => set({ nextTakeAt }),
}));
