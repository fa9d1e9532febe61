// The win notice (§2 Other UI, §9): "Congratulation!" / "You won new item!" with the won item's
// 96 px image, gone after UI.winNoticeMs (ui/WinNotice, shared with crash). A drop worth no more
// than the case cost is shown plainly ("Your drop"): only a real gain is celebrated.
import { useTranslation } from "react-i18next";
import { formatDollars } from "../../ui/Money";
import { useShownWin, WinNoticeCard, WonItem } from "../../ui/WinNotice";
import type { CaseWin } from "./useCaseOpening";

export function WinNotice({ win }: { win: CaseWin | null }) {
  const { t } = useTranslation("cases");
  const [shown, close] = useShownWin(win);
  if (!shown) return null;
  const { item, gain } = shown;
  return (
    <WinNoticeCard title={t(gain ? "win.title" : "win.drop_title")} closeLabel={t("win.close")} onClose={close} testId="cases-win-notice">
      <WonItem line={t(gain ? "win.item" : "win.drop_item")} item={item} />
      <p className="case-win-notice__price">{formatDollars(item.price)}</p>
    </WinNoticeCard>
  );
}
