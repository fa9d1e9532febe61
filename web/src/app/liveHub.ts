// The hub socket (/ws/chat) wired into the app: balance, maintenance and online counts
// (features/hub), banned → the one logout path (lib/api handleBanned), and live notifications
// into the ["user"] cache (the bell's dot) with the "notice" sound. Layout loads this module
// lazily right after the first paint: the hub parses frames with zod, which / should not wait for.
import { useEffect } from "react";
import type { NotificationJson } from "../../../shared/api/user";
import { STORAGE_KEYS } from "../../../shared/constants";
import { startHub } from "../features/hub/connection";
import { onHubEvent } from "../features/hub/events";
import { handleBanned } from "../lib/api";
import { queryKeys } from "../lib/queryKeys";
import { withNotification } from "../lib/session/notifications";
import { getToken, TOKEN_CHANGED_EVENT } from "../lib/session/token";
import type { CurrentUser } from "../lib/session/useCurrentUser";
import { playSound } from "../lib/sound";
import { useBanksStore } from "./banksStore";
import { queryClient } from "./queryClient";
import { notify } from "./uiStore";

/** Puts a live notification into the cached user; true when it was new to the list. */
export function applyNotification(n: NotificationJson): boolean {
  let added = false;
  queryClient.setQueryData<CurrentUser | null>(queryKeys.user, (u) => {
    if (!u) return u;
    const next = withNotification(u, n);
    added = next !== u;
    return next;
  });
  return added;
}

export function useLiveHub(): void {
  useEffect(() => {
    const hub = startHub({ queryClient, notify, getToken, banned: () => handleBanned() });
    // Live mode-bar banks from every screen (the rooms push their totals through the hub).
    const offBanks = onHubEvent("banks", (banks) => {
      const { setBank } = useBanksStore.getState();
      for (const game of ["crash", "jackpot", "wheel"] as const) {
        const value = banks[game];
        if (value !== undefined) setBank(game, value);
      }
    });
    const offNotification = onHubEvent("notification", (n) => {
      if (applyNotification(n)) playSound("notice");
    });
    // Sign-in or sign-out in another tab changes the stored token too.
    const onStorage = (e: StorageEvent) => {
      if (e.key === STORAGE_KEYS.apiToken || e.key === null) hub.reidentify();
    };
    window.addEventListener(TOKEN_CHANGED_EVENT, hub.reidentify);
    window.addEventListener("storage", onStorage);
    return () => {
      offNotification();
      offBanks();
      window.removeEventListener(TOKEN_CHANGED_EVENT, hub.reidentify);
      window.removeEventListener("storage", onStorage);
      hub.stop();
    };
  }, []);
}

/** Renders nothing; mounting it keeps the hub connected on every screen. */
export default function LiveHub() {
  useLiveHub();
  return null;
}
