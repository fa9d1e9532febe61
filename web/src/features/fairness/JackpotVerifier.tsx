// /provably-fair, the Jackpot part: how a round's winning ticket follows from its secret and the
// published salt, each level's published terminating hash, and a form that computes the ticket in
// this browser (shared/fairness.ts jackpotTicket).
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { JACKPOT_LEVELS } from "../../../../shared/constants";
import { jackpotTicket } from "../../../../shared/fairness";
import { useConfig } from "../../lib/config";
import { useVerifyForm } from "./useVerifyForm";
import { parseJackpotInput, type JackpotVerifyField, type JackpotVerifyInput } from "./verifyForm";

const FIELDS: JackpotVerifyField[] = ["tickets", "salt", "secret"];

export function JackpotVerifier() {
  const { t } = useTranslation("fairness");
  const config = useConfig().data;
  const form = useVerifyForm<JackpotVerifyInput>({ tickets: "", salt: "", secret: "" }, config?.jackpot_salt);
  const [errors, setErrors] = useState<JackpotVerifyField[]>([]);
  const [ticket, setTicket] = useState<number | null>(null);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = parseJackpotInput(form.values);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      setTicket(null);
      return;
    }
    setErrors([]);
    setTicket(jackpotTicket(parsed.value.secret, parsed.value.salt, parsed.value.tickets));
  };

  return (
    <section className="fair-form-section" id="jackpot" aria-labelledby="fair-jackpot-title" data-testid="fair-jackpot">
      <h2 id="fair-jackpot-title">{t("jackpot.title")}</h2>
      <p>{t("jackpot.text")}</p>
      <pre className="formula-block fair-formula">
        {'h = keccak256(secret_hash + ":" + salt)\nn = int(h[0..13], 16)      E = 2^52\nticket = floor(n · T / E) + 1'}
      </pre>
      <dl className="fair-published">
        {JACKPOT_LEVELS.map((level) => (
          <div key={level}>
            <dt>{t("jackpot.terminal", { level: t(`jackpot.levels.${level}`) })}</dt>
            <dd>
              <code data-testid={`fair-jackpot-terminal-${level}`}>{config?.jackpot_terminal_hashes[level] ?? t("published.unknown")}</code>
            </dd>
          </div>
        ))}
        <div>
          <dt>{t("published.salt")}</dt>
          <dd>
            <code data-testid="fair-jackpot-salt">{config?.jackpot_salt ?? t("published.unknown")}</code>
          </dd>
        </div>
      </dl>
      <p>{t("jackpot.rounds")}</p>
      <pre className="formula-block fair-formula">npm run verify:jackpot -- --secret &lt;secret&gt; --salt &lt;salt&gt; --tickets &lt;T&gt;</pre>
      <form className="fair-form" onSubmit={submit} noValidate>
        {FIELDS.map((field) => (
          <label key={field} className={`fair-field${errors.includes(field) ? " has-error" : ""}`}>
            <span>{t(`jackpot.${field}`)}</span>
            <input
              name={`jackpot-${field}`}
              value={form.values[field]}
              onChange={(e) => form.set(field, e.target.value)}
              spellCheck={false}
              autoComplete="off"
              inputMode={field === "tickets" ? "numeric" : "text"}
              aria-invalid={errors.includes(field)}
            />
            {errors.includes(field) && <span className="fair-error">{t(`jackpot.invalid.${field}`)}</span>}
          </label>
        ))}
        <button type="submit" className="button button-primary" data-testid="fair-jackpot-verify">
          {t("form.verify")}
        </button>
      </form>
      {ticket !== null && (
        <div className="fair-result" role="status">
          <p>
            {t("jackpot.result")} <strong data-testid="fair-jackpot-ticket">#{ticket}</strong>
          </p>
        </div>
      )}
    </section>
  );
}
