// The player's own protection (docs/protection.md): limits, a time-out or self-exclusion, the
// agreement version. Read by the limits page, the crash bet button and the deposit dialog.
import { useQuery } from "@tanstack/react-query";
import { type ProtectionJson, protectionCalls } from "../../../shared/api/protection";
import { api } from "./api";
import { queryKeys } from "./queryKeys";
import { useSignedInUser } from "./session/useCurrentUser";

/** POST /api/user/protection/get for the signed-in player (nothing for a visitor). */
export function useProtection() {
  const user = useSignedInUser();
  return useQuery({
    queryKey: queryKeys.protection,
    queryFn: (): Promise<ProtectionJson> => api(protectionCalls.get),
    enabled: user !== null,
    staleTime: 30_000,
  });
}

/** The running break: its kind and when it ends (null: not before the player asks, or never); null when none runs. */
export function activeBreak(p: ProtectionJson | undefined): { kind: "timeout" | "self_exclusion"; until: number | null } | null {
  const e = p?.exclusion;
  if (!e?.active) return null;
  return { kind: e.kind, until: e.kind === "timeout" ? e.ends_at : e.lifts_at };
}
