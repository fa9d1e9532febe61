// The "skin withdraw type" modal (§2 Modals, §4 Withdraw flow): the selected items go out either
// as a game-platform trade offer (one item, sent at once; the 20 % site fee shown first) or
// through the site's money withdrawal (one or more items), which opens the "withdrawal" modal
// (WithdrawalModal; it reads the same selection).
import { useId, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { MONEY_WITHDRAW, WITHDRAW } from "../../../../shared/constants";
import { useUiStore } from "../../lib/uiStore";
import { displayMessage } from "../../lib/i18n";
import { useSignedInUser } from "../../lib/session/useCurrentUser";
import { ItemImage } from "../../ui/ItemImage";
import { formatCentsAsDollars } from "../../ui/formatCents";
import { formatDollars } from "../../ui/Money";
import { canTradeOffer } from "./actions";
import type { InventoryItem } from "./types";
import { useWithdrawFee, useWithdrawSend } from "./useWithdraw";
import { useItemName } from "../../ui/itemWords";
import { TradeBotStatus } from "../../ui/TradeBotStatus";

export const WITHDRAW_MODAL = "skinWithdrawType";
const WITHDRAWAL_MODAL = "withdrawal";

export function WithdrawTypeModal({ items, onSent, tradeLinkForm }: { items: readonly InventoryItem[]; onSent(): void; tradeLinkForm: ReactNode }) {
  const itemName = useItemName();
  const { t } = useTranslation("inventory");
  const { t: tCommon } = useTranslation("common");
  const user = useSignedInUser();
  const openModal = useUiStore((s) => s.openModal);
  const closeModal = useUiStore((s) => s.closeModal);
  const closeAllPanels = useUiStore((s) => s.closeAllPanels);
  const tradeId = useId();
  const siteId = useId();
  // no trade link yet: the link form comes first, and no preview is asked (it could only fail)
  const needsLink = user !== null && user !== undefined && !user.trade_link;
  // §5: a trade offer takes exactly one item; with several only the money withdrawal is open
  const tradeable = canTradeOffer(items.length);
  const fee = useWithdrawFee(tradeable ? items : [], user?.trade_link);
  const send = useWithdrawSend(() => {
    closeModal();
    onSent();
  });
  return (
    <div className="inventory-dialog">
      <ul className="inventory-dialog__items inventory-dialog__items--cards">
        {items.map((item) => (
          <li key={item.myId}>
            <ItemImage name={item.market_hash_name} image={item.image} rarityColor={item.rarity_color} size={64} />
            <span className="inventory-dialog__name">{itemName(item.market_hash_name)}</span>
            <span>{formatDollars(item.price)}</span>
          </li>
        ))}
      </ul>
      <section className="take-option" aria-labelledby={tradeId}>
        <h3 id={tradeId}>{t("take.trade_title")}</h3>
        <p>{t("take.trade_text", { minutes: Math.round(WITHDRAW.offerTtlMs / 60_000) })}</p>
        <p className="take-option__note">{t("take.trade_code")}</p>
        <TradeBotStatus />
        {tradeable ? <p className="take-option__fee">{t("take.trade_fee", { percent: fee.percent, fee: formatCentsAsDollars(fee.feeCents) })}</p> : null}
        {!tradeable ? (
          <p className="take-option__warn" role="note">
            {t("take.trade_one")}
          </p>
        ) : needsLink ? (
          <div className="take-option__link" data-testid="take-trade-link">
            <p className="take-option__warn" role="note">
              {t("take.link_first")}
            </p>
            {tradeLinkForm}
          </div>
        ) : fee.refusal ? (
          <p className="take-option__warn" role="note">
            {displayMessage(fee.refusal, tCommon)}
            {fee.refusal === "inventory_api.trade_link_required" ? (
              <>
                {" "}
                <Link
                  to="/profile"
                  onClick={() => {
                    closeModal();
                    closeAllPanels();
                  }}
                >
                  {t("take.to_profile")}
                </Link>
              </>
            ) : null}
          </p>
        ) : null}
        <button
          type="button"
          className="button button-primary"
          disabled={send.isPending || !tradeable || needsLink || fee.refusal !== null}
          aria-busy={send.isPending || undefined}
          onClick={() => send.mutate(items)}
        >
          {send.isPending ? t("take.sending") : t("take.trade_send")}
        </button>
      </section>
      <section className="take-option" aria-labelledby={siteId}>
        <h3 id={siteId}>{t("take.site_title")}</h3>
        <p>{t("take.site_text", { percent: MONEY_WITHDRAW.taxPercent })}</p>
        <button type="button" className="button" onClick={() => openModal(WITHDRAWAL_MODAL)}>
          {t("take.site_open")}
        </button>
      </section>
    </div>
  );
}
