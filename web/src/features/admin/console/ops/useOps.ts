// The console's operations calls (shared/api/admin-ops.ts, shared/api/admin.ts maintenance,
// shared/api/payments.ts adminList): admin only; the server checks the role and the second
// factor on every call and audits each change.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { adminCalls } from "../../../../../../shared/api/admin";
import { adminOpsCalls, type ChainAnnounceRequest, type PaymentDecideRequest } from "../../../../../../shared/api/admin-ops";
import { paymentsCalls } from "../../../../../../shared/api/payments";
import { OPS } from "../../../../../../shared/constants";
import { api } from "../../../../lib/api";
import { queryKeys } from "../../../../lib/queryKeys";

const DASHBOARD_KEY = ["console", "dashboard"];
const CHAINS_KEY = ["console", "fairnessChains"];
const REVIEW_KEY = ["console", "paymentsInReview"];

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

export function usePaymentsInReview() {
  return useQuery({ queryKey: REVIEW_KEY, queryFn: () => api(paymentsCalls.adminList, { status: "review" }), retry: false });
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
