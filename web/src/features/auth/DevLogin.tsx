// Dev flag only: sign in as any username with an optional staff role (GET /api/auth/test-login).
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useUiStore } from "../../lib/uiStore";
import { authCalls } from "../../../../shared/api/auth";
import { api, ApiError } from "../../lib/api";
import { setToken } from "../../lib/session/token";
import { DEV_ROLES, testLoginFields, type DevRole } from "./testLogin";

export function DevLogin() {
  const { t } = useTranslation("auth");
  const notify = useUiStore((s) => s.notify);
  const [username, setUsername] = useState("dev_player");
  const [role, setRole] = useState<DevRole>("player");
  const [busy, setBusy] = useState(false);
  const nameId = useId();
  const roleId = useId();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!username.trim() || busy) return;
    setBusy(true);
    try {
      const { api_token } = await api(authCalls.testLogin, testLoginFields(username, role));
      setToken(api_token);
      window.location.reload();
    } catch (err) {
      notify({ type: "error", message: err instanceof ApiError ? err.key : "app_error.login" });
      setBusy(false);
    }
  }

  return (
    <form className="dev-login" onSubmit={submit} aria-label={t("dev.title")}>
      <h3 className="dev-login__title">{t("dev.title")}</h3>
      <p className="dev-login__hint">{t("dev.hint")}</p>
      <div className="dev-login__row">
        <label htmlFor={nameId}>{t("dev.username")}</label>
        <input id={nameId} name="username" value={username} maxLength={32} autoComplete="off" onChange={(e) => setUsername(e.target.value)} />
      </div>
      <div className="dev-login__row">
        <label htmlFor={roleId}>{t("dev.role")}</label>
        <select id={roleId} name="role" value={role} onChange={(e) => setRole(e.target.value as DevRole)}>
          {DEV_ROLES.map((r) => (
            <option key={r} value={r}>
              {t(`dev.roles.${r}`)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="dev-login__submit" disabled={busy || !username.trim()}>
        {t("dev.submit")}
      </button>
    </form>
  );
}
