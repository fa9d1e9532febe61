// The player's item and money actions that answer a notice key (store buy, inventory sell, skin
// withdrawal): one policy for all of them. Success: the answer's balance (when it has one) goes
// into the header at once, its message key becomes the notice. Failure: failureKey() — the
// server's key, else the feature's client key, nothing when banned (the banned path told the
// player). Either way the listed caches reload.
import { useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { failureKey } from "./api";
import { queryKeys } from "./queryKeys";
import type { CurrentUser } from "./session/useCurrentUser";
import { notify } from "./uiStore";

interface MoneyMutation<V, A> {
  /** tags the mutation so a panel can tell one is running after its dialog closed */
  mutationKey?: QueryKey;
  mutationFn: (vars: V) => Promise<A>;
  /** the feature's client key (§8) for a failure the server did not explain */
  clientKey: string;
  /** caches to reload after the call, whatever its outcome */
  reload: readonly QueryKey[];
  onDone: () => void;
}

export function useMoneyMutation<V, A extends { message: string; balance?: number }>(m: MoneyMutation<V, A>) {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: m.mutationKey,
    mutationFn: m.mutationFn,
    onSuccess: (answer) => {
      const { balance } = answer;
      if (balance !== undefined) qc.setQueryData<CurrentUser | null>(queryKeys.user, (u) => u && { ...u, balance });
      notify({ type: "success", message: answer.message });
      m.onDone();
    },
    onError: (err) => {
      const key = failureKey(err, m.clientKey);
      if (key) notify({ type: "error", message: key });
    },
    onSettled: () => {
      for (const queryKey of m.reload) void qc.invalidateQueries({ queryKey });
    },
  });
}
