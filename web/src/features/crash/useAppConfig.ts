// POST /api/getConfig under the shell's ["config"] key: `dev` (admin tools) and `maintenance`
// (the hub keeps the cached answer's maintenance up to date from refreshPage).
import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { queryKeys } from "../../lib/queryKeys";

export interface CrashConfig {
  maintenance?: boolean;
  dev?: boolean;
}

export function useCrashConfig() {
  return useQuery({
    queryKey: queryKeys.config,
    queryFn: () => api<CrashConfig>("/api/getConfig"),
    staleTime: 5 * 60_000,
  });
}
