// Logout: revoke the session on the server, forget the token and the user's cached answers, go home.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import type { authCalls } from "../../../../shared/api/auth";
import { api, type LazyCall } from "../../lib/api";
import { forgetSession } from "../../lib/session/forgetSession";
import { clearToken, getToken } from "../../lib/session/token";

/** The contract loaded, not imported: the header (first load) uses this hook (lib/api.ts). */
export const logoutCall: LazyCall<typeof authCalls.logout> = {
  method: "POST",
  path: "/api/auth/logout",
  load: () => import("../../../../shared/api/auth").then((m) => m.authCalls.logout),
};

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      // A failed revoke (network, already revoked) must not keep the user signed in locally.
      if (getToken()) await api(logoutCall).catch(() => undefined);
    },
    onSettled: () => {
      clearToken();
      forgetSession(queryClient);
      navigate("/");
    },
  });
}
