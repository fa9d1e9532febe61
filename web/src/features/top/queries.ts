// GET /api/top?period&metric: the list and the caller's own place.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { topCalls } from "../../../../shared/api/top";
import { api } from "../../lib/api";
import type { TopView } from "./topParams";

export function useTopList(view: TopView) {
  return useQuery({
    queryKey: ["top", view.period, view.metric],
    queryFn: () => api(topCalls.list, { period: view.period, metric: view.metric }),
    // another tab keeps the current list on screen until its own arrives
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
