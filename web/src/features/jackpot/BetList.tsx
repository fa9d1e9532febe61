// The bet list (§2, §3 Jackpot bets): each bet with the player (name hidden in streamer mode), its
// items, value and ticket range from–to, and the player's chance, which moves with every new bet.
// The player's own rows are marked. Newest first; the round page lists every item (`all`).
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { JackpotBetJson, JackpotChanceJson } from "../../../../shared/api/jackpot";
import { EmptyState } from "../../ui/EmptyState";
import { ItemImage } from "../../ui/ItemImage";
import { Money } from "../../ui/Money";
import { UserAvatar } from "../../ui/UserAvatar";
import { ChanceText } from "./AvatarSpinner";
import { ticketsOf } from "./chances";

/** Item pictures a live row shows before "+N". */
const ROW_ITEMS = 4;

interface Props {
  bets: readonly JackpotBetJson[];
  chances: readonly JackpotChanceJson[];
  selfId: number | null;
  all?: boolean;
  winnerId?: number | null;
}

export function BetList({ bets, chances, selfId, all, winnerId }: Props) {
  const { t } = useTranslation("jackpot");
  const chanceOf = new Map(chances.map((c) => [c.user.id, c.chance]));
  const rows = all ? bets : [...bets].reverse();
  return (
    <section className="jackpot-bets" aria-labelledby="jackpot-bets-title">
      <h2 className="jackpot-section-title" id="jackpot-bets-title">
        {t("bets.title", { count: bets.length })}
      </h2>
      {bets.length === 0 ? (
        <EmptyState title={t("bets.empty")} />
      ) : (
        <ul className={`jackpot-bet-list${all ? " jackpot-bet-list--all" : ""}`}>
          {rows.map((b) => {
            const shown = all ? b.items : b.items.slice(0, ROW_ITEMS);
            const more = b.items.length - shown.length;
            const own = b.user.id === selfId;
            return (
              <li
                key={b.id}
                className={`jackpot-bet-row${own ? " is-own" : ""}${winnerId === b.user.id ? " is-winner" : ""}`}
                data-testid="jackpot-bet-row"
                data-user-id={b.user.id}
              >
                <Link to={`/user/${b.user.id}`} className="jackpot-bet-avatar" aria-label={t("bets.profile", { name: b.user.username })}>
                  <UserAvatar userId={b.user.id} avatar={b.user.avatar} username={b.user.username} size={36} />
                </Link>
                <span className="jackpot-bet-user">
                  <span className="participant-name">{b.user.username}</span>
                  <span className="jackpot-bet-tickets">
                    {ticketsOf(b) === 1 ? t("bets.ticket_single", { from: b.from }) : t("bets.tickets", { from: b.from, to: b.to })}
                  </span>
                </span>
                <span className="jackpot-bet-items">
                  {shown.map((item) => (
                    <ItemImage key={item.id} name={item.market_hash_name} image={item.image} rarityColor={item.rarity_color} size={48} />
                  ))}
                  {more > 0 && <span className="jackpot-bet-more">+{more}</span>}
                </span>
                <span className="jackpot-bet-value">
                  <Money amount={b.price} />
                  <span className="jackpot-bet-chance" data-testid="jackpot-bet-chance">
                    {t("bets.chance")} <ChanceText chance={chanceOf.get(b.user.id) ?? 0} />
                  </span>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
