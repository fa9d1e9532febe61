// What "logged out as banned" means for the app (§4). lib/api.ts handleBanned() — reached from a
// 403 user_api.banned answer and from the hub's userBanned — forgets the token and calls this
// once per burst: the cached user goes (the header shows Login), that user's data goes, and the
// banned notice shows. No reload, so the notice stays readable.
import { onBanned } from "../lib/api";
import { forgetSession } from "../lib/session/forgetSession";
import { queryClient } from "./queryClient";
import { useUiStore } from "../lib/uiStore";

export function installBannedHandler(): () => void {
  return onBanned(() => {
    forgetSession(queryClient);
    useUiStore.getState().notify({ type: "error", message: "user_api.banned" });
  });
}
