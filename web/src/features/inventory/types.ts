import type { InventoryItemJson } from "../../../../shared/api/user";

/** One inventory row of POST /api/user/getInventory (shared/api/user.ts). */
export type InventoryItem = InventoryItemJson;

/** Only items in this status can be picked for a bet, a sale or a withdrawal. */
export const SELECTABLE_STATUS = "available";
