// The signed-in user's items: POST /api/user/getInventory {appId: 730} under ["inventory"]. The
// inventory panel and the crash betting board read the same cache entry through this one query.
import { useQuery } from "@tanstack/react-query";
import { userCalls } from "../../../shared/api/user";
import { STEAM_APP_ID } from "../../../shared/constants";
import { api } from "./api";
import { queryKeys } from "./queryKeys";

export function useInventoryQuery(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.inventory,
    queryFn: () => api(userCalls.getInventory, { appId: STEAM_APP_ID }),
    enabled,
    staleTime: 30_000,
  });
}
