// The winner banner (§4: the result phase follows the spinner, at end time − 5 s): winner, chance,
// winning ticket and the bank won, announced to screen readers (aria-live). Outside the result
// phase the same live region shows the previous round's winner.
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDollars } from "../../ui/Money";
import { UserAvatar } from "../../ui/UserAvatar";
import { ChanceText } from "./AvatarSpinner";
import { phaseAt } from "./state";
import { useJackpotStore } from "./store";
import { useNow } from "./useNow";

export function WinnerBanner({ selfId }: { selfId: number | null }) {
  const { t } = useTranslation("jackpot");
  const status = useJackpotStore((s) => s.status);
  const draw = useJackpotStore((s) => s.draw);
  const clockOffsetMs = useJackpotStore((s) => s.clockOffsetMs);
  const last = useJackpotStore((s) => s.lastWinner);
  const now = useNow(200, draw !== null);
  const shown = draw && phaseAt({ status, draw, clockOffsetMs }, now) === "waiting" ? draw : null;
  return (
    <div className="jackpot-winner-region" role="status" aria-live="polite" aria-atomic="true">
      {shown ? (
        <div className={`jackpot-winner${shown.winner.id === selfId ? " is-self" : ""}`} data-testid="jackpot-winner" data-user-id={shown.winner.id}>
          <UserAvatar userId={shown.winner.id} avatar={shown.winner.avatar} username={shown.winner.username} size={56} />
          <div className="jackpot-winner-text">
            <p className="jackpot-winner-title">{shown.winner.id === selfId ? t("winner.you") : t("winner.title")}</p>
            <p className="participant-name jackpot-winner-name">{shown.winner.username}</p>
            <p className="jackpot-winner-facts">
              {t("winner.won", { amount: formatDollars(shown.win) })} · {t("winner.chance")} <ChanceText chance={shown.chance} /> ·{" "}
              {t("winner.ticket", { ticket: shown.winningTicket, total: shown.totalTickets })}
            </p>
            <Link to={`/jackpot/${shown.roundId}`}>{t("winner.round", { id: shown.roundId })}</Link>
          </div>
        </div>
      ) : last ? (
        <p className="jackpot-last-winner" data-testid="jackpot-last-winner">
          {t("winner.last")} <span className="participant-name">{last.user.username}</span> · {formatDollars(last.bank)} · <ChanceText chance={last.chance} /> ·{" "}
          <Link to={`/jackpot/${last.roundId}`}>{t("winner.round", { id: last.roundId })}</Link>
        </p>
      ) : null}
    </div>
  );
}
