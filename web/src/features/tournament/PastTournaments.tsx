// Past tournaments, newest first: a finished one with its paid places (player, points and prize),
// a canceled one (status 2) marked so, with none.
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import type { pastTournamentJson } from "../../../../shared/api/tournaments";
import { Money } from "../../ui/Money";
import { PlayerLink } from "./PlayerCell";
import { formatPoints } from "./points";

type PastTournament = z.infer<typeof pastTournamentJson>;

export function PastTournaments({ history }: { history: PastTournament[] }) {
  const { t, i18n } = useTranslation("tournament");
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  return (
    <section className="tournament-card" aria-labelledby="tournament-history-title" data-testid="tournament-history">
      <h2 id="tournament-history-title">{t("history_title")}</h2>
      {history.length === 0 ? <p className="tournament-muted">{t("history_empty")}</p> : null}
      {history.map((past) => (
        <article key={past.id} className="tournament-past" aria-labelledby={`tournament-past-${past.id}`}>
          <h3 id={`tournament-past-${past.id}`}>{past.name}</h3>
          {past.status === 2 ? null : <p className="tournament-muted">{t("finished_at", { date: date.format(past.end_time) })}</p>}
          {past.status === 2 ? (
            <p className="tournament-muted" data-testid="tournament-past-canceled">
              {t("history_canceled")}
            </p>
          ) : past.winners.length === 0 ? (
            <p className="tournament-muted">{t("history_no_winners")}</p>
          ) : (
            <ol className="tournament-winners">
              {past.winners.map((w) => (
                <li key={w.place} className="tournament-winner" data-testid="tournament-winner">
                  <span className="tournament-winner__place">{t("place", { place: w.place })}</span>
                  <PlayerLink user={w.user} size={28} />
                  <span className="tournament-winner__points">{t("points", { count: w.points, formatted: formatPoints(w.points, i18n.language) })}</span>
                  <Money amount={w.prize} className="tournament-winner__prize" />
                </li>
              ))}
            </ol>
          )}
        </article>
      ))}
    </section>
  );
}
