// The five prizes, first place first (dollars).
import { useTranslation } from "react-i18next";
import type { TournamentJson } from "../../../../shared/api/tournaments";
import { Money } from "../../ui/Money";

export function prizesOf(t: TournamentJson): number[] {
  return [t.prize_1, t.prize_2, t.prize_3, t.prize_4, t.prize_5];
}

export function Prizes({ tournament }: { tournament: TournamentJson }) {
  const { t } = useTranslation("tournament");
  return (
    <section className="tournament-card" aria-labelledby="tournament-prizes-title">
      <h2 id="tournament-prizes-title">{t("prizes_title")}</h2>
      <ol className="tournament-prizes" data-testid="tournament-prizes">
        {prizesOf(tournament).map((prize, i) => (
          <li key={`place-${i + 1}`} className={`tournament-prize tournament-prize--${i + 1}`}>
            <span className="tournament-prize__place">{t("place", { place: i + 1 })}</span>
            <Money amount={prize} className="tournament-prize__sum" />
          </li>
        ))}
      </ol>
    </section>
  );
}
