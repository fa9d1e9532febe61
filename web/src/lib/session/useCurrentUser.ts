// The signed-in user (POST /api/user/get) as React Query ["user"]; null for a visitor.
// The hub socket writes live balance / notifications into the same cache entry.
import { useQuery } from "@tanstack/react-query";
import type { SelfUserJson, userCalls } from "../../../../shared/api/user";
import { api, ApiError, isBannedError, type LazyCall } from "../api";
import { queryKeys } from "../queryKeys";
import { clearToken, getToken } from "./token";

export type CurrentUser = SelfUserJson;

/** POST /api/user/get, its contract loaded, not imported: this module is part of the first load (lib/api.ts). */
export const currentUserCall: LazyCall<typeof userCalls.get> = {
  method: "POST",
  path: "/api/user/get",
  load: () => import("../../../../shared/api/user").then((m) => m.userCalls.get),
};

export async function fetchCurrentUser(): Promise<CurrentUser | null> {
  if (!getToken()) return null;
  try {
    const { user } = await api(currentUserCall);
    return user;
  } catch (err) {
    // An expired or revoked token: forget it and carry on as a visitor.
    if (err instanceof ApiError && err.status === 401) {
      clearToken();
      return null;
    }
    // Banned (§4 "Banned user on load"): api() already logged out and showed the notice.
    if (isBannedError(err)) return null;
    throw err;
  }
}

export function useCurrentUser() {
  return useQuery({
    queryKey: queryKeys.user,
    queryFn: fetchCurrentUser,
    staleTime: 60_000,
  });
}

/** The user when signed in, else null (also null while loading). */
export function useSignedInUser(): CurrentUser | null {
  return useCurrentUser().data ?? null;
}

export function isStaff(user: Pick<CurrentUser, "is_admin" | "is_moderator"> | null | undefined): boolean {
  return !!user && (user.is_admin || user.is_moderator);
}
