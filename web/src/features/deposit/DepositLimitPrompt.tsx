// Before a player's first deposit the dialog offers to set a deposit limit (docs/protection.md
// "Limits"; UK rules ask it of licensees since October 2025). Skippable: "not now" is kept in the
// browser per player, and a player with a limit or a deposit is not asked.
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useLimitForm, useProtection } from "../../lib/protection";
import { useSignedInUser } from "../../lib/session/useCurrentUser";
import { LimitAmountInput, LimitFormAlerts } from "../../ui/LimitFields";

const PERIODS = ["deposit_day", "deposit_week", "deposit_month"] as const;
const skipKey = (userId: number) => `deposit_limit_prompt_skipped:${userId}`;

function skipped(userId: number): boolean {
  try {
    return localStorage.getItem(skipKey(userId)) === "1";
  } catch {
    return false;
  }
}

export function DepositLimitPrompt() {
  const { t } = useTranslation("deposit");
  const user = useSignedInUser();
  const protection = useProtection();
  const [hidden, setHidden] = useState(false);
  const [period, setPeriod] = useState<(typeof PERIODS)[number]>("deposit_month");
  const form = useLimitForm(() => setHidden(true));
  const periodId = useId();
  if (hidden || !user || user.total_deposit > 0 || skipped(user.id) || !protection.data) return null;
  if (protection.data.limits.some((l) => PERIODS.includes(l.kind as (typeof PERIODS)[number]) && (l.amount !== null || l.pending !== null))) return null;

  function submit(e: FormEvent) {
    e.preventDefault();
    form.submit(period);
  }
  function skip() {
    try {
      if (user) localStorage.setItem(skipKey(user.id), "1");
    } catch {
      // storage unavailable: asked again next time
    }
    setHidden(true);
  }
  return (
    <section className="deposit-limit-prompt" aria-labelledby="deposit-limit-prompt-title" data-testid="deposit-limit-prompt">
      <h3 id="deposit-limit-prompt-title">{t("limit_prompt.title")}</h3>
      <p>{t("limit_prompt.text")}</p>
      <form className="deposit-limit-prompt__form" onSubmit={submit} noValidate aria-busy={form.pending}>
        <LimitAmountInput form={form} label={t("limit_prompt.amount")} placeholder={t("limit_prompt.amount")} />
        <label htmlFor={periodId} className="sr-only">
          {t("limit_prompt.period")}
        </label>
        <select id={periodId} value={period} onChange={(e) => setPeriod(e.target.value as (typeof PERIODS)[number])}>
          {PERIODS.map((p) => (
            <option key={p} value={p}>
              {t(`limit_prompt.periods.${p}`)}
            </option>
          ))}
        </select>
        <button type="submit" className="button button-small button-primary" disabled={form.pending}>
          {t("limit_prompt.set")}
        </button>
        <button type="button" className="button button-small" onClick={skip}>
          {t("limit_prompt.skip")}
        </button>
      </form>
      <LimitFormAlerts form={form} invalid={t("limit_prompt.invalid")} />
    </section>
  );
}
