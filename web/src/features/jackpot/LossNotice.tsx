// A lost round says so (docs/api.md "Interface conventions"), as a win does: when the spinner stops on
// another player, the player who staked in the round sees what the round took and who won it.
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { toCents, toDollars } from "../../../../shared/money";
import { formatDollars } from "../../ui/Money";
import { useShownWin, WinNoticeCard } from "../../ui/WinNotice";
import { phaseAt } from "./state";
import { useJackpotStore } from "./store";
import { useNow } from "./useNow";

export function LossNotice({ selfId }: { selfId: number | null }) {
  const { t } = useTranslation("jackpot");
  const status = useJackpotStore((s) => s.status);
  const draw = useJackpotStore((s) => s.draw);
  const bets = useJackpotStore((s) => s.selfBets);
  const clockOffsetMs = useJackpotStore((s) => s.clockOffsetMs);
  const now = useNow(200, draw !== null);
  const stopped = draw !== null && phaseAt({ status, draw, clockOffsetMs }, now) === "waiting";
  const lostCents = selfId === null ? 0 : bets.reduce((sum, b) => sum + (b.user.id === selfId ? toCents(b.price) : 0), 0);
  const roundId = draw?.roundId;
  const winner = draw?.winner.username ?? "";
  const lost = stopped && draw.winner.id !== selfId && lostCents > 0;
  // one notice per round: a new object only when the round or the amount changes
  const loss = useMemo(() => (lost && roundId !== undefined ? { roundId, lost: toDollars(lostCents), winner } : null), [lost, roundId, lostCents, winner]);
  const [shown, close] = useShownWin(loss);
  if (!shown) return null;
  return (
    <WinNoticeCard title={t("loss.title")} closeLabel={t("loss.close")} onClose={close} testId="jackpot-loss-notice" className="win-notice--loss">
      <p>{t("loss.text", { amount: formatDollars(shown.lost), winner: shown.winner })}</p>
    </WinNoticeCard>
  );
}
