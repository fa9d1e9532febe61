// Mount once at the app root: keeps the hub socket (/ws/chat) open on every screen.
import { useEffect } from "react";
import { STORAGE_KEYS } from "../../../../shared/constants";
import { queryClient } from "../../app/queryClient";
import { notify } from "../../app/uiStore";
import { startHub } from "./connection";

/** Fired by the auth feature when the stored token changes (features/auth/token.ts). */
const TOKEN_CHANGED_EVENT = "skinrush:token-changed";

function readToken(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.apiToken) || null;
  } catch {
    return null;
  }
}

function clearToken(): void {
  try {
    localStorage.removeItem(STORAGE_KEYS.apiToken);
  } catch {
    // storage unavailable: nothing to forget
  }
}

export function useHubConnection(): void {
  useEffect(() => {
    const hub = startHub({ queryClient, notify, getToken: readToken, clearToken, reload: () => window.location.reload() });
    const onStorage = (e: StorageEvent) => {
      if (e.key === STORAGE_KEYS.apiToken || e.key === null) hub.reidentify();
    };
    window.addEventListener(TOKEN_CHANGED_EVENT, hub.reidentify);
    window.addEventListener("storage", onStorage);
    return () => {
      window.removeEventListener(TOKEN_CHANGED_EVENT, hub.reidentify);
      window.removeEventListener("storage", onStorage);
      hub.stop();
    };
  }, []);
}
