// Mode bar (§2): Crash, Jackpot, Wheel (each with its bank), Cases, and the Bonus button with its
// bank and a filling scale (bank < 1) or the countdown to the draw (bank ≥ 1). A left rail on
// desktop, a bottom bar on mobile (where it also opens the chat).
import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import { UI } from "../../../shared/constants";
import { CasesIcon, ChatIcon, CrashIcon, GiftIcon, JackpotIcon, WheelIcon } from "../ui/icons";
import { formatDollars } from "../ui/Money";
import { bonusMeter, useBanksStore } from "../lib/banksStore";
import { Toolbar } from "./Toolbar";
import { useUiStore } from "../lib/uiStore";

function ModeLink({ to, label, icon, bank, end }: { to: string; label: string; icon: ReactNode; bank?: number; end?: boolean }) {
  return (
    <NavLink to={to} end={end} className="mode-link">
      <span className="mode-icon">{icon}</span>
      <span className="mode-label">{label}</span>
      {bank !== undefined ? <span className="mode-bank">{formatDollars(bank)}</span> : null}
    </NavLink>
  );
}

export function ModeBar() {
  const { t } = useTranslation("layout");
  const crash = useBanksStore((s) => s.crash);
  const jackpot = useBanksStore((s) => s.jackpot);
  const wheel = useBanksStore((s) => s.wheel);
  const togglePanel = useUiStore((s) => s.togglePanel);
  const chatOpen = useUiStore((s) => s.panels.chatMobile);
  return (
    <nav className="mode-bar" aria-label={t("modes.label")}>
      <ModeLink to="/" end label={t("modes.crash")} icon={<CrashIcon />} bank={crash} />
      <ModeLink to="/jackpot" label={t("modes.jackpot")} icon={<JackpotIcon />} bank={jackpot} />
      <ModeLink to="/wheel" label={t("modes.wheel")} icon={<WheelIcon />} bank={wheel} />
      <ModeLink to="/cases" label={t("modes.cases")} icon={<CasesIcon />} />
      <BonusButton />
      <button type="button" className="mode-link mode-chat" onClick={() => togglePanel("chatMobile")} aria-expanded={chatOpen}>
        <span className="mode-icon">
          <ChatIcon />
        </span>
        <span className="mode-label">{t("modes.chat")}</span>
      </button>
      <Toolbar className="mode-bar-toolbar" />
    </nav>
  );
}

function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const id = setInterval(() => setNow(Date.now()), UI.timerTickMs);
    return () => clearInterval(id);
  }, [active]);
  return now;
}

const pad = (n: number) => String(n).padStart(2, "0");

function BonusButton() {
  const { t } = useTranslation("layout");
  const bonus = useBanksStore((s) => s.bonus);
  const open = useUiStore((s) => s.panels.bonus);
  const togglePanel = useUiStore((s) => s.togglePanel);
  const now = useNow(bonus.bank >= 1 && bonus.endTime !== null) + bonus.clockOffsetMs;
  const meter = bonusMeter(bonus.bank, bonus.endTime, now);
  const timeText =
    meter.kind === "timer"
      ? `${meter.days > 0 ? `${meter.days}${t("bonus.days_short")} ` : ""}${pad(meter.hours)}:${pad(meter.minutes)}:${pad(meter.seconds)}`
      : "";
  return (
    <button type="button" className="mode-link mode-bonus" onClick={() => togglePanel("bonus")} aria-expanded={open}>
      <span className="mode-icon">
        <GiftIcon />
      </span>
      <span className="mode-label">{t("modes.bonus")}</span>
      <span className="mode-bank">{formatDollars(bonus.bank)}</span>
      {meter.kind === "scale" ? (
        <span
          className="bonus-scale"
          role="progressbar"
          aria-label={t("bonus.scale")}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(meter.fill * 100)}
        >
          <span className="bonus-scale-fill" style={{ width: `${meter.fill * 100}%` }} />
        </span>
      ) : (
        <span className="bonus-timer" role="timer" aria-label={t("bonus.timer", { time: timeText })}>
          {timeText}
        </span>
      )}
    </button>
  );
}
