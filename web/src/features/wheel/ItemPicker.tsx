// The item picker (§5 Wheel): the player's own available items, the picked count against the max
// items, their value against the min and max bet — all shown before sending. The colour panels'
// buttons send the picks.
import { useTranslation } from "react-i18next";
import type { InventoryItemJson } from "../../../../shared/api/user";
import type { WheelSettings } from "../../../../shared/api/wheel";
import { DepositButton } from "../../ui/DepositButton";
import { SignInPrompt } from "../../ui/StateNote";
import { ItemPickGrid } from "../../ui/ItemPickGrid";
import { formatDollars, Money } from "../../ui/Money";
import { useWheelSelection } from "./selection";
import { useItemName } from "../../ui/itemWords";

interface Props {
  signedIn: boolean;
  items: InventoryItemJson[] | undefined;
  loading: boolean;
  settings: WheelSettings;
  value: number;
  /** no balance either: the empty state offers the deposit */
  broke: boolean;
}

export function ItemPicker({ signedIn, items, loading, settings, value, broke }: Props) {
  const itemName = useItemName();
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
      <ItemPickGrid
        items={items}
        loading={loading}
        loadingLabel={t("picker.loading")}
        selected={selected}
        onToggle={(item) => toggle(item, settings.max_items)}
        emptyText={broke ? t("stake.nothing", { ns: "common" }) : t("picker.no_items")}
        emptyAction={broke ? <DepositButton /> : undefined}
        statusText={(status) => t(`item_status.${status}`)}
        itemLabel={(item) => t("picker.item", { name: itemName(item.market_hash_name), price: formatDollars(item.price) })}
        classes={{
          empty: "wheel-muted",
          list: "wheel-items",
          item: "pick-card wheel-item",
          price: "wheel-item-price",
          status: "pick-card__tag wheel-item-status",
        }}
        testId="wheel-item"
      />
    </section>
  );
}
