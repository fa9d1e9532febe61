// POST /api/getConfig (worker/api/config/routes.ts): the public settings every screen reads.
// One fetcher, one cache entry (queryKeys.config) and one answer type for the whole app; the hub
// (features/hub/connection.ts) keeps the entry's `maintenance` current from refreshPage.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { STORE } from "../../../shared/constants";
import { api } from "./api";
import { queryKeys } from "./queryKeys";

export interface ChatBanReason {
  id: number;
  name: string;
  is_active: boolean;
}

interface AppConfig {
  chat_ban_reasons: ChatBanReason[];
  maintenance: boolean;
  /** The dev login and the admin crash tools show only in development. */
  dev: boolean;
  /** Published fairness commitments: the crash chain's terminating hash and the salt. */
  crash_terminal_hash: string;
  crash_salt: string;
  /** The total deposit (dollars) needed to chat. */
  chat_min_deposit: number;
  /** The tax on selling items to the site, in percent (read it through sellTaxPercentOf). */
  sell_tax_percent: number;
}

const configQuery = queryOptions({
  queryKey: queryKeys.config,
  queryFn: () => api<AppConfig>("/api/getConfig"),
  staleTime: 5 * 60_000,
});

export function useConfig() {
  return useQuery(configQuery);
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
