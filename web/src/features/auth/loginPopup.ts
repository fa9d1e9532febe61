// Opens the provider popup (860×500, §9) and waits for the token the worker page posts back.
import { UI } from "../../../../shared/constants";
import { setToken } from "../../lib/session/token";
import { readAuthMessage, type AuthMessage } from "./authMessage";

export type Provider = "steam" | "vk";

let detach: (() => void) | null = null;

/** Centre the popup over the current window. */
function popupFeatures(): string {
  const { width, height } = UI.loginPopup;
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2));
  return `width=${width},height=${height},left=${left},top=${top}`;
}

/**
 * Opens /socialite/<provider> in a popup. The message listener lives outside React so that
 * closing the modal while the popup is open does not lose the answer.
 */
export function openLoginPopup(provider: Provider, onError: (message: string) => void): void {
  listenForAuthMessage((msg) => {
    if (msg.kind === "token") {
      setToken(msg.token);
      window.location.reload();
    } else {
      console.error("sign-in failed:", msg.message);
      onError(msg.message);
    }
  });
  const popup = window.open(`/socialite/${provider}`, "login", popupFeatures());
  // A blocked popup: fall back to a full-page sign-in (the worker then redirects to /auth/callback).
  if (!popup) window.location.assign(`/socialite/${provider}`);
}

function listenForAuthMessage(handle: (msg: AuthMessage) => void): void {
  detach?.();
  const listener = (event: MessageEvent) => {
    const msg = readAuthMessage(event, window.location.origin);
    if (!msg) return;
    detach?.();
    handle(msg);
  };
  window.addEventListener("message", listener);
  detach = () => {
    window.removeEventListener("message", listener);
    detach = null;
  };
}
