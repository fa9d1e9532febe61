// The item picker (§5 Wheel): the player's own available items, the picked count against the max
// items, their value against the min and max bet — all shown before sending. The colour panels'
// buttons send the picks.
import type { CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import type { InventoryItemJson } from "../../../../shared/api/user";
import type { WheelSettings } from "../../../../shared/api/wheel";
import { SignInPrompt } from "../../ui/StateNote";
import { ItemImage } from "../../ui/ItemImage";
import { formatDollars, Money } from "../../ui/Money";
import { Spinner } from "../../ui/Spinner";
import { useWheelSelection } from "./selection";

interface Props {
  signedIn: boolean;
  items: InventoryItemJson[] | undefined;
  loading: boolean;
  settings: WheelSettings;
  value: number;
}

export function ItemPicker({ signedIn, items, loading, settings, value }: Props) {
  const { t } = useTranslation("wheel");
  const selected = useWheelSelection((s) => s.selected);
  const toggle = useWheelSelection((s) => s.toggle);
  const rules = t("picker.rules", { min: formatDollars(settings.min_bet), max: formatDollars(settings.max_bet), count: settings.max_items });

  if (!signedIn)
    return (
      <section className="wheel-picker" aria-label={t("picker.label")}>
        <SignInPrompt className="state-note wheel-signin" message={t("picker.sign_in")} button={t("picker.sign_in_button")} />
        <p className="wheel-muted">{rules}</p>
      </section>
    );

  return (
    <section className="wheel-picker" aria-label={t("picker.label")}>
      <div className="wheel-picker-head">
        <h2 className="wheel-section-title">{t("picker.title")}</h2>
        <p className="wheel-picker-summary" data-testid="wheel-picked">
          <span>{t("picker.selected", { count: selected.length, max: settings.max_items })}</span>
          <Money amount={value} />
        </p>
      </div>
      <p className="wheel-muted" id="wheel-bet-rules">
        {rules}
      </p>
      {loading ? (
        <Spinner label={t("picker.loading")} />
      ) : !items || items.length === 0 ? (
        <p className="wheel-muted">{t("picker.no_items")}</p>
      ) : (
        <ul className="wheel-items">
          {items.map((item) => {
            const picked = selected.includes(item.myId);
            const usable = item.status === "available";
            return (
              <li key={item.myId}>
                <button
                  type="button"
                  className="pick-card wheel-item"
                  aria-pressed={picked}
                  disabled={!usable}
                  title={item.market_hash_name}
                  aria-label={t("picker.item", { name: item.market_hash_name, price: formatDollars(item.price) })}
                  style={{ "--rarity": item.rarity_color } as CSSProperties}
                  onClick={() => toggle(item, settings.max_items)}
                  data-testid="wheel-item"
                  data-id={item.myId}
                >
                  <ItemImage name={item.market_hash_name} image={item.image} rarityColor={item.rarity_color} size={64} />
                  <Money amount={item.price} className="wheel-item-price" />
                  {!usable && <span className="pick-card__tag wheel-item-status">{t(`item_status.${item.status}`)}</span>}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
