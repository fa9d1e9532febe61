// /deposit/success: where a provider sends the player back after paying. The money is credited
// only when the provider's signed callback arrives, so this screen says the payment is being
// confirmed and follows the player's newest payment (the one the return address names, when it
// names one): polled every 2 s while pending, for about a minute (lib/moneyDeposits.ts). The header
// balance moves by itself (the hub's updateBalance). Loaded lazily by the router.
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import type { PaymentJson } from "../../../../shared/api/payments";
import { failureKey } from "../../lib/api";
import { displayMessage } from "../../lib/i18n";
import { PENDING_POLL, pendingPollDelay, usePayments } from "../../lib/moneyDeposits";
import { useCurrentUser } from "../../lib/session/useCurrentUser";
import { formatDollars } from "../../ui/Money";
import { LoadFailed, SignInPrompt } from "../../ui/StateNote";
import { Spinner } from "../../ui/Spinner";
import { returnedPayment } from "./returnedPayment";
import "./deposit-result.css";

export default function DepositSuccessPage() {
  const { t } = useTranslation("deposit");
  const user = useCurrentUser();
  return (
    <div className="deposit-result">
      <section className="deposit-result__card" aria-labelledby="deposit-result-title">
        {user.isPending ? (
          <>
            <Title status="pending" />
            <Spinner />
          </>
        ) : user.data ? (
          <LatestPayment />
        ) : (
          <>
            <Title status="pending" />
            <p className="deposit-result__text">{t("result.success_text")}</p>
            <SignInPrompt className="deposit-result__signin" message={t("result.signed_out")} button={t("result.login")} />
          </>
        )}
        <div className="deposit-result__actions">
          <Link className="button button-primary" to="/">
            {t("result.home")}
          </Link>
          {user.data ? (
            <Link className="button" to="/profile#profile-money-deposits">
              {t("result.history")}
            </Link>
          ) : null}
        </div>
      </section>
    </div>
  );
}

/** One title per state (docs/api.md "Interface conventions"): sent while the provider confirms, then confirmed, under review, or refused after it. */
function Title({ status }: { status: PaymentJson["status"] }) {
  const { t } = useTranslation("deposit");
  const key = { pending: "result.success_title", credited: "result.credited_title", review: "result.review_title", refused: "result.refused_title" } as const;
  return <h1 id="deposit-result-title">{t(key[status])}</h1>;
}

function LatestPayment() {
  const { t } = useTranslation("deposit");
  const { t: tCommon } = useTranslation("common");
  const [params] = useSearchParams();
  const startedAt = useRef(Date.now());
  const [windowOver, setWindowOver] = useState(false);
  const payments = usePayments(true, (list) => pendingPollDelay(list && returnedPayment(list, params), startedAt.current, Date.now()));

  useEffect(() => {
    const timer = setTimeout(() => setWindowOver(true), PENDING_POLL.forMs);
    return () => clearTimeout(timer);
  }, []);

  if (payments.isPending) {
    return (
      <div className="deposit-result__loading" aria-busy="true">
        <Title status="pending" />
        <Spinner />
        <span className="sr-only">{t("result.loading")}</span>
      </div>
    );
  }
  if (payments.isError) {
    const key = failureKey(payments.error, "app_error.load");
    return (
      <>
        <Title status="pending" />
        <LoadFailed message={key ? displayMessage(key, tCommon) : t("result.load_failed")} onRetry={() => void payments.refetch()} />
      </>
    );
  }
  const payment = returnedPayment(payments.data.payments, params);
  if (!payment) {
    return (
      <>
        <Title status="pending" />
        <p className="deposit-result__text">{t("result.success_text")}</p>
        <p className="deposit-result__text">{t("result.none")}</p>
      </>
    );
  }
  const intro = { pending: "result.success_text", credited: "result.credited_text", review: "result.review_text", refused: "result.refused_text" } as const;
  return (
    <>
      <Title status={payment.status} />
      <p className="deposit-result__text">{t(intro[payment.status])}</p>
      <div className="deposit-result__payment" data-testid="deposit-result-payment" data-status={payment.status}>
        <h2>{t("result.latest")}</h2>
        <PaymentLine payment={payment} />
        {payment.status === "pending" && windowOver ? <p className="deposit-result__text">{t("result.still_pending")}</p> : null}
      </div>
    </>
  );
}

function PaymentLine({ payment }: { payment: PaymentJson }) {
  const { t } = useTranslation("deposit");
  return (
    <p className="deposit-result__line">
      <span className="deposit-result__sum">{formatDollars(payment.sum)}</span>
      {payment.bonus > 0 ? <span className="deposit-result__bonus">{t("result.bonus", { bonus: formatDollars(payment.bonus) })}</span> : null}
      <span>{t(`money.method.${payment.method}`)}</span>
      <span className={`deposit-result__status is-${payment.status}`} role="status" aria-live="polite">
        {payment.status === "pending" ? <span className="spinner" aria-hidden="true" /> : null}
        {t(`result.status.${payment.status}`)}
      </span>
    </p>
  );
}
