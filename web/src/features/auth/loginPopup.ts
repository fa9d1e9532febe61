// Opens the provider popup (860×500, §9) and waits for the token the worker page posts back.
import { UI } from "../../../../shared/constants";
import { referralQuery } from "../../lib/referral";
import { setToken } from "../../lib/session/token";
import { readAuthMessage, type AuthMessage } from "./authMessage";
import { startAttempt, takeAttempt } from "./signInAttempt";
import { TERMS } from "../../../../shared/constants";

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
 * Opens /socialite/<provider>?nonce=… in a popup. The message listener lives outside React so
 * that closing the modal while the popup is open does not lose the answer.
 */
export function openLoginPopup(provider: Provider, onError: (message: string) => void): void {
  // Stored before window.open: the popup gets a copy of this tab's sessionStorage, which its
  // /auth/callback fallback needs when this window is gone by the time the provider returns.
  const nonce = startAttempt();
  // a referral link's code rides along (docs/money.md "Referrals"); the nonce binding is unchanged. The
  // agreement version the player ticked goes too: the server records it (docs/support.md).
  const url = `/socialite/${provider}?nonce=${encodeURIComponent(nonce)}&terms=${encodeURIComponent(TERMS.version)}${referralQuery()}`;
  detach?.();
  const popup = window.open(url, "login", popupFeatures());
  // A blocked popup: fall back to a full-page sign-in (the worker then redirects to /auth/callback,
  // where this tab's sessionStorage still holds the nonce).
  if (!popup) {
    window.location.assign(url);
    return;
  }
  listenForAuthMessage(popup, nonce, (msg) => {
    takeAttempt(); // one answer per attempt
    if (msg.kind === "token") {
      setToken(msg.token);
      window.location.reload();
    } else {
      console.error("sign-in failed:", msg.message);
      onError(msg.message);
    }
  });
}

function listenForAuthMessage(popup: Window, nonce: string, handle: (msg: AuthMessage) => void): void {
  const listener = (event: MessageEvent) => {
    const msg = readAuthMessage(event, { origin: window.location.origin, popup, nonce });
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
