// POST /api/user/cashback/take: the answer's balance and cashback go into the cached user at once
// (the hub's updateBalance / updateCashback follow for the other tabs); a too_soon refusal's
// next_take_at starts the countdown; every outcome is a notice (§8 cashback messages).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { cashbackCalls, cashbackRefusalExtra } from "../../../../shared/api/cashback";
import { ApiError, api, failureKey } from "../../lib/api";
import { queryKeys } from "../../lib/queryKeys";
import type { CurrentUser } from "../../lib/session/useCurrentUser";
import { notify } from "../../lib/uiStore";
import { useCashbackStore } from "./store";

export function useClaimCashback() {
  const qc = useQueryClient();
  const setNextClaimAt = useCashbackStore((s) => s.setNextClaimAt);
  return useMutation({
    mutationKey: ["cashback", "take"],
    mutationFn: () => api(cashbackCalls.take, {}),
    onSuccess: (a) => {
      qc.setQueryData<CurrentUser | null>(queryKeys.user, (u) => u && { ...u, balance: a.balance, cashback: a.cashback });
      setNextClaimAt(a.next_take_at);
      notify({ type: "success", message: a.message });
    },
    onError: (err) => {
      if (err instanceof ApiError && err.key === "cashback_api.too_soon") {
        const extra = cashbackRefusalExtra.safeParse(err.body);
        if (extra.success && extra.data.next_take_at !== undefined) setNextClaimAt(extra.data.next_take_at);
      }
      const key = failureKey(err, "cashback_error.take");
      if (key) notify({ type: "error", message: key });
    },
  });
}
