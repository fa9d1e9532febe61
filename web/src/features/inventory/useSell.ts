// Selling items to the site (POST /api/user/sell) and the tax rate to show before confirming.
// After the answer: the balance in the header at once, then inventory, user and store reload.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SellAnswer } from "../../../../shared/api/store";
import { notify } from "../../lib/uiStore";
import { api } from "../../lib/api";
import { queryKeys } from "../../lib/queryKeys";
import type { CurrentUser } from "../../lib/session/useCurrentUser";
import { sellTaxPercentOf } from "./actions";
import { failureKey } from "./failureKey";

/** Tags the sale so the panel knows one is running even after its dialog closed (§5 "no sale running"). */
export const SELL_MUTATION_KEY = ["inventory", "sell"];

/** The storehouse list's cache prefix: sold items can appear in the store. */
const STORE_LIST_KEY = ["storeList"];

export function useSellTaxPercent(): number {
  const { data } = useQuery({
    queryKey: queryKeys.config,
    queryFn: () => api<{ sell_tax_percent?: number }>("/api/getConfig"),
    staleTime: 5 * 60_000,
  });
  return sellTaxPercentOf(data);
}

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
      void qc.invalidateQueries({ queryKey: STORE_LIST_KEY });
    },
  });
}
