// Before a player's first deposit the dialog offers to set a deposit limit (docs/protection.md
// "Limits"; UK rules ask it of licensees since October 2025). Skippable: "not now" is kept in the
// browser per player, and a player with a limit or a deposit is not asked.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { protectionCalls } from "../../../../shared/api/protection";
import { PROTECTION } from "../../../../shared/constants";
import { parseAmount } from "../../lib/amount";
import { api, failureKey } from "../../lib/api";
import { displayMessage } from "../../lib/i18n";
import { useProtection } from "../../lib/protection";
import { queryKeys } from "../../lib/queryKeys";
import { useSignedInUser } from "../../lib/session/useCurrentUser";

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
  const { t: tCommon } = useTranslation("common");
  const user = useSignedInUser();
  const protection = useProtection();
  const client = useQueryClient();
  const [hidden, setHidden] = useState(false);
  const [amount, setAmount] = useState("");
  const [period, setPeriod] = useState<(typeof PERIODS)[number]>("deposit_month");
  const [invalid, setInvalid] = useState(false);
  const amountId = useId();
  const periodId = useId();
  const save = useMutation({
    mutationFn: (dollars: number) => api(protectionCalls.setLimit, { kind: period, amount: dollars }),
    onSuccess: (answer) => {
      client.setQueryData(queryKeys.protection, answer.protection);
      setHidden(true);
    },
  });
  if (hidden || !user || user.total_deposit > 0 || skipped(user.id) || !protection.data) return null;
  if (protection.data.limits.some((l) => PERIODS.includes(l.kind as (typeof PERIODS)[number]) && (l.amount !== null || l.pending !== null))) return null;

  function submit(e: FormEvent) {
    e.preventDefault();
    const cents = parseAmount(amount);
    if (cents === null || cents <= 0 || cents > PROTECTION.maxLimitCents) return setInvalid(true);
    setInvalid(false);
    save.mutate(cents / 100);
  }
  function skip() {
    try {
      if (user) localStorage.setItem(skipKey(user.id), "1");
    } catch {
      // storage unavailable: asked again next time
    }
    setHidden(true);
  }
  const key = save.isError ? failureKey(save.error, "app_error.load") : null;
  return (
    <section className="deposit-limit-prompt" aria-labelledby="deposit-limit-prompt-title" data-testid="deposit-limit-prompt">
      <h3 id="deposit-limit-prompt-title">{t("limit_prompt.title")}</h3>
      <p>{t("limit_prompt.text")}</p>
      <form className="deposit-limit-prompt__form" onSubmit={submit} noValidate aria-busy={save.isPending}>
        <label htmlFor={amountId} className="sr-only">
          {t("limit_prompt.amount")}
        </label>
        <input
          id={amountId}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          placeholder={t("limit_prompt.amount")}
          aria-invalid={invalid || undefined}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
        />
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
        <button type="submit" className="button button-small button-primary" disabled={save.isPending}>
          {t("limit_prompt.set")}
        </button>
        <button type="button" className="button button-small" onClick={skip}>
          {t("limit_prompt.skip")}
        </button>
      </form>
      {invalid ? <p role="alert">{t("limit_prompt.invalid")}</p> : null}
      {key ? <p role="alert">{displayMessage(key, tCommon)}</p> : null}
    </section>
  );
}
