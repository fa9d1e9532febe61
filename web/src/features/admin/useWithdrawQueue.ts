// The staff moderation queue of money withdrawals (shared/api/money-withdraw.ts, admin only; the
// server checks the role on every call and audits each decision): the list by status and the
// approve / reject decision, after which the list reloads.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { moneyWithdrawCalls, type WithdrawStatus } from "../../../../shared/api/money-withdraw";
import { api } from "../../lib/api";

const QUEUE_KEY = ["adminWithdraws"];

export function useWithdrawQueue(status: WithdrawStatus, enabled: boolean) {
  return useQuery({
    queryKey: [...QUEUE_KEY, status],
    queryFn: () => api(moneyWithdrawCalls.adminList, { status }),
    enabled,
    retry: false,
  });
}

export interface Decision {
  id: number;
  decision: "approve" | "reject";
  reason?: string;
}

export function useDecideWithdraw() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (d: Decision) => api(moneyWithdrawCalls.adminDecide, { ...d }),
    onSettled: () => void client.invalidateQueries({ queryKey: QUEUE_KEY }),
  });
}
