import { useQuery } from "@tanstack/react-query";
import { getUserAnswer, profileAnswer } from "../../../../shared/api/user";
import { api } from "../../lib/api";
import { queryKeys } from "../../lib/queryKeys";

/** POST /api/user/getProfile: histories, withdrawals, referrals and statistics of the signed-in user. */
export function useProfile(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.profile,
    queryFn: () => api("/api/user/getProfile", profileAnswer),
    enabled,
  });
}

/** POST /api/user/getUser {user_id}: another user's public view. */
export function usePublicUser(id: number | null) {
  return useQuery({
    queryKey: queryKeys.publicUser(id ?? "invalid"),
    queryFn: async () => (await api("/api/user/getUser", getUserAnswer, { user_id: id })).user,
    enabled: id !== null,
  });
}
