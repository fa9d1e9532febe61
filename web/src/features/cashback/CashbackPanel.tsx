// The cashback panel (spec §2: the mode-kit sidebar's cashback panel, shown in the cashback modal
// until that sidebar exists): the amount, the rules, Claim, and the countdown to the next claim.
// Units: the user's `cashback` is hundredths of a cent (shared/cashback.ts formatCashback).
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatCashback, claimableCents } from "../../../../shared/cashback";
import { CASHBACK } from "../../../../shared/constants";
import { useCurrentUser } from "../../lib/session/useCurrentUser";
import { formatDollars } from "../../ui/Money";
import { Skeleton } from "../../ui/Spinner";
import { LoadFailed, SignInPrompt } from "../../ui/StateNote";
import { waitUntil } from "./countdown";
import { useCashbackStore } from "./store";
import { useClaimCashback } from "./useClaimCashback";
import "./cashback.css";

/** Re-renders every second while `active`. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [active]);
  return now;
}

export function CashbackPanel() {
  const { t } = useTranslation("cashback");
  const { data: user, isPending, isError, refetch } = useCurrentUser();
  const nextClaimAt = useCashbackStore((s) => s.nextClaimAt);
  const take = useClaimCashback();
  const now = useNow(nextClaimAt !== null);
  const wait = nextClaimAt === null ? null : waitUntil(nextClaimAt, now);

  if (isPending) {
    return (
      <div className="cashback-panel" aria-busy="true">
        <Skeleton width={160} height={40} />
        <Skeleton width="100%" height={80} />
      </div>
    );
  }
  if (isError) return <LoadFailed message={t("load_failed")} onRetry={() => void refetch()} />;
  if (!user) return <SignInPrompt message={t("sign_in")} button={t("sign_in_button")} />;

  const cents = claimableCents(user.cashback);
  return (
    <div className="cashback-panel">
      <p className="cashback-amount">
        <span>{t("amount")}</span>
        <strong data-testid="cashback-amount">{formatCashback(user.cashback)}</strong>
      </p>
      {user.cashback === 0 ? <p className="cashback-empty">{t("empty")}</p> : null}
      {cents === 0 && user.cashback > 0 ? <p className="cashback-empty">{t("under_cent")}</p> : null}
      <ul className="cashback-rules">
        <li>{t("rules.rate", { rate: CASHBACK.rateTenthsPercent / 10 })}</li>
        <li>{t("rules.period")}</li>
        <li>{t("rules.min_deposit", { amount: formatDollars(CASHBACK.minDepositCents / 100) })}</li>
        <li>{t("rules.whole_cents")}</li>
      </ul>
      {wait ? (
        <p className="cashback-wait" role="status">
          {t("next_take")}{" "}
          <strong>
            {[
              wait.hours > 0 ? t("hours", { count: wait.hours }) : null,
              wait.hours > 0 || wait.minutes > 0 ? t("minutes", { count: wait.minutes }) : null,
              wait.hours === 0 ? t("seconds", { count: wait.seconds }) : null,
            ]
              .filter(Boolean)
              .join(" ")}
          </strong>
        </p>
      ) : null}
      <button
        type="button"
        className="button button-primary cashback-take"
        disabled={cents === 0 || wait !== null || take.isPending}
        aria-busy={take.isPending}
        onClick={() => take.mutate()}
      >
        {cents > 0 ? t("take_amount", { amount: formatDollars(cents / 100) }) : t("take")}
      </button>
    </div>
  );
}
