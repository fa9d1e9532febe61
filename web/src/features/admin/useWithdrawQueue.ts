// The staff moderation queue of money withdrawals (shared/api/money-withdraw.ts, admin only; the
// server checks the role on every call and audits each decision): the list by status and sort (keyset
// pages) and the
// approve / reject decision, after which the list reloads.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { moneyWithdrawCalls, type WithdrawSort, type WithdrawStatus } from "../../../../shared/api/money-withdraw";
import { api } from "../../lib/api";
import { useKeysetList } from "./console/ui/useKeysetList";

const QUEUE = "adminWithdraws";
const QUEUE_KEY = ["console", QUEUE];

/** The queue of `status` in the sort's order, page after page by cursor (the server's keyset). */
export function useWithdrawQueue(status: WithdrawStatus, sort: WithdrawSort) {
  return useKeysetList(QUEUE, moneyWithdrawCalls.adminList, { status, sort }, { rows: (a) => a.withdraws, next: (a) => a.next_cursor });
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
