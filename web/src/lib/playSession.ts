// The sign-in session's figures (docs/protection.md "Reality check"): since when the player is
// signed in, what he staked and won since, the net result. Read by the reality check and the header.
import { useQuery } from "@tanstack/react-query";
import { protectionCalls, type SessionJson } from "../../../shared/api/protection";
import { api } from "./api";
import { queryKeys } from "./queryKeys";

export function usePlaySession(opts: { refetchMs?: number } = {}) {
  return useQuery({
    queryKey: queryKeys.playSession,
    queryFn: (): Promise<SessionJson> => api(protectionCalls.session),
    staleTime: 15_000,
    refetchInterval: opts.refetchMs ?? false,
  });
}

/** A length in whole minutes → hours and minutes. */
export function splitMinutes(ms: number): { hours: number; minutes: number } {
  const total = Math.max(0, Math.floor(ms / 60_000));
  return { hours: Math.floor(total / 60), minutes: total % 60 };
}
