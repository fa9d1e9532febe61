// POST /api/getConfig (shared with the shell under queryKeys.config): the login modal needs `dev`.
import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { queryKeys } from "../../lib/queryKeys";

export interface AppConfig {
  chat_ban_reasons: { id: number; name: string; is_active: boolean }[];
  maintenance: boolean;
  dev: boolean;
}

export function useAppConfig() {
  return useQuery({
    queryKey: queryKeys.config,
    queryFn: () => api<AppConfig>("/api/getConfig"),
    staleTime: 5 * 60_000,
  });
}
