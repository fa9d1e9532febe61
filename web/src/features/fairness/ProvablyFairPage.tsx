// /provably-fair: how Crash outcomes are committed and checked (ru / en), the published
// terminating hash and salt, and a form that recomputes a round in this browser; then the same
// for the Jackpot (JackpotVerifier.tsx), the Wheel (WheelVerifier.tsx), the bonus pool
// (BonusVerifier.tsx) and the giveaways (GiveawayVerifier.tsx). The chains announced to replace
// the running ones are listed with their first round (UpcomingChains.tsx); the config is read
// again whenever the page opens, so an announcement shows at once.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FAIRNESS } from "../../../../shared/constants";
import { verifyCrashRound, type CrashRoundVerdict } from "../../../../shared/fairness";
import { useConfig } from "../../lib/config";
import { BonusVerifier } from "./BonusVerifier";
import { GiveawayVerifier } from "./GiveawayVerifier";
import { JackpotVerifier } from "./JackpotVerifier";
import { UpcomingChains } from "./UpcomingChains";
import { useVerifyForm } from "./useVerifyForm";
import { WheelVerifier } from "./WheelVerifier";
import { parseVerifyInput, type VerifyField, type VerifyInput } from "./verifyForm";
import "./fairness.css";

const FIELDS: VerifyField[] = ["roundId", "dayOfMonth", "secret", "salt", "publicHash"];

export default function ProvablyFairPage() {
  const { t } = useTranslation("fairness");
  const config = useConfig({ fresh: true }).data;
  const form = useVerifyForm<VerifyInput>({ roundId: "", dayOfMonth: "", secret: "", salt: "", publicHash: "" }, config?.crash_salt);
  const [errors, setErrors] = useState<VerifyField[]>([]);
  const [verdict, setVerdict] = useState<CrashRoundVerdict | null>(null);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = parseVerifyInput(form.values);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      setVerdict(null);
      return;
    }
    setErrors([]);
    setVerdict(verifyCrashRound(parsed.value));
  };

  return (
    <article className="fair-page" data-testid="provably-fair">
      <h1>{t("title")}</h1>
      <p className="fair-lead">{t("lead")}</p>

      <section>
        <h2>{t("chain.title")}</h2>
        <p>{t("chain.text")}</p>
        <pre className="formula-block fair-formula">{"x_{k-1} = keccak256(x_k)      x_N → … → x_1 → x_0"}</pre>
        <p>{t("chain.reveal")}</p>
      </section>
      <section>
        <h2>{t("public.title")}</h2>
        <p>{t("public.text")}</p>
        <pre className="formula-block fair-formula">{'public_hash = keccak256(secret_hash + ":" + round_id + ":" + day_of_month)'}</pre>
      </section>
      <section>
        <h2>{t("salt.title")}</h2>
        <p>{t("salt.text")}</p>
        <pre className="formula-block fair-formula">
          {'h = keccak256(secret_hash + ":" + salt)\nn = int(h[0..13], 16)      E = 2^52\ncrash = n % 25 == 0 ? 1.00 : ceil(100·E / (E − n)) / 100'}
        </pre>
        <p>{t("salt.instant", { percent: FAIRNESS.instantCrashPercent })}</p>
      </section>
      <section>
        <h2>{t("published.title")}</h2>
        <dl className="fair-published">
          <div>
            <dt>{t("published.terminal")}</dt>
            <dd>
              <code data-testid="fair-terminal">{config?.crash_terminal_hash ?? t("published.unknown")}</code>
            </dd>
          </div>
          <div>
            <dt>{t("published.salt")}</dt>
            <dd>
              <code data-testid="fair-salt">{config?.crash_salt ?? t("published.unknown")}</code>
            </dd>
          </div>
        </dl>
      </section>
      <UpcomingChains list={config?.chain_announcements} />
      <section>
        <h2>{t("policy.title")}</h2>
        <p>{t("policy.text", { factor: FAIRNESS.mismatchPayoutFactor })}</p>
        <h2>{t("script.title")}</h2>
        <p>{t("script.text")}</p>
        <pre className="formula-block fair-formula">
          node scripts/verify-crash.mjs --secret &lt;secret_hash&gt; --round &lt;id&gt; --day &lt;day&gt; --salt &lt;salt&gt;
        </pre>
      </section>

      <section className="fair-form-section">
        <h2>{t("form.title")}</h2>
        <form className="fair-form" onSubmit={submit} noValidate>
          {FIELDS.map((field) => (
            <label key={field} className={`fair-field${errors.includes(field) ? " has-error" : ""}`}>
              <span>{t(`form.${field}`)}</span>
              <input
                name={field}
                value={form.values[field]}
                onChange={(e) => form.set(field, e.target.value)}
                spellCheck={false}
                autoComplete="off"
                inputMode={field === "roundId" || field === "dayOfMonth" ? "numeric" : "text"}
                aria-invalid={errors.includes(field)}
              />
              {errors.includes(field) && <span className="fair-error">{t(`form.invalid.${field}`)}</span>}
            </label>
          ))}
          <button type="submit" className="button button-primary" data-testid="fair-verify">
            {t("form.verify")}
          </button>
        </form>
        {verdict && (
          <div className="fair-result" data-testid="fair-result" role="status">
            <p>
              {t("form.crash_point")} <strong data-testid="fair-point">{(verdict.crashPoint / 100).toFixed(2)}×</strong>
            </p>
            <p>
              {t("form.computed_public")} <code>{verdict.publicHash}</code>
            </p>
            {verdict.publicHashMatches !== null && (
              <p className={verdict.publicHashMatches ? "fair-ok" : "fair-bad"} data-testid="fair-match">
                {t(verdict.publicHashMatches ? "form.match" : "form.mismatch")}
              </p>
            )}
          </div>
        )}
      </section>
      <JackpotVerifier />
      <WheelVerifier />
      <BonusVerifier />
      <GiveawayVerifier />
    </article>
  );
}
