// The hub socket (/ws/chat) wired into the app: balance, maintenance and online counts
// (features/hub), banned → the one logout path (lib/api handleBanned), a session ended by the
// server (socket closed 4001) → forgotten as logout does, and live notifications
// into the ["user"] cache (the bell's dot) with the "notice" sound. Layout loads this module
// lazily right after the first paint: the hub parses frames with zod, which / should not wait for.
import { useEffect } from "react";
import type { NotificationJson } from "../../../shared/api/user";
import { STORAGE_KEYS } from "../../../shared/constants";
import { chatStore } from "../features/chat/store";
import { isSystemMessage } from "../features/chat/state";
import { receiveLiveDrop } from "../features/cases/store";
import { startHub } from "../features/hub/connection";
import { onHubEvent } from "../features/hub/events";
import { handleBanned } from "../lib/api";
import { forgetSession } from "../lib/session/forgetSession";
import { queryKeys } from "../lib/queryKeys";
import { notificationMovesItems, withNotification } from "../lib/session/notifications";
import { clearToken, getToken, TOKEN_CHANGED_EVENT } from "../lib/session/token";
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
    // Live mode-bar banks from every screen (the rooms push their totals through the hub).
    const offBanks = onHubEvent("banks", (banks) => {
      const { setBank } = useBanksStore.getState();
      for (const game of ["crash", "jackpot", "wheel"] as const) {
        const value = banks[game];
        if (value !== undefined) setBank(game, value);
      }
    });
    // Live case drops reach the cases strip from any screen (§7 casesLiveDrop).
    const offLiveDrop = onHubEvent("casesLiveDrop", receiveLiveDrop);
    const offNotification = onHubEvent("notification", (n) => {
      if (applyNotification(n)) playSound("notice");
      // a withdrawal finished: its items left or came back
      if (notificationMovesItems(n)) void queryClient.invalidateQueries({ queryKey: queryKeys.inventory });
    });
    // The chat (features/chat): history, live messages, the quiz banner. A system message (user
    // id 0, e.g. a quiz won) means items moved: the inventory reloads (§3).
    const offChat = [
      onHubEvent("loadChat", ({ messages }) => chatStore.getState().hubLoaded(messages)),
      onHubEvent("newMessage", (message) => {
        chatStore.getState().receive(message);
        if (isSystemMessage(message)) void queryClient.invalidateQueries({ queryKey: queryKeys.inventory });
      }),
      onHubEvent("quizInit", (quiz) => chatStore.getState().setQuiz(quiz)),
    ];
    // Sign-in or sign-out in another tab changes the stored token too.
    const onStorage = (e: StorageEvent) => {
      if (e.key === STORAGE_KEYS.apiToken || e.key === null) hub.reidentify();
    };
    window.addEventListener(TOKEN_CHANGED_EVENT, hub.reidentify);
    window.addEventListener("storage", onStorage);
    return () => {
      offNotification();
      offLiveDrop();
      offBanks();
      for (const off of offChat) off();
      window.removeEventListener(TOKEN_CHANGED_EVENT, hub.reidentify);
      window.removeEventListener("storage", onStorage);
      hub.stop();
    };
  }, []);
}

/** The hub's socket was closed because this session was logged out (another tab, revoked): what logout does here. */
function signedOut(): void {
  clearToken();
  forgetSession(queryClient);
}

/** Renders nothing; mounting it keeps the hub connected on every screen. */
export default function LiveHub() {
  useLiveHub();
  return null;
}
