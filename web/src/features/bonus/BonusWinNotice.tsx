// The win popup when this player takes a place of a draw seen live (the bell notification
// bonus_win comes from the server as well); mounted with the app's live sockets, so it shows on
// any screen, panel open or not.
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useSignedInUser } from "../../lib/session/useCurrentUser";
import { formatDollars } from "../../ui/Money";
import { useShownWin, WinNoticeCard } from "../../ui/WinNotice";
import { useBonusStore } from "./store";

export function BonusWinNotice() {
  const { t } = useTranslation("bonus");
  const userId = useSignedInUser()?.id;
  const draw = useBonusStore((s) => s.draw);
  const win = useMemo(() => draw?.winners.find((w) => w.user.id === userId) ?? null, [draw, userId]);
  const [shown, close] = useShownWin(win);
  if (!shown) return null;
  return (
    <WinNoticeCard title={t("win.title")} closeLabel={t("win.close")} onClose={close} testId="bonus-win-notice">
      <p>{t("win.line", { place: shown.place, sum: formatDollars(shown.sum) })}</p>
    </WinNoticeCard>
  );
}
