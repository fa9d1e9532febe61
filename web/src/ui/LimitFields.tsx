// The parts a limit form repeats wherever it is offered (the limits page, the first deposit's
// prompt): the labelled dollars field bound to useLimitForm, and its two alerts — the amount
// the form refused, and the server's refusal in the error catalogue's words.
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { displayMessage } from "../lib/i18n";
import type { LimitForm } from "../lib/protection";

export function LimitAmountInput({ form, label, placeholder }: { form: LimitForm; label: string; placeholder: string }) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        placeholder={placeholder}
        aria-invalid={form.invalid || undefined}
        value={form.text}
        onChange={(e) => form.setText(e.target.value)}
      />
    </>
  );
}

/** `invalid`: the text shown when the typed amount is not a limit the form takes. */
export function LimitFormAlerts({ form, invalid }: { form: LimitForm; invalid: string }) {
  const { t } = useTranslation("common");
  return (
    <>
      {form.invalid ? <p role="alert">{invalid}</p> : null}
      {form.errorKey ? <p role="alert">{displayMessage(form.errorKey, t)}</p> : null}
    </>
  );
}
