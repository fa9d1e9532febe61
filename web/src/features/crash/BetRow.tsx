// One row of the bet list (§4 Crash bet row): the player (name blurred in streamer mode, avatar
// linking to the profile), up to 2 items (3 in wide mode) and "+N", the target and the amount.
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { BetPublic } from "../../../../shared/api/crash";
import { ItemImage } from "../../ui/ItemImage";
import { Money } from "../../ui/Money";
import { UserAvatar } from "../../ui/UserAvatar";
import { betRowAmount, betRowKind, itemsShown } from "./betRowDisplay";
import { formatMultiplier } from "./multipliers";

/** `all`: every item (the round page), no "+N". */
export function BetRow({ bet, wide, own, all }: { bet: BetPublic; wide: boolean; own?: boolean; all?: boolean }) {
  const { t } = useTranslation("crash");
  const kind = betRowKind(bet);
  const { shown, more } = all ? { shown: bet.items.length, more: bet.itemsMore } : itemsShown(bet.items.length, bet.itemsMore, wide);
  return (
    <li className={`crash-bet-row crash-bet-row--${kind}${own ? " is-own" : ""}`} data-testid="crash-bet-row" data-kind={kind}>
      <Link to={`/user/${bet.user.id}`} className="crash-bet-avatar" aria-label={t("bets.profile", { name: bet.user.username })}>
        <UserAvatar userId={bet.user.id} avatar={bet.user.avatar} username={bet.user.username} size={32} />
      </Link>
      <span className="crash-bet-user">
        <span className="participant-name">{bet.user.username}</span>
        <span className="crash-bet-target">{kind === "win" && bet.result !== null ? formatMultiplier(bet.result) : formatMultiplier(bet.autoWithdraw)}</span>
      </span>
      <span className="crash-bet-items">
        {bet.items.slice(0, shown).map((item) => (
          <ItemImage key={item.id} name={item.market_hash_name} image={item.image} rarityColor={item.rarity_color} size={48} />
        ))}
        {more > 0 && <span className="crash-bet-more">+{more}</span>}
      </span>
      <span className="crash-bet-amount">
        {kind === "win" && bet.winItem && (
          <ItemImage name={bet.winItem.market_hash_name} image={bet.winItem.image} rarityColor={bet.winItem.rarity_color} size={48} />
        )}
        <Money amount={betRowAmount(bet)} />
        <span className="crash-bet-state">{t(`bets.kind.${kind}`)}</span>
      </span>
    </li>
  );
}
