import { useQuery } from "@tanstack/react-query";
import { type ProfileJson, userCalls } from "../../../../shared/api/user";
import { api } from "../../lib/api";
import { queryKeys } from "../../lib/queryKeys";

/** POST /api/user/getProfile: the signed-in user's statistics and referral totals (the lists are paged: useHistory.ts). */
export function useProfile(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.profile,
    queryFn: (): Promise<ProfileJson> => api(userCalls.getProfile),
    enabled,
  });
}

/** POST /api/user/getUser {user_id}: another user's card and statistics (the game lists are paged: useHistory.ts). */
export function usePublicUser(id: number | null) {
  return useQuery({
    queryKey: queryKeys.publicUser(id ?? "invalid"),
    // runs only with an id (enabled below)
    queryFn: async () => (await api(userCalls.getUser, { user_id: id as number })).user,
    enabled: id !== null,
  });
}
