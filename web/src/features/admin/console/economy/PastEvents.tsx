// /admin/events: the past giveaways and tournaments (POST /api/admin/giveaways/past,
// /api/admin/tournaments/past), newest first, page after page by cursor: the prize or the prizes,
// the winner(s), the status (a canceled one paid nothing).
import { useTranslation } from "react-i18next";
import { type AdminPastGiveawayJson, giveawayCalls } from "../../../../../../shared/api/giveaways";
import { type AdminPastTournamentJson, tournamentCalls } from "../../../../../../shared/api/tournaments";
import { formatDollars } from "../../../../ui/Money";
import { type Column, ConsoleTable } from "../ui/ConsoleTable";
import { useKeysetList } from "../ui/useKeysetList";

/** The keyset lists' query names (["console", name, …]): a cancel reads them again. */
export const PAST_LISTS = ["pastGiveaways", "pastTournaments"] as const;

function useDate() {
  const { i18n } = useTranslation();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "short" });
  return (at: number | null) => (at === null ? "—" : date.format(at));
}

export function PastGiveaways() {
  const { t } = useTranslation("console_economy");
  const date = useDate();
  const list = useKeysetList(PAST_LISTS[0], giveawayCalls.adminPast, {}, { rows: (a) => a.giveaways, next: (a) => a.next });
  const columns: Column<AdminPastGiveawayJson>[] = [
    { key: "id", header: t("past.number"), numeric: true, cell: (g) => g.id },
    { key: "prize", header: t("past.prize"), cell: (g) => `${g.prize.market_hash_name} (${formatDollars(g.prize.price)})` },
    { key: "winner", header: t("past.winner"), cell: (g) => (g.winner ? `${g.winner.username} (#${g.winner.id})` : "—") },
    { key: "members", header: t("past.members"), numeric: true, cell: (g) => g.members },
    { key: "status", header: t("past.status"), cell: (g) => <span className={`economy-status--${g.status}`}>{t(`past.giveaway_status.${g.status}`)}</span> },
    { key: "at", header: t("past.ended"), cell: (g) => date(g.drawn_at ?? g.ends_at) },
  ];
  return (
    <ConsoleTable
      caption={t("past.giveaways")}
      columns={columns}
      list={list}
      rowKey={(g) => g.id}
      empty={t("past.no_giveaways")}
      testId="economy-past-giveaways"
    />
  );
}

export function PastTournaments() {
  const { t, i18n } = useTranslation("console_economy");
  const date = useDate();
  const list = useKeysetList(PAST_LISTS[1], tournamentCalls.adminPast, {}, { rows: (a) => a.tournaments, next: (a) => a.next });
  const columns: Column<AdminPastTournamentJson>[] = [
    { key: "id", header: t("past.number"), numeric: true, cell: (x) => x.id },
    { key: "name", header: t("past.name"), cell: (x) => (i18n.language === "en" ? x.name_en : x.name_ru) },
    { key: "prizes", header: t("past.prizes"), cell: (x) => x.prizes.map((p) => formatDollars(p)).join(" / ") },
    {
      key: "winners",
      header: t("past.winners"),
      cell: (x) =>
        x.winners.length === 0 ? (
          "—"
        ) : (
          <ol className="economy-past-winners">
            {x.winners.map((w) => (
              <li key={w.place}>{t("past.winner_line", { place: w.place, name: w.user.username, prize: formatDollars(w.prize) })}</li>
            ))}
          </ol>
        ),
    },
    { key: "members", header: t("past.members"), numeric: true, cell: (x) => x.members },
    { key: "status", header: t("past.status"), cell: (x) => <span className={`economy-status--${x.status}`}>{t(`past.tournament_status.${x.status}`)}</span> },
    { key: "at", header: t("past.ended"), cell: (x) => date(x.finished_at ?? x.ends_at) },
  ];
  return (
    <ConsoleTable
      caption={t("past.tournaments")}
      columns={columns}
      list={list}
      rowKey={(x) => x.id}
      empty={t("past.no_tournaments")}
      testId="economy-past-tournaments"
    />
  );
}
