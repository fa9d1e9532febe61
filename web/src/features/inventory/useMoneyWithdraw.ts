// Money withdrawal calls (shared/api/money-withdraw.ts): what may be withdrawn now
// (POST /api/user/getAvailableWithdraw, asked afresh each time the modal opens) and creating the
// request (POST /api/user/createWithdraw). Refusals are shown inline by the modal (failureKey),
// so these hooks raise no notice themselves; the success notice is the modal's.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type CreateWithdrawRequest, moneyWithdrawCalls } from "../../../../shared/api/money-withdraw";
import { api } from "../../lib/api";
import { queryKeys } from "../../lib/queryKeys";

const AVAILABLE_KEY = ["availableWithdraw"];

export const MONEY_WITHDRAW_MUTATION_KEY = ["inventory", "moneyWithdraw"];

export function useAvailableWithdraw() {
  return useQuery({
    queryKey: AVAILABLE_KEY,
    queryFn: () => api(moneyWithdrawCalls.getAvailableWithdraw, {}),
    retry: false,
    staleTime: 0,
  });
}

export function useCreateWithdraw() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: MONEY_WITHDRAW_MUTATION_KEY,
    mutationFn: (body: CreateWithdrawRequest) => api(moneyWithdrawCalls.createWithdraw, { ...body }),
    // whatever the outcome the items, the balance, the history and the limits may have moved
    onSettled: () => {
      for (const queryKey of [queryKeys.inventory, queryKeys.profile, queryKeys.user, AVAILABLE_KEY]) void client.invalidateQueries({ queryKey });
    },
  });
}
