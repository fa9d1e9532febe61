// The bonus panel's HTTP calls: GET /api/jackpot-bonus/get-conditions (the player's progress) and
// POST /api/jackpot-bonus/join (a drawn round is fetched by the provably-fair page itself).
import { useQuery } from "@tanstack/react-query";
import { bonusCalls } from "../../../../shared/api/bonus";
import { api } from "../../lib/api";

export const bonusConditionsKey = ["bonus", "conditions"] as const;

export function useBonusConditions(signedIn: boolean) {
  return useQuery({
    queryKey: bonusConditionsKey,
    queryFn: () => api(bonusCalls.conditions),
    enabled: signedIn,
    // progress moves with chat messages and crash bets elsewhere: fresh on every opening
    staleTime: 0,
  });
}

export const joinBonus = () => api(bonusCalls.join, {});
