// The draw just seen on the socket, announced once to screen readers (the only live region of the
// panel: the timer is not read out every second).
import { useTranslation } from "react-i18next";
import { formatDollars } from "../../ui/Money";
import { useBonusStore } from "./store";

export function DrawResult() {
  const { t } = useTranslation("bonus");
  const draw = useBonusStore((s) => s.draw);
  return (
    <p className="bonus-draw-result" aria-live="polite" data-testid="bonus-draw-result">
      {draw
        ? draw.winners.length > 0
          ? t("winners.result", { round: draw.roundId, bank: formatDollars(draw.bank) })
          : t("winners.result_none", { round: draw.roundId, carried: formatDollars(draw.carried) })
        : null}
    </p>
  );
}
