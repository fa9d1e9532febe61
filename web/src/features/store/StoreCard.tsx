// One storehouse card (§3 Item card): image, market_hash_name, name, exterior, rarity colour,
// price and the market count (capped at 10, warned below 5, §9). A toggle button.
import type { CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import type { StoreItemJson } from "../../../../shared/api/store";
import { ItemImage } from "../../ui/ItemImage";
import { useItemName, useItemWords } from "../../ui/itemWords";
import { formatDollars } from "../../ui/Money";
import { marketCountDisplay } from "./storeMath";

interface StoreCardProps {
  item: StoreItemJson;
  selected: boolean;
  onToggle(item: StoreItemJson): void;
}

export function StoreCard({ item, selected, onToggle }: StoreCardProps) {
  const { t } = useTranslation("store");
  const words = useItemWords();
  const itemName = useItemName();
  const count = marketCountDisplay(item.market_count);
  const price = formatDollars(item.price);
  return (
    <button
      type="button"
      className="pick-card store-card"
      style={{ "--rarity": item.rarity_color } as CSSProperties}
      aria-pressed={selected}
      // named by its content (an aria-label must hold every visible word, axe
      // label-content-name-mismatch): the picture's name (market_hash_name), the price, name,
      // rarity, exterior, and the stock for screen readers
      title={itemName(item.market_hash_name)}
      onClick={() => onToggle(item)}
    >
      <span className={`pick-card__tag store-card__count${count.warn ? " store-card__count--warn" : ""}`} aria-hidden="true">
        ×{count.text}
      </span>
      {selected && (
        <span className="pick-card__check" aria-hidden="true">
          ✓
        </span>
      )}
      <ItemImage name={item.market_hash_name} image={item.image} rarityColor={item.rarity_color} size={96} />
      <span className="store-card__price">{price}</span>
      <span className="store-card__name">{item.name}</span>
      <span className="store-card__meta">
        <span className="store-card__rarity">{words.rarity(item.rarity)}</span>
        {item.exterior ? <span>{words.exterior(item.exterior)}</span> : null}
      </span>
      <span className="store-card__full" aria-hidden="true">
        {itemName(item.market_hash_name)}
      </span>
      <span className="sr-only">{t("card.stock", { stock: count.text })}</span>
    </button>
  );
}
