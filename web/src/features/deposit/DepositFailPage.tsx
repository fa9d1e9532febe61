// /deposit/fail: where a provider sends the player back after cancelling (or a declined payment).
// Nothing was taken; "Try again" opens the deposit dialog as the header's Deposit button does.
// Loaded lazily by the router.
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useSignedInUser } from "../../lib/session/useCurrentUser";
import { useUiStore } from "../../lib/uiStore";
import "./deposit-result.css";

export default function DepositFailPage() {
  const { t } = useTranslation("deposit");
  const user = useSignedInUser();
  const openModal = useUiStore((s) => s.openModal);
  return (
    <div className="deposit-result">
      <section className="deposit-result__card" aria-labelledby="deposit-result-title">
        <h1 id="deposit-result-title">{t("result.fail_title")}</h1>
        <p className="deposit-result__text">{t("result.fail_text")}</p>
        <div className="deposit-result__actions">
          <button type="button" className="button button-primary" onClick={() => openModal(user ? "deposit" : "login")} data-testid="deposit-retry">
            {t("result.retry")}
          </button>
          <Link className="button" to="/">
            {t("result.home")}
          </Link>
        </div>
      </section>
    </div>
  );
}
