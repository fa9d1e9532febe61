// The win notice (§2 Other UI): "Congratulation!" / "You won new item!" with the won item and
// the remainder credited to the balance; gone after 5 s (ui/WinNotice, shared with cases). A
// cash-out that pays back only the stake is told plainly ("Cashed out at ×1.10: your stake is
// back"), not celebrated.
import { useTranslation } from "react-i18next";
import { formatDollars } from "../../ui/Money";
import { useShownWin, WinNoticeCard, WonItem } from "../../ui/WinNotice";
import { useCrashStore } from "./store";

export function WinNotice() {
  const { t } = useTranslation("crash");
  const [shown, close] = useShownWin(useCrashStore((s) => s.lastWin));
  if (!shown) return null;
  return (
    <WinNoticeCard
      // only a payout above the stake is celebrated; an even cash-out just says what came back
      title={shown.gain ? t("win.title") : t("win.even_title", { multiplier: shown.multiplier.toFixed(2) })}
      closeLabel={t("win.close")}
      onClose={close}
      testId="crash-win-notice"
    >
      {shown.winItem ? <WonItem line={shown.gain ? t("win.item") : t("win.even_item")} item={shown.winItem} /> : null}
      {shown.remainder > 0 && <p className="crash-win-rest">{t("win.remainder", { amount: formatDollars(shown.remainder) })}</p>}
    </WinNoticeCard>
  );
}
