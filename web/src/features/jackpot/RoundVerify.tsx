// The round page's "verify" block: the draw recomputed in this browser (roundChecks.ts) — public
// hash, winning ticket, the bet that holds it, the chain link — with the formula and the Node
// command (`npm run verify:jackpot`) that checks the same without the site.
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { JackpotRoundJson } from "../../../../shared/api/jackpot";
import { checkRound } from "./roundChecks";

export function RoundVerify({ round, previousSecret }: { round: JackpotRoundJson; previousSecret: string | null }) {
  const { t } = useTranslation("jackpot");
  const check = useMemo(
    () =>
      round.secret
        ? checkRound({
            id: round.id,
            dayOfMonth: round.dayOfMonth,
            publicHash: round.publicHash,
            secret: round.secret,
            salt: round.salt,
            totalTickets: round.totalTickets,
            winningTicket: round.winningTicket,
            winnerId: round.winner?.id ?? null,
            bets: round.bets,
            previousSecret,
          })
        : null,
    [round, previousSecret],
  );
  const command = `npm run verify:jackpot -- --secret ${round.secret ?? "<secret>"} --salt ${round.salt} --tickets ${round.totalTickets} --round ${round.id} --day ${round.dayOfMonth} --public ${round.publicHash}`;
  return (
    <section className="jackpot-verify" aria-labelledby="jackpot-verify-title" data-testid="jackpot-verify">
      <h2 className="jackpot-section-title" id="jackpot-verify-title">
        {t("verify.title")}
      </h2>
      <p>{t("verify.explain")}</p>
      <pre className="formula-block">{'h = keccak256(secret + ":" + salt)\nn = int(h[0..13], 16)      E = 2^52\nticket = floor(n · T / E) + 1'}</pre>
      {check ? (
        <ul className="jackpot-verify-list">
          <Check ok={check.publicHashMatches} label={t("verify.public_hash")} testId="jackpot-verify-public" />
          <Check ok={check.ticketMatches} label={t("verify.ticket", { ticket: check.ticket, total: round.totalTickets })} testId="jackpot-verify-ticket" />
          <Check ok={check.winnerMatches} label={t("verify.winner")} testId="jackpot-verify-winner" />
          <Check ok={check.chainLinkHolds} label={t("verify.chain")} testId="jackpot-verify-chain" />
        </ul>
      ) : (
        <p className="jackpot-muted">{t("verify.cannot")}</p>
      )}
      <p className="jackpot-muted">{t("verify.node")}</p>
      <pre className="formula-block jackpot-verify-command">{command}</pre>
    </section>
  );
}

function Check({ ok, label, testId }: { ok: boolean | null; label: string; testId: string }) {
  const { t } = useTranslation("jackpot");
  const state = ok === null ? "unknown" : ok ? "ok" : "bad";
  return (
    <li className={`jackpot-verify-check is-${state}`} data-testid={testId} data-state={state}>
      <span aria-hidden="true">{ok === null ? "·" : ok ? "✓" : "✗"}</span> {label}
      {ok === null ? <span className="jackpot-muted"> — {t("verify.unknown")}</span> : <span className="sr-only"> — {t(ok ? "verify.ok" : "verify.bad")}</span>}
    </li>
  );
}
