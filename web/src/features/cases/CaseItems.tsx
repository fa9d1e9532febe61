// What a case can drop: every item with its rarity colour, price and chance (percent).
import type { CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import type { CaseItemJson } from "../../../../shared/api/cases";
import { ItemImage } from "../../ui/ItemImage";
import { useItemWords } from "../../ui/itemWords";
import { formatDollars } from "../../ui/Money";
import { useItemName } from "../../ui/itemWords";

/** Dearest first (the server lists them in pick order, which the verifier needs, not the eye). */
function byPriceDesc(a: CaseItemJson, b: CaseItemJson): number {
  return b.price - a.price || a.id - b.id;
}

export function formatChance(chance: number, lng: string): string {
  const digits = chance >= 1 ? 2 : chance >= 0.01 ? 3 : 4;
  return `${new Intl.NumberFormat(lng, { maximumFractionDigits: digits }).format(chance)}%`;
}

export function CaseItems({ items }: { items: readonly CaseItemJson[] }) {
  const itemName = useItemName();
  const { t, i18n } = useTranslation("cases");
  const words = useItemWords();
  const sorted = [...items].sort(byPriceDesc);
  return (
    <section className="case-items" aria-labelledby="case-items-title">
      <h2 id="case-items-title" className="case-section-title">
        {t("items.title", { count: items.length })}
      </h2>
      <ul className="case-items__grid">
        {sorted.map((item) => (
          <li key={item.id} className="case-item" style={{ "--rarity": item.rarity_color } as CSSProperties} title={itemName(item.market_hash_name)}>
            <span className="case-item__chance">
              <span aria-hidden="true">{formatChance(item.chance, i18n.language)}</span>
              <span className="sr-only">{t("items.chance", { chance: formatChance(item.chance, i18n.language) })}</span>
            </span>
            <ItemImage name={item.market_hash_name} image={item.image} rarityColor={item.rarity_color} size={96} />
            <span className="case-item__name">{item.name}</span>
            <span className="case-item__meta">
              <span className="case-item__rarity">{words.rarity(item.rarity)}</span>
              {item.exterior ? <span>{words.exterior(item.exterior)}</span> : null}
            </span>
            <span className="case-item__price">{formatDollars(item.price)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
