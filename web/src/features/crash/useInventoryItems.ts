// The signed-in user's items for the betting board: the shared inventory query (lib/inventory.ts,
// the inventory panel reads the same cache entry); items gone elsewhere leave the bet selection.
import { useEffect } from "react";
import type { InventoryItemJson } from "../../../../shared/api/user";
import { useInventoryQuery } from "../../lib/inventory";
import { useCrashSelection } from "./selection";

export function useInventoryItems(enabled: boolean) {
  const query = useInventoryQuery(enabled);
  const items = query.data?.items;
  useEffect(() => {
    if (items) useCrashSelection.getState().retain(items);
    else if (!enabled) useCrashSelection.getState().clear();
  }, [items, enabled]);
  return query;
}

/** The most expensive picked item: the widget shows it while the player chooses. */
export function chosenItem(items: readonly InventoryItemJson[] | undefined, selected: readonly number[]): InventoryItemJson | null {
  let best: InventoryItemJson | null = null;
  for (const item of items ?? []) if (selected.includes(item.myId) && (!best || item.price > best.price)) best = item;
  return best;
}
