// Mode bar (§2): Crash, Jackpot, Wheel (each with its bank), Cases, and the Bonus button with its
// bank and a filling scale (bank under the minimum) or the countdown to the draw (at the minimum). A left rail on
// desktop, a bottom bar on mobile (where it also opens the chat).
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import { CasesIcon, ChatIcon, CrashIcon, GiftIcon, JackpotIcon, WheelIcon } from "../ui/icons";
import { formatDollars } from "../ui/Money";
import { useBanksStore } from "../lib/banksStore";
import { countdownText, useBonusMeter } from "../lib/bonusClock";
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

function BonusButton() {
  const { t } = useTranslation("layout");
  const bank = useBanksStore((s) => s.bonus.bank);
  const open = useUiStore((s) => s.panels.bonus);
  const togglePanel = useUiStore((s) => s.togglePanel);
  const meter = useBonusMeter();
  const timeText = meter.kind === "timer" ? countdownText(meter, t("bonus.days_short")) : "";
  return (
    <button type="button" className="mode-link mode-bonus" onClick={() => togglePanel("bonus")} aria-expanded={open} data-testid="mode-bonus">
      <span className="mode-icon">
        <GiftIcon />
      </span>
      <span className="mode-label">{t("modes.bonus")}</span>
      <span className="mode-bank">{formatDollars(bank)}</span>
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
