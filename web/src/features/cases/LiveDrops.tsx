// The live drops strip (§9): the last CASES.liveDropsKept openings of everyone, newest first;
// drops arriving over the hub (casesLiveDrop) slide in.
import type { CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ItemImage } from "../../ui/ItemImage";
import { formatDollars } from "../../ui/Money";
import { useCasesStore } from "./store";
import { useItemName } from "../../ui/itemWords";

export function LiveDrops() {
  const itemName = useItemName();
  const { t } = useTranslation("cases");
  const drops = useCasesStore((s) => s.drops);
  const fresh = useCasesStore((s) => s.fresh);
  return (
    <section className="case-live" aria-labelledby="case-live-title">
      <h2 id="case-live-title" className="case-live__title">
        <span className="case-live__dot" aria-hidden="true" />
        {t("live.title")}
      </h2>
      {drops.length === 0 ? (
        <p className="case-live__empty">{t("live.empty")}</p>
      ) : (
        <ul className="case-live__list" aria-live="polite" aria-label={t("live.title")}>
          {drops.map((d) => (
            <li
              key={d.id}
              className={`case-live__drop${fresh.includes(d.id) ? " case-live__drop--new" : ""}`}
              style={{ "--rarity": d.item.rarity_color } as CSSProperties}
            >
              {/* Named by its content (an aria-label must hold the visible text, axe
                  label-content-name-mismatch); the price and the case are read out after it. */}
              <Link to={`/cases/${d.case.id}`} className="case-live__link" title={`${itemName(d.item.market_hash_name)} · ${formatDollars(d.item.price)}`}>
                <ItemImage name={d.item.market_hash_name} image={d.item.image} rarityColor={d.item.rarity_color} size={64} />
                <span className="case-live__item">{d.item.name}</span>
                <span className="case-live__user participant-name">{d.user.username}</span>
                <span className="sr-only">{t("live.drop_more", { case: d.case.name, price: formatDollars(d.item.price) })}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
