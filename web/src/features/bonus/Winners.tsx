// The last draw's three places: place, avatar and name, the sum won.
import { useTranslation } from "react-i18next";
import type { BonusWinnerJson } from "../../../../shared/api/bonus";
import { formatDollars } from "../../ui/Money";
import { UserAvatar } from "../../ui/UserAvatar";

export function Winners({ winners }: { winners: BonusWinnerJson[] }) {
  const { t } = useTranslation("bonus");
  return (
    <section className="bonus-block" aria-labelledby="bonus-winners-title">
      <h3 id="bonus-winners-title" className="bonus-block-title">
        {t("winners.title")}
      </h3>
      {winners.length === 0 ? (
        <p className="bonus-muted">{t("winners.none")}</p>
      ) : (
        <ol className="bonus-winners" data-testid="bonus-winners">
          {winners.map((w) => (
            <li key={w.place} className="bonus-winner">
              <span className="bonus-winner-place">{t("winners.place", { place: w.place })}</span>
              <UserAvatar userId={w.user.id} avatar={w.user.avatar} username={w.user.username} size={28} />
              <span className="bonus-winner-name participant-name">{w.user.username}</span>
              <strong className="bonus-winner-sum">{formatDollars(w.sum)}</strong>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
