// What the storehouse needs from the inventory for an exchange (buy paying with
// inventory items): the selected, available items with their prices, and a way to forget them.
// The app passes this to the store panel; features do not import each other.
import { useMemo } from "react";
import { useCurrentUser } from "../../lib/session/useCurrentUser";
import { inventorySelection, useInventorySelection } from "./selectionStore";
import { SELECTABLE_STATUS } from "./types";
import { useInventory } from "./useInventory";

export function useExchangeOffer() {
  const signedIn = !!useCurrentUser().data;
  const { data } = useInventory(signedIn);
  const selected = useInventorySelection((s) => s.selected);
  const items = useMemo(() => {
    const chosen = new Set(selected);
    return (data?.items ?? []).filter((i) => chosen.has(i.myId) && i.status === SELECTABLE_STATUS);
  }, [data, selected]);
  return { items, done: () => inventorySelection.getState().clear() };
}
