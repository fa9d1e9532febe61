// The four colour bet panels (§3 Wheel: bets by colour, black, green, red, yellow in the room's
// order; shown black, red, green, yellow by payout): each with its multiplier and return to
// player computed from the layout, its total, its bet button (disabled with the reason in
// words) and its bets (avatar, name, items, value). Names blur in streamer mode.
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { ColourTotals, WheelBetPublic, WheelLayoutPublic } from "../../../../shared/api/wheel";
import type { WheelColour } from "../../../../shared/wheel-layout";
import { EmptyState } from "../../ui/EmptyState";
import { ItemImage } from "../../ui/ItemImage";
import { Money } from "../../ui/Money";
import { Spinner } from "../../ui/Spinner";
import { UserAvatar } from "../../ui/UserAvatar";
import type { BetBlock } from "./betRules";

/** Panel order on screen: by multiplier. */
export const PANEL_ORDER: readonly WheelColour[] = ["black", "red", "green", "yellow"];

interface Props {
  /** the round shown (its page lists every bet: the panels carry the ten biggest of a colour) */
  roundId: number | null;
  layout: WheelLayoutPublic;
  totals: ColourTotals;
  bets: readonly WheelBetPublic[];
  ownIds: ReadonlySet<string>;
  /** the landed colour once the wheel stopped */
  landed: WheelColour | null;
  blockOf(colour: WheelColour): BetBlock | null;
  sending: WheelColour | null;
  onBet(colour: WheelColour): void;
}

export function ColourPanels(props: Props) {
  return (
    <div className="wheel-panels">
      {PANEL_ORDER.map((colour) => (
        <ColourPanel key={colour} colour={colour} {...props} />
      ))}
    </div>
  );
}

function ColourPanel({ colour, roundId, layout, totals, bets, ownIds, landed, blockOf, sending, onBet }: Props & { colour: WheelColour }) {
  const { t } = useTranslation("wheel");
  const rows = bets.filter((b) => b.colour === colour);
  const total = totals[colour];
  const block = blockOf(colour);
  const multiplier = layout.multipliers[colour];
  const rtp = (layout.rtp[colour] * 100).toFixed(2);
  const reasonId = `wheel-reason-${colour}`;
  const state = landed === null ? "open" : landed === colour ? "won" : "lost";
  return (
    <section
      className={`wheel-panel wheel-panel--${colour}`}
      data-state={state}
      aria-labelledby={`wheel-panel-${colour}`}
      data-testid={`wheel-panel-${colour}`}
    >
      <header className="wheel-panel-head">
        <h2 id={`wheel-panel-${colour}`} className="wheel-panel-title">
          <span className={`wheel-dot wheel-dot--${colour}`} aria-hidden="true" />
          {t(`colours.${colour}`)} <span className="wheel-panel-x">×{multiplier}</span>
        </h2>
        <p className="wheel-panel-rtp">{t("panel.rtp", { rtp })}</p>
        <dl className="wheel-panel-total">
          <div>
            <dt>{t("panel.total")}</dt>
            <dd data-testid={`wheel-total-${colour}`}>
              <Money amount={total.bank} />
            </dd>
          </div>
          <div>
            <dt>{t("panel.bets_label")}</dt>
            <dd>{t("panel.bets", { count: total.bets })}</dd>
          </div>
        </dl>
        <button
          type="button"
          className={`button wheel-bet wheel-bet--${colour}`}
          disabled={block !== null && block !== "login"}
          aria-describedby={block ? reasonId : undefined}
          onClick={() => onBet(colour)}
          data-testid={`wheel-bet-${colour}`}
          data-block={block ?? ""}
        >
          {sending === colour ? <Spinner size={16} /> : null}
          <span>{t("panel.bet", { colour: t(`colours.${colour}`), multiplier })}</span>
        </button>
        {block && block !== "sending" && (
          <p className="wheel-reason" id={reasonId}>
            {t(`block.${block}`)}
          </p>
        )}
      </header>
      {rows.length === 0 ? (
        <EmptyState title={t("panel.empty")} />
      ) : (
        <ul className="wheel-rows">
          {rows.map((b) => (
            <BetRow key={b.id} bet={b} own={ownIds.has(b.id)} />
          ))}
        </ul>
      )}
      {roundId !== null && total.bets > rows.length && (
        <Link className="wheel-show-all" to={`/wheel/${roundId}#wheel-round-${colour}`} data-testid={`wheel-show-all-${colour}`}>
          {t("panel.show_all", { count: total.bets })}
        </Link>
      )}
    </section>
  );
}

/** One bet: avatar (to the profile), name, up to 3 items and "+N", the value (the win once won). */
export function BetRow({ bet, own, all }: { bet: WheelBetPublic; own?: boolean; all?: boolean }) {
  const { t } = useTranslation("wheel");
  const kind = bet.is_win === 1 ? "win" : bet.is_win === 2 ? "lose" : "pending";
  return (
    <li className={`wheel-row wheel-row--${kind}${own ? " is-own" : ""}`} data-testid="wheel-row" data-kind={kind}>
      <Link to={`/user/${bet.user.id}`} className="wheel-row-avatar" aria-label={t("panel.profile", { name: bet.user.username })}>
        <UserAvatar userId={bet.user.id} avatar={bet.user.avatar} username={bet.user.username} size={28} />
      </Link>
      <span className="wheel-row-user participant-name">{bet.user.username}</span>
      <span className="wheel-row-items">
        {bet.items.map((item) => (
          <ItemImage key={item.id} name={item.market_hash_name} image={item.image} rarityColor={item.rarity_color} size={48} />
        ))}
        {!all && bet.itemsMore > 0 && <span className="wheel-row-more">+{bet.itemsMore}</span>}
      </span>
      <span className="wheel-row-value">
        <Money amount={kind === "win" ? bet.win : bet.bank} />
        {kind !== "pending" && <span className="wheel-row-state">{t(`panel.kind.${kind}`)}</span>}
      </span>
    </li>
  );
}
