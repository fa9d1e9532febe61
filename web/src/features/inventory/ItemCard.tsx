import type { CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { ItemImage } from "../../ui/ItemImage";
import { useItemName, useItemWords } from "../../ui/itemWords";
import { formatDollars } from "../../ui/Money";
import { SELECTABLE_STATUS, type InventoryItem } from "./types";

interface ItemCardProps {
  item: InventoryItem;
  selected: boolean;
  onToggle(item: InventoryItem): void;
}

export function ItemCard({ item, selected, onToggle }: ItemCardProps) {
  const { t } = useTranslation("inventory");
  const words = useItemWords();
  const itemName = useItemName();
  const selectable = item.status === SELECTABLE_STATUS;
  const title = [itemName(item.market_hash_name), item.rarity ? words.rarity(item.rarity) : null].filter(Boolean).join(" · ");
  return (
    <button
      type="button"
      className="pick-card item-card"
      style={{ "--rarity": item.rarity_color } as CSSProperties}
      aria-pressed={selectable ? selected : undefined}
      disabled={!selectable && !selected}
      title={title}
      onClick={() => onToggle(item)}
    >
      {!selectable && <span className="pick-card__tag item-card__status">{t(`status.${item.status}`, { defaultValue: item.status })}</span>}
      {selected && (
        <span className="pick-card__check" aria-hidden="true">
          ✓
        </span>
      )}
      <ItemImage name={item.market_hash_name} image={item.image} rarityColor={item.rarity_color} size={96} />
      <span className="item-card__price">{formatDollars(item.price)}</span>
      <span className="item-card__name">{item.name}</span>
    </button>
  );
}
