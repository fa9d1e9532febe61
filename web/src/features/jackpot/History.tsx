// The level's last rounds (§2): winner, chance, bank and winning ticket, each linking to its round
// page (/jackpot/:id) with the verification. A refunded round (a single player) says so.
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { EmptyState } from "../../ui/EmptyState";
import { Money } from "../../ui/Money";
import { UserAvatar } from "../../ui/UserAvatar";
import { ChanceText } from "./AvatarSpinner";
import { useJackpotStore } from "./store";

export function History() {
  const { t } = useTranslation("jackpot");
  const history = useJackpotStore((s) => s.history);
  const loading = useJackpotStore((s) => s.status === null);
  return (
    <section className="jackpot-history" aria-labelledby="jackpot-history-title">
      <h2 className="jackpot-section-title" id="jackpot-history-title">
        {t("history.title")}
      </h2>
      {history.length === 0 ? (
        <EmptyState title={loading ? t("history.loading") : t("history.empty")} />
      ) : (
        <ol className="jackpot-history-list" data-testid="jackpot-history">
          {history.map((h) => (
            <li key={h.id} className="jackpot-history-row">
              <Link to={`/jackpot/${h.id}`} className="jackpot-history-id">
                {t("history.round", { id: h.id })}
              </Link>
              {h.winner ? (
                <span className="jackpot-history-winner">
                  <UserAvatar userId={h.winner.id} avatar={h.winner.avatar} username={h.winner.username} size={24} />
                  <span className="participant-name">{h.winner.username}</span>
                </span>
              ) : (
                <span className="jackpot-muted">{t("history.refunded")}</span>
              )}
              <Money amount={h.bank} />
              <span className="jackpot-history-facts">
                {h.chance !== null && <ChanceText chance={h.chance} />}
                {h.winningTicket !== null && <span>{t("history.ticket", { ticket: h.winningTicket })}</span>}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
