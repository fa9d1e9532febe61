// Joining: the conditions with the player's progress and the Join button, closed with its reason
// in words (joinState.ts) — sign in, deposit (the deposit dialog), already in, no tournament.
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { RankedJson, TournamentJson } from "../../../../shared/api/tournaments";
import { useSignedInUser } from "../../lib/session/useCurrentUser";
import { useUiStore } from "../../lib/uiStore";
import { DepositButton } from "../../ui/DepositButton";
import { formatDollars } from "../../ui/Money";
import { joinBlock } from "./joinState";
import { useConditions, useJoinTournament } from "./queries";

interface JoinCardProps {
  /** the running tournament (null: none runs) */
  running: TournamentJson | null;
  me: RankedJson | null;
  ending: boolean;
}

export function JoinCard({ running, me, ending }: JoinCardProps) {
  const { t } = useTranslation("tournament");
  const user = useSignedInUser();
  const asking = user !== null && running !== null;
  const conditions = useConditions(asking);
  const join = useJoinTournament();
  // a deposit moves the balance (hub updateBalance): the deposit condition is read again
  const balance = user?.balance;
  const seenBalance = useRef(balance);
  const { refetch } = conditions;
  useEffect(() => {
    if (seenBalance.current !== undefined && balance !== seenBalance.current && asking) void refetch();
    seenBalance.current = balance;
  }, [balance, asking, refetch]);
  const openModal = useUiStore((s) => s.openModal);
  const own = conditions.data?.tournament_id === running?.id ? conditions.data?.conditions : undefined;
  const block = joinBlock({
    runningId: running?.id ?? null,
    ended: ending,
    signedIn: user !== null,
    joined: me !== null || own?.member.is_completed === true,
    minPayment: own ? own.min_payment : null,
    pending: join.isPending,
  });
  const minPayment = own?.min_payment;
  const left = minPayment ? Math.max(0, minPayment.required - minPayment.total) : 0;

  return (
    <section className="tournament-card tournament-join" aria-labelledby="tournament-join-title" data-testid="tournament-join">
      <h2 id="tournament-join-title">{t("conditions_title")}</h2>
      <ul className="tournament-conditions">
        <Condition done={block === "joined"} text={t("condition_member")} />
        {running && running.min_payment > 0 ? (
          <Condition
            done={minPayment?.is_completed === true}
            text={
              // the player's own progress once known; a visitor sees the rule alone
              minPayment
                ? t("condition_min_payment", { total: formatDollars(minPayment.total), required: formatDollars(running.min_payment) })
                : t("condition_min_payment_plain", { required: formatDollars(running.min_payment) })
            }
            progress={minPayment ? { value: Math.min(minPayment.total, minPayment.required), max: minPayment.required } : undefined}
          />
        ) : null}
      </ul>
      <div className="tournament-join__action">
        {block === "visitor" ? (
          <button type="button" className="button button-primary" onClick={() => openModal("login")} aria-describedby="tournament-join-reason">
            {t("sign_in")}
          </button>
        ) : block === "deposit" ? (
          <DepositButton />
        ) : (
          <button
            type="button"
            className="button button-primary"
            disabled={block !== null}
            aria-busy={join.isPending}
            aria-describedby={block ? "tournament-join-reason" : undefined}
            onClick={() => running && join.mutate(running.id)}
            data-testid="tournament-join-button"
          >
            {block === "joined" ? t("joined") : block === "pending" ? t("joining") : t("join")}
          </button>
        )}
        {block ? (
          <p id="tournament-join-reason" className="tournament-join__reason" data-testid="tournament-join-reason">
            {t(`reason.${block}`, { left: formatDollars(left) })}
          </p>
        ) : null}
      </div>
    </section>
  );
}

function Condition({ done, text, progress }: { done: boolean; text: string; progress?: { value: number; max: number } }) {
  const { t } = useTranslation("tournament");
  return (
    <li className={`tournament-condition${done ? " is-done" : ""}`}>
      <span className="tournament-condition__mark" aria-hidden="true">
        {done ? "✓" : "•"}
      </span>
      <span className="tournament-condition__text">
        {text}
        <span className="sr-only"> — {done ? t("condition_done") : t("condition_open")}</span>
      </span>
      {progress ? <progress className="tournament-condition__bar" value={progress.value} max={progress.max} aria-label={text} /> : null}
    </li>
  );
}
