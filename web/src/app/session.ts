// What "logged out as banned" means for the app (§4): the api client (and the hub's userBanned)
// forget the token; here the cached user goes, other users' data goes, and the notice shows.
import { TOKEN_CHANGED_EVENT } from "../features/auth/token";
import { onBanned } from "../lib/api";
import { queryKeys } from "../lib/queryKeys";
import { queryClient } from "./queryClient";
import { useUiStore } from "./uiStore";

let bannedShown = 0;

export function installBannedHandler(): () => void {
  return onBanned(() => {
    queryClient.setQueryData(queryKeys.user, null);
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.user[0] });
    window.dispatchEvent(new Event(TOKEN_CHANGED_EVENT));
    // Several calls may fail at once: one notice is enough.
    const now = Date.now();
    if (now - bannedShown > 1_000) {
      bannedShown = now;
      useUiStore.getState().notify({ type: "error", message: "user_api.banned" });
    }
  });
}
