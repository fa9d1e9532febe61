// The signed-in user's items (POST /api/user/getInventory {appId: 730}) under ["inventory"].
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { STEAM_APP_ID } from "../../../../shared/constants";
import { api } from "../../lib/api";
import { queryKeys } from "../../lib/queryKeys";
import { inventorySelection } from "./selectionStore";
import type { InventoryAnswer } from "./types";

export function useInventory(enabled: boolean) {
  const query = useQuery({
    queryKey: queryKeys.inventory,
    queryFn: () => api<InventoryAnswer>("/api/user/getInventory", { appId: STEAM_APP_ID }),
    enabled,
    staleTime: 30_000,
  });
  const items = query.data?.items;

  // A bet, sale or withdrawal elsewhere may have taken selected items away.
  useEffect(() => {
    if (items) inventorySelection.getState().retainAvailable(items);
    else if (!enabled) inventorySelection.getState().clear();
  }, [items, enabled]);

  return query;
}
