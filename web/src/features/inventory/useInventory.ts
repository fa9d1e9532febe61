// The inventory panel's view of the shared inventory query (lib/inventory.ts): selected items a
// bet, sale or withdrawal took away elsewhere leave the selection.
import { useEffect } from "react";
import { useInventoryQuery } from "../../lib/inventory";
import { inventorySelection } from "./selectionStore";

export function useInventory(enabled: boolean) {
  const query = useInventoryQuery(enabled);
  const items = query.data?.items;

  // A bet, sale or withdrawal elsewhere may have taken selected items away.
  useEffect(() => {
    if (items) inventorySelection.getState().retainAvailable(items);
    else if (!enabled) inventorySelection.getState().clear();
  }, [items, enabled]);

  return query;
}
