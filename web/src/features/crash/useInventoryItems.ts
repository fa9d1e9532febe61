// The signed-in user's items for the betting board: POST /api/user/getInventory {appId: 730}
// under the shared ["inventory"] key (the inventory panel reads the same cache entry).
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import type { InventoryItemJson } from "../../../../shared/api/user";
import { STEAM_APP_ID } from "../../../../shared/constants";
import { api } from "../../lib/api";
import { queryKeys } from "../../lib/queryKeys";
import { useCrashSelection } from "./selection";

export function useInventoryItems(enabled: boolean) {
  const query = useQuery({
    queryKey: queryKeys.inventory,
    queryFn: () => api<{ items: InventoryItemJson[] }>("/api/user/getInventory", { appId: STEAM_APP_ID }),
    enabled,
    staleTime: 30_000,
  });
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
