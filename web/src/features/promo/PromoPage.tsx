// /promo (§2 Promo): redeem a balance promo code, and how the referral programme works (the
// player's own link and earnings live in the profile). Loaded lazily by the router.
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useCurrentUser } from "../../lib/session/useCurrentUser";
import { SignInPrompt } from "../../ui/StateNote";
import { TagIcon } from "../../ui/icons";
import { PromoCodeForm } from "../../ui/PromoCodeForm";
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
          <PromoCodeField />
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

function PromoCodeField() {
  const { t } = useTranslation("promo");
  return (
    <PromoCodeForm
      block="promo-form"
      text={{ label: t("code.label"), placeholder: t("code.placeholder"), apply: t("code.apply"), applying: t("code.applying") }}
    />
  );
}
