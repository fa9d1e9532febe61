// Selling items to the site (POST /api/user/sell); the tax rate to show comes from lib/config.ts.
// After the answer: the balance in the header at once, then inventory, user and store reload.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SellAnswer } from "../../../../shared/api/store";
import { notify } from "../../lib/uiStore";
import { api, failureKey } from "../../lib/api";
import { queryKeys } from "../../lib/queryKeys";
import type { CurrentUser } from "../../lib/session/useCurrentUser";

/** Tags the sale so the panel knows one is running even after its dialog closed (§5 "no sale running"). */
export const SELL_MUTATION_KEY = ["inventory", "sell"];

export function useSell(onSold: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: SELL_MUTATION_KEY,
    mutationFn: (sellIds: number[]) => api<SellAnswer>("/api/user/sell", { sellIds, request_id: crypto.randomUUID() }),
    onSuccess: (answer) => {
      qc.setQueryData<CurrentUser | null>(queryKeys.user, (u) => u && { ...u, balance: answer.balance });
      notify({ type: "success", message: answer.message });
      onSold();
    },
    onError: (err) => {
      const key = failureKey(err, "storehouse_error.sell");
      if (key) notify({ type: "error", message: key });
    },
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: queryKeys.inventory });
      void qc.invalidateQueries({ queryKey: queryKeys.user });
      // sold items can appear in the store
      void qc.invalidateQueries({ queryKey: queryKeys.storeList });
    },
  });
}
