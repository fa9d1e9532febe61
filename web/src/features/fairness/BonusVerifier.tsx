// /provably-fair, the Bonus part: how a bonus draw follows from the round's secret, the published
// salt and the participants in join order, and a form that fetches a drawn round (POST
// /api/jackpot-bonus/round) and recomputes its hash, winners and sums in this browser.
import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { bonusCalls } from "../../../../shared/api/bonus";
import { toDollars } from "../../../../shared/money";
import { api, failureKey } from "../../lib/api";
import { useConfig } from "../../lib/config";
import { displayMessage } from "../../lib/i18n";
import { formatDollars } from "../../ui/Money";
import { verifyBonusRound } from "./bonusCheck";

function Check({ ok, yes, no, testId }: { ok: boolean | null; yes: string; no: string; testId: string }) {
  if (ok === null) return null;
  return (
    <p className={ok ? "fair-ok" : "fair-bad"} data-testid={testId}>
      {ok ? yes : no}
    </p>
  );
}

export function BonusVerifier() {
  const { t } = useTranslation("fairness");
  const { t: tCommon } = useTranslation();
  const config = useConfig().data;
  const [roundId, setRoundId] = useState("");
  const [invalid, setInvalid] = useState(false);
  const sectionRef = useRef<HTMLElement>(null);
  // /provably-fair#bonus (the bonus panel links here): after the layout's scroll-to-top
  useEffect(() => {
    if (window.location.hash !== "#bonus") return;
    const frame = requestAnimationFrame(() => sectionRef.current?.scrollIntoView());
    return () => cancelAnimationFrame(frame);
  }, []);
  const fetchRound = useMutation({ mutationFn: (id: number) => api(bonusCalls.round, { id }).then((a) => a.round) });
  const round = fetchRound.data ?? null;
  const verdict = round ? verifyBonusRound(round, config?.bonus_salt ?? null) : null;
  const failure = fetchRound.error ? failureKey(fetchRound.error, "bonus_api.round_not_found") : null;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const id = /^\d{1,9}$/.test(roundId.trim()) ? Number(roundId.trim()) : 0;
    setInvalid(id < 1);
    if (id >= 1) fetchRound.mutate(id);
  };

  return (
    <section ref={sectionRef} className="fair-form-section" id="bonus" aria-labelledby="fair-bonus-title" data-testid="fair-bonus">
      <h2 id="fair-bonus-title">{t("bonus.title")}</h2>
      <p>{t("bonus.text")}</p>
      <pre className="formula-block fair-formula">
        {
          'public_hash = keccak256(secret + ":" + round_id + ":" + day_of_month)\nn_p = int(keccak256(secret + ":" + salt + ":" + p)[0..13], 16)      p = 1, 2, 3\nwinner_p = left[floor(n_p · m / 2^52)]      (m participants not drawn yet, join order)\nsums: 50 % / 25 % / 25 % of the bank, odd cents to place 1'
        }
      </pre>
      <p>{t("bonus.carry")}</p>
      <dl className="fair-published">
        <div>
          <dt>{t("published.terminal")}</dt>
          <dd>
            <code data-testid="fair-bonus-terminal">{config?.bonus_terminal_hash ?? t("published.unknown")}</code>
          </dd>
        </div>
        <div>
          <dt>{t("published.salt")}</dt>
          <dd>
            <code data-testid="fair-bonus-salt">{config?.bonus_salt ?? t("published.unknown")}</code>
          </dd>
        </div>
      </dl>
      <p>{t("bonus.script")}</p>
      <pre className="formula-block fair-formula">npm run verify:bonus -- --round-json &lt;file&gt;</pre>
      <h3>{t("bonus.form_title")}</h3>
      <form className="fair-form" onSubmit={submit} noValidate>
        <label className={`fair-field${invalid ? " has-error" : ""}`}>
          <span>{t("form.roundId")}</span>
          <input
            name="bonus-roundId"
            value={roundId}
            onChange={(e) => setRoundId(e.target.value)}
            inputMode="numeric"
            autoComplete="off"
            aria-invalid={invalid}
          />
          {invalid && <span className="fair-error">{t("form.invalid.roundId")}</span>}
        </label>
        <button type="submit" className="button button-primary" data-testid="fair-bonus-verify" disabled={fetchRound.isPending}>
          {t("form.verify")}
        </button>
      </form>
      {failure ? (
        <p className="fair-bad" role="status">
          {displayMessage(failure, tCommon)}
        </p>
      ) : null}
      {round && verdict ? (
        <div className="fair-result" data-testid="fair-bonus-result" role="status">
          <p>{t("bonus.round_line", { id: round.id, bank: formatDollars(round.bank), count: round.participants.length })}</p>
          {verdict.publicHash === null ? (
            <p>{t("bonus.not_revealed")}</p>
          ) : (
            <>
              <p>
                {t("form.computed_public")} <code>{verdict.publicHash}</code>
              </p>
              <Check ok={verdict.publicHashMatches} yes={t("form.match")} no={t("form.mismatch")} testId="fair-bonus-hash" />
              <p>{t("bonus.computed_winners")}</p>
              <ol className="fair-bonus-winners">
                {verdict.winners.map((w, i) => (
                  <li key={w.user}>{t("bonus.winner_line", { place: i + 1, user: w.user, sum: formatDollars(toDollars(w.cents)) })}</li>
                ))}
              </ol>
              <Check ok={verdict.winnersMatch} yes={t("bonus.winners_match")} no={t("bonus.winners_mismatch")} testId="fair-bonus-winners" />
            </>
          )}
          <Check ok={verdict.saltMatches} yes={t("bonus.salt_match")} no={t("bonus.salt_mismatch")} testId="fair-bonus-salt-check" />
        </div>
      ) : null}
    </section>
  );
}
