// "Accept" (POST /api/user/buy): the answer's balance goes straight into the header, then the
// inventory, the user and the store lists reload (bought units leave the store).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { BuyAnswer, BuyRequest } from "../../../../shared/api/store";
import { notify } from "../../lib/uiStore";
import { api, failureKey } from "../../lib/api";
import { queryKeys } from "../../lib/queryKeys";
import type { CurrentUser } from "../../lib/session/useCurrentUser";

export function useBuy(onBought: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<BuyRequest, "request_id">) => api<BuyAnswer>("/api/user/buy", { ...body, request_id: crypto.randomUUID() }),
    onSuccess: (answer) => {
      qc.setQueryData<CurrentUser | null>(queryKeys.user, (u) => u && { ...u, balance: answer.balance });
      notify({ type: "success", message: answer.message });
      onBought();
    },
    onError: (err) => {
      const key = failureKey(err, "storehouse_error.buy");
      if (key) notify({ type: "error", message: key });
    },
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: queryKeys.inventory });
      void qc.invalidateQueries({ queryKey: queryKeys.user });
      void qc.invalidateQueries({ queryKey: queryKeys.storeList });
    },
  });
}
