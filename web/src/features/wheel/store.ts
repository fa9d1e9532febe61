// The wheel room's live state for React (zustand). Frames land through applyFrame (state.ts);
// the connection performs the effects. Components read slices; the disc reads getState() every
// animation frame instead of re-rendering.
import { create } from "zustand";
import type { WheelBetPublic } from "../../../../shared/api/wheel";
import type { WheelServerFrame } from "../../../../shared/rooms/wheel";
import { applyFrame, initialWheelData, withOwnBet, type WheelData, type WheelEffect } from "./state";

export interface WheelStore extends WheelData {
  connected: boolean;
  apply(frame: WheelServerFrame, now?: number): WheelEffect[];
  addOwnBet(bet: WheelBetPublic): void;
  setConnected(connected: boolean): void;
  reset(): void;
}

export const useWheelStore = create<WheelStore>()((set, get) => ({
  ...initialWheelData,
  connected: false,
  apply: (frame, now = Date.now()) => {
    const { state, effects } = applyFrame(get(), frame, now);
    set(state);
    return effects;
  },
  addOwnBet: (bet) => set(withOwnBet(get(), bet)),
  setConnected: (connected) => set({ connected }),
  reset: () => set({ ...initialWheelData, connected: false }),
}));
