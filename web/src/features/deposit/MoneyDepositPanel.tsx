// The money tab (§4/§5 Deposit, docs/payments.md "Payments"): an amount (default from the server, its
// limits under the field), a §9 method, an optional deposit promo code, and Pay → POST
// /api/payment/sum/create. A provider's page gets the player (window.location); the wallet method
// opens its second step (WalletStep). Pay is off — and the line under it says why — until the
// amount is fine, a working money method is picked, a typed promo code was checked, and a trade
// link is saved (the app shell's form is shown here for that). The same form paid again keeps its
// request id, so a double click or a retry answers the first payment.
import { useId, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { MethodsAnswer, MoneyMethodId } from "../../../../shared/api/payments";
import { formatCents, toCents } from "../../../../shared/money";
import { ApiError, failureKey } from "../../lib/api";
import { displayMessage } from "../../lib/i18n";
import { useSignedInUser } from "../../lib/session/useCurrentUser";
import { formatCentsAsDollars } from "../../ui/formatCents";
import { formatDollars } from "../../ui/Money";
import { LoadFailed } from "../../ui/StateNote";
import { Spinner } from "../../ui/Spinner";
import { type AcceptedPromo, DepositPromoField } from "./DepositPromoField";
import { MethodPicker } from "./MethodPicker";
import { parseAmount } from "../../lib/amount";
import { amountProblem, firstMoneyMethod, nextAttempt, type PayAttempt, payBlocker, payFormKey } from "./moneyForm";
import { useCreateDeposit, useDepositMethods } from "./useMoneyDeposit";
import { WalletStep } from "./WalletStep";
import { useWalletPayment } from "./walletStore";

interface MoneyDepositPanelProps {
  tradeLinkForm: ReactNode;
  onSkins(): void;
}

export function MoneyDepositPanel(props: MoneyDepositPanelProps) {
  const { t } = useTranslation("deposit");
  const methods = useDepositMethods();
  const wallet = useWalletPayment((s) => s.open);
  if (wallet) return <WalletStep payment={wallet} />;
  if (methods.isPending) {
    return (
      <div className="money-deposit money-deposit--loading" aria-busy="true">
        <Spinner />
        <span className="sr-only">{t("money.loading")}</span>
      </div>
    );
  }
  if (methods.isError) return <LoadFailed message={t("money.load_failed")} onRetry={() => void methods.refetch()} />;
  return <MoneyForm {...props} info={methods.data} />;
}

const PROMO_REFUSALS = new Set(["deposit_api.promo_invalid", "deposit_api.promo_already_used", "deposit_api.promo_daily_limit"]);

function MoneyForm({ tradeLinkForm, onSkins, info }: MoneyDepositPanelProps & { info: MethodsAnswer }) {
  const { t, i18n } = useTranslation("deposit");
  const { t: tCommon } = useTranslation("common");
  const user = useSignedInUser();
  const showWallet = useWalletPayment((s) => s.show);
  const create = useCreateDeposit();
  const [amountText, setAmountText] = useState(() => formatCents(toCents(info.default_sum)).replace(/\.00$/, ""));
  const [method, setMethod] = useState<MoneyMethodId | null>(() => firstMoneyMethod(info.methods));
  const [promoText, setPromoText] = useState("");
  const [promo, setPromo] = useState<AcceptedPromo | null>(null);
  const [promoProblem, setPromoProblem] = useState<string | null>(null);
  const [payProblem, setPayProblem] = useState<string | null>(null);
  /** a deposit limit's refusal: when its period starts again (the answer's resets_at) */
  const [limitResetsAt, setLimitResetsAt] = useState<number | null>(null);
  const [leaving, setLeaving] = useState(false);
  const attempt = useRef<PayAttempt | null>(null);
  const ids = { amount: useId(), amountNote: useId(), methods: useId(), methodsNote: useId(), payNote: useId() };

  const limits = { minCents: toCents(info.min_sum), maxCents: toCents(info.max_sum) };
  const cents = parseAmount(amountText);
  const problem = amountProblem(cents, limits);
  const picked = info.methods.find((m) => m.id === method) ?? null;
  const hasTradeLink = !!user?.trade_link;
  const blocker = payBlocker({ cents, limits, method: picked, promoText, promoAccepted: promo !== null, hasTradeLink });
  const busy = create.isPending || leaving;
  const limitText = { min: formatDollars(info.min_sum), max: formatDollars(info.max_sum) };

  function pay() {
    if (blocker || busy || cents === null || !method) return;
    setPayProblem(null);
    attempt.current = nextAttempt(attempt.current, payFormKey(cents, method, promo?.code), () => crypto.randomUUID());
    create.mutate(
      { sum: formatCents(cents), depositMethod: method, promocode: promo?.code, request_id: attempt.current.requestId },
      {
        onSuccess: (answer) => {
          if (answer.wallet) {
            attempt.current = null;
            showWallet({ method, orderId: answer.order_id, bonusPercent: answer.bonus_percent, wallet: answer.wallet });
          } else if (answer.url) {
            setLeaving(true);
            window.location.assign(answer.url);
          }
        },
        onError: (err) => {
          const key = failureKey(err, "deposit_error.send_deposit");
          if (key && PROMO_REFUSALS.has(key)) {
            // the code went bad since its check: back to "unchecked", with the reason under it
            setPromo(null);
            setPromoProblem(key);
          } else {
            setPayProblem(key);
            setLimitResetsAt(key === "deposit_api.deposit_limit" ? resetsAtOf(err) : null);
          }
        },
      },
    );
  }

  return (
    <div className="money-deposit" data-testid="money-deposit">
      {/* the missing step first: Pay stays off until the trade link is saved */}
      {hasTradeLink ? null : (
        <div className="deposit-form__link" data-testid="money-deposit-link">
          <p className="deposit-form__note" role="note">
            {t("money.link_first")}
          </p>
          {tradeLinkForm}
        </div>
      )}

      <p className={`deposit-form__note${info.has_nickname_bonus ? " is-good" : ""}`} data-testid="deposit-nickname-hint">
        {info.has_nickname_bonus
          ? t("money.nickname_applied", { percent: info.nickname_bonus_percent })
          : t("money.nickname", { percent: info.nickname_bonus_percent, tag: info.nickname_tag })}
      </p>

      <div className="deposit-form__field">
        <label htmlFor={ids.amount} className="deposit-form__label">
          {t("money.amount")}
        </label>
        <div className="deposit-form__amount">
          <span aria-hidden="true">$</span>
          <input
            id={ids.amount}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            maxLength={13}
            value={amountText}
            aria-invalid={amountText.trim() !== "" && problem !== null}
            aria-describedby={ids.amountNote}
            onChange={(e) => {
              setAmountText(e.target.value);
              setPayProblem(null);
            }}
            data-testid="deposit-amount"
          />
        </div>
        <p id={ids.amountNote} className={problem && amountText.trim() !== "" ? "deposit-form__error" : "deposit-form__hint"}>
          {problem && amountText.trim() !== "" ? t(`money.amount_problem.${problem}`, limitText) : t("money.limits", limitText)}
        </p>
      </div>

      <div className="deposit-form__field">
        <span id={ids.methods} className="deposit-form__label">
          {t("money.methods")}
        </span>
        <MethodPicker
          methods={info.methods}
          cents={cents}
          selected={method}
          onSelect={(id) => {
            setMethod(id);
            setPayProblem(null);
          }}
          onSkins={onSkins}
          labelledBy={ids.methods}
          describedBy={cents === null || cents <= 0 ? ids.methodsNote : undefined}
        />
        {cents === null || cents <= 0 ? (
          <p id={ids.methodsNote} className="deposit-form__hint">
            {t("money.methods_need_amount")}
          </p>
        ) : null}
      </div>

      <DepositPromoField text={promoText} onText={setPromoText} accepted={promo} onAccepted={setPromo} problem={promoProblem} onProblem={setPromoProblem} />

      {payProblem ? (
        <p className="deposit-form__error" role="alert" data-testid="money-deposit-problem">
          {limitResetsAt !== null
            ? t("money.limit_refused", { date: new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(limitResetsAt) })
            : displayMessage(payProblem, tCommon)}
        </p>
      ) : null}

      <div className="deposit-form__footer">
        {blocker ? (
          <p id={ids.payNote} className="deposit-form__hint">
            {t(`money.blocked.${blocker}`)}
          </p>
        ) : null}
        <button
          type="button"
          className="button button-primary deposit-form__pay"
          disabled={blocker !== null || busy}
          aria-describedby={blocker ? ids.payNote : undefined}
          onClick={pay}
          data-testid="deposit-pay"
        >
          {leaving
            ? t("money.redirecting")
            : create.isPending
              ? t("money.paying")
              : cents !== null && cents > 0
                ? t("money.pay", { sum: formatCentsAsDollars(cents) })
                : t("money.pay_plain")}
        </button>
      </div>
    </div>
  );
}

/** The instant a refused deposit's limit starts again, from the refusal's body. */
function resetsAtOf(err: unknown): number | null {
  const body = err instanceof ApiError ? (err.body as { resets_at?: unknown } | null) : null;
  return typeof body?.resets_at === "number" ? body.resets_at : null;
}
