// The queries of a round page (/crash/:id, /jackpot/:id, /wheel/:id): the round itself, and the
// previous link of its hash chain, whose secret this round's secret must hash to.
import { useQuery } from "@tanstack/react-query";
import { retryUnless4xx } from "./api";

/** One round by id (none for a null or non-positive id); a 4xx (no such round) is not retried. */
export function useRoundQuery<T>(key: readonly unknown[], id: number | null, fetch: (id: number) => Promise<T>, enabled = true) {
  return useQuery({
    queryKey: [...key, id],
    queryFn: () => fetch(id!),
    enabled: id !== null && id > 0 && enabled,
    retry: retryUnless4xx,
    staleTime: 10_000,
  });
}

/** The previous chain link's round, asked once: without it the page only leaves the link unchecked. */
export function usePreviousRound<T>(key: readonly unknown[], id: number | null, fetch: (id: number) => Promise<T>, enabled: boolean) {
  return useQuery({
    queryKey: [...key, id],
    queryFn: () => fetch(id!),
    enabled: id !== null && id > 0 && enabled,
    retry: false,
    staleTime: 60_000,
  });
}
