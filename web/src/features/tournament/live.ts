// What app/liveHub.tsx calls for each `tournament` hub frame: every cached table answer takes the
// frame, or — the tournament finished or the next one started — everything is asked again. An
// own row ranked below the first page is read again at most once per OWN_ROW_REFRESH_MS.
import type { QueryClient } from "@tanstack/react-query";
import { tournamentKeys } from "./keys";
import { ownRowOffFrame, type TournamentAnswer, type TournamentFrame, withFrame } from "./liveTable";

const OWN_ROW_REFRESH_MS = 10_000;
let ownRowReadAt = 0;

export function receiveTournamentFrame(queryClient: QueryClient, frame: TournamentFrame): void {
  let refetch = false;
  let ownRow = false;
  for (const [key, answer] of queryClient.getQueriesData<TournamentAnswer>({ queryKey: [...tournamentKeys.all, "get"] })) {
    if (!answer) continue;
    if (ownRowOffFrame(answer, frame) && Date.now() - ownRowReadAt >= OWN_ROW_REFRESH_MS) {
      ownRowReadAt = Date.now();
      ownRow = true;
    }
    const next = withFrame(answer, frame);
    if (next === "refetch") refetch = true;
    else queryClient.setQueryData(key, next);
  }
  // finished or the next one: the conditions change too; an own row: the table alone
  if (refetch) void queryClient.invalidateQueries({ queryKey: tournamentKeys.all });
  else if (ownRow) void queryClient.invalidateQueries({ queryKey: [...tournamentKeys.all, "get"] });
}
