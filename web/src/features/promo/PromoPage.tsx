// /promo (§2 Promo): redeem a balance promo code, and how the referral programme works (the
// player's own link and earnings live in the profile). Loaded lazily by the router.
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { promoCodeOf, useRedeemPromo } from "../../lib/promo";
import { useCurrentUser } from "../../lib/session/useCurrentUser";
import { SignInPrompt } from "../../ui/StateNote";
import { TagIcon } from "../../ui/icons";
import "./promo.css";

export default function PromoPage() {
  const { t } = useTranslation("promo");
  const user = useCurrentUser();
  return (
    <div className="promo-page">
      <header className="promo-page__head">
        <TagIcon />
        <h1>{t("title")}</h1>
      </header>
      <section className="promo-card" aria-labelledby="promo-code-title">
        <h2 id="promo-code-title">{t("code.title")}</h2>
        <p className="promo-card__text">{t("code.text")}</p>
        {user.isPending ? (
          <div className="shimmer-block promo-card__skeleton" aria-busy="true" />
        ) : user.data ? (
          <PromoCodeForm />
        ) : (
          <SignInPrompt className="promo-card__signin" message={t("signed_out")} button={t("login")} />
        )}
      </section>
      <section className="promo-card" aria-labelledby="promo-referral-title">
        <h2 id="promo-referral-title">{t("referral.title")}</h2>
        <p className="promo-card__text">{t("referral.text")}</p>
        {user.data && (
          <Link className="button" to="/profile#profile-referrals">
            {t("referral.open")}
          </Link>
        )}
      </section>
    </div>
  );
}

function PromoCodeForm() {
  const { t } = useTranslation("promo");
  const [value, setValue] = useState("");
  const inputId = useId();
  const redeem = useRedeemPromo(() => setValue(""));
  const code = promoCodeOf(value);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (code && !redeem.isPending) redeem.mutate(code);
  }

  return (
    <form className="promo-form" onSubmit={submit} noValidate aria-busy={redeem.isPending}>
      <label htmlFor={inputId}>{t("code.label")}</label>
      <div className="promo-form__row">
        <input
          id={inputId}
          type="text"
          name="promocode"
          autoComplete="off"
          spellCheck={false}
          maxLength={40}
          placeholder={t("code.placeholder")}
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
        <button type="submit" className="button button-primary" disabled={!code || redeem.isPending}>
          {redeem.isPending ? t("code.applying") : t("code.apply")}
        </button>
      </div>
    </form>
  );
}
