// The wallet method's second step (§2 "a wallet-provider deposit modal", §4): the account, amount,
// currency and comment to pay with (each with a copy button), then the receipt number the wallet
// shows → POST /api/payment/qiwi/check-transaction. The check button needs a number longer than
// 10 characters (§9). Success names the sum credited; a refusal shows its §8 text (not found yet,
// pending, already credited, contact support, payment not found). It replaces the money form
// inside the deposit dialog, so Escape and the close button close it like the dialog.
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { DEPOSIT } from "../../../../shared/constants";
import { formatCents, toCents } from "../../../../shared/money";
import { failureKey } from "../../lib/api";
import { displayMessage } from "../../lib/i18n";
import { useUiStore } from "../../lib/uiStore";
import { formatDollars } from "../../ui/Money";
import { canCheckReceipt } from "./moneyForm";
import { useCheckTransaction } from "./useMoneyDeposit";
import { type OpenWalletPayment, useWalletPayment } from "./walletStore";

type Field = "account" | "amount" | "currency" | "comment";

export function WalletStep({ payment }: { payment: OpenWalletPayment }) {
  const { t } = useTranslation("deposit");
  const { t: tCommon } = useTranslation("common");
  const clear = useWalletPayment((s) => s.clear);
  const closeModal = useUiStore((s) => s.closeModal);
  const check = useCheckTransaction();
  const [receipt, setReceipt] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [copied, setCopied] = useState<{ field: Field; ok: boolean } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const inputId = useId();
  const hintId = useId();
  const { wallet } = payment;

  useEffect(() => heading.current?.focus(), []);

  const values: Record<Field, { shown: string; copy: string }> = {
    account: { shown: wallet.account, copy: wallet.account },
    amount: { shown: formatDollars(wallet.amount), copy: formatCents(toCents(wallet.amount)) },
    currency: { shown: wallet.currency, copy: wallet.currency },
    comment: { shown: wallet.comment, copy: wallet.comment },
  };

  async function copy(field: Field) {
    try {
      await navigator.clipboard.writeText(values[field].copy);
      setCopied({ field, ok: true });
    } catch {
      setCopied({ field, ok: false });
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!canCheckReceipt(receipt) || check.isPending) return;
    setProblem(null);
    check.mutate(receipt.trim(), { onError: (err) => setProblem(failureKey(err, "deposit_error.send_deposit")) });
  }

  const done = check.data;
  return (
    <section className="wallet-step" aria-labelledby={`${inputId}-title`} data-testid="deposit-wallet">
      <h3 id={`${inputId}-title`} ref={heading} tabIndex={-1} className="wallet-step__title">
        {t("wallet.title", { method: t(`money.method.${payment.method}`) })}
      </h3>
      {done ? (
        <>
          <p className="wallet-step__result is-good" role="status" data-testid="deposit-wallet-credited">
            {done.bonus > 0
              ? t("wallet.credited_bonus", { sum: formatDollars(done.sum), bonus: formatDollars(done.bonus) })
              : t("wallet.credited", { sum: formatDollars(done.sum) })}
          </p>
          <div className="wallet-step__actions">
            <button
              type="button"
              className="button button-primary"
              onClick={() => {
                clear();
                closeModal();
              }}
            >
              {t("wallet.done")}
            </button>
          </div>
        </>
      ) : (
        <>
          <p className="deposit-form__hint">{t("wallet.steps")}</p>
          <dl className="wallet-step__details">
            {(Object.keys(values) as Field[]).map((field) => (
              <div key={field} className="wallet-step__detail">
                <dt>{t(`wallet.${field}`)}</dt>
                <dd>
                  <span className="wallet-step__value" data-testid={`deposit-wallet-${field}`}>
                    {values[field].shown}
                  </span>
                  <button
                    type="button"
                    className="button button-small"
                    aria-label={t("wallet.copy", { what: t(`wallet.${field}`) })}
                    onClick={() => void copy(field)}
                  >
                    {t("wallet.copy_short")}
                  </button>
                </dd>
              </div>
            ))}
          </dl>
          {wallet.pay_url ? (
            <p className="wallet-step__open">
              {/* the wallet's own prefilled payment page (WALLET_A_PAY_URL), in a new tab: this step stays open for the receipt */}
              <a className="button button-primary" href={wallet.pay_url} target="_blank" rel="noopener noreferrer">
                {t("wallet.open")}
              </a>
            </p>
          ) : null}
          <p className="deposit-form__hint" role="status" aria-live="polite">
            {copied ? (copied.ok ? t("wallet.copied", { what: t(`wallet.${copied.field}`) }) : t("wallet.copy_failed")) : ""}
          </p>
          {payment.bonusPercent > 0 ? <p className="deposit-form__hint is-good">{t("wallet.bonus", { percent: payment.bonusPercent })}</p> : null}
          <form className="deposit-form__field" onSubmit={submit} noValidate aria-busy={check.isPending}>
            <label htmlFor={inputId} className="deposit-form__label">
              {t("wallet.receipt")}
            </label>
            <div className="deposit-form__row">
              <input
                id={inputId}
                type="text"
                inputMode="numeric"
                autoComplete="off"
                spellCheck={false}
                maxLength={64}
                value={receipt}
                aria-invalid={problem !== null}
                aria-describedby={hintId}
                onChange={(e) => {
                  setReceipt(e.target.value);
                  if (problem) setProblem(null);
                }}
                data-testid="deposit-wallet-receipt"
              />
              <button
                type="submit"
                className="button button-primary"
                disabled={!canCheckReceipt(receipt) || check.isPending}
                data-testid="deposit-wallet-check"
              >
                {check.isPending ? t("wallet.checking") : t("wallet.check")}
              </button>
            </div>
            <p id={hintId} className="deposit-form__hint">
              {t("wallet.receipt_hint", { count: DEPOSIT.walletReceiptMinLength })}
            </p>
            {problem ? (
              <p className="deposit-form__error" role="alert" data-testid="deposit-wallet-problem">
                {displayMessage(problem, tCommon)}
              </p>
            ) : null}
          </form>
          <div className="wallet-step__actions">
            <button type="button" className="button" onClick={clear}>
              {t("wallet.back")}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
