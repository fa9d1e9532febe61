// Logout: revoke the session on the server, forget the token and the user's cached answers, go home.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { api } from "../../lib/api";
import { forgetSession } from "../../lib/session/forgetSession";
import { clearToken, getToken } from "../../lib/session/token";

/** Loaded, not imported: the header (first load) uses this hook (lib/api.ts). */
const logoutSchema = () => import("../../../../shared/api/auth").then((m) => m.logoutAnswer);

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      // A failed revoke (network, already revoked) must not keep the user signed in locally.
      if (getToken()) await api("/api/auth/logout", logoutSchema).catch(() => undefined);
    },
    onSettled: () => {
      clearToken();
      forgetSession(queryClient);
      navigate("/");
    },
  });
}
