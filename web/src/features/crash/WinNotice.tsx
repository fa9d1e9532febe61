// The win notice (§2 Other UI): "Congratulation!" / "You won new item!" with the won item and
// the remainder credited to the balance; gone after 5 s. A cash-out that pays back only the
// stake is told plainly ("Cashed out at ×1.10: your stake is back"), not celebrated.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { UI } from "../../../../shared/constants";
import { ItemImage } from "../../ui/ItemImage";
import { InNoticeStack } from "../../ui/NoticeStack";
import { formatDollars } from "../../ui/Money";
import type { LastWin } from "./state";
import { useCrashStore } from "./store";

export function WinNotice() {
  const { t } = useTranslation("crash");
  const lastWin = useCrashStore((s) => s.lastWin);
  const [shown, setShown] = useState<LastWin | null>(null);
  useEffect(() => {
    if (!lastWin) return;
    setShown(lastWin);
    const timer = setTimeout(() => setShown(null), UI.winNoticeMs);
    return () => clearTimeout(timer);
  }, [lastWin]);
  if (!shown) return null;
  return (
    <InNoticeStack>
      <div className="crash-win-notice" role="status" data-testid="crash-win-notice">
        <button type="button" className="crash-win-close" onClick={() => setShown(null)} aria-label={t("win.close")}>
          ×
        </button>
        {/* only a payout above the stake is celebrated; an even cash-out just says what came back */}
        <p className="crash-win-title">{shown.gain ? t("win.title") : t("win.even_title", { multiplier: shown.multiplier.toFixed(2) })}</p>
        {shown.winItem ? (
          <>
            <p>{shown.gain ? t("win.item") : t("win.even_item")}</p>
            <ItemImage name={shown.winItem.market_hash_name} image={shown.winItem.image} rarityColor={shown.winItem.rarity_color} size={96} />
            <p className="crash-win-name">{shown.winItem.market_hash_name}</p>
          </>
        ) : null}
        {shown.remainder > 0 && <p className="crash-win-rest">{t("win.remainder", { amount: formatDollars(shown.remainder) })}</p>}
      </div>
    </InNoticeStack>
  );
}
