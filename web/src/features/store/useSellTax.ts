// The sell tax rate (percent) from POST /api/getConfig `sell_tax_percent`, under the shell's
// ["config"] key; the default rate until the answer is there.
import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { queryKeys } from "../../lib/queryKeys";
import { sellTaxPercentOf } from "./storeMath";

export function useSellTaxPercent(): number {
  const { data } = useQuery({
    queryKey: queryKeys.config,
    queryFn: () => api<{ sell_tax_percent?: number }>("/api/getConfig"),
    staleTime: 5 * 60_000,
  });
  return sellTaxPercentOf(data);
}
