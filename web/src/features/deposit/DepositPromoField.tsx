// The deposit promo code (§5, docs/money.md "Promo codes"): Check asks POST /api/payment/check-promocode;
// the button needs text and no accepted code. An accepted code locks the field and shows its bonus
// for this deposit; a refused one stays in the field with the server's reason (Pay stays off
// while a typed code is unchecked, so the player fixes or clears it).
import { type FormEvent, useId } from "react";
import { useTranslation } from "react-i18next";
import { normalisePromoCode } from "../../../../shared/api/promo";
import { failureKey } from "../../lib/api";
import { displayMessage } from "../../lib/i18n";
import { canCheckPromo } from "./moneyForm";
import { useCheckDepositPromo } from "./useMoneyDeposit";

export interface AcceptedPromo {
  code: string;
  percent: number;
}

interface DepositPromoFieldProps {
  text: string;
  onText(text: string): void;
  accepted: AcceptedPromo | null;
  onAccepted(promo: AcceptedPromo): void;
  /** the refusal of the last check, or one the payment got for the code (a §8 key) */
  problem: string | null;
  onProblem(key: string | null): void;
}

export function DepositPromoField({ text, onText, accepted, onAccepted, problem, onProblem }: DepositPromoFieldProps) {
  const { t } = useTranslation("deposit");
  const { t: tCommon } = useTranslation("common");
  const check = useCheckDepositPromo();
  const inputId = useId();
  const noteId = useId();
  const enabled = canCheckPromo(text, accepted !== null) && !check.isPending;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!enabled) return;
    onProblem(null);
    const code = normalisePromoCode(text);
    check.mutate(code, {
      onSuccess: (answer) => onAccepted({ code, percent: answer.percent }),
      onError: (err) => onProblem(failureKey(err, "deposit_error.send_deposit_promocode")),
    });
  }

  return (
    <form className="deposit-form__field" onSubmit={submit} noValidate aria-busy={check.isPending}>
      <label htmlFor={inputId} className="deposit-form__label">
        {t("money.promo.label")}
      </label>
      <div className="deposit-form__row">
        <input
          id={inputId}
          type="text"
          name="promocode"
          autoComplete="off"
          spellCheck={false}
          maxLength={40}
          placeholder={t("money.promo.placeholder")}
          value={text}
          disabled={accepted !== null}
          aria-invalid={problem !== null}
          aria-describedby={accepted || problem ? noteId : undefined}
          onChange={(e) => {
            onText(e.target.value);
            if (problem) onProblem(null);
          }}
          data-testid="deposit-promo-input"
        />
        <button type="submit" className="button" disabled={!enabled} data-testid="deposit-promo-check">
          {check.isPending ? t("money.promo.checking") : t("money.promo.check")}
        </button>
      </div>
      {accepted ? (
        <p id={noteId} className="deposit-form__hint is-good" role="status" data-testid="deposit-promo-accepted">
          {t("money.promo.accepted", { percent: accepted.percent })}
        </p>
      ) : problem ? (
        <p id={noteId} className="deposit-form__error" role="alert">
          {displayMessage(problem, tCommon)}
        </p>
      ) : null}
    </form>
  );
}
