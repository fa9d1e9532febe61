// The win popup (§2 Other UI) when the player's colour lands: the win item and the remainder
// credited to the balance; gone after 5 s (ui/WinNotice, as crash and cases).
import { useTranslation } from "react-i18next";
import { formatDollars } from "../../ui/Money";
import { useShownWin, WinNoticeCard, WonItem } from "../../ui/WinNotice";
import { useWheelStore } from "./store";

export function WinNotice() {
  const { t } = useTranslation("wheel");
  const [shown, close] = useShownWin(useWheelStore((s) => s.lastWin));
  if (!shown) return null;
  return (
    <WinNoticeCard title={t("win.title")} closeLabel={t("win.close")} onClose={close} testId="wheel-win-notice">
      <p>{t("win.line", { colour: t(`colours.${shown.colour}`), multiplier: shown.multiplier, amount: formatDollars(shown.win) })}</p>
      {shown.winItem ? <WonItem line={t("win.item")} item={shown.winItem} /> : null}
      {shown.remainder > 0 && <p className="wheel-win-rest">{t("win.remainder", { amount: formatDollars(shown.remainder) })}</p>}
    </WinNoticeCard>
  );
}
