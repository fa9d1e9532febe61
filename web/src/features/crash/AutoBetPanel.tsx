// The auto-bet form under the stake amount (docs/games.md "Crash auto-bet"): rounds, stop on profit, stop
// on loss; it repeats the board's amount at the board's auto cash-out. While a run goes it shows
// the round and the net result live; once stopped it says why.
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatCents } from "../../../../shared/money";
import { parseAmount } from "../../lib/amount";
import { AUTO_BET, autoConfigIssue, isRunning, startRun, stop } from "./autoBet";
import { formatMultiplier } from "./multipliers";
import { useAutoBetStore } from "./useAutoBet";

interface Props {
  /** the board's stake amount, cents (0: none) */
  stakeCents: number;
  /** the board's chosen auto cash-out */
  target: number;
  /** the board cannot bet at all (maintenance, offline): nothing to start */
  blocked: boolean;
  /** the player's balance, cents: with none the form is not offered (the board offers Deposit) */
  balanceCents: number;
}

/** "" → null (no limit); a typed amount → cents; anything else → undefined (not valid). */
function limitCents(text: string): number | null | undefined {
  if (text.trim() === "") return null;
  const cents = parseAmount(text);
  return cents !== null && cents > 0 ? cents : undefined;
}

const signed = (cents: number) => `${cents > 0 ? "+" : cents < 0 ? "−" : ""}$${formatCents(Math.abs(cents))}`;

export function AutoBetPanel({ stakeCents, target, blocked, balanceCents }: Props) {
  const { t } = useTranslation("crash");
  const id = useId();
  const run = useAutoBetStore((s) => s.run);
  const setRun = useAutoBetStore((s) => s.setRun);
  const [open, setOpen] = useState(false);
  const [rounds, setRounds] = useState(String(AUTO_BET.defaultRounds));
  const [profit, setProfit] = useState("");
  const [loss, setLoss] = useState("");
  const running = isRunning(run);

  const roundsNumber = /^\d{1,4}$/.test(rounds.trim()) ? Number(rounds.trim()) : Number.NaN;
  const stopProfitCents = limitCents(profit);
  const stopLossCents = limitCents(loss);
  const issue =
    autoConfigIssue({ rounds: roundsNumber, stakeCents, target }) ?? (stopProfitCents === undefined || stopLossCents === undefined ? "limit" : null);
  const canStart = !running && !blocked && issue === null;
  if (!running && run === null && balanceCents === 0) return null;

  const onStart = () => {
    if (!canStart || stopProfitCents === undefined || stopLossCents === undefined) return;
    setRun(startRun({ rounds: roundsNumber, stakeCents, target, stopProfitCents, stopLossCents }));
  };

  return (
    <div className="crash-auto" data-testid="crash-auto">
      <button type="button" className="crash-auto__toggle" aria-expanded={open || running} aria-controls={`${id}-panel`} onClick={() => setOpen(!open)}>
        {t("auto.title")}
        {running ? <span className="crash-auto__badge">{t("auto.on")}</span> : null}
      </button>
      {open || running ? (
        <div id={`${id}-panel`} className="crash-auto__panel">
          <p className="crash-auto__explain">{t("auto.explain", { amount: formatCents(stakeCents), target: formatMultiplier(target) })}</p>
          <div className="crash-auto__fields">
            <label className="crash-auto__field">
              <span>{t("auto.rounds")}</span>
              <input type="text" inputMode="numeric" value={rounds} disabled={running} onChange={(e) => setRounds(e.target.value)} />
            </label>
            <label className="crash-auto__field">
              <span>{t("auto.stop_profit")}</span>
              <input
                type="text"
                inputMode="decimal"
                placeholder={t("auto.no_limit")}
                value={profit}
                disabled={running}
                onChange={(e) => setProfit(e.target.value)}
              />
            </label>
            <label className="crash-auto__field">
              <span>{t("auto.stop_loss")}</span>
              <input
                type="text"
                inputMode="decimal"
                placeholder={t("auto.no_limit")}
                value={loss}
                disabled={running}
                onChange={(e) => setLoss(e.target.value)}
              />
            </label>
          </div>
          {running ? (
            <button type="button" className="button crash-auto__stop" onClick={() => setRun(stop(run, "user"))}>
              {t("auto.stop")}
            </button>
          ) : (
            <button
              type="button"
              className="button button-primary crash-auto__start"
              disabled={!canStart}
              aria-describedby={issue ? `${id}-issue` : undefined}
              onClick={onStart}
            >
              {t("auto.start")}
            </button>
          )}
          {!running && issue ? (
            <p id={`${id}-issue`} className="crash-auto__issue">
              {t(`auto.issue.${issue}`)}
            </p>
          ) : null}
          {run ? (
            <p className="crash-auto__status" role="status" data-testid="crash-auto-status" data-stopped={run.stopped ?? undefined}>
              {t("auto.progress", { played: run.played, count: run.config.rounds, net: signed(run.netCents) })}
              {run.stopped ? ` ${t(`auto.stopped.${run.stopped}`)}` : ""}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
