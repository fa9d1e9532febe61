// The jackpot room's live state for React (zustand): frames land through applyFrame (state.ts),
// the connection performs the effects. The spinner reads getState() every animation frame.
import { create } from "zustand";
import type { JackpotServerFrame } from "../../../../shared/rooms/jackpot";
import { applyFrame, initialJackpotData, type JackpotData, type JackpotEffect } from "./state";

export interface JackpotStore extends JackpotData {
  connected: boolean;
  apply(frame: JackpotServerFrame, now?: number): JackpotEffect[];
  setConnected(connected: boolean): void;
  reset(): void;
}

export const useJackpotStore = create<JackpotStore>()((set, get) => ({
  ...initialJackpotData,
  connected: false,
  apply: (frame, now = Date.now()) => {
    const { state, effects } = applyFrame(get(), frame, now);
    set(state);
    return effects;
  },
  setConnected: (connected) => set({ connected }),
  reset: () => set({ ...initialJackpotData, connected: false }),
}));
