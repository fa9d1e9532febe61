// The bonus pool's HTTP calls: GET /api/jackpot-bonus/get-conditions (the player's progress),
// POST /api/jackpot-bonus/join and /api/jackpot-bonus/round {id} (a drawn round to verify).
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

export const fetchBonusRound = (id: number) => api(bonusCalls.round, { id }).then((a) => a.round);
