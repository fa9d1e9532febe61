// The d/h/m/s countdown to the end, on the server's clock (clock.ts), ticking every second; at
// zero it says so once (`onZero`) and shows "counting the results" until the payout arrives.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { UI } from "../../../../shared/constants";
import { remainingUntil } from "./clock";

const two = (n: number) => String(n).padStart(2, "0");

export function Countdown({ endTime, offset, onZero }: { endTime: number; offset: number; onZero(): void }) {
  const { t } = useTranslation("tournament");
  const [now, setNow] = useState(() => Date.now());
  const left = remainingUntil(endTime, now, offset);
  const over = left === null;
  useEffect(() => {
    if (over) return;
    const id = setInterval(() => setNow(Date.now()), UI.timerTickMs);
    return () => clearInterval(id);
  }, [over]);
  useEffect(() => {
    if (over) onZero();
  }, [over, onZero]);

  if (!left) {
    return (
      <p className="tournament-countdown tournament-countdown--over" role="status" data-testid="tournament-countdown">
        {t("ending")}
      </p>
    );
  }
  const parts = [
    [left.days, t("unit.d")],
    [left.hours, t("unit.h")],
    [left.minutes, t("unit.m")],
    [left.seconds, t("unit.s")],
  ] as const;
  return (
    <div className="tournament-countdown" data-testid="tournament-countdown">
      <span className="tournament-countdown__label">{t("ends_in")}</span>
      {/* read as one sentence; the ticking digits are not announced every second */}
      <span className="sr-only">{t("countdown_label", { ...left })}</span>
      <span className="tournament-countdown__parts" aria-hidden="true">
        {parts.map(([value, unit], i) => (
          <span key={unit} className="tournament-countdown__part">
            <strong>{i === 0 ? value : two(value)}</strong>
            <small>{unit}</small>
          </span>
        ))}
      </span>
    </div>
  );
}
