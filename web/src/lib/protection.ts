// The player's own protection (docs/protection.md): limits, a time-out or self-exclusion, the
// agreement version. Read by the limits page, the crash bet button and the deposit dialog.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { type ProtectionJson, protectionCalls } from "../../../shared/api/protection";
import { type LimitKind, PROTECTION } from "../../../shared/constants";
import { toCents } from "../../../shared/money";
import { parseAmount } from "./amount";
import { api, failureKey } from "./api";
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

/** What the player's own limits leave for one stake: the tightest of the stake limit and each loss limit's rest. */
export interface StakeHeadroom {
  cents: number;
  kind: LimitKind;
  /** a loss limit: when its period starts again; the stake limit: null */
  resetsAt: number | null;
}

/** The tightest headroom of the limits in force (null: none bounds a stake). */
export function stakeHeadroom(p: ProtectionJson | undefined): StakeHeadroom | null {
  let tightest: StakeHeadroom | null = null;
  for (const l of p?.limits ?? []) {
    if (l.left === null || !(l.kind === "stake" || l.kind.startsWith("loss_"))) continue;
    // what the server's guard leaves (a loss limit of a player ahead leaves more than its amount)
    const cents = toCents(l.left);
    if (tightest === null || cents < tightest.cents) tightest = { cents, kind: l.kind, resetsAt: l.resets_at };
  }
  return tightest;
}

/**
 * The signed-in player's stake headroom for a bet form. `play` changes when a stake or a win moves
 * the balance or the items (the form passes both): the counts behind a loss limit are read again then.
 */
export function useStakeHeadroom(play: string): StakeHeadroom | null {
  const protection = useProtection();
  const client = useQueryClient();
  const headroom = stakeHeadroom(protection.data);
  const bounded = headroom !== null;
  const seen = useRef(play);
  useEffect(() => {
    if (seen.current === play) return;
    seen.current = play;
    if (bounded) void client.invalidateQueries({ queryKey: queryKeys.protection });
  }, [play, bounded, client]);
  return headroom;
}

/**
 * A limit's amount form (the limits page's rows, the first deposit's prompt): the typed dollars,
 * whether they are an amount a limit may be, the save (the answer's protection becomes the page's)
 * and why it failed. `onSaved` runs after a save lands.
 */
/** What a limit form needs (web/src/ui/LimitFields.tsx renders its field and alerts). */
export type LimitForm = ReturnType<typeof useLimitForm>;

export function useLimitForm(onSaved?: () => void) {
  const client = useQueryClient();
  const [text, setText] = useState("");
  const [invalid, setInvalid] = useState(false);
  const save = useMutation({
    mutationFn: (v: { kind: LimitKind; amount: number | null }) => api(protectionCalls.setLimit, v),
    onSuccess: (answer) => {
      client.setQueryData(queryKeys.protection, answer.protection);
      setText("");
      onSaved?.();
    },
  });
  /** Saves the typed amount as `kind`'s limit, or marks it invalid (not dollars, not above 0, above the maximum). */
  const submit = (kind: LimitKind) => {
    const cents = parseAmount(text);
    const ok = cents !== null && cents > 0 && cents <= PROTECTION.maxLimitCents;
    setInvalid(!ok);
    if (ok) save.mutate({ kind, amount: cents / 100 });
  };
  return {
    text,
    setText,
    invalid,
    pending: save.isPending,
    submit,
    remove: (kind: LimitKind) => save.mutate({ kind, amount: null }),
    errorKey: save.isError ? failureKey(save.error, "app_error.load") : null,
  };
}
