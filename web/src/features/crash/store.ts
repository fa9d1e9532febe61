// The crash room's live state for React (zustand). Frames land through applyFrame (state.ts);
// the connection performs the effects. Components read slices; the widget reads getState()
// every animation frame instead of re-rendering.
import { create } from "zustand";
import type { CrashServerFrame } from "../../../../shared/rooms/crash";
import { applyFrame, initialCrashData, type CrashData, type CrashEffect } from "./state";

export interface CrashStore extends CrashData {
  connected: boolean;
  apply(frame: CrashServerFrame, now?: number): CrashEffect[];
  setConnected(connected: boolean): void;
  setSending(sending: boolean): void;
  setTwist(value: number | null): void;
  reset(): void;
}

export const useCrashStore = create<CrashStore>()((set, get) => ({
  ...initialCrashData,
  connected: false,
  apply: (frame, now = Date.now()) => {
    const { state, effects } = applyFrame(get(), frame, now);
    set(state);
    return effects;
  },
  setConnected: (connected) => set({ connected }),
  setSending: (sending) => set({ sending }),
  setTwist: (twist) => set({ twist }),
  reset: () => set({ ...initialCrashData, connected: false }),
}));
