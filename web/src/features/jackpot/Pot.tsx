// The pot (§2, §3 Jackpot game): bank, items, players and the timer of the phase — first (waiting
// for a second player; a single player's items return when the solo deadline passes), second (the
// countdown), spinning, waiting — and the room's rules, shown before anyone bets.
import { useTranslation } from "react-i18next";
import type { JackpotSettingsJson } from "../../../../shared/api/jackpot";
import { Money } from "../../ui/Money";
import { leftMs, phaseAt } from "./state";
import { useJackpotStore } from "./store";
import { useNow } from "./useNow";

const clock = (ms: number) => {
  const s = Math.ceil(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
};

function Timer() {
  const { t } = useTranslation("jackpot");
  const s = useJackpotStore();
  const now = useNow(250);
  const phase = phaseAt(s, now);
  let text: string;
  let fill: number | null = null;
  if (phase === "second") {
    const left = leftMs(s.countdownEndsAt, s.clockOffsetMs, now);
    text = t("timer.countdown", { time: clock(left) });
    fill = s.settings ? Math.min(1, left / s.settings.countdownMs) : null;
  } else if (phase === "first") text = s.soloEndsAt !== null ? t("timer.solo", { time: clock(leftMs(s.soloEndsAt, s.clockOffsetMs, now)) }) : t("timer.first");
  else if (phase === "spinning") text = t("timer.spinning");
  else if (phase === "waiting") text = t("timer.waiting", { time: clock(leftMs(s.draw?.endsAt ?? null, s.clockOffsetMs, now)) });
  else text = t("timer.loading");
  return (
    <div className="jackpot-timer" data-testid="jackpot-timer" data-phase={phase}>
      <span role="timer" aria-live="off">
        {text}
      </span>
      {fill !== null && (
        <span className="jackpot-timer-track" aria-hidden="true">
          <span className="jackpot-timer-bar" style={{ transform: `scaleX(${fill})` }} />
        </span>
      )}
    </div>
  );
}

export function Pot() {
  const { t } = useTranslation("jackpot");
  const bank = useJackpotStore((s) => s.bank);
  const items = useJackpotStore((s) => s.itemsCount);
  const players = useJackpotStore((s) => s.playersCount);
  const settings = useJackpotStore((s) => s.settings);
  return (
    <section className="jackpot-pot" aria-label={t("pot.label")}>
      <div className="jackpot-pot-bank">
        <span className="jackpot-muted">{t("pot.bank")}</span>
        <Money amount={bank} className="jackpot-pot-amount" />
      </div>
      <dl className="jackpot-pot-totals">
        <div>
          <dt>{t("pot.items_label")}</dt>
          <dd data-testid="jackpot-items">{t("pot.items", { count: items })}</dd>
        </div>
        <div>
          <dt>{t("pot.players_label")}</dt>
          <dd data-testid="jackpot-players">{settings ? t("pot.players_of", { count: players, max: settings.maxPlayers }) : players}</dd>
        </div>
      </dl>
      <Timer />
      {settings && <Rules settings={settings} />}
    </section>
  );
}

function Rules({ settings }: { settings: JackpotSettingsJson }) {
  const { t } = useTranslation("jackpot");
  return (
    <dl className="jackpot-rules" aria-label={t("rules.label")} data-testid="jackpot-rules">
      <div>
        <dt>{t("rules.min_bet")}</dt>
        <dd>
          <Money amount={settings.minBet} />
        </dd>
      </div>
      <div>
        <dt>{t("rules.items_per_bet")}</dt>
        <dd>{settings.maxItemsPerBet}</dd>
      </div>
      <div>
        <dt>{t("rules.items_per_player")}</dt>
        <dd>{settings.maxItemsPerPlayer}</dd>
      </div>
      <div>
        <dt>{t("rules.players")}</dt>
        <dd>{settings.maxPlayers}</dd>
      </div>
      <div>
        <dt>{t("rules.timer")}</dt>
        <dd>{t("rules.seconds", { count: Math.round(settings.countdownMs / 1000) })}</dd>
      </div>
      <div>
        <dt>{t("rules.commission")}</dt>
        <dd>{settings.commissionPercent}%</dd>
      </div>
    </dl>
  );
}
