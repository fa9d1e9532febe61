import { useTranslation } from "react-i18next";
import type { StatsJson } from "../../../../shared/api/user";
import { ratio, usd } from "./format";

type StatKey = "games" | "won" | "winrate" | "amount_won" | "top_win" | "top_ratio";

/** §3 Statistics: games played, won, winrate, amount won, top winnings, top ratio — across Crash, Jackpot, Wheel and Cases. */
export function StatsGrid({ stats }: { stats: StatsJson | undefined }) {
  const { t } = useTranslation("profile");
  const tiles: [StatKey, string][] = [
    ["games", stats ? String(stats.games) : ""],
    ["won", stats ? String(stats.won) : ""],
    ["winrate", stats ? `${stats.winrate.toFixed(stats.winrate % 1 ? 1 : 0)}%` : ""],
    ["amount_won", stats ? usd(stats.amount_won) : ""],
    ["top_win", stats ? usd(stats.top_win) : ""],
    ["top_ratio", stats ? (stats.top_ratio > 0 ? ratio(stats.top_ratio) : "—") : ""],
  ];
  return (
    <>
      <p className="profile-stats__scope">{t("stats.scope")}</p>
      <dl className="profile-stats" aria-busy={!stats}>
        {tiles.map(([key, value]) => (
          <div key={key} className="profile-stats__tile">
            <dt>{t(`stats.${key}`)}</dt>
            <dd>{stats ? value : <span className="profile-skeleton shimmer-block profile-skeleton--text" />}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
