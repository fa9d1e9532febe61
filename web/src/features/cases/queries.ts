// /api/cases/* for React Query. Keys stay inside this feature; after an open the app-wide
// inventory and user keys are invalidated (lib/queryKeys).
import { useQuery } from "@tanstack/react-query";
import { casesCalls } from "../../../../shared/api/cases";
import { api } from "../../lib/api";

export const casesKeys = {
  all: ["cases"],
  list: ["cases", "list"],
  one: (id: number) => ["cases", "one", id],
  /** prefix of every user's seeds; one entry per user id (a sign-in switch never shows another's) */
  seeds: ["cases", "seeds"],
  seedsOf: (userId: number) => ["cases", "seeds", userId],
} as const;

export function useCasesList() {
  return useQuery({
    queryKey: casesKeys.list,
    queryFn: () => api(casesCalls.get),
    staleTime: 30_000,
  });
}

export function useCase(id: number) {
  return useQuery({
    queryKey: casesKeys.one(id),
    queryFn: () => api(casesCalls.getOne, { id: String(id) }),
    enabled: Number.isSafeInteger(id) && id > 0,
    staleTime: 30_000,
    // a missing case stays missing: no retries on 404
    retry: (count, err) => count < 2 && !(err && typeof err === "object" && "status" in err && (err as { status: number }).status === 404),
  });
}

export function useSeeds(userId: number) {
  return useQuery({
    queryKey: casesKeys.seedsOf(userId),
    queryFn: () => api(casesCalls.seeds),
    staleTime: 60_000,
  });
}
