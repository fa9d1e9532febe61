// The skins deposit's calls: the bot's listing of the player's CS2 inventory and sending the
// offer (POST /api/payment/skins/inventory, /create). The offer is then followed through
// lib/skinsDeposits.ts; once it is credited the site inventory is reloaded.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { skinsDepositCalls } from "../../../../shared/api/skins-deposit";
import { useTranslation } from "react-i18next";
import { ApiError, api, failureKey } from "../../lib/api";
import { queryKeys } from "../../lib/queryKeys";
import { isOpenDeposit, SKIN_DEPOSITS_KEY, useSkinDeposits } from "../../lib/skinsDeposits";
import { notify } from "../../lib/uiStore";

const LISTING_KEY = ["skinsDepositListing"];

export function useSkinsListing(enabled: boolean) {
  return useQuery({
    queryKey: LISTING_KEY,
    queryFn: () => api(skinsDepositCalls.inventory, {}),
    enabled,
    retry: false,
    staleTime: 15_000,
  });
}

export function useSkinsDepositSend(onSent: () => void) {
  const client = useQueryClient();
  const { t, i18n } = useTranslation("deposit");
  return useMutation({
    mutationFn: (assetIds: string[]) => api(skinsDepositCalls.create, { items: assetIds, request_id: crypto.randomUUID() }),
    onSuccess: (answer) => {
      notify({ type: "success", message: answer.message });
      void client.invalidateQueries({ queryKey: SKIN_DEPOSITS_KEY });
      onSent();
    },
    onError: (err) => {
      const key = failureKey(err, "deposit_error.send_deposit");
      // over a deposit limit: when the limit starts again (docs/protection.md "Limits")
      const resetsAt = err instanceof ApiError ? (err.body as { resets_at?: unknown } | null)?.resets_at : undefined;
      if (key === "deposit_api.deposit_limit" && typeof resetsAt === "number") {
        const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(resetsAt);
        notify({ type: "error", message: t("money.limit_refused", { date }) });
      } else if (key) notify({ type: "error", message: key });
      void client.invalidateQueries({ queryKey: SKIN_DEPOSITS_KEY });
    },
  });
}

/** The newest deposit (polled while open); when one seen open gets credited, the inventory and the listing reload. */
export function useLatestDeposit(enabled: boolean) {
  const client = useQueryClient();
  const history = useSkinDeposits(enabled);
  const latest = history.data?.deposits[0] ?? null;
  const open = useRef<string | null>(null);
  useEffect(() => {
    if (!latest) return;
    if (isOpenDeposit(latest)) open.current = latest.id;
    else if (open.current === latest.id) {
      open.current = null;
      void client.invalidateQueries({ queryKey: queryKeys.inventory });
      void client.invalidateQueries({ queryKey: LISTING_KEY });
    }
  }, [latest, client]);
  return { latest, history };
}
