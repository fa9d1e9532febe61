// React Query keys shared by every feature (docs/api.md "API reference"). One place, so invalidations match.
export const queryKeys = {
  user: ["user"],
  inventory: ["inventory"],
  protection: ["protection"],
  /** the sign-in session's figures (the reality check, the header) */
  playSession: ["playSession"],
  profile: ["profile"],
  config: ["config"],
  /** Every store list page set starts with this (invalidate it after a buy or a sale). */
  storeList: ["storeList"],
  youtubers: ["youtubers"],
  /** skin trading's status line (ui/TradeBotStatus.tsx) */
  tradeBotStatus: ["tradeBotStatus"],
  /** Every giveaway query starts with this (features/giveaway; the hub resyncs it on connect). */
  giveaway: ["giveaway"],
  /** Every support query of the player / of staff starts with these (features/support/keys.ts; the hub resyncs them on connect). */
  tickets: ["tickets"],
  staffTickets: ["staffTickets"],
  publicUser: (id: number | string) => ["publicUser", String(id)],
} as const;
