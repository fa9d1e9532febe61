// The provably-fair page's Wheel part: how a wheel round is drawn from its chain and salt
// (segment = n mod segments, the stop inside that segment from the next 13 hex digits), and a
// form that recomputes a round in this browser (shared/fairness.ts, shared/wheel-layout.ts).
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { publicHash, roundHash, wheelSegment } from "../../../../shared/fairness";
import { DEFAULT_WHEEL_LAYOUT, wheelRotate, type WheelColour } from "../../../../shared/wheel-layout";
import { useConfig } from "../../lib/config";
import { useVerifyForm } from "./useVerifyForm";
import { parseVerifyInput, type VerifyField, type VerifyInput } from "./verifyForm";

const FIELDS: VerifyField[] = ["roundId", "dayOfMonth", "secret", "salt", "publicHash"];
const DEFAULT_SEGMENTS = DEFAULT_WHEEL_LAYOUT.segments.length;

interface WheelResult {
  segment: number;
  /** the colour in the default layout, when the round used its segment count */
  colour: WheelColour | null;
  rotate: number;
  publicHash: string;
  publicHashMatches: boolean | null;
}

export function WheelVerifier() {
  const { t } = useTranslation("fairness");
  const config = useConfig().data;
  const form = useVerifyForm<VerifyInput>({ roundId: "", dayOfMonth: "", secret: "", salt: "", publicHash: "" }, config?.wheel_salt);
  const [segments, setSegments] = useState(String(DEFAULT_SEGMENTS));
  const [errors, setErrors] = useState<Array<VerifyField | "segments">>([]);
  const [result, setResult] = useState<WheelResult | null>(null);
  const sectionRef = useRef<HTMLElement>(null);
  // /provably-fair#wheel (the wheel screen's hash line and round page link here): after the
  // layout's scroll-to-top of a new screen
  useEffect(() => {
    if (window.location.hash !== "#wheel") return;
    const frame = requestAnimationFrame(() => sectionRef.current?.scrollIntoView());
    return () => cancelAnimationFrame(frame);
  }, []);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = parseVerifyInput(form.values);
    const count = /^\d{1,3}$/.test(segments.trim()) ? Number(segments.trim()) : 0;
    const bad: Array<VerifyField | "segments"> = parsed.ok ? [] : [...parsed.errors];
    if (!(count >= 4 && count <= 360)) bad.push("segments");
    if (!parsed.ok || bad.length) {
      setErrors(bad);
      setResult(null);
      return;
    }
    const v = parsed.value;
    const segment = wheelSegment(v.secret, v.salt, count);
    const computed = publicHash(v.secret, v.roundId, v.dayOfMonth);
    setErrors([]);
    setResult({
      segment,
      colour: count === DEFAULT_SEGMENTS ? (DEFAULT_WHEEL_LAYOUT.segments[segment] ?? null) : null,
      rotate: wheelRotate(segment, roundHash(v.secret, v.salt), count),
      publicHash: computed,
      publicHashMatches: v.publicHash === undefined ? null : v.publicHash === computed,
    });
  };

  return (
    <section ref={sectionRef} className="fair-form-section" id="wheel" aria-labelledby="fair-wheel-title" data-testid="fair-wheel">
      <h2 id="fair-wheel-title">{t("wheel.title")}</h2>
      <p>{t("wheel.text")}</p>
      <pre className="formula-block fair-formula">
        {
          'h = keccak256(secret_hash + ":" + salt)\nsegment = int(h[0..13], 16) mod segments\nstop = 0.1 + 0.8 · int(h[13..26], 16) / 2^52      (of the segment\'s width)\nrotate = 3·360 + 4 + ((−(segment + stop)·360/segments − 4) mod 360)'
        }
      </pre>
      <dl className="fair-published">
        <div>
          <dt>{t("published.terminal")}</dt>
          <dd>
            <code data-testid="fair-wheel-terminal">{config?.wheel_terminal_hash ?? t("published.unknown")}</code>
          </dd>
        </div>
        <div>
          <dt>{t("published.salt")}</dt>
          <dd>
            <code data-testid="fair-wheel-salt">{config?.wheel_salt ?? t("published.unknown")}</code>
          </dd>
        </div>
      </dl>
      <p>{t("wheel.script")}</p>
      <pre className="formula-block fair-formula">
        npm run verify:wheel -- --secret &lt;secret_hash&gt; --round &lt;id&gt; --day &lt;day&gt; --salt &lt;salt&gt; --segments &lt;n&gt;
      </pre>
      <h3>{t("wheel.form_title")}</h3>
      <form className="fair-form" onSubmit={submit} noValidate>
        {FIELDS.map((field) => (
          <label key={field} className={`fair-field${errors.includes(field) ? " has-error" : ""}`}>
            <span>{t(`form.${field}`)}</span>
            <input
              name={`wheel-${field}`}
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
        <label className={`fair-field${errors.includes("segments") ? " has-error" : ""}`}>
          <span>{t("wheel.segments")}</span>
          <input
            name="wheel-segments"
            value={segments}
            onChange={(e) => setSegments(e.target.value)}
            inputMode="numeric"
            aria-invalid={errors.includes("segments")}
          />
          {errors.includes("segments") && <span className="fair-error">{t("wheel.invalid_segments")}</span>}
        </label>
        <button type="submit" className="button button-primary" data-testid="fair-wheel-verify">
          {t("form.verify")}
        </button>
      </form>
      {result && (
        <div className="fair-result" data-testid="fair-wheel-result" role="status">
          <p>
            {t("wheel.segment")} <strong data-testid="fair-wheel-segment">{result.segment}</strong>
            {result.colour ? ` (${t(`wheel.colours.${result.colour}`)})` : ""}
          </p>
          <p>
            {t("wheel.rotate")} <strong>{result.rotate}°</strong>
          </p>
          <p>
            {t("form.computed_public")} <code>{result.publicHash}</code>
          </p>
          {result.publicHashMatches !== null && (
            <p className={result.publicHashMatches ? "fair-ok" : "fair-bad"}>{t(result.publicHashMatches ? "form.match" : "form.mismatch")}</p>
          )}
        </div>
      )}
    </section>
  );
}
