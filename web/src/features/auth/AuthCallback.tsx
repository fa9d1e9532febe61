// /auth/callback: the sign-in return when the provider page had no opener window.
// The worker redirects here with #token=<"Bearer …" url-encoded>&nonce=<attempt> or #error=<key>.
// The token is taken only when the nonce is this tab's pending attempt (login CSRF); an error
// shows only a catalogue key (authMessage.ts).
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useUiStore } from "../../lib/uiStore";
import { setToken } from "../../lib/session/token";
import { readCallbackHash } from "./authMessage";
import { takeAttempt } from "./signInAttempt";

export default function AuthCallback() {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const notify = useUiStore((s) => s.notify);
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return; // StrictMode runs effects twice in development
    handled.current = true;
    const hash = window.location.hash;
    // The token must not stay in the address bar or the history.
    if (hash) window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
    const msg = readCallbackHash(hash, hash ? takeAttempt() : null);
    if (msg?.kind === "token") {
      setToken(msg.token);
      // A full load so that every client (socket identity, queries) starts signed in.
      window.location.replace("/");
      return;
    }
    if (msg?.kind === "error") notify({ type: "error", message: msg.message });
    navigate("/", { replace: true });
  }, [navigate, notify]);

  return (
    <div className="auth-callback" role="status" aria-live="polite">
      {t("callback.signing_in")}
    </div>
  );
}
