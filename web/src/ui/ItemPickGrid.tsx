// The grid of the player's own items a game stakes from (crash's board, the jackpot's bet form,
// the wheel's picker): a loading and an empty state, then one toggle button per item — pressed
// when picked, disabled when the item is not available (its status shown) or, for an unpicked one,
// when the bet's item limit is reached. A card shows the picture, the skin's name and the price. Each game keeps its own classes (it styles its grid).
import type { CSSProperties, ReactNode } from "react";
import type { InventoryItemJson } from "../../../shared/api/user";
import { ItemImage } from "./ItemImage";
import { splitItemName } from "./itemName";
import { Money } from "./Money";
import { Spinner } from "./Spinner";
import { useItemName } from "./itemWords";

interface Props {
  items: InventoryItemJson[] | undefined;
  loading: boolean;
  selected: readonly number[];
  onToggle(item: InventoryItemJson): void;
  /** shown when there is nothing to stake */
  emptyText: string;
  /** under the empty text: the way forward (the deposit button when there is no balance either) */
  emptyAction?: ReactNode;
  /** the spinner's label while the items load */
  loadingLabel?: string;
  /** an unavailable item's status, in words */
  statusText(status: InventoryItemJson["status"]): string;
  /** the card's accessible name (default: the picture's name and the price it shows) */
  itemLabel?(item: InventoryItemJson): string;
  /** the list's accessible name */
  listLabel?: string;
  /** the bet's item limit is reached: unpicked items cannot be added */
  full?: boolean;
  /** a ✓ on picked cards */
  check?: boolean;
  classes: { empty: string; list: string; item: string; price: string; status: string };
  /** data-testid of each card (it also carries data-item-id) */
  testId?: string;
}

/** The card's visible name: the skin ("Redline"), or the weapon of a vanilla item; the full name is the card's title. */
function shortName(marketName: string): string {
  const parts = splitItemName(marketName);
  return parts.skin || parts.weapon;
}

export function ItemPickGrid(p: Props) {
  const itemName = useItemName();
  if (p.loading) return <Spinner label={p.loadingLabel} />;
  if (!p.items || p.items.length === 0)
    return (
      <div className="pick-empty">
        <p className={p.classes.empty}>{p.emptyText}</p>
        {p.emptyAction}
      </div>
    );
  return (
    <ul className={p.classes.list} aria-label={p.listLabel}>
      {p.items.map((item) => {
        const picked = p.selected.includes(item.myId);
        const usable = item.status === "available";
        return (
          <li key={item.myId}>
            <button
              type="button"
              className={`${p.classes.item}${picked ? " is-picked" : ""}`}
              style={{ "--rarity": item.rarity_color } as CSSProperties}
              aria-pressed={picked}
              aria-label={p.itemLabel?.(item)}
              disabled={!usable || (!picked && p.full === true)}
              title={itemName(item.market_hash_name)}
              data-testid={p.testId}
              data-item-id={item.myId}
              onClick={() => p.onToggle(item)}
            >
              {p.check && picked && (
                <span className="pick-card__check" aria-hidden="true">
                  ✓
                </span>
              )}
              <ItemImage name={item.market_hash_name} image={item.image} rarityColor={item.rarity_color} size={64} />
              <span className="pick-card__name">{shortName(item.market_hash_name)}</span>
              <Money amount={item.price} className={p.classes.price} />
              {!usable && <span className={p.classes.status}>{p.statusText(item.status)}</span>}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
