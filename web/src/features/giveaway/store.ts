// The giveaway's live state beyond the query cache: the offset to the server's clock (the
// countdown runs on server time) and the last draw (the winner announcement in the card/modal).
import { create } from "zustand";
import type { PastGiveawayJson } from "../../../../shared/api/giveaways";

interface GiveawayState {
  /** server time − device time, ms */
  serverOffset: number;
  /** the last draw seen live, for the announcement */
  drawn: PastGiveawayJson | null;
  setServerTime(serverTime: number): void;
  setDrawn(drawn: PastGiveawayJson | null): void;
}

export const useGiveawayStore = create<GiveawayState>()((set) => ({
  serverOffset: 0,
  drawn: null,
  setServerTime: (serverTime) => set({ serverOffset: serverTime - Date.now() }),
  setDrawn: (drawn) => set({ drawn }),
}));
