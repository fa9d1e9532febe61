// /offer-check: a player pastes a Steam trade offer they received and the site says whether its
// bot sent it to them, with the security code the offer's message must carry (POST
// /api/user/checkOffer; docs/trade-bot.md "Security code"). The answer to the API-key scam: a
// stolen key cancels the site's offer and a look-alike arrives from another account.
import { useMutation } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { OFFER_LINK_PATTERN, type CheckOfferAnswer, userCalls } from "../../../../shared/api/user";
import { api, failureKey } from "../../lib/api";
import { displayMessage } from "../../lib/i18n";
import { useCurrentUser } from "../../lib/session/useCurrentUser";
import { SignInPrompt } from "../../ui/StateNote";
import "../../ui/security-code.css";
import "./offer-check.css";

/** Steam's page where a stolen Web API key is revoked. */
const REVOKE_KEY_URL = "https://steamcommunity.com/dev/apikey";

export default function OfferCheckPage() {
  const { t } = useTranslation("offer_check");
  const user = useCurrentUser();
  return (
    <div className="offer-check">
      <h1>{t("title")}</h1>
      <p className="offer-check__text">{t("intro")}</p>
      <section className="offer-check__card" aria-labelledby="offer-check-form-title">
        <h2 id="offer-check-form-title">{t("form.title")}</h2>
        {user.isPending ? (
          <div className="shimmer-block offer-check__skeleton" aria-busy="true" />
        ) : user.data ? (
          <CheckForm />
        ) : (
          <SignInPrompt message={t("signed_out")} button={t("login")} />
        )}
      </section>
      <section className="offer-check__card" aria-labelledby="offer-check-rules-title">
        <h2 id="offer-check-rules-title">{t("rules.title")}</h2>
        <ul className="offer-check__rules">
          <li>{t("rules.asked")}</li>
          <li>{t("rules.code")}</li>
          <li>{t("rules.never")}</li>
        </ul>
      </section>
    </div>
  );
}

function CheckForm() {
  const { t } = useTranslation("offer_check");
  const { t: tCommon } = useTranslation();
  const [value, setValue] = useState("");
  const inputId = useId();
  const hintId = useId();
  const check = useMutation({ mutationFn: (offer: string) => api(userCalls.checkOffer, { offer }) });
  const [invalid, setInvalid] = useState(false);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (check.isPending) return;
    // a text that is no offer link says why at once (the server would answer the same key)
    if (!OFFER_LINK_PATTERN.test(value.trim())) return setInvalid(true);
    check.mutate(value.trim());
  }

  return (
    <>
      <form className="offer-check__form" onSubmit={submit} noValidate aria-busy={check.isPending}>
        <label htmlFor={inputId}>{t("form.label")}</label>
        <div className="offer-check__row">
          <input
            id={inputId}
            type="text"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            maxLength={300}
            placeholder="https://steamcommunity.com/tradeoffer/…"
            aria-describedby={hintId}
            aria-invalid={invalid || undefined}
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setInvalid(false);
              check.reset();
            }}
          />
          <button type="submit" className="button button-primary" disabled={value.trim() === "" || check.isPending}>
            {check.isPending ? t("form.checking") : t("form.check")}
          </button>
        </div>
        <p id={hintId} className="offer-check__hint">
          {t("form.hint")}
        </p>
      </form>
      <div aria-live="polite">
        {invalid ? (
          <p role="alert" className="offer-check__error">
            {displayMessage("user_api.offer_link_invalid", tCommon)}
          </p>
        ) : null}
        {check.isError ? (
          <p role="alert" className="offer-check__error">
            {displayMessage(failureKey(check.error, "user_error.check_offer") ?? "user_error.check_offer", tCommon)}
          </p>
        ) : null}
        {check.data ? <Verdict answer={check.data} /> : null}
      </div>
    </>
  );
}

function Verdict({ answer }: { answer: CheckOfferAnswer }) {
  const { t, i18n } = useTranslation("offer_check");
  if (!answer.ours && answer.pending)
    return (
      <div className="offer-check__verdict offer-check__verdict--wait" data-testid="offer-check-verdict" data-ours="pending">
        <p className="offer-check__verdict-title">{t("pending.title", { id: answer.offer_id })}</p>
        <p>{t("pending.text")}</p>
      </div>
    );
  if (!answer.ours)
    return (
      <div className="offer-check__verdict offer-check__verdict--bad" data-testid="offer-check-verdict" data-ours="false">
        <p className="offer-check__verdict-title">{t("not_ours.title", { id: answer.offer_id })}</p>
        <p>{t("not_ours.text")}</p>
        <p>
          {t("not_ours.key")}{" "}
          <a href={REVOKE_KEY_URL} target="_blank" rel="noreferrer noopener">
            {t("not_ours.revoke")}
          </a>
        </p>
      </div>
    );
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "short" }).format(answer.created_at);
  return (
    <div className="offer-check__verdict offer-check__verdict--good" data-testid="offer-check-verdict" data-ours="true">
      <p className="offer-check__verdict-title">{t("ours.title", { id: answer.offer_id })}</p>
      <p>{t(`ours.${answer.kind}`, { status: t(`status.${answer.kind}.${answer.status}`, { defaultValue: answer.status }), date: when })}</p>
      {answer.security_code ? (
        <p>
          {t("ours.code")} <code className="security-code__value">{answer.security_code}</code>
        </p>
      ) : null}
    </div>
  );
}
