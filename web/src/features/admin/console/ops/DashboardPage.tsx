// /admin (index): the live dashboard (POST /api/admin/dashboard, refetched every
// OPS.dashboardRefetchMs): players online, the bonus pool, the queues that wait for staff, the
// books and the price feed as cards; per game the stakes per hour (24 h) and the house's result
// per day (7 days) as small SVG bar charts.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { DASHBOARD_MODES, type DashboardAnswer, type DashboardMode, type StuckTradeJson } from "../../../../../../shared/api/admin-ops";
import { OPS } from "../../../../../../shared/constants";
import { failureKey } from "../../../../lib/api";
import { displayMessage } from "../../../../lib/i18n";
import { formatDollars } from "../../../../ui/Money";
import { Skeleton } from "../../../../ui/Spinner";
import { LoadFailed } from "../../../../ui/StateNote";
import { type Column, StaticTable } from "../ui/ConsoleTable";
import { BarChart } from "./BarChart";
import { useDashboard } from "./useOps";
import "./ops.css";

const time = (at: number, language: string) => new Intl.DateTimeFormat(language, { timeStyle: "short" }).format(at);
const day = (at: number, language: string) => new Intl.DateTimeFormat(language, { day: "numeric", month: "short", timeZone: "UTC" }).format(at);
const dateTime = (at: number, language: string) => new Intl.DateTimeFormat(language, { dateStyle: "short", timeStyle: "short" }).format(at);

export default function DashboardPage() {
  const { t } = useTranslation("console_dashboard");
  const { t: tCommon } = useTranslation();
  const dashboard = useDashboard();
  let body: ReactNode;
  if (dashboard.isPending) body = <Skeleton width="100%" height={320} />;
  else if (dashboard.isError && !dashboard.data)
    body = (
      <LoadFailed
        message={displayMessage(failureKey(dashboard.error, "console_error.load") ?? "console_error.load", tCommon)}
        onRetry={() => void dashboard.refetch()}
      />
    );
  else body = <Figures d={dashboard.data as DashboardAnswer} stale={dashboard.isError} />;
  return (
    <section className="ops-page" aria-labelledby="ops-dashboard-title" data-testid="console-dashboard">
      <h1 id="ops-dashboard-title">{t("title")}</h1>
      {body}
    </section>
  );
}

function Figures({ d, stale }: { d: DashboardAnswer; stale: boolean }) {
  const { t, i18n } = useTranslation("console_dashboard");
  const lng = i18n.language;
  return (
    <>
      <p className="ops-live" role="status">
        <span className={stale ? "ops-live-dot ops-live-dot--stale" : "ops-live-dot"} aria-hidden="true" />
        {stale ? t("stale", { time: time(d.at, lng) }) : t("live", { time: time(d.at, lng) })}
      </p>
      <div className="ops-cards">
        <article className="ops-card">
          <h2>{t("online.title")}</h2>
          <p className="ops-figure" data-testid="dashboard-online">
            {d.online.total}
          </p>
          <p className="ops-note">{t("online.split", { users: d.online.users, visitors: d.online.visitors })}</p>
        </article>
        <article className="ops-card">
          <h2>{t("bonus.title")}</h2>
          <p className="ops-figure">{formatDollars(d.bonus_bank)}</p>
        </article>
        <article className="ops-card">
          <h2>{t("withdrawals.title")}</h2>
          <p className="ops-figure">{d.withdrawals.money.count + d.withdrawals.skins.count}</p>
          <p className="ops-note">{t("withdrawals.money", { count: d.withdrawals.money.count, sum: formatDollars(d.withdrawals.money.sum) })}</p>
          <p className="ops-note">{t("withdrawals.skins", { count: d.withdrawals.skins.count, sum: formatDollars(d.withdrawals.skins.sum) })}</p>
          <Link to="/admin/withdraws" className="ops-link">
            {t("withdrawals.open")}
          </Link>
        </article>
        <article className="ops-card">
          <h2>{t("review.title")}</h2>
          <p className="ops-figure">{d.review.count}</p>
          <p className="ops-note">{t("review.sum", { sum: formatDollars(d.review.sum) })}</p>
          <Link to="/admin/payments" className="ops-link">
            {t("review.open")}
          </Link>
        </article>
        <article className={d.books.ok ? "ops-card ops-card--ok" : "ops-card ops-card--alarm"} data-testid="dashboard-books">
          <h2>{t("books.title")}</h2>
          <p className="ops-figure">{d.books.ok ? t("books.ok") : t("books.off")}</p>
          {d.books.ok ? (
            <p className="ops-note">{t("books.ok_note")}</p>
          ) : (
            <ul className="ops-books">
              {d.books.failing.map((f) => (
                <li key={f.check}>
                  <strong>{f.check}</strong>: {f.figures.map((x) => `${x.name} = ${x.value}`).join(", ")}
                </li>
              ))}
            </ul>
          )}
        </article>
        <article className={d.stuck_trades.count === 0 ? "ops-card" : "ops-card ops-card--alarm"} data-testid="dashboard-stuck">
          <h2>{t("stuck.title")}</h2>
          <p className="ops-figure">{d.stuck_trades.count}</p>
          <p className="ops-note">{t("stuck.note", { minutes: OPS.stuckTradeMs / 60_000 })}</p>
        </article>
        <article className="ops-card">
          <h2>{t("prices.title")}</h2>
          <p className="ops-figure ops-figure--small">{d.prices_refreshed_at === null ? t("prices.never") : dateTime(d.prices_refreshed_at, lng)}</p>
        </article>
      </div>
      {d.stuck_trades.count > 0 ? <StuckTrades d={d} /> : null}
      <h2 className="ops-subtitle">{t("activity.title")}</h2>
      <div className="ops-charts">
        {DASHBOARD_MODES.map((m) => (
          <Activity key={m} mode={m} d={d} />
        ))}
      </div>
      <h2 className="ops-subtitle">{t("results.title")}</h2>
      <div className="ops-charts">
        {DASHBOARD_MODES.map((m) => (
          <Results key={m} mode={m} d={d} />
        ))}
      </div>
    </>
  );
}

/** The skin requests waiting on the trade bot, oldest first: whose, how much, how long, how many tries. */
function StuckTrades({ d }: { d: DashboardAnswer }) {
  const { t, i18n } = useTranslation("console_dashboard");
  const lng = i18n.language;
  const columns: Column<StuckTradeJson>[] = [
    { key: "kind", header: t("stuck.kind"), cell: (r) => t(`stuck.kinds.${r.kind}`) },
    { key: "user", header: t("stuck.user"), cell: (r) => <Link to={`/admin/users/${r.user.id}`}>{r.user.username}</Link> },
    { key: "amount", header: t("stuck.amount"), cell: (r) => formatDollars(r.amount), numeric: true },
    { key: "waiting", header: t("stuck.waiting"), cell: (r) => t("stuck.minutes", { count: Math.floor((d.at - r.created_at) / 60_000) }), numeric: true },
    { key: "attempts", header: t("stuck.attempts"), cell: (r) => (r.attempts === null ? "—" : r.attempts), numeric: true },
    { key: "next", header: t("stuck.next"), cell: (r) => time(r.next_attempt_at, lng) },
    { key: "id", header: t("stuck.id"), cell: (r) => <code title={r.id}>{r.id.slice(0, 8)}</code> },
  ];
  return (
    <>
      <h2 className="ops-subtitle">{t("stuck.list", { count: d.stuck_trades.count })}</h2>
      <StaticTable
        caption={t("stuck.caption")}
        columns={columns}
        rows={d.stuck_trades.oldest}
        rowKey={(r) => `${r.kind}:${r.id}`}
        empty=""
        testId="dashboard-stuck-list"
      />
    </>
  );
}

function Activity({ mode, d }: { mode: DashboardMode; d: DashboardAnswer }) {
  const { t, i18n } = useTranslation("console_dashboard");
  const hours = d.activity[mode];
  const bets = hours.reduce((s, h) => s + h.bets, 0);
  const wagered = hours.reduce((s, h) => s + Math.round(h.wagered * 100), 0) / 100;
  const summary = t("activity.summary", { mode: t(`modes.${mode}`), count: bets, sum: formatDollars(wagered) });
  return (
    <figure className="ops-chart-card">
      <figcaption>
        <strong>{t(`modes.${mode}`)}</strong> <span className="ops-note">{summary}</span>
      </figcaption>
      <BarChart
        bars={hours.map((h) => ({ label: `${time(h.hour, i18n.language)} · ${t("activity.bets", { count: h.bets })}`, value: h.wagered }))}
        summary={summary}
        format={formatDollars}
      />
    </figure>
  );
}

function Results({ mode, d }: { mode: DashboardMode; d: DashboardAnswer }) {
  const { t, i18n } = useTranslation("console_dashboard");
  const days = d.results[mode];
  const total = days.reduce((s, x) => s + Math.round(x.result * 100), 0) / 100;
  const summary = t("results.summary", { mode: t(`modes.${mode}`), sum: formatDollars(total) });
  return (
    <figure className="ops-chart-card">
      <figcaption>
        <strong>{t(`modes.${mode}`)}</strong> <span className={total < 0 ? "ops-note ops-negative" : "ops-note"}>{summary}</span>
      </figcaption>
      <BarChart bars={days.map((x) => ({ label: day(x.day, i18n.language), value: x.result }))} summary={summary} format={formatDollars} />
    </figure>
  );
}
