// An item of the player's site inventory (§3 Inventory item) as /api/user/getInventory, the store
// and the cases answer it. A module of its own: it depends on nothing of the other groups.
import { z } from "zod";
import { catalogueDisplayFields } from "./common";

export const inventoryItemSchema = z.object({
  /** the inventory row (this physical item) */
  myId: z.number().int(),
  /** the catalogue item */
  id: z.number().int(),
  ...catalogueDisplayFields,
  /** dollars */
  price: z.number(),
  /** only "available" items are selectable */
  status: z.enum(["available", "in_bet", "withdrawing"]),
});
export type InventoryItemJson = z.infer<typeof inventoryItemSchema>;
