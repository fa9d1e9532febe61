// Selling items to the site (POST /api/user/sell); the tax rate to show comes from lib/config.ts.
// After the answer: the balance in the header at once, then inventory, user and store reload
// (lib/moneyMutation.ts).
import { storeCalls } from "../../../../shared/api/store";
import { api } from "../../lib/api";
import { useMoneyMutation } from "../../lib/moneyMutation";
import { queryKeys } from "../../lib/queryKeys";

/** Tags the sale so the panel knows one is running even after its dialog closed (§5 "no sale running"). */
export const SELL_MUTATION_KEY = ["inventory", "sell"];

export function useSell(onSold: () => void) {
  return useMoneyMutation({
    mutationKey: SELL_MUTATION_KEY,
    mutationFn: (sellIds: number[]) => api(storeCalls.sell, { sellIds, request_id: crypto.randomUUID() }),
    clientKey: "storehouse_error.sell",
    // sold items can appear in the store
    reload: [queryKeys.inventory, queryKeys.user, queryKeys.storeList],
    onDone: onSold,
  });
}
