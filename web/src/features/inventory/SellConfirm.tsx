// The sell confirmation ("show the tax before confirming"): the items, their sum, the
// sell tax and what the balance receives. Confirm → POST /api/user/sell.
import { useTranslation } from "react-i18next";
import { useSellTaxPercent } from "../../lib/config";
import { useUiStore } from "../../lib/uiStore";
import { formatCentsAsDollars } from "../../ui/formatCents";
import { formatDollars } from "../../ui/Money";
import { sellQuote } from "./actions";
import { useSell } from "./useSell";
import type { InventoryItem } from "./types";
import { useItemName } from "../../ui/itemWords";

export const SELL_MODAL = "inventorySell";

export function SellConfirm({ items, onSold }: { items: readonly InventoryItem[]; onSold(): void }) {
  const itemName = useItemName();
  const { t } = useTranslation("inventory");
  const closeModal = useUiStore((s) => s.closeModal);
  const taxPercent = useSellTaxPercent();
  const quote = sellQuote(
    items.map((i) => i.price),
    taxPercent,
  );
  const sell = useSell(() => {
    closeModal();
    onSold();
  });
  return (
    <div className="inventory-dialog">
      <ul className="inventory-dialog__items">
        {items.map((item) => (
          <li key={item.myId}>
            <span className="inventory-dialog__name">{itemName(item.market_hash_name)}</span>
            <span>{formatDollars(item.price)}</span>
          </li>
        ))}
      </ul>
      <dl className="inventory-dialog__sums">
        <div>
          <dt>{t("sell.sum")}</dt>
          <dd>{formatCentsAsDollars(quote.sumCents)}</dd>
        </div>
        <div>
          <dt>{t("sell.tax", { percent: taxPercent })}</dt>
          <dd>−{formatCentsAsDollars(quote.taxCents)}</dd>
        </div>
        <div className="inventory-dialog__total">
          <dt>{t("sell.receive")}</dt>
          <dd>{formatCentsAsDollars(quote.receiveCents)}</dd>
        </div>
      </dl>
      <div className="inventory-dialog__buttons">
        <button type="button" className="button" onClick={closeModal}>
          {t("sell.cancel")}
        </button>
        <button
          type="button"
          className="button button-primary"
          disabled={sell.isPending || items.length === 0}
          aria-busy={sell.isPending || undefined}
          onClick={() => sell.mutate(items.map((i) => i.myId))}
        >
          {sell.isPending ? t("sell.selling") : t("sell.confirm", { sum: formatCentsAsDollars(quote.receiveCents) })}
        </button>
      </div>
    </div>
  );
}
