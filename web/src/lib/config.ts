// POST /api/getConfig (worker/api/config/routes.ts): the public settings every screen reads.
// One fetcher, one cache entry (queryKeys.config) and one answer type for the whole app — the
// shared getConfigAnswer (shared/api/config.ts); the hub (features/hub/connection.ts) keeps the
// entry's `maintenance` current from refreshPage.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { configCalls } from "../../../shared/api/config";
import { STORE } from "../../../shared/constants";
import { api } from "./api";
import { queryKeys } from "./queryKeys";

export type { ChatBanReasonJson as ChatBanReason } from "../../../shared/api/config";

const configQuery = queryOptions({
  queryKey: queryKeys.config,
  queryFn: () => api(configCalls.getConfig),
  staleTime: 5 * 60_000,
});

/** The config; `fresh`: read again when the screen mounts (the fairness page's announced chains). */
export function useConfig(options: { fresh?: boolean } = {}) {
  return useQuery(options.fresh ? { ...configQuery, refetchOnMount: "always" } : configQuery);
}

/** The sell tax published by /api/getConfig, or the default rate while it is missing or odd. */
export function sellTaxPercentOf(config: { sell_tax_percent?: unknown } | null | undefined): number {
  const v = config?.sell_tax_percent;
  return typeof v === "number" && Number.isFinite(v) && v >= 0 && v < 100 ? v : STORE.defaultSellTaxPercent;
}

/** The sell tax rate (percent) to show before a sale or an exchange; the default until the answer is there. */
export function useSellTaxPercent(): number {
  return sellTaxPercentOf(useConfig().data);
}
