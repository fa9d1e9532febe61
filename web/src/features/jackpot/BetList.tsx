// The bet list (§2, §3 Jackpot bets): each bet with the player (name hidden in streamer mode), its
// items, value and ticket range from–to, and the player's chance, which moves with every new bet.
// The player's own rows are marked. Live (LiveBetList): the board's biggest bets and the player's
// own, with "Show all" (AllBetsModal, fetched on demand); the round page and the dialog list every
// bet in ticket order with every item (`all`).
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { JackpotBetJson, JackpotChanceJson } from "../../../../shared/api/jackpot";
import { EmptyState } from "../../ui/EmptyState";
import { ItemImage } from "../../ui/ItemImage";
import { Money } from "../../ui/Money";
import { UserAvatar } from "../../ui/UserAvatar";
import { useUiStore } from "../../lib/uiStore";
import { ALL_BETS_MODAL, AllBetsModal } from "./AllBetsModal";
import { ChanceText } from "./AvatarSpinner";
import { ticketsOf } from "./chances";
import { ownChance } from "./state";
import { useJackpotStore } from "./store";

/** Item pictures a live row shows before "+N". */
const ROW_ITEMS = 4;

interface Props {
  bets: readonly JackpotBetJson[];
  chances: readonly JackpotChanceJson[];
  selfId: number | null;
  /** every bet in ticket order with every item (the round page, the dialog); else the rows as given */
  all?: boolean;
  winnerId?: number | null;
  /** the round's bets (more than `bets` on the live board) */
  count?: number;
  /** under the heading (the live board's note) */
  note?: ReactNode;
  /** under the list (the live board's "Show all") */
  children?: ReactNode;
  /** the section's heading level id (two lists on one page: the dialog's) */
  titleId?: string;
}

export function BetList({ bets, chances, selfId, all, winnerId, count = bets.length, note, children, titleId = "jackpot-bets-title" }: Props) {
  const { t } = useTranslation("jackpot");
  const chanceOf = new Map(chances.map((c) => [c.user.id, c.chance]));
  const rows = bets;
  return (
    <section className="jackpot-bets" aria-labelledby={titleId}>
      <h2 className="jackpot-section-title" id={titleId}>
        {t("bets.title", { count })}
      </h2>
      {bets.length === 0 ? (
        <EmptyState title={t("bets.empty")} />
      ) : (
        <>
          {note}
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
        </>
      )}
      {children}
    </section>
  );
}

/**
 * The live round's list: the player's own bets the board does not show among the biggest, then
 * the biggest; "Show all" opens every bet, fetched when asked.
 */
export function LiveBetList({ selfId }: { selfId: number | null }) {
  const { t } = useTranslation("jackpot");
  const top = useJackpotStore((s) => s.bets);
  const selfBets = useJackpotStore((s) => s.selfBets);
  const chances = useJackpotStore((s) => s.chances);
  const betsCount = useJackpotStore((s) => s.betsCount);
  const totalTickets = useJackpotStore((s) => s.totalTickets);
  const level = useJackpotStore((s) => s.level);
  const roundId = useJackpotStore((s) => s.roundId);
  const openModal = useUiStore((s) => s.openModal);
  const inTop = new Set(top.map((b) => b.id));
  const bets = [...selfBets.filter((b) => !inTop.has(b.id)).reverse(), ...top];
  const count = Math.max(betsCount, bets.length);
  // the player's own chance from his own bets (he may not be among the board's leaders)
  const mine = selfId !== null && selfBets.length > 0 ? [{ user: selfBets[0]!.user, price: 0, tickets: 0, chance: ownChance({ selfBets, totalTickets }) }] : [];
  const more = count > bets.length;
  return (
    <BetList
      bets={bets}
      chances={[...chances.filter((c) => c.user.id !== selfId), ...mine]}
      selfId={selfId}
      count={count}
      note={more && <p className="jackpot-bets-note">{t(selfBets.length > 0 ? "bets.biggest_own" : "bets.biggest", { count: top.length })}</p>}
    >
      {more && (
        <button type="button" className="button button-small jackpot-bets-all" onClick={() => openModal(ALL_BETS_MODAL)}>
          {t("bets.show_all", { count })}
        </button>
      )}
      <AllBetsModal level={level} roundId={roundId} selfId={selfId} />
    </BetList>
  );
}
