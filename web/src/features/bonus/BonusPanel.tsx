// The bonus panel (§3 Bonus): the bank with its timer or filling scale, the participants, the
// join conditions with the player's progress, the Join button, the last winners and the round's
// public hash. The live parts come from /ws/bonus (connected by the app on every screen).
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useBanksStore } from "../../lib/banksStore";
import { useBonusMeter } from "../../lib/bonusClock";
import { useSignedInUser } from "../../lib/session/useCurrentUser";
import { Conditions } from "./Conditions";
import { DrawResult } from "./DrawResult";
import { JoinArea } from "./JoinArea";
import { joinBlock } from "./joinBlock";
import { BonusMeterView } from "./BonusMeterView";
import { bonusConditionsKey, useBonusConditions } from "./queries";
import { useBonusStore } from "./store";
import { Winners } from "./Winners";
import "./bonus.css";

export function BonusPanel() {
  const { t } = useTranslation("bonus");
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const conditions = useBonusConditions(user?.id ?? null);
  const liveRound = useBonusStore((s) => s.round);
  const joinedLive = useBonusStore((s) => s.joined);
  const lastWinners = useBonusStore((s) => s.lastWinners);
  const endTime = useBanksStore((s) => s.bonus.endTime);
  const minBank = useBanksStore((s) => s.bonus.minBank);
  // re-renders every second while the timer runs: Join closes when it reaches zero
  const meter = useBonusMeter();
  const timer = meter.kind === "scale" || endTime === null ? "none" : meter.ended ? "ended" : "running";
  const round = liveRound ?? conditions.data?.round ?? null;
  const roundId = round?.round_id;
  // a new round while the panel is open: "participating" is the server's again (a sign-in changes the query's key)
  const seenRound = useRef(roundId);
  useEffect(() => {
    if (seenRound.current !== undefined && roundId !== seenRound.current) void queryClient.invalidateQueries({ queryKey: bonusConditionsKey });
    seenRound.current = roundId;
  }, [roundId, queryClient]);
  const answer = conditions.data;
  const joined = joinedLive || (!!answer?.participating && answer.round.round_id === roundId);
  const block = joinBlock({ signedIn: !!user, joined, conditions: answer?.conditions ?? null, timer });
  return (
    <div className="bonus-panel" data-testid="bonus-panel">
      <BonusMeterView />
      <p className="bonus-participants" data-testid="bonus-participants">
        {t("participants", { count: round?.participants ?? 0 })}
      </p>
      <p className="bonus-muted">{t("about")}</p>
      <section className="bonus-block" aria-labelledby="bonus-conditions-title">
        <h3 id="bonus-conditions-title" className="bonus-block-title">
          {t("conditions.title")}
        </h3>
        {answer ? <Conditions conditions={answer.conditions} /> : user ? null : <p className="bonus-muted">{t("conditions.sign_in")}</p>}
        {conditions.isError ? <p className="bonus-muted">{t("load_failed")}</p> : null}
        <JoinArea block={block} conditions={answer?.conditions ?? null} minBank={minBank} />
      </section>
      <DrawResult />
      <Winners winners={lastWinners} />
      {round ? (
        <p className="bonus-hash">
          <span>{t("hash", { round: round.round_id })}</span> <code>{round.public_hash}</code> <Link to="/provably-fair#bonus">{t("verify")}</Link>
        </p>
      ) : null}
    </div>
  );
}
