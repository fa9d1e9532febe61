import type { users } from "./schema";

export type UserRow = typeof users.$inferSelect;

export const ITEM_STATUS = {
  available: "available",
  inBet: "in_bet",
  withdrawing: "withdrawing",
  withdrawn: "withdrawn",
  sold: "sold",
  lost: "lost",
  /** a house item reserved as the prize of the running chat quiz (owner NULL) */
  quiz: "quiz",
} as const;
