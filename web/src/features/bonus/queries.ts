// The bonus panel's HTTP calls: GET /api/jackpot-bonus/get-conditions (the player's progress) and
// POST /api/jackpot-bonus/join (a drawn round is fetched by the provably-fair page itself).
import { useQuery } from "@tanstack/react-query";
import { bonusCalls } from "../../../../shared/api/bonus";
import { api } from "../../lib/api";

export const bonusConditionsKey = ["bonus", "conditions"] as const;

/** userId: the signed-in player (the progress is his; null: a visitor asks nothing) */
export function useBonusConditions(userId: number | null) {
  return useQuery({
    queryKey: [...bonusConditionsKey, userId],
    queryFn: () => api(bonusCalls.conditions),
    enabled: userId !== null,
    // progress moves with chat messages and crash bets elsewhere: fresh on every opening
    staleTime: 0,
  });
}

export const joinBonus = () => api(bonusCalls.join, {});
