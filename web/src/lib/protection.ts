// The player's own protection (docs/protection.md): limits, a time-out or self-exclusion, the
// agreement version. Read by the limits page, the crash bet button and the deposit dialog.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
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
    refetchInterval: 60_000,
  });
}

/** The running break: its kind and when it ends (null: not before the player asks, or never); null when none runs. */
export function activeBreak(p: ProtectionJson | undefined): { kind: "timeout" | "self_exclusion"; until: number | null } | null {
  const e = p?.exclusion;
  if (!e?.active) return null;
  return { kind: e.kind, until: e.kind === "timeout" ? e.ends_at : e.lifts_at };
}

/** setTimeout's largest delay */
const MAX_DELAY = 2 ** 31 - 1;

/**
 * The running break (activeBreak), read again when it ends and every minute meanwhile, so a
 * closed bet button opens at the end of a time-out and a break started in another tab shows.
 */
export function useActiveBreak() {
  const protection = useProtection();
  const client = useQueryClient();
  const running = activeBreak(protection.data);
  const until = running?.until ?? null;
  useEffect(() => {
    if (until === null) return;
    const timer = setTimeout(
      () => void client.invalidateQueries({ queryKey: queryKeys.protection }),
      Math.min(MAX_DELAY, Math.max(0, until - Date.now()) + 1_000),
    );
    return () => clearTimeout(timer);
  }, [until, client]);
  return running;
}
