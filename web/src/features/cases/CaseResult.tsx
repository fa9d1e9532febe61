// The drop under the reel once it stopped: its picture, its full name (wrapping, never cut) and
// its price. It stays until the next opening; the win notice beside it comes and goes.
import { useTranslation } from "react-i18next";
import { ItemImage } from "../../ui/ItemImage";
import { useItemName } from "../../ui/itemWords";
import { formatDollars } from "../../ui/Money";
import type { CaseWin } from "./useCaseOpening";

export function CaseResult({ win }: { win: CaseWin }) {
  const { t } = useTranslation("cases");
  const itemName = useItemName();
  const { item } = win;
  return (
    <section className="case-result" aria-label={t("result.label")} data-testid="case-result">
      <ItemImage name={item.market_hash_name} image={item.image} rarityColor={item.rarity_color} size={64} />
      <div className="case-result__text">
        <p className="case-result__name">{itemName(item.market_hash_name)}</p>
        <p className="case-result__price">{formatDollars(item.price)}</p>
      </div>
    </section>
  );
}
