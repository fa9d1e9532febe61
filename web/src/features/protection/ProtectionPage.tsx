// /limits: the player's own protection (docs/protection.md) — deposit and loss limits per day,
// week and month and a stake limit (a tighter one at once, a looser one after the cooling-off), a time-out
// or a self-exclusion, and the agreement's current version when it changed.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { type ProtectionJson, protectionCalls } from "../../../../shared/api/protection";
import { LIMIT_KINDS, type LimitKind, PROTECTION, TERMS } from "../../../../shared/constants";
import { api, failureKey } from "../../lib/api";
import { displayMessage } from "../../lib/i18n";
import { useLimitForm, useProtection } from "../../lib/protection";
import { queryKeys } from "../../lib/queryKeys";
import { useCurrentUser } from "../../lib/session/useCurrentUser";
import { LimitAmountInput, LimitFormAlerts } from "../../ui/LimitFields";
import { formatDollars } from "../../ui/Money";
import { LoadFailed, SignInPrompt } from "../../ui/StateNote";
import "./protection.css";

type Limit = ProtectionJson["limits"][number];
type Period = keyof typeof PROTECTION.timeoutMs | keyof typeof PROTECTION.selfExclusionMs;
type BreakChoice = { kind: "timeout" | "self_exclusion"; period: Period };

const TIMEOUTS = Object.keys(PROTECTION.timeoutMs) as Period[];
const EXCLUSIONS = Object.keys(PROTECTION.selfExclusionMs) as Period[];

function useDateTime() {
  const { i18n } = useTranslation();
  const f = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  return (at: number) => f.format(at);
}

export default function ProtectionPage() {
  const { t } = useTranslation("protection");
  const user = useCurrentUser();
  const protection = useProtection();
  return (
    <div className="protection">
      <h1>{t("title")}</h1>
      <p className="protection__intro">{t("intro")}</p>
      {user.isPending || (user.data && protection.isPending) ? (
        <div className="shimmer-block protection__skeleton" aria-busy="true" />
      ) : !user.data ? (
        <SignInPrompt message={t("signed_out")} button={t("login")} />
      ) : protection.isError || !protection.data ? (
        <LoadFailed message={t("load_failed")} onRetry={() => void protection.refetch()} />
      ) : (
        <>
          {protection.data.terms.accepted !== null && protection.data.terms.accepted !== TERMS.version ? <TermsCard /> : null}
          <LimitsCard data={protection.data} />
          <BreakCard data={protection.data} />
        </>
      )}
    </div>
  );
}

function TermsCard() {
  const { t } = useTranslation("protection");
  const { t: tCommon } = useTranslation();
  const client = useQueryClient();
  const accept = useMutation({
    mutationFn: () => api(protectionCalls.acceptTerms, { version: TERMS.version, adult: true }),
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.protection }),
  });
  const key = accept.isError ? failureKey(accept.error, "app_error.load") : null;
  return (
    <section className="protection__card protection__card--notice" aria-labelledby="protection-terms">
      <h2 id="protection-terms">{t("terms.title")}</h2>
      <p>{t("terms.text", { age: TERMS.minimumAge })}</p>
      <button type="button" className="button button-primary" onClick={() => accept.mutate()} disabled={accept.isPending}>
        {t("terms.accept", { age: TERMS.minimumAge })}
      </button>
      {key ? <p role="alert">{displayMessage(key, tCommon)}</p> : null}
    </section>
  );
}

function LimitsCard({ data }: { data: ProtectionJson }) {
  const { t } = useTranslation("protection");
  return (
    <section className="protection__card" aria-labelledby="protection-limits">
      <h2 id="protection-limits">{t("limits.title")}</h2>
      <p className="protection__note">{t("limits.rule", { count: PROTECTION.coolingOffMs / 3_600_000 })}</p>
      <p className="protection__note">{t("limits.loss_rule")}</p>
      <ul className="protection__limits">
        {LIMIT_KINDS.map((kind) => (
          <LimitRow key={kind} limit={data.limits.find((l) => l.kind === kind)!} />
        ))}
      </ul>
    </section>
  );
}

function LimitRow({ limit }: { limit: Limit }) {
  const { t } = useTranslation("protection");
  const when = useDateTime();
  const form = useLimitForm();
  function submit(e: FormEvent) {
    e.preventDefault();
    form.submit(limit.kind);
  }
  const name = t(`limits.kind.${limit.kind as LimitKind}`);
  const loss = limit.kind.startsWith("loss_");
  return (
    <li className="protection__limit" data-testid={`limit-${limit.kind}`}>
      <div className="protection__limit-head">
        <span className="protection__limit-name">{name}</span>
        <span className="protection__limit-value">{limit.amount === null ? t("limits.none") : formatDollars(limit.amount)}</span>
      </div>
      {limit.used !== null && limit.resets_at !== null ? (
        <p className="protection__limit-used">
          {limit.amount === null
            ? t(loss ? "limits.used_loss_free" : "limits.used_free", { used: formatDollars(limit.used), date: when(limit.resets_at) })
            : t(loss ? "limits.used_loss" : "limits.used", {
                used: formatDollars(limit.used),
                left: formatDollars(limit.left ?? 0),
                date: when(limit.resets_at),
              })}
        </p>
      ) : null}
      {limit.pending ? (
        <p className="protection__limit-pending" role="status">
          {limit.pending.amount === null
            ? t("limits.pending_removal", { date: when(limit.pending.at) })
            : t("limits.pending", { amount: formatDollars(limit.pending.amount), date: when(limit.pending.at) })}
        </p>
      ) : null}
      <form className="protection__limit-form" onSubmit={submit} noValidate aria-busy={form.pending}>
        <LimitAmountInput form={form} label={t("limits.input", { name })} placeholder={t("limits.placeholder")} />
        <button type="submit" className="button button-small" disabled={form.pending}>
          {t("limits.save")}
        </button>
        {limit.amount !== null && !(limit.pending && limit.pending.amount === null) ? (
          <button type="button" className="button button-small" disabled={form.pending} onClick={() => form.remove(limit.kind)}>
            {t("limits.remove")}
          </button>
        ) : null}
      </form>
      <LimitFormAlerts form={form} invalid={t("limits.invalid")} />
    </li>
  );
}

function BreakCard({ data }: { data: ProtectionJson }) {
  const { t } = useTranslation("protection");
  const { t: tCommon } = useTranslation();
  const when = useDateTime();
  const client = useQueryClient();
  const [choice, setChoice] = useState<BreakChoice | null>(null);
  const done = (answer: { protection: ProtectionJson }) => {
    client.setQueryData(queryKeys.protection, answer.protection);
    setChoice(null);
  };
  const start = useMutation({ mutationFn: (c: BreakChoice) => api(protectionCalls.exclude, c), onSuccess: done });
  const lift = useMutation({ mutationFn: () => api(protectionCalls.requestLift), onSuccess: done });
  const e = data.exclusion?.active ? data.exclusion : null;
  const error = start.error ?? lift.error;
  const key = error ? failureKey(error, "app_error.load") : null;
  const liftDue = e?.kind === "self_exclusion" && e.ends_at !== null && e.ends_at <= Date.now() && e.lifts_at === null;
  return (
    <section className="protection__card" aria-labelledby="protection-break">
      <h2 id="protection-break">{t("break.title")}</h2>
      {e ? (
        <div className="protection__break-on" role="status" data-testid="break-status">
          <p>
            {e.kind === "timeout"
              ? t("break.timeout_until", { date: when(e.ends_at ?? 0) })
              : e.lifts_at !== null
                ? t("break.lifting", { date: when(e.lifts_at) })
                : e.ends_at === null
                  ? t("break.permanent")
                  : t("break.excluded_until", { date: when(e.ends_at) })}
          </p>
          <p className="protection__note">{t("break.still")}</p>
          {liftDue ? (
            <button type="button" className="button button-small" onClick={() => lift.mutate()} disabled={lift.isPending}>
              {t("break.ask_lift")}
            </button>
          ) : null}
        </div>
      ) : (
        <p className="protection__note">{t("break.intro")}</p>
      )}
      <div className="protection__break-groups">
        <BreakGroup title={t("break.timeout")} kind="timeout" periods={TIMEOUTS} onPick={setChoice} />
        <BreakGroup title={t("break.self_exclusion")} kind="self_exclusion" periods={EXCLUSIONS} onPick={setChoice} />
      </div>
      {choice ? (
        <div className="protection__confirm" role="alertdialog" aria-labelledby="protection-confirm" aria-describedby="protection-confirm-text">
          <h3 id="protection-confirm">{t("break.confirm_title", { period: t(`break.period.${choice.period}`) })}</h3>
          <p id="protection-confirm-text">{t(choice.kind === "timeout" ? "break.confirm_timeout" : "break.confirm_exclusion")}</p>
          <div className="protection__confirm-actions">
            <button type="button" className="button button-primary" onClick={() => start.mutate(choice)} disabled={start.isPending}>
              {t("break.confirm")}
            </button>
            <button type="button" className="button" onClick={() => setChoice(null)}>
              {t("break.cancel")}
            </button>
          </div>
        </div>
      ) : null}
      {key ? <p role="alert">{displayMessage(key, tCommon)}</p> : null}
    </section>
  );
}

function BreakGroup(p: { title: string; kind: BreakChoice["kind"]; periods: Period[]; onPick: (c: BreakChoice) => void }) {
  const { t } = useTranslation("protection");
  return (
    <fieldset className="protection__break-group">
      <legend>{p.title}</legend>
      {p.periods.map((period) => (
        <button key={period} type="button" className="button button-small" onClick={() => p.onPick({ kind: p.kind, period })}>
          {t(`break.period.${period}`)}
        </button>
      ))}
    </fieldset>
  );
}
