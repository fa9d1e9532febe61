// The one rule for the item-batch buttons (§5): Sell in the inventory and Accept in the store
// need a signed-in user, a selection of at most STORE.maxItemsPerOperation items and no
// operation of theirs running. The server checks the same and has the last word.
import { STORE } from "../../../shared/constants";

export type OperationBlock = "signed_out" | "none_selected" | "too_many" | "running" | null;

/** Why the button is disabled, or null when it may be pressed. */
export function operationBlock(s: { signedIn: boolean; selected: number; running: boolean }): OperationBlock {
  if (!s.signedIn) return "signed_out";
  if (s.selected === 0) return "none_selected";
  if (s.selected > STORE.maxItemsPerOperation) return "too_many";
  if (s.running) return "running";
  return null;
}
