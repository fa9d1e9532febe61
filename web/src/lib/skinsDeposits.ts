// The player's skins deposits: POST /api/payment/skins/history under ["skinDeposits"]. The deposit
// dialog follows its open offer through it (polled while one is open). The profile's paged list
// (POST /api/user/history/skinDeposits) has a key under this one, so an invalidation reaches both.
import { useQuery } from "@tanstack/react-query";
import { type SkinDepositJson, skinsDepositCalls } from "../../../shared/api/skins-deposit";
import { api } from "./api";

export const SKIN_DEPOSITS_KEY = ["skinDeposits"] as const;
/** How often an open offer is asked about (the server's queue polls the bot every 5 s). */
const OPEN_POLL_MS = 3_000;

/** True while the bot's offer can still be accepted or is being credited. */
export function isOpenDeposit(d: Pick<SkinDepositJson, "state" | "credited_at">): boolean {
  return d.state === "sending" || d.state === "active" || (d.state === "accepted" && d.credited_at === null);
}

export function useSkinDeposits(enabled: boolean) {
  return useQuery({
    queryKey: SKIN_DEPOSITS_KEY,
    queryFn: () => api(skinsDepositCalls.history, {}),
    enabled,
    refetchInterval: (q) => (q.state.data?.deposits.some(isOpenDeposit) ? OPEN_POLL_MS : false),
  });
}
