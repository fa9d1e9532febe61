// The live table: place, player (profile link), points; the own row highlighted, and pinned under
// the table when it ranks outside the page on screen (ownRow.ts). Pages of 20 with Previous/Next.
import { useTranslation } from "react-i18next";
import type { RankedJson } from "../../../../shared/api/tournaments";
import { pinnedOwnRow } from "./ownRow";
import { PlayerLink } from "./PlayerCell";
import { formatPoints } from "./points";

interface StandingsProps {
  users: RankedJson[];
  me: RankedJson | null;
  page: number;
  hasMore: boolean;
  onPage(page: number): void;
}

export function Standings({ users, me, page, hasMore, onPage }: StandingsProps) {
  const { t } = useTranslation("tournament");
  const pinned = pinnedOwnRow(users, me);
  return (
    <section className="tournament-card" aria-labelledby="tournament-table-title">
      <h2 id="tournament-table-title">{t("table_title")}</h2>
      {users.length === 0 && page === 1 ? (
        <p className="tournament-muted">{t("table_empty")}</p>
      ) : (
        <table className="tournament-table" data-testid="tournament-table">
          <thead>
            <tr>
              <th scope="col">{t("col_place")}</th>
              <th scope="col">{t("col_player")}</th>
              <th scope="col">{t("col_points")}</th>
            </tr>
          </thead>
          <tbody>
            {users.map((row) => (
              <Row key={row.user.id} row={row} own={row.user.id === me?.user.id} />
            ))}
          </tbody>
          {pinned ? (
            <tfoot data-testid="tournament-own-pinned">
              <tr>
                <th scope="rowgroup" colSpan={3} className="tournament-table__pin-title">
                  {t("own_place")}
                </th>
              </tr>
              <Row row={pinned} own />
            </tfoot>
          ) : null}
        </table>
      )}
      {page > 1 || hasMore ? (
        <nav className="tournament-pages" aria-label={t("pages_nav")}>
          <button type="button" className="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            {t("page_prev")}
          </button>
          <span aria-live="polite">{t("page_label", { page })}</span>
          <button type="button" className="button" disabled={!hasMore} onClick={() => onPage(page + 1)}>
            {t("page_next")}
          </button>
        </nav>
      ) : null}
    </section>
  );
}

function Row({ row, own }: { row: RankedJson; own: boolean }) {
  const { t, i18n } = useTranslation("tournament");
  return (
    <tr className={own ? "is-own" : undefined} aria-current={own ? "true" : undefined} data-testid={own ? "tournament-own-row" : "tournament-row"}>
      <td className="tournament-table__place">{row.place}</td>
      <td>
        <PlayerLink user={row.user} />
        {own ? <span className="tournament-you">{t("you")}</span> : null}
      </td>
      <td className="tournament-table__points" data-testid="tournament-points">
        {formatPoints(row.points, i18n.language)}
      </td>
    </tr>
  );
}
