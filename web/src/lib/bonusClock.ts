// The bonus pool's meter as the mode bar's button and the bonus panel show it: the filling scale
// or the countdown on the server's clock, ticking once a second only while there is time left.
import { useEffect, useState } from "react";
import { UI } from "../../../shared/constants";
import { type BonusMeter, bonusMeter, useBanksStore } from "./banksStore";

const pad = (n: number) => String(n).padStart(2, "0");

/** "1d 02:03:04" / "02:03:04" (daysShort: the language's "d"). */
export function countdownText(meter: Extract<BonusMeter, { kind: "timer" }>, daysShort: string): string {
  const days = meter.days > 0 ? `${meter.days}${daysShort} ` : "";
  return `${days}${pad(meter.hours)}:${pad(meter.minutes)}:${pad(meter.seconds)}`;
}

/** The meter now; re-renders every second until the end time passes (never without one). */
export function useBonusMeter(): BonusMeter {
  const bonus = useBanksStore((s) => s.bonus);
  const serverNow = () => Date.now() + bonus.clockOffsetMs;
  const [now, setNow] = useState(serverNow);
  const ticking = bonus.bank >= bonus.minBank && bonus.endTime !== null && bonus.endTime > now;
  useEffect(() => {
    setNow(Date.now() + bonus.clockOffsetMs);
    if (!ticking) return;
    const id = setInterval(() => setNow(Date.now() + bonus.clockOffsetMs), UI.timerTickMs);
    return () => clearInterval(id);
  }, [ticking, bonus.clockOffsetMs]);
  return bonusMeter(bonus.bank, bonus.endTime, now, bonus.minBank);
}
