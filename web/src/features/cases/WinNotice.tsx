// The win notice (§2 Other UI, §9): "Congratulation!" / "You won new item!" with the won item's
// 96 px image, gone after UI.winNoticeMs. Same pattern as the crash feature's own notice. A drop
// worth no more than the case cost is shown plainly ("Your drop"): only a real gain is celebrated.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { UI } from "../../../../shared/constants";
import { ItemImage } from "../../ui/ItemImage";
import { InNoticeStack } from "../../ui/NoticeStack";
import { formatDollars } from "../../ui/Money";
import type { CaseWin } from "./useCaseOpening";

export function WinNotice({ win }: { win: CaseWin | null }) {
  const { t } = useTranslation("cases");
  const [shown, setShown] = useState<CaseWin | null>(null);
  useEffect(() => {
    if (!win) return;
    setShown(win);
    const timer = setTimeout(() => setShown(null), UI.winNoticeMs);
    return () => clearTimeout(timer);
  }, [win]);
  if (!shown) return null;
  const { item, gain } = shown;
  return (
    <InNoticeStack>
      <div className="case-win-notice" role="status" data-testid="cases-win-notice">
        <button type="button" className="case-win-notice__close" onClick={() => setShown(null)} aria-label={t("win.close")}>
          ×
        </button>
        <p className="case-win-notice__title">{t(gain ? "win.title" : "win.drop_title")}</p>
        <p>{t(gain ? "win.item" : "win.drop_item")}</p>
        <ItemImage name={item.market_hash_name} image={item.image} rarityColor={item.rarity_color} size={96} />
        <p className="case-win-notice__name">{item.market_hash_name}</p>
        <p className="case-win-notice__price">{formatDollars(item.price)}</p>
      </div>
    </InNoticeStack>
  );
}
