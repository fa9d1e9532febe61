// The second factor's screens (docs/security.md "Second factor"): enrolment (a QR code of the
// otpauth URI drawn by uqr, the secret for typing by hand, the first code, then the recovery
// codes shown once) and the check a staff session passes every SECOND_FACTOR_HOURS (a code from
// the app or a recovery code). A refusal shows its key's text (locked: for how long).
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { encode } from "uqr";
import { STAFF_OTP } from "../../../../../shared/constants";
import { ApiError, failureKey } from "../../../lib/api";
import { displayMessage } from "../../../lib/i18n";
import { useConfirmEnrolment, useEnroll, useEnrolmentDone, useVerify } from "./useSecondFactor";

/** A refusal's text; a lock says for how many minutes (the answer's `minutes`). */
function useRefusalText(): (err: unknown) => string {
  const { t } = useTranslation();
  return (err) => {
    const key = failureKey(err, "console_error.otp") ?? "console_error.otp";
    const body = err instanceof ApiError ? err.body : null;
    const minutes = body && typeof body === "object" && "minutes" in body ? Number(body.minutes) : undefined;
    if (minutes === undefined) return displayMessage(key, t);
    // the console's own error texts (web/src/locales/console/<lng>/errors.json) are not in the typed keys
    return String(t(key as never, { ns: "errors", minutes, defaultValue: key }));
  };
}

function CodeField({ label, value, onChange, recovery }: { label: string; value: string; onChange: (v: string) => void; recovery: boolean }) {
  const id = useId();
  return (
    <div className="console-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name="code"
        className="input console-code"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        inputMode={recovery ? "text" : "numeric"}
        autoComplete="one-time-code"
        maxLength={recovery ? 11 : STAFF_OTP.digits}
        pattern={recovery ? undefined : `\\d{${STAFF_OTP.digits}}`}
        required
        spellCheck={false}
      />
    </div>
  );
}

export function VerifyForm() {
  const { t } = useTranslation("console");
  const refusalText = useRefusalText();
  const [code, setCode] = useState("");
  const [recovery, setRecovery] = useState(false);
  const verify = useVerify();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    verify.mutate(code.trim(), { onError: () => setCode("") });
  };
  return (
    <section className="console-card console-otp" aria-labelledby="otp-verify-title">
      <h1 id="otp-verify-title">{t("otp.verify_title")}</h1>
      <p>{t(recovery ? "otp.verify_recovery_hint" : "otp.verify_hint")}</p>
      <form onSubmit={submit}>
        <CodeField label={t(recovery ? "otp.recovery_label" : "otp.code_label")} value={code} onChange={setCode} recovery={recovery} />
        {verify.isError ? (
          <p className="console-refusal" role="alert">
            {refusalText(verify.error)}
          </p>
        ) : null}
        <div className="console-actions">
          <button type="submit" className="button button-primary" disabled={verify.isPending || !code.trim()} aria-busy={verify.isPending || undefined}>
            {t("otp.verify")}
          </button>
          <button type="button" className="button" onClick={() => setRecovery((r) => !r)}>
            {t(recovery ? "otp.use_app" : "otp.use_recovery")}
          </button>
        </div>
      </form>
    </section>
  );
}

export function EnrolForm() {
  const { t } = useTranslation("console");
  const refusalText = useRefusalText();
  const enroll = useEnroll();
  const confirm = useConfirmEnrolment();
  const done = useEnrolmentDone();
  const [code, setCode] = useState("");

  if (confirm.data) return <RecoveryCodes codes={confirm.data.recovery_codes} onDone={() => void done()} />;
  if (!enroll.data)
    return (
      <section className="console-card console-otp" aria-labelledby="otp-enrol-title">
        <h1 id="otp-enrol-title">{t("otp.enrol_title")}</h1>
        <p>{t("otp.enrol_intro")}</p>
        {enroll.isError ? (
          <p className="console-refusal" role="alert">
            {refusalText(enroll.error)}
          </p>
        ) : null}
        <button type="button" className="button button-primary" onClick={() => enroll.mutate()} disabled={enroll.isPending}>
          {t("otp.enrol_start")}
        </button>
      </section>
    );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    confirm.mutate(code.trim(), { onError: () => setCode("") });
  };
  return (
    <section className="console-card console-otp" aria-labelledby="otp-enrol-title">
      <h1 id="otp-enrol-title">{t("otp.enrol_title")}</h1>
      <p>{t("otp.scan")}</p>
      <QrCode text={enroll.data.uri} label={t("otp.qr_label")} />
      <p>
        {t("otp.manual")}{" "}
        <code className="console-secret" data-testid="otp-secret">
          {enroll.data.secret}
        </code>
      </p>
      <form onSubmit={submit}>
        <CodeField label={t("otp.code_label")} value={code} onChange={setCode} recovery={false} />
        {confirm.isError ? (
          <p className="console-refusal" role="alert">
            {refusalText(confirm.error)}
          </p>
        ) : null}
        <button type="submit" className="button button-primary" disabled={confirm.isPending || !code.trim()}>
          {t("otp.confirm")}
        </button>
      </form>
    </section>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const { t } = useTranslation("console");
  const [copied, setCopied] = useState(false);
  const copy = () =>
    void navigator.clipboard?.writeText(codes.join("\n")).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  return (
    <section className="console-card console-otp" aria-labelledby="otp-codes-title">
      <h1 id="otp-codes-title">{t("otp.codes_title")}</h1>
      <p>{t("otp.codes_hint", { count: codes.length })}</p>
      <ol className="console-codes" data-testid="recovery-codes">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ol>
      <div className="console-actions">
        <button type="button" className="button" onClick={copy}>
          {t(copied ? "otp.copied" : "otp.copy")}
        </button>
        <button type="button" className="button button-primary" onClick={onDone}>
          {t("otp.codes_saved")}
        </button>
      </div>
    </section>
  );
}

/** The QR code of a text: uqr encodes it, each dark module one square of a single SVG path. */
function QrCode({ text, label }: { text: string; label: string }) {
  const { data, size } = encode(text, { border: 2 });
  const path = data.flatMap((row, y) => row.map((dark, x) => (dark ? `M${x} ${y}h1v1h-1z` : ""))).join("");
  return (
    <svg className="console-qr" viewBox={`0 0 ${size} ${size}`} role="img" aria-label={label} shapeRendering="crispEdges" data-testid="otp-qr">
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
