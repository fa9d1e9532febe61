// The economy pages' reads: every case as admins see it (one list — there are few cases), the
// catalogue search of the case editor (by cursor), the running giveaway and the tournament template.
import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { casesCalls } from "../../../../../../shared/api/cases";
import { giveawayCalls } from "../../../../../../shared/api/giveaways";
import { tournamentCalls } from "../../../../../../shared/api/tournaments";
import { api } from "../../../../lib/api";

const CASES_KEY = ["console", "economy", "cases"] as const;

export function useAdminCases() {
  return useQuery({ queryKey: CASES_KEY, queryFn: ({ signal }) => api(casesCalls.adminList, {}, { signal }), retry: false });
}

export function useInvalidate() {
  const client = useQueryClient();
  return {
    cases: () => client.invalidateQueries({ queryKey: CASES_KEY }),
    promos: () => client.invalidateQueries({ queryKey: ["console", "promos"] }),
    events: () => client.invalidateQueries({ queryKey: ["console", "economy", "events"] }),
  };
}

export function useCatalogueSearch(q: string) {
  const list = useInfiniteQuery({
    queryKey: ["console", "economy", "catalogue", q],
    initialPageParam: null as number | null,
    queryFn: ({ pageParam, signal }) => api(casesCalls.adminCatalogue, { q, ...(pageParam === null ? {} : { cursor: pageParam }) }, { signal }),
    getNextPageParam: (last) => last.next,
    retry: false,
  });
  return { ...list, rows: list.data?.pages.flatMap((p) => p.items) ?? [] };
}

export function useRunningGiveaway() {
  return useQuery({
    queryKey: ["console", "economy", "events", "giveaway"],
    queryFn: ({ signal }) => api(giveawayCalls.getActive, {}, { signal }),
    retry: false,
  });
}

export function useTournamentTemplate() {
  return useQuery({
    queryKey: ["console", "economy", "events", "tournament"],
    queryFn: ({ signal }) => api(tournamentCalls.template, {}, { signal }),
    retry: false,
  });
}
