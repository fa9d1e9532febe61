// Past giveaways: the winner (or nobody joined), the item and when it was drawn.
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { PastGiveawayJson } from "../../../../shared/api/giveaways";
import { ItemImage } from "../../ui/ItemImage";
import { UserAvatar } from "../../ui/UserAvatar";

export function History({ history }: { history: readonly PastGiveawayJson[] }) {
  const { t, i18n } = useTranslation("giveaway");
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "short" });
  return (
    <section className="giveaway-history" aria-labelledby="giveaway-history-title">
      <h3 id="giveaway-history-title">{t("history.title")}</h3>
      {history.length === 0 ? (
        <p className="giveaway-note">{t("history.empty")}</p>
      ) : (
        <ul data-testid="giveaway-history">
          {history.map((g) => (
            <li key={g.id} className="giveaway-history-row">
              <ItemImage name={g.item.name} image={g.item.image} rarityColor={g.item.rarity_color} size={48} />
              <div className="giveaway-history-text">
                <p className="giveaway-item-name">{g.item.name}</p>
                {g.user ? (
                  <Link to={`/user/${g.user.id}`} className="giveaway-winner">
                    <UserAvatar userId={g.user.id} avatar={g.user.avatar} username={g.user.username} size={24} />
                    <span className="participant-name">{g.user.username}</span>
                  </Link>
                ) : (
                  <p className="giveaway-note">{t("history.nobody")}</p>
                )}
                <time dateTime={new Date(g.created_at).toISOString()}>{date.format(g.created_at)}</time>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
