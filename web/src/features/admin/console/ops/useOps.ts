// The console's operations calls (shared/api/admin-ops.ts, shared/api/admin.ts maintenance,
// shared/api/payments.ts adminList): admin only; the server checks the role and the second
// factor on every call and audits each change.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { adminCalls } from "../../../../../../shared/api/admin";
import { adminOpsCalls, type ChainAnnounceRequest, type PaymentDecideRequest } from "../../../../../../shared/api/admin-ops";
import { type PaymentSort, paymentsCalls } from "../../../../../../shared/api/payments";
import { OPS } from "../../../../../../shared/constants";
import { api } from "../../../../lib/api";
import { queryKeys } from "../../../../lib/queryKeys";
import { useKeysetList } from "../ui/useKeysetList";

const DASHBOARD_KEY = ["console", "dashboard"];
const CHAINS_KEY = ["console", "fairnessChains"];
const REVIEW_LIST = "paymentsInReview";
const REVIEW_KEY = ["console", REVIEW_LIST];

/** The dashboard, refetched every OPS.dashboardRefetchMs while the page is open ("live"). */
export function useDashboard() {
  return useQuery({
    queryKey: DASHBOARD_KEY,
    queryFn: () => api(adminOpsCalls.dashboard, {}),
    refetchInterval: OPS.dashboardRefetchMs,
    retry: false,
  });
}

export function useFairnessChains() {
  return useQuery({ queryKey: CHAINS_KEY, queryFn: () => api(adminOpsCalls.fairnessChains, {}), retry: false });
}

/** Announces a chain's next terminal, or withdraws an announcement; the chains and the public config are read again. */
export function useChainAnnouncement() {
  const client = useQueryClient();
  const onSettled = () => {
    void client.invalidateQueries({ queryKey: CHAINS_KEY });
    void client.invalidateQueries({ queryKey: queryKeys.config });
  };
  return {
    announce: useMutation({ mutationFn: (a: ChainAnnounceRequest) => api(adminOpsCalls.chainAnnounce, a), onSettled }),
    withdraw: useMutation({ mutationFn: (id: number) => api(adminOpsCalls.chainWithdraw, { id }), onSettled }),
  };
}

/** The payments in review, page after page by cursor (ui/useKeysetList.ts: its key starts with REVIEW_KEY). */
export function usePaymentsInReview(sort: PaymentSort) {
  return useKeysetList(REVIEW_LIST, paymentsCalls.adminList, { status: "review", sort }, { rows: (a) => a.payments, next: (a) => a.next_cursor });
}

export function useDecidePayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (d: PaymentDecideRequest) => api(adminOpsCalls.paymentDecide, d),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: REVIEW_KEY });
      void client.invalidateQueries({ queryKey: DASHBOARD_KEY });
    },
  });
}

export function useSetMaintenance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (m: { enabled: boolean; message: string }) => api(adminCalls.maintenance, m),
    // the hub's refreshPage frame updates the config too; this covers a socket that is away
    onSettled: () => void client.invalidateQueries({ queryKey: queryKeys.config }),
  });
}
