// Logout: revoke the session on the server, forget the token and every cached answer, go home.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { api } from "../../lib/api";
import { queryKeys } from "../../lib/queryKeys";
import { clearToken, getToken } from "./token";

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      // A failed revoke (network, already revoked) must not keep the user signed in locally.
      if (getToken()) await api("/api/auth/logout").catch(() => undefined);
    },
    onSettled: () => {
      clearToken();
      queryClient.setQueryData(queryKeys.user, null);
      // Everything else cached belonged to that user (inventory, profile, ...).
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.user[0] });
      navigate("/");
    },
  });
}
