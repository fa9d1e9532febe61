// The tournament's calls: the table (POST /api/tournaments/get, in the UI language), the own
// conditions (GET get-conditions, signed in) and joining (POST setActive).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { tournamentCalls } from "../../../../shared/api/tournaments";
import { api, failureKey } from "../../lib/api";
import { notify } from "../../lib/uiStore";
import { tournamentKeys } from "./keys";

/** How often the page asks again while the countdown is over but the end is not paid yet. */
const ENDING_POLL_MS = 3_000;

export function useTournament(lang: "ru" | "en", page: number, ending: boolean) {
  return useQuery({
    queryKey: tournamentKeys.table(lang, page),
    queryFn: () => api(tournamentCalls.get, { page, lang }),
    // the next page keeps the current one on screen until it arrives
    placeholderData: keepPreviousData,
    // live rows come over the hub; at the end the page waits for the payout
    refetchInterval: ending ? ENDING_POLL_MS : false,
  });
}

export function useConditions(enabled: boolean) {
  return useQuery({
    queryKey: tournamentKeys.conditions,
    queryFn: () => api(tournamentCalls.conditions),
    enabled,
    // a deposit made a moment ago must open Join at once
    staleTime: 0,
  });
}

export function useJoinTournament() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(tournamentCalls.setActive, { id }),
    onSuccess: (answer) => notify({ type: "success", message: answer.message }),
    onError: (err) => {
      const key = failureKey(err, "tournament_error.participate");
      if (key) notify({ type: "error", message: key });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: tournamentKeys.all }),
  });
}
