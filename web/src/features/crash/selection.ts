// The betting board's picked items (inventory row ids, in pick order): lib/itemPicks.ts with the
// crash cap. Kept apart from the inventory feature's own selection: features do not share state.
import { CRASH } from "../../../../shared/constants";
import { createItemPicks, retainPicks, togglePick, type PickableItem } from "../../lib/itemPicks";

export function toggled(selected: readonly number[], item: PickableItem): number[] {
  return togglePick(selected, item, CRASH.maxItemsPerBet);
}

export const retained = retainPicks;

export const useCrashSelection = createItemPicks(CRASH.maxItemsPerBet);
