// The live sockets wired into the app (docs/api.md "Sockets"). The hub (/ws/hub): balance, maintenance
// and online counts (features/hub), banned → the one logout path (lib/api handleBanned), a
// session ended by the server (socket closed 4001) → forgotten as logout does, and live
// notifications into the ["user"] cache (the bell's dot) with the "notice" sound. The chat
// (/ws/chat, features/chat/connection.ts): history, live messages, the quiz banner. The bonus pool
// (/ws/bonus, features/bonus/live.ts): the Bonus button's timer and the win popup. Layout loads
// this module lazily right after the first paint: the sockets parse frames with zod, which /
// should not wait for.
import { useEffect } from "react";
import type { NotificationJson } from "../../../shared/api/user";
import { BonusWinNotice } from "../features/bonus/BonusWinNotice";
import { useBonusSocket } from "../features/bonus/live";
import { startChatSocket } from "../features/chat/connection";
import { receiveLiveDrop } from "../features/cases/store";
import { receiveRaffle } from "../features/giveaway/liveRaffle";
import { receiveTournamentFrame } from "../features/tournament/live";
import { startHub } from "../features/hub/connection";
import { onHubEvent } from "../features/hub/events";
import { handleBanned } from "../lib/api";
import { forgetSession } from "../lib/session/forgetSession";
import { queryKeys } from "../lib/queryKeys";
import { notificationMovesItems, withNotification } from "../lib/session/notifications";
import { clearToken, getToken, onTokenChange } from "../lib/session/token";
import type { CurrentUser } from "../lib/session/useCurrentUser";
import { playSound } from "../lib/sound";
import { useBanksStore } from "../lib/banksStore";
import { queryClient } from "./queryClient";
import { notify } from "../lib/uiStore";

/** Puts a live notification into the cached user; true when it was new to the list. */
function applyNotification(n: NotificationJson): boolean {
  let added = false;
  queryClient.setQueryData<CurrentUser | null>(queryKeys.user, (u) => {
    if (!u) return u;
    const next = withNotification(u, n);
    added = next !== u;
    return next;
  });
  return added;
}

function useLiveHub(): void {
  useEffect(() => {
    const hub = startHub({ queryClient, notify, getToken, banned: () => handleBanned(), signedOut });
    const chat = startChatSocket({ queryClient });
    // Live mode-bar banks from every screen (the rooms push their totals through the hub).
    const offBanks = onHubEvent("banks", (banks) => {
      const { setBank } = useBanksStore.getState();
      for (const game of ["crash", "jackpot", "wheel"] as const) {
        const value = banks[game];
        if (value !== undefined) setBank(game, value);
      }
      if (banks.jackpotLevels) useBanksStore.getState().setJackpotLevels(banks.jackpotLevels);
      if (banks.bonus !== undefined) useBanksStore.getState().setBonus({ bank: banks.bonus });
    });
    // Live case drops reach the cases strip from any screen (§7 casesLiveDrop).
    const offLiveDrop = onHubEvent("casesLiveDrop", receiveLiveDrop);
    // the giveaway card and modal, and the winner's inventory (§7 setRaffle)
    const offRaffle = onHubEvent("setRaffle", (frame) => receiveRaffle(queryClient, frame));
    // the tournament's table moves live on /tournament; a finished one is asked again
    const offTournament = onHubEvent("tournament", (frame) => receiveTournamentFrame(queryClient, frame));
    // the cashback shown in the header and the cashback modal (hundredths of a cent)
    const offCashback = onHubEvent("updateCashback", ({ cashback }) => {
      queryClient.setQueryData<CurrentUser | null>(queryKeys.user, (u) => u && { ...u, cashback });
    });
    const offNotification = onHubEvent("notification", (n) => {
      if (applyNotification(n)) playSound("notice");
      // a withdrawal finished: its items left or came back
      if (notificationMovesItems(n)) void queryClient.invalidateQueries({ queryKey: queryKeys.inventory });
    });
    // sign-in or sign-out, in this tab or another
    const offToken = onTokenChange(hub.reidentify);
    return () => {
      offNotification();
      offCashback();
      offLiveDrop();
      offRaffle();
      offTournament();
      offBanks();
      offToken();
      hub.stop();
      chat.stop();
    };
  }, []);
}

/** The hub's socket was closed because this session was logged out (another tab, revoked): what logout does here. */
function signedOut(): void {
  clearToken();
  forgetSession(queryClient);
}

/** Mounting it keeps the hub, the chat and the bonus pool connected on every screen; it renders the bonus win popup. */
export default function LiveHub(): React.ReactNode {
  useLiveHub();
  useBonusSocket();
  return <BonusWinNotice />;
}
