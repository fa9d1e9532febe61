// The bonus room's live state for React (zustand): frames land through applyBonusFrame (state.ts),
// the connection performs the effects.
import { create } from "zustand";
import type { BonusServerFrame } from "../../../../shared/rooms/bonus";
import { applyBonusFrame, type BonusData, type BonusEffect, initialBonusData } from "./state";

export interface BonusStore extends BonusData {
  connected: boolean;
  apply(frame: BonusServerFrame, now?: number): BonusEffect[];
  /** the join call answered: this player is in the round */
  markJoined(roundId: number, participants: number): void;
  setConnected(connected: boolean): void;
  reset(): void;
}

export const useBonusStore = create<BonusStore>()((set, get) => ({
  ...initialBonusData,
  connected: false,
  apply: (frame, now = Date.now()) => {
    const { state, effects } = applyBonusFrame(get(), frame, now);
    set(state);
    return effects;
  },
  markJoined: (roundId, participants) => {
    const round = get().round;
    if (round?.round_id === roundId) set({ joined: true, round: { ...round, participants: Math.max(round.participants, participants) } });
  },
  setConnected: (connected) => set({ connected }),
  reset: () => set({ ...initialBonusData, connected: false }),
}));
