// /top (spec §2 Top): the 50 players with the largest net winnings or the most wagered, today,
// this week or all time (tabs kept in the URL), and the signed-in player's own place.
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import type { z } from "zod";
import { TOP_METRICS, TOP_PERIODS, type topRowJson } from "../../../../shared/api/top";
import { UserAvatar } from "../../ui/UserAvatar";
import { EmptyState } from "../../ui/EmptyState";
import { ListIcon } from "../../ui/icons";
import { formatDollars } from "../../ui/Money";
import { Skeleton } from "../../ui/Spinner";
import { LoadFailed } from "../../ui/StateNote";
import { useTopList } from "./queries";
import { type TopView, topSearch, topViewOf } from "./topParams";
import "./top.css";

type TopRow = z.infer<typeof topRowJson>;

export default function TopScreen() {
  const { t } = useTranslation("top");
  const [params] = useSearchParams();
  const view = topViewOf(params);
  const list = useTopList(view);
  const data = list.data;
  const ownOnList = data?.me ? data.rows.some((r) => r.user.id === data.me?.user.id) : false;

  return (
    <div className="top-page" data-testid="top-screen">
      <h1>{t("title")}</h1>
      <Tabs
        label={t("period_label")}
        items={TOP_PERIODS.map((p) => ({ key: p, text: t(`period.${p}`), to: topSearch(view, { period: p }), on: view.period === p }))}
      />
      <Tabs
        label={t("metric_label")}
        items={TOP_METRICS.map((m) => ({ key: m, text: t(`metric.${m}`), to: topSearch(view, { metric: m }), on: view.metric === m }))}
      />
      {list.isPending ? (
        <div className="top-card" aria-busy="true">
          <Skeleton width="100%" height={200} />
        </div>
      ) : list.isError || !data ? (
        <LoadFailed message={t("load_failed")} onRetry={() => void list.refetch()} />
      ) : data.rows.length === 0 ? (
        <EmptyState title={t("empty")} icon={<ListIcon />} />
      ) : (
        <section className="top-card" aria-label={`${t(`period.${view.period}`)} · ${t(`metric.${view.metric}`)}`}>
          <table className="top-table" data-testid="top-table">
            <thead>
              <tr>
                <th scope="col">{t("col_place")}</th>
                <th scope="col">{t("col_player")}</th>
                <th scope="col">{t(`metric.${view.metric}`)}</th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((row) => (
                <Row key={row.user.id} row={row} own={row.user.id === data.me?.user.id} view={view} />
              ))}
            </tbody>
            {data.me && !ownOnList ? (
              <tfoot data-testid="top-own-pinned">
                <tr>
                  <th scope="rowgroup" colSpan={3} className="top-table__pin-title">
                    {t("own_place")}
                  </th>
                </tr>
                <Row row={data.me} own view={view} />
              </tfoot>
            ) : null}
          </table>
        </section>
      )}
    </div>
  );
}

function Tabs({ label, items }: { label: string; items: { key: string; text: string; to: string; on: boolean }[] }) {
  return (
    <nav className="top-tabs" aria-label={label}>
      {items.map((item) => (
        <Link key={item.key} to={item.to} className={`top-tab${item.on ? " is-on" : ""}`} aria-current={item.on ? "page" : undefined} replace>
          {item.text}
        </Link>
      ))}
    </nav>
  );
}

function Row({ row, own, view }: { row: TopRow; own: boolean; view: TopView }) {
  const { t } = useTranslation("top");
  // net may be negative: the sign is shown, a gain in green
  const tone = view.metric === "net" ? (row.value > 0 ? " is-up" : row.value < 0 ? " is-down" : "") : "";
  return (
    <tr className={own ? "is-own" : undefined} aria-current={own ? "true" : undefined} data-testid={own ? "top-own-row" : "top-row"}>
      <td className="top-table__place">{row.place}</td>
      <td>
        <Link to={`/user/${row.user.id}`} className="top-player">
          <UserAvatar userId={row.user.id} avatar={row.user.avatar} username={row.user.username} size={32} />
          <span className="participant-name">{row.user.username}</span>
        </Link>
        {own ? <span className="top-you">{t("you")}</span> : null}
      </td>
      <td className={`top-table__value${tone}`} data-testid="top-value">
        {row.value < 0 ? `−${formatDollars(-row.value)}` : formatDollars(row.value)}
      </td>
    </tr>
  );
}
