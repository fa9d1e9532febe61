// A lost round says so (docs/api.md "Interface conventions"), as a win does: the colour the wheel
// stopped on and the stake it took, in the notice stack, gone after 5 s.
import { useTranslation } from "react-i18next";
import { formatDollars } from "../../ui/Money";
import { useShownWin, WinNoticeCard } from "../../ui/WinNotice";
import { useWheelStore } from "./store";

export function LossNotice() {
  const { t } = useTranslation("wheel");
  const [shown, close] = useShownWin(useWheelStore((s) => s.lastLoss));
  if (!shown) return null;
  return (
    <WinNoticeCard title={t("loss.title")} closeLabel={t("loss.close")} onClose={close} testId="wheel-loss-notice" className="win-notice--loss">
      <p>{t("loss.text", { count: shown.count, colour: t(`colours.${shown.colour}`), amount: formatDollars(shown.lost) })}</p>
    </WinNoticeCard>
  );
}
