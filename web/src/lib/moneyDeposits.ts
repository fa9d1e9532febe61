// The player's money deposits: POST /api/payment/sum/history under ["payments"] (newest first).
// The /deposit/success screen follows the newest one while the provider
// has not confirmed it yet (polled every 2 s for about a minute; the balance itself arrives by the
// hub's updateBalance). The wallet check invalidates this key after a credit, and with it the
// profile's paged list (POST /api/user/history/deposits), whose key starts with this one.
import { useQuery } from "@tanstack/react-query";
import { type PaymentJson, paymentsCalls } from "../../../shared/api/payments";
import { api } from "./api";

export const PAYMENTS_KEY = ["payments"] as const;

/** How often a pending payment is asked about, and for how long after the screen opened. */
export const PENDING_POLL = { everyMs: 2_000, forMs: 60_000 } as const;

/** The next poll's delay while `payment` is pending and the poll window is open; false = stop. */
export function pendingPollDelay(payment: Pick<PaymentJson, "status"> | null | undefined, startedAt: number, now: number): number | false {
  if (payment?.status !== "pending") return false;
  return now - startedAt < PENDING_POLL.forMs ? PENDING_POLL.everyMs : false;
}

/** `poll` decides the refetch interval from the answer (the success screen); none by default. */
export function usePayments(enabled: boolean, poll?: (payments: PaymentJson[] | undefined) => number | false) {
  return useQuery({
    queryKey: PAYMENTS_KEY,
    queryFn: () => api(paymentsCalls.sumHistory, {}),
    enabled,
    refetchInterval: poll ? (q) => poll(q.state.data?.payments) : false,
  });
}
