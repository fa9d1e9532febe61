// The skins deposit: the player's CS2 inventory as the trade bot lists it, items the
// catalogue knows selectable at their current price (the rest shown as not accepted), and "Send
// offer": the bot asks the player for those items in Steam; the offer's state follows live
// (polled) until the items are credited to the site inventory or the offer ends. Without a trade
// link the link form (given by the app shell) comes first. The deposit dialog hosts this panel.
import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { SKINS_DEPOSIT } from "../../../../shared/constants";
import type { SkinDepositJson, SkinsInventoryItem } from "../../../../shared/api/skins-deposit";
import { toCents } from "../../../../shared/money";
import { failureKey } from "../../lib/api";
import { displayMessage } from "../../lib/i18n";
import { useSignedInUser } from "../../lib/session/useCurrentUser";
import { isOpenDeposit } from "../../lib/skinsDeposits";
import { formatCentsAsDollars } from "../../ui/formatCents";
import { ItemImage } from "../../ui/ItemImage";
import { formatDollars } from "../../ui/Money";
import { LoadFailed } from "../../ui/StateNote";
import { Spinner } from "../../ui/Spinner";
import { useLatestDeposit, useSkinsDepositSend, useSkinsListing } from "./useSkinsDeposit";
import { useItemName } from "../../ui/itemWords";
import { SecurityCode } from "../../ui/SecurityCode";
import { TradeBotStatus } from "../../ui/TradeBotStatus";

export function SkinsDepositPanel({ tradeLinkForm }: { tradeLinkForm: ReactNode }) {
  const { t } = useTranslation("deposit");
  const user = useSignedInUser();
  const hasLink = !!user?.trade_link;
  const { latest } = useLatestDeposit(!!user);
  if (!user) return null;
  if (!hasLink) {
    return (
      <div className="skins-deposit" data-testid="skins-deposit-link">
        <p className="skins-deposit__note" role="note">
          {t("skins.link_first")}
        </p>
        {tradeLinkForm}
      </div>
    );
  }
  return (
    <>
      <TradeBotStatus />
      {latest && isOpenDeposit(latest) ? <OfferState deposit={latest} /> : <SkinsPicker latest={latest} />}
    </>
  );
}

function SkinsPicker({ latest }: { latest: SkinDepositJson | null }) {
  const itemName = useItemName();
  const { t, i18n } = useTranslation("deposit");
  const { t: tCommon } = useTranslation("common");
  const listing = useSkinsListing(true);
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const send = useSkinsDepositSend(() => setPicked(new Set()));
  const gridLabel = useId();
  const sendReason = useId();

  if (listing.isPending) {
    return (
      <div className="skins-deposit skins-deposit--loading">
        <Spinner />
        <span className="sr-only">{t("skins.loading")}</span>
      </div>
    );
  }
  if (listing.isError) {
    const key = failureKey(listing.error, "deposit_error.load_skins");
    return <LoadFailed message={displayMessage(key ?? "deposit_error.load_skins", tCommon)} onRetry={() => void listing.refetch()} />;
  }
  const items = listing.data.items;
  const chosen = items.filter((i) => picked.has(i.asset_id));
  const totalCents = chosen.reduce((sum, i) => sum + toCents(i.price ?? 0), 0);
  const full = picked.size >= SKINS_DEPOSIT.maxItems;
  const heldUntil = new Intl.DateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "short" });
  const toggle = (item: SkinsInventoryItem) =>
    setPicked((prev) => {
      const next = new Set(prev);
      if (next.has(item.asset_id)) next.delete(item.asset_id);
      else if (next.size < SKINS_DEPOSIT.maxItems) next.add(item.asset_id);
      return next;
    });

  return (
    <div className="skins-deposit">
      {latest ? <LastResult deposit={latest} /> : null}
      <p id={gridLabel} className="skins-deposit__note">
        {t("skins.pick", { max: SKINS_DEPOSIT.maxItems, days: Math.round(SKINS_DEPOSIT.protectionMs / 86_400_000) })}
      </p>
      <p className="skins-deposit__note">{t("skins.hold_note")}</p>
      {items.length === 0 ? (
        <p className="skins-deposit__empty">{t("skins.empty")}</p>
      ) : (
        <ul className="skins-deposit__grid" aria-labelledby={gridLabel}>
          {items.map((item) => {
            const on = picked.has(item.asset_id);
            return (
              <li key={item.asset_id}>
                <button
                  type="button"
                  className={`skins-deposit__item${on ? " is-picked" : ""}`}
                  aria-pressed={item.accepted ? on : undefined}
                  disabled={!item.accepted || (full && !on)}
                  onClick={() => toggle(item)}
                  data-testid="skins-deposit-item"
                  data-accepted={item.accepted}
                >
                  <ItemImage name={item.market_hash_name} image={item.image} rarityColor={item.rarity_color} size={64} />
                  <span className="skins-deposit__name">{itemName(item.name)}</span>
                  <span className="skins-deposit__price">
                    {item.accepted
                      ? formatDollars(item.price)
                      : item.tradable_after && item.tradable_after > Date.now()
                        ? t("skins.held_until", { date: heldUntil.format(item.tradable_after) })
                        : t("skins.not_accepted")}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <div className="skins-deposit__footer">
        <span aria-live="polite">{t("skins.selected", { count: chosen.length, sum: formatCentsAsDollars(totalCents) })}</span>
        <button
          type="button"
          className="button button-primary"
          disabled={chosen.length === 0 || send.isPending}
          aria-describedby={chosen.length === 0 ? sendReason : undefined}
          onClick={() => send.mutate(chosen.map((i) => i.asset_id))}
          data-testid="skins-deposit-send"
        >
          {send.isPending ? t("skins.sending") : t("skins.send")}
        </button>
        {chosen.length === 0 ? (
          <p id={sendReason} className="skins-deposit__reason">
            {t("skins.pick_first")}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** The open offer: accept it in Steam; the state updates by itself. */
function OfferState({ deposit }: { deposit: SkinDepositJson }) {
  const { t } = useTranslation("deposit");
  return (
    <div className="skins-deposit skins-deposit--offer" data-testid="skins-deposit-offer" data-state={deposit.state}>
      <p role="status" aria-live="polite" className="skins-deposit__state">
        {t(`skins.state.${deposit.state}`)}
      </p>
      {deposit.offer_id ? <p className="skins-deposit__note">{t("skins.offer_id", { id: deposit.offer_id })}</p> : null}
      {deposit.security_code ? <SecurityCode code={deposit.security_code} /> : null}
      <DepositItems deposit={deposit} />
      <Spinner />
    </div>
  );
}

/** How the last offer ended (credited, declined, expired, failed), above a new pick. */
function LastResult({ deposit }: { deposit: SkinDepositJson }) {
  const { t, i18n } = useTranslation("deposit");
  const credited = deposit.credited_at !== null;
  return (
    <div className={`skins-deposit__result${credited ? " is-credited" : ""}`} role="status" data-testid="skins-deposit-result" data-state={deposit.state}>
      <p>{credited ? t("skins.credited", { sum: formatDollars(deposit.amount) }) : t(`skins.state.${deposit.state}`)}</p>
      {credited && deposit.tradable_after ? (
        <p className="skins-deposit__note">{t("skins.protected_until", { date: new Date(deposit.tradable_after).toLocaleString(i18n.language) })}</p>
      ) : null}
    </div>
  );
}

function DepositItems({ deposit }: { deposit: SkinDepositJson }) {
  const itemName = useItemName();
  return (
    <ul className="skins-deposit__offer-items">
      {deposit.items.map((item) => (
        <li key={`${item.market_hash_name}-${item.item_id ?? ""}-${item.price}`}>
          <ItemImage name={item.market_hash_name} image={item.image} rarityColor={item.rarity_color} size={48} />
          <span className="skins-deposit__name">{itemName(item.name)}</span>
          <span className="skins-deposit__price">{formatDollars(item.price)}</span>
        </li>
      ))}
    </ul>
  );
}
