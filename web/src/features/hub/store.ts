// The hub socket's live state: who is online, maintenance (spec §4) and whether the socket is up.
import { create } from "zustand";
import type { OnlineCounts } from "../../../../shared/rooms/hub";

export interface HubState {
  online: OnlineCounts;
  /** Bets are blocked while on; seeded from /api/getConfig, switched live by refreshPage. */
  maintenance: boolean;
  /** the operator's message for the maintenance notice (null: none) */
  maintenanceMessage: string | null;
  connected: boolean;
  setOnline(online: OnlineCounts): void;
  setMaintenance(on: boolean): void;
  setMaintenanceMessage(message: string | null): void;
  setConnected(connected: boolean): void;
}

export const useHubStore = create<HubState>()((set) => ({
  online: { users: 0, visitors: 0, total: 0 },
  maintenance: false,
  maintenanceMessage: null,
  connected: false,
  setOnline: (online) => set({ online }),
  setMaintenance: (maintenance) => set({ maintenance }),
  setMaintenanceMessage: (maintenanceMessage) => set({ maintenanceMessage }),
  setConnected: (connected) => set({ connected }),
}));
