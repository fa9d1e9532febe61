// "Accept" (POST /api/user/buy): the answer's balance goes straight into the header, then the
// inventory, the user and the store lists reload (bought units leave the store; lib/moneyMutation.ts).
import { storeCalls, type BuyRequest } from "../../../../shared/api/store";
import { api } from "../../lib/api";
import { useMoneyMutation } from "../../lib/moneyMutation";
import { queryKeys } from "../../lib/queryKeys";

export function useBuy(onBought: () => void) {
  return useMoneyMutation({
    mutationFn: (body: Omit<BuyRequest, "request_id">) => api(storeCalls.buy, { ...body, request_id: crypto.randomUUID() }),
    clientKey: "storehouse_error.buy",
    reload: [queryKeys.inventory, queryKeys.user, queryKeys.storeList],
    onDone: onBought,
  });
}
