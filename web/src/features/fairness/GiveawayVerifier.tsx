// The provably-fair page's Giveaway part: how a giveaway's winner is drawn from its own chain and
// salt (place 1 of the distinct draw: keccak256(secret:salt:1) picks among the participants in join
// order), and a form that loads a drawn giveaway's record (POST /api/giveaways/round) and recomputes
// its public hash and its winner in this browser (shared/giveaway.ts, shared/fairness.ts).
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type GiveawayRecordJson, giveawayCalls } from "../../../../shared/api/giveaways";
import { idFromText } from "../../../../shared/api/common";
import { publicHash } from "../../../../shared/fairness";
import { giveawayWinner } from "../../../../shared/giveaway";
import { api } from "../../lib/api";
import { useConfig } from "../../lib/config";

interface Verdict {
  record: GiveawayRecordJson;
  publicHash: string;
  publicHashMatches: boolean;
  winner: number | null;
  winnerMatches: boolean;
}

type Failure = "invalid" | "not_found" | "not_drawn" | "load";

export function verifyGiveawayRecord(record: GiveawayRecordJson): Verdict | null {
  if (record.secret === null) return null;
  const computed = publicHash(record.secret, record.id, record.day_of_month);
  const winner = giveawayWinner(record.secret, record.salt, record.participants);
  return {
    record,
    publicHash: computed,
    publicHashMatches: computed === record.public_hash,
    winner,
    winnerMatches: winner === (record.winner?.id ?? null),
  };
}

export function GiveawayVerifier() {
  const { t } = useTranslation("fairness");
  const config = useConfig().data;
  const [id, setId] = useState("");
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [verdict, setVerdict] = useState<Verdict | null>(null);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const giveawayId = idFromText(id.trim());
    setVerdict(null);
    if (giveawayId === null) return setFailure("invalid");
    setBusy(true);
    try {
      const { giveaway } = await api(giveawayCalls.record, { id: giveawayId });
      const checked = verifyGiveawayRecord(giveaway);
      setFailure(checked ? null : "not_drawn");
      setVerdict(checked);
    } catch (err) {
      setFailure((err as { status?: number }).status === 404 ? "not_found" : "load");
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="fair-form-section" id="giveaway" aria-labelledby="fair-giveaway-title" data-testid="fair-giveaway">
      <h2 id="fair-giveaway-title">{t("giveaway.title")}</h2>
      <p>{t("giveaway.text")}</p>
      <pre className="formula-block fair-formula">
        {'h = keccak256(secret_hash + ":" + salt + ":1")\nwinner = participants[floor(int(h[0..13], 16) · m / 2^52)]'}
      </pre>
      <dl className="fair-published">
        <div>
          <dt>{t("published.terminal")}</dt>
          <dd>
            <code>{config?.giveaway_terminal_hash ?? t("published.unknown")}</code>
          </dd>
        </div>
        <div>
          <dt>{t("published.salt")}</dt>
          <dd>
            <code>{config?.giveaway_salt ?? t("published.unknown")}</code>
          </dd>
        </div>
      </dl>
      <p>{t("giveaway.script")}</p>
      <pre className="formula-block fair-formula">npm run verify:giveaway -- --record-json &lt;answer of /api/giveaways/round&gt;</pre>
      <h3>{t("giveaway.form_title")}</h3>
      <form className="fair-form" onSubmit={submit} noValidate>
        <label className={`fair-field${failure === "invalid" ? " has-error" : ""}`}>
          <span>{t("giveaway.id")}</span>
          <input
            name="giveaway-id"
            value={id}
            onChange={(e) => setId(e.target.value)}
            inputMode="numeric"
            autoComplete="off"
            aria-invalid={failure === "invalid"}
          />
          {failure === "invalid" && <span className="fair-error">{t("giveaway.invalid_id")}</span>}
        </label>
        <button type="submit" className="button button-primary" disabled={busy} data-testid="fair-giveaway-verify">
          {t("form.verify")}
        </button>
      </form>
      {failure && failure !== "invalid" && (
        <p className="fair-bad" role="status">
          {t(`giveaway.${failure}`)}
        </p>
      )}
      {verdict && (
        <div className="fair-result" data-testid="fair-giveaway-result" role="status">
          <p>
            {t("giveaway.participants", { count: verdict.record.participants.length })}
            {verdict.record.participants.length > 0 && <code className="fair-list"> {verdict.record.participants.join(", ")}</code>}
          </p>
          <p>
            {t("giveaway.winner")} <strong data-testid="fair-giveaway-winner">{verdict.winner === null ? t("giveaway.nobody") : `#${verdict.winner}`}</strong>
            {verdict.record.winner ? ` (${verdict.record.winner.username})` : ""}
          </p>
          <p className={verdict.winnerMatches ? "fair-ok" : "fair-bad"}>{t(verdict.winnerMatches ? "giveaway.winner_match" : "giveaway.winner_mismatch")}</p>
          <p>
            {t("form.computed_public")} <code>{verdict.publicHash}</code>
          </p>
          <p className={verdict.publicHashMatches ? "fair-ok" : "fair-bad"}>{t(verdict.publicHashMatches ? "form.match" : "form.mismatch")}</p>
        </div>
      )}
    </section>
  );
}
