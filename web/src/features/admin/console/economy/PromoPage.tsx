// /admin/promo: the promo codes, newest or most used first, paged by the server (filters — state,
// kind, a part of the code — and the sort in the URL); create a balance code (dollars) or a deposit
// code (percent), disable one. Every action confirms and says what happened or why it was refused.
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { PROMO_SORTS, type PromoCodeJson, type PromoSort, promoCalls } from "../../../../../../shared/api/promo";
import { PROMO } from "../../../../../../shared/constants";
import { api } from "../../../../lib/api";
import { formatDollars } from "../../../../ui/Money";
import { ConfirmButton } from "../ui/ConfirmButton";
import { type Column, ConsoleTable } from "../ui/ConsoleTable";
import { useKeysetList } from "../ui/useKeysetList";
import { useUrlFilters } from "../ui/useUrlFilters";
import { parsePriceCents } from "./casePreview";
import { useInvalidate } from "./useEconomy";
import "./economy.css";

const STATES = ["all", "active", "disabled"] as const;
const KINDS = ["balance", "deposit"] as const;
const SORTS = Object.keys(PROMO_SORTS) as PromoSort[];
type State = (typeof STATES)[number];
type Kind = (typeof KINDS)[number];

const oneOf = <T extends string>(list: readonly T[], v: string | undefined): T | undefined => list.find((x) => x === v);

export default function PromoPage() {
  const { t } = useTranslation("console_economy");
  const filters = useUrlFilters();
  const state: State = oneOf(STATES, filters.get("state")) ?? "all";
  const kind = oneOf(KINDS, filters.get("kind"));
  const q = filters.get("q")?.trim().slice(0, 32) || undefined;
  const sort = filters.choice("sort", SORTS, "newest");
  const list = useKeysetList(
    "promos",
    promoCalls.list,
    { sort, state, ...(kind ? { kind } : {}), ...(q ? { q } : {}) },
    { rows: (a) => a.promos, next: (a) => a.next },
  );
  const ids = { state: useId(), kind: useId(), q: useId(), title: useId() };
  const [qText, setQText] = useState(q ?? "");
  const { i18n } = useTranslation();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "short" });

  const columns: Column<PromoCodeJson>[] = [
    { key: "code", header: t("promo.code"), cell: (p) => <code>{p.code}</code> },
    { key: "kind", header: t("promo.kind"), cell: (p) => t(`promo.kinds.${p.kind}`) },
    {
      key: "value",
      header: t("promo.value"),
      numeric: true,
      cell: (p) => (p.kind === "balance" ? formatDollars(p.amount) : t("promo.percent_value", { percent: p.percent })),
    },
    {
      key: "created",
      header: t("promo.created"),
      cell: (p) => date.format(p.created_at),
      sort: { descending: "newest" },
    },
    {
      key: "uses",
      header: t("promo.uses"),
      numeric: true,
      sort: { descending: "uses" },
      cell: (p) => t("promo.uses_value", { today: p.uses_today, limit: p.daily_limit, total: p.uses }),
    },
    { key: "expires", header: t("promo.expires"), cell: (p) => (p.expires_at === null ? t("promo.never") : date.format(p.expires_at)) },
    {
      key: "state",
      header: t("promo.state"),
      cell: (p) => <span className={`economy-state economy-state--${p.active ? "on" : "off"}`}>{t(p.active ? "promo.active" : "promo.disabled")}</span>,
    },
    { key: "action", header: <span className="sr-only">{t("promo.actions")}</span>, cell: (p) => (p.active ? <DisablePromo promo={p} /> : null) },
  ];

  return (
    <section className="console-card economy-page" aria-labelledby={ids.title}>
      <h1 id={ids.title}>{t("promo.title")}</h1>
      <CreatePromo />
      <h2 className="economy-subtitle">{t("promo.list_title")}</h2>
      <div className="economy-filters">
        <div className="console-field">
          <label htmlFor={ids.state}>{t("promo.state")}</label>
          <select id={ids.state} className="input" value={state} onChange={(e) => filters.set("state", e.target.value === "all" ? null : e.target.value)}>
            {STATES.map((s) => (
              <option key={s} value={s}>
                {t(`promo.states.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="console-field">
          <label htmlFor={ids.kind}>{t("promo.kind")}</label>
          <select id={ids.kind} className="input" value={kind ?? ""} onChange={(e) => filters.set("kind", e.target.value || null)}>
            <option value="">{t("promo.any_kind")}</option>
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`promo.kinds.${k}`)}
              </option>
            ))}
          </select>
        </div>
        <form
          className="console-field"
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            filters.set("q", qText.trim() || null);
          }}
        >
          <label htmlFor={ids.q}>{t("promo.search")}</label>
          <div className="economy-inline">
            <input id={ids.q} className="input" type="search" maxLength={32} value={qText} onChange={(e) => setQText(e.target.value)} />
            <button type="submit" className="button">
              {t("promo.search_button")}
            </button>
          </div>
        </form>
      </div>
      <ConsoleTable
        caption={t("promo.list_title")}
        columns={columns}
        list={list}
        rowKey={(p) => p.id}
        empty={t("promo.empty")}
        sort={{ value: sort, set: (v) => filters.set("sort", v === "newest" ? null : v) }}
        testId="economy-promos"
      />
    </section>
  );
}

function DisablePromo({ promo }: { promo: PromoCodeJson }) {
  const { t } = useTranslation("console_economy");
  const invalidate = useInvalidate();
  return (
    <ConfirmButton
      label={t("promo.disable")}
      title={t("promo.disable_title", { code: promo.code })}
      description={t("promo.disable_text")}
      run={async () => {
        await api(promoCalls.disable, { id: promo.id });
        await invalidate.promos();
      }}
      done={t("promo.disabled_done", { code: promo.code })}
      danger
    />
  );
}

function CreatePromo() {
  const { t } = useTranslation("console_economy");
  const invalidate = useInvalidate();
  const [code, setCode] = useState("");
  const [kind, setKind] = useState<Kind>("balance");
  const [amount, setAmount] = useState("");
  const [percent, setPercent] = useState("");
  const [limit, setLimit] = useState("100");
  const [expires, setExpires] = useState("");
  const ids = { code: useId(), kind: useId(), amount: useId(), percent: useId(), limit: useId(), expires: useId(), title: useId() };

  const normal = code.trim().toUpperCase();
  const amountCents = parsePriceCents(amount);
  const percentN = /^\d{1,3}$/.test(percent.trim()) ? Number(percent.trim()) : null;
  const limitN = /^\d{1,6}$/.test(limit.trim()) ? Number(limit.trim()) : null;
  const expiresAt = expires ? new Date(expires).getTime() : null;
  const valid =
    PROMO.codePattern.test(normal) &&
    (kind === "balance" ? amountCents !== null && amountCents <= PROMO.maxAmountCents : percentN !== null && percentN >= 1 && percentN <= PROMO.maxPercent) &&
    limitN !== null &&
    limitN >= 1 &&
    limitN <= PROMO.maxDailyLimit &&
    (expiresAt === null || (Number.isFinite(expiresAt) && expiresAt > Date.now()));

  const create = async () => {
    await api(promoCalls.create, {
      code: normal,
      kind,
      ...(kind === "balance" ? { amount: (amountCents ?? 0) / 100 } : { percent: percentN ?? 0 }),
      daily_limit: limitN ?? 1,
      ...(expiresAt === null ? {} : { expires_at: expiresAt }),
    });
    await invalidate.promos();
    setCode("");
    setAmount("");
    setPercent("");
    setExpires("");
  };

  return (
    <form className="economy-form economy-box" aria-labelledby={ids.title} onSubmit={(e) => e.preventDefault()} noValidate>
      <h2 id={ids.title} className="economy-subtitle">
        {t("promo.create_title")}
      </h2>
      <div className="economy-grid">
        <div className="console-field">
          <label htmlFor={ids.code}>{t("promo.code")}</label>
          <input id={ids.code} className="input" value={code} maxLength={32} autoComplete="off" onChange={(e) => setCode(e.target.value)} />
        </div>
        <div className="console-field">
          <label htmlFor={ids.kind}>{t("promo.kind")}</label>
          <select id={ids.kind} className="input" value={kind} onChange={(e) => setKind(e.target.value as Kind)}>
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`promo.kinds.${k}`)}
              </option>
            ))}
          </select>
        </div>
        {kind === "balance" ? (
          <div className="console-field">
            <label htmlFor={ids.amount}>{t("promo.amount", { max: PROMO.maxAmountCents / 100 })}</label>
            <input id={ids.amount} className="input" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
          </div>
        ) : (
          <div className="console-field">
            <label htmlFor={ids.percent}>{t("promo.percent", { max: PROMO.maxPercent })}</label>
            <input id={ids.percent} className="input" inputMode="numeric" value={percent} onChange={(e) => setPercent(e.target.value)} />
          </div>
        )}
        <div className="console-field">
          <label htmlFor={ids.limit}>{t("promo.daily_limit")}</label>
          <input id={ids.limit} className="input" inputMode="numeric" value={limit} onChange={(e) => setLimit(e.target.value)} />
        </div>
        <div className="console-field">
          <label htmlFor={ids.expires}>{t("promo.expires_optional")}</label>
          <input id={ids.expires} className="input" type="datetime-local" value={expires} onChange={(e) => setExpires(e.target.value)} />
        </div>
      </div>
      <p className="console-hint">{t("promo.code_hint")}</p>
      <div className="console-actions">
        <ConfirmButton
          label={t("promo.create")}
          title={t("promo.create_confirm", { code: normal })}
          description={
            kind === "balance"
              ? t("promo.create_balance_text", { amount: formatDollars((amountCents ?? 0) / 100), limit: limitN ?? 0 })
              : t("promo.create_deposit_text", { percent: percentN ?? 0, limit: limitN ?? 0 })
          }
          disabled={!valid}
          run={create}
          done={t("promo.created", { code: normal })}
        />
      </div>
    </form>
  );
}
