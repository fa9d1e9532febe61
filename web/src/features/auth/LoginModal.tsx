// The login modal's content (§4 Login): tick the agreement (and the age, TERMS.minimumAge), then a
// provider popup opens; the popup URL carries the agreement version (loginPopup.ts).
// The shell renders it inside <Modal name="login" title={t("auth:login.title")}>.
import { useId, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import { TERMS } from "../../../../shared/constants";
import { useConfig } from "../../lib/config";
import { useUiStore } from "../../lib/uiStore";
import { DevLogin } from "./DevLogin";
import { openLoginPopup, type Provider } from "./loginPopup";
import "./auth.css";

const PROVIDERS: { id: Provider; icon: string }[] = [
  { id: "steam", icon: "S" },
  { id: "vk", icon: "VK" },
];

export function LoginModal() {
  const { t } = useTranslation("auth");
  const notify = useUiStore((s) => s.notify);
  const closeModal = useUiStore((s) => s.closeModal);
  const config = useConfig();
  const [agreed, setAgreed] = useState(false);
  const agreeId = useId();
  const hintId = useId();

  function signIn(provider: Provider) {
    if (!agreed) return;
    openLoginPopup(provider, (message) => notify({ type: "error", message }));
  }

  return (
    <div className="login">
      <p className="login__intro">{t("login.intro")}</p>
      <div className="login__agree">
        <input id={agreeId} type="checkbox" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
        <label htmlFor={agreeId}>
          <Trans t={t} i18nKey="login.agree" count={TERMS.minimumAge} components={{ agreement: <Link to="/user-agreement" onClick={() => closeModal()} /> }} />
        </label>
      </div>
      <div className="login__providers">
        {PROVIDERS.map((p) => (
          <button
            key={p.id}
            type="button"
            className={`login__provider login__provider--${p.id}`}
            disabled={!agreed}
            aria-describedby={agreed ? undefined : hintId}
            onClick={() => signIn(p.id)}
          >
            <span className="login__provider-icon" aria-hidden="true">
              {p.icon}
            </span>
            {t(`login.providers.${p.id}`)}
          </button>
        ))}
      </div>
      {!agreed && (
        <p id={hintId} className="login__hint">
          {t("login.agree_first")}
        </p>
      )}
      {config.data?.dev && <DevLogin />}
    </div>
  );
}
