// The giveaway's server state through React Query: the running one with the history (public),
// the caller's conditions and membership (signed in), joining and the Telegram unlink.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { type activeAnswer, giveawayCalls } from "../../../../shared/api/giveaways";
import { ApiError, api, failureKey } from "../../lib/api";
import { queryKeys } from "../../lib/queryKeys";
import { notify } from "../../lib/uiStore";
import { useGiveawayStore } from "./store";

export type ActiveAnswer = z.infer<typeof activeAnswer>;

export const giveawayKeys = {
  active: [...queryKeys.giveaway, "active"],
  /** per user: a sign-out or another account never sees the previous one's progress */
  conditions: (userId: number) => [...queryKeys.giveaway, "conditions", userId],
  member: (userId: number) => [...queryKeys.giveaway, "member", userId],
  /** every giveaway query (a refused join or a link refreshes the caller's view) */
  mine: queryKeys.giveaway,
} as const;

export function useActiveGiveaway() {
  const setServerTime = useGiveawayStore((s) => s.setServerTime);
  return useQuery({
    queryKey: giveawayKeys.active,
    queryFn: async () => {
      const answer = await api(giveawayCalls.getActive, {});
      setServerTime(answer.server_time);
      return answer;
    },
    staleTime: 30_000,
  });
}

export function useGiveawayConditions(userId: number | null) {
  return useQuery({
    queryKey: giveawayKeys.conditions(userId ?? 0),
    queryFn: () => api(giveawayCalls.conditions, {}),
    enabled: userId !== null,
    staleTime: 10_000,
  });
}

export function useGiveawayMember(userId: number | null) {
  return useQuery({
    queryKey: giveawayKeys.member(userId ?? 0),
    queryFn: () => api(giveawayCalls.myActive, {}),
    enabled: userId !== null,
    staleTime: 10_000,
  });
}

export function useJoinGiveaway(userId: number | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: ["giveaway", "join"],
    mutationFn: (id: number) => api(giveawayCalls.setMyActive, { id }),
    onSuccess: (answer, id) => {
      if (userId !== null) qc.setQueryData(giveawayKeys.member(userId), { giveaway_id: id, is_participant: true });
      qc.setQueryData<ActiveAnswer>(giveawayKeys.active, (a) =>
        a?.giveaway ? { ...a, giveaway: { ...a.giveaway, members: Math.max(a.giveaway.members, answer.members) } } : a,
      );
      notify({ type: "success", message: answer.message });
    },
    onError: (err) => {
      // already in, or a condition changed meanwhile: the server's view replaces ours
      if (err instanceof ApiError && err.status >= 400 && err.status < 500) void qc.invalidateQueries({ queryKey: giveawayKeys.mine });
      const key = failureKey(err, "giveaway_error.participate");
      if (key) notify({ type: "error", message: key });
    },
  });
}

export function useUnlinkTelegram() {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: ["telegram", "unlink"],
    mutationFn: () => api(giveawayCalls.telegramUnlink, {}),
    onSuccess: (answer) => {
      void qc.invalidateQueries({ queryKey: giveawayKeys.mine });
      notify({ type: "success", message: answer.message });
    },
    onError: (err) => {
      const key = failureKey(err, "giveaway_error.load_conditions");
      if (key) notify({ type: "error", message: key });
    },
  });
}
