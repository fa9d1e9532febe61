// The hub's setRaffle frame (app/liveHub.ts wires it here): the running giveaway replaces the
// cached one, a draw goes to the history and the announcement, and the winner's inventory and
// balance reload (the item arrives live). A new or cancelled giveaway refreshes the caller's
// conditions and membership.
import type { QueryClient } from "@tanstack/react-query";
import { GIVEAWAY } from "../../../../shared/constants";
import type { DataOf } from "../../../../shared/rooms/frame";
import type { HubServerFrame } from "../../../../shared/rooms/hub";
import { queryKeys } from "../../lib/queryKeys";
import type { CurrentUser } from "../../lib/session/useCurrentUser";
import { notify } from "../../lib/uiStore";
import { type ActiveAnswer, giveawayKeys } from "./queries";
import { useGiveawayStore } from "./store";

export type RaffleFrame = DataOf<HubServerFrame, "setRaffle">;

export function receiveRaffle(qc: QueryClient, frame: RaffleFrame): void {
  const store = useGiveawayStore.getState();
  store.setServerTime(frame.server_time);
  const before = qc.getQueryData<ActiveAnswer>(giveawayKeys.active);
  const history = before?.history ?? [];
  const { drawn } = frame;
  const nextHistory = drawn ? [drawn, ...history.filter((h) => h.id !== drawn.id)].slice(0, GIVEAWAY.historyLength) : history;
  qc.setQueryData<ActiveAnswer>(giveawayKeys.active, { giveaway: frame.giveaway, history: nextHistory, server_time: frame.server_time });

  if (before?.giveaway?.id !== frame.giveaway?.id) void qc.invalidateQueries({ queryKey: giveawayKeys.mine, predicate: (q) => q.queryKey[1] !== "active" });
  if (!drawn) return;
  store.setDrawn(drawn);
  const me = qc.getQueryData<CurrentUser | null>(queryKeys.user);
  if (me && drawn.user?.id === me.id) {
    notify({ type: "success", message: "giveaway:won" });
    void qc.invalidateQueries({ queryKey: queryKeys.inventory });
    void qc.invalidateQueries({ queryKey: queryKeys.user });
  }
}
