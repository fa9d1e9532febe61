// What app/liveHub.ts calls for each `tournament` hub frame: every cached table answer takes the
// frame, or — the tournament finished or the next one started — everything is asked again.
import type { QueryClient } from "@tanstack/react-query";
import { tournamentKeys } from "./keys";
import { type TournamentAnswer, type TournamentFrame, withFrame } from "./liveTable";

export function receiveTournamentFrame(queryClient: QueryClient, frame: TournamentFrame): void {
  let refetch = false;
  for (const [key, answer] of queryClient.getQueriesData<TournamentAnswer>({ queryKey: [...tournamentKeys.all, "get"] })) {
    if (!answer) continue;
    const next = withFrame(answer, frame);
    if (next === "refetch") refetch = true;
    else queryClient.setQueryData(key, next);
  }
  if (refetch) void queryClient.invalidateQueries({ queryKey: tournamentKeys.all });
}
