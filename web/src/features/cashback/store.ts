// When the next cashback claim is possible (epoch ms), as the last claim or a too_soon refusal
// said; null: unknown (the server decides; a claim then answers too_soon with the time).
import { create } from "zustand";

interface CashbackState {
  nextClaimAt: number | null;
  setNextClaimAt(at: number | null): void;
}

export const useCashbackStore = create<CashbackState>()((set) => ({
  nextClaimAt: null,
  setNextClaimAt: (nextClaimAt) => set({ nextClaimAt }),
}));
