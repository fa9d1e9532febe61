// The economy pages' reads: one case as admins see it (the cases table pages by keyset itself), the
// catalogue search of the case editor (by cursor), the running giveaway and the tournament template.
import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { casesCalls } from "../../../../../../shared/api/cases";
import { giveawayCalls } from "../../../../../../shared/api/giveaways";
import { tournamentCalls } from "../../../../../../shared/api/tournaments";
import { api } from "../../../../lib/api";

const CASES_KEY = ["console", "economy", "cases"] as const;

/** The cases table's keyset list name (ui/useKeysetList.ts: its query key is ["console", name, …]). */
export const CASES_LIST = "economy-cases";

/** One case as admins see it (the editor); none for an id that is not one. */
export function useAdminCase(id: number | null) {
  return useQuery({
    queryKey: [...CASES_KEY, id],
    queryFn: ({ signal }) => api(casesCalls.adminList, { case_id: id ?? 0 }, { signal }),
    enabled: id !== null,
    retry: false,
  });
}

export function useInvalidate() {
  const client = useQueryClient();
  return {
    cases: () => Promise.all([client.invalidateQueries({ queryKey: CASES_KEY }), client.invalidateQueries({ queryKey: ["console", CASES_LIST] })]),
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
