// The panel's bank with its countdown, or the filling scale with the bank that starts the timer.
// No aria-live here: a timer read out every second is noise (the draw result is announced).
import { useTranslation } from "react-i18next";
import { useBanksStore } from "../../lib/banksStore";
import { countdownText, useBonusMeter } from "../../lib/bonusClock";
import { formatDollars } from "../../ui/Money";

export function BonusMeterView() {
  const { t } = useTranslation("bonus");
  const { t: tLayout } = useTranslation("layout");
  const bank = useBanksStore((s) => s.bonus.bank);
  const minBank = useBanksStore((s) => s.bonus.minBank);
  const meter = useBonusMeter();
  return (
    <div className="bonus-bank" data-testid="bonus-bank">
      <span className="bonus-bank-label">{t("bank")}</span>
      <strong className="bonus-bank-sum">{formatDollars(bank)}</strong>
      {meter.kind === "scale" ? (
        <>
          <span
            className="bonus-panel-scale"
            role="progressbar"
            aria-label={t("filling", { bank: formatDollars(bank), min: formatDollars(minBank) })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(meter.fill * 100)}
          >
            <span className="bonus-scale-fill" style={{ width: `${meter.fill * 100}%` }} />
          </span>
          <span className="bonus-muted">{t("filling_hint", { min: formatDollars(minBank) })}</span>
        </>
      ) : meter.ended ? (
        <span className="bonus-panel-timer">{t("drawing")}</span>
      ) : (
        <span className="bonus-panel-timer" role="timer" data-testid="bonus-timer">
          {t("draw_in")} <span className="bonus-panel-clock">{countdownText(meter, tLayout("bonus.days_short"))}</span>
        </span>
      )}
    </div>
  );
}
