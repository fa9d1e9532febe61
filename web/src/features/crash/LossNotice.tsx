// A lost round says so (docs/api.md "Interface conventions"), as a win does: the stake the crash took,
// in the same notice stack, gone after 5 s.
import { useTranslation } from "react-i18next";
import { formatDollars } from "../../ui/Money";
import { useShownWin, WinNoticeCard } from "../../ui/WinNotice";
import { useCrashStore } from "./store";

export function LossNotice() {
  const { t } = useTranslation("crash");
  const [shown, close] = useShownWin(useCrashStore((s) => s.lastLoss));
  if (!shown) return null;
  return (
    <WinNoticeCard title={t("loss.title")} closeLabel={t("win.close")} onClose={close} testId="crash-loss-notice" className="win-notice--loss">
      <p className="crash-win-rest">{t("loss.text", { count: shown.count, amount: formatDollars(shown.lost) })}</p>
    </WinNoticeCard>
  );
}
