// The staff second factor (docs/security.md "Second factor"): TOTP per RFC 6238 through the
// otpauth library (SHA-1, 6 digits, 30 s, ±1 step), enrolled once per staff account, plus single-use
// recovery codes stored as SHA-256 hashes. A code is accepted once: the accepted time step is
// stored and a code of that step or an earlier one is refused. STAFF_OTP.maxFailures wrong codes
// in a row lock the factor for STAFF_OTP.lockMinutes. Each pass marks the caller's session
// (sessions.second_factor_at) in the same D1 batch that spends the code, so two racing requests
// with one code pass once.
//
// The TOTP secret is encrypted at rest (AES-GCM under STAFF_OTP_KEY, a random 12-byte IV per secret,
// the staff user's id as additional data, stored "v1:" + base64(iv ‖ ciphertext)): a database dump
// or a row copied to another account yields no working factor. Without the key the factor is not
// configured: enrolment and every code are refused (user_api.otp_not_configured) with a server log,
// never a plain write. A row from before encryption (plain base32, no "v1:") still verifies and is
// re-encrypted by the batch of its next accepted code.
import { Secret, TOTP } from "otpauth";
import { STAFF_OTP } from "../../shared/constants";
import { sha256Hex } from "../auth/tokens";
import { batch, first, type SQL, sql } from "../db/sql";
import { auditStatementIf } from "../lib/audit";

type DbEnv = Pick<Env, "DB">;
/** STAFF_OTP_KEY: a secret (worker/env-secrets.d.ts), 32 bytes base64; unset = the factor is not configured */
type KeyEnv = { STAFF_OTP_KEY?: string | undefined };
type OtpEnv = DbEnv & KeyEnv;
const MINUTE_MS = 60_000;
const STEP_MS = STAFF_OTP.periodSeconds * 1000;

interface OtpRow {
  secret: string;
  confirmed_at: number | null;
  last_step: number;
  failures: number;
  locked_until: number;
}

export type OtpRefusal =
  | { ok: false; key: "user_api.otp_invalid" | "user_api.otp_already_enrolled" | "user_api.otp_not_enrolled" | "user_api.otp_not_configured" }
  | { ok: false; key: "user_api.otp_locked"; minutes: number };

/** The TOTP of a secret, labelled with the staff account (what the authenticator app shows). */
export function totpOf(secret: string, label: string): TOTP {
  return new TOTP({
    issuer: STAFF_OTP.issuer,
    label,
    algorithm: STAFF_OTP.algorithm,
    digits: STAFF_OTP.digits,
    period: STAFF_OTP.periodSeconds,
    secret: Secret.fromBase32(secret),
  });
}

// ── the secret at rest ──────────────────────────────────────────────────────

const SEALED = "v1:";
const NOT_CONFIGURED: OtpRefusal = { ok: false, key: "user_api.otp_not_configured" };
const utf8 = new TextEncoder();

function fromBase64(text: string): Uint8Array<ArrayBuffer> | null {
  try {
    const binary = atob(text);
    const out = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
    return out;
  } catch {
    return null;
  }
}

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

/** The additional data of a user's sealed secret: the row only opens for that user. */
const boundTo = (userId: number) => utf8.encode(`staff_otp:${userId}`);

/** STAFF_OTP_KEY as an AES-GCM key, or null (logged) when it is unset or not 32 bytes of base64. */
async function sealingKey(env: KeyEnv): Promise<CryptoKey | null> {
  const raw = env.STAFF_OTP_KEY ? fromBase64(env.STAFF_OTP_KEY.trim()) : null;
  if (raw?.length !== 32) {
    console.error(
      env.STAFF_OTP_KEY
        ? "staff second factor: STAFF_OTP_KEY is not 32 bytes of base64; enrolment and codes are refused"
        : "staff second factor: STAFF_OTP_KEY is not set (wrangler secret put STAFF_OTP_KEY); enrolment and codes are refused",
    );
    return null;
  }
  return crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]);
}

/** The secret as stored: "v1:" + base64(a fresh 12-byte IV ‖ AES-GCM ciphertext and tag). */
export async function sealSecret(key: CryptoKey, userId: number, secret: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: boundTo(userId) }, key, utf8.encode(secret)));
  const out = new Uint8Array(iv.length + sealed.length);
  out.set(iv);
  out.set(sealed, iv.length);
  return `${SEALED}${toBase64(out)}`;
}

/**
 * The stored secret opened: `legacy` for a plain row from before encryption; null when it does
 * not open (another key, or a row copied from another account: logged).
 */
async function openSecret(key: CryptoKey, userId: number, stored: string): Promise<{ secret: string; legacy: boolean } | null> {
  if (!stored.startsWith(SEALED)) return /^[A-Z2-7]+=*$/.test(stored) ? { secret: stored, legacy: true } : null;
  const bytes = fromBase64(stored.slice(SEALED.length));
  if (bytes && bytes.length > 12 + 16) {
    try {
      const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: bytes.slice(0, 12), additionalData: boundTo(userId) }, key, bytes.slice(12));
      return { secret: new TextDecoder().decode(plain), legacy: false };
    } catch {}
  }
  console.error(`staff second factor: the stored secret of user ${userId} does not open with STAFF_OTP_KEY (another key, or a row of another account)`);
  return null;
}

/** Re-encrypts a plain row from before encryption, in the batch of its accepted code. */
async function resealed(key: CryptoKey, userId: number, opened: { secret: string; legacy: boolean }) {
  if (!opened.legacy) return [];
  return [sql`UPDATE staff_otp SET secret = ${await sealSecret(key, userId, opened.secret)} WHERE user_id = ${userId} AND secret = ${opened.secret}`];
}

async function otpRow(env: DbEnv, userId: number): Promise<OtpRow | null> {
  return first<OtpRow>(env.DB, sql`SELECT secret, confirmed_at, last_step, failures, locked_until FROM staff_otp WHERE user_id = ${userId}`);
}

export interface OtpStatus {
  enrolled: boolean;
  /** epoch ms while locked, else null */
  locked_until: number | null;
  recovery_left: number;
}

export async function otpStatus(env: DbEnv, userId: number, now = Date.now()): Promise<OtpStatus> {
  const row = await otpRow(env, userId);
  const left = await first<{ n: number }>(env.DB, sql`SELECT COUNT(*) AS n FROM staff_recovery_codes WHERE user_id = ${userId} AND used_at IS NULL`);
  return {
    enrolled: !!row?.confirmed_at,
    locked_until: row && row.locked_until > now ? row.locked_until : null,
    recovery_left: left?.n ?? 0,
  };
}

/**
 * Starts (or restarts) an enrolment: a fresh secret waits for its first code. Refused once the
 * account has a confirmed factor (an admin resets it: resetOtp).
 */
export async function startEnrolment(env: OtpEnv, user: { id: number; username: string }): Promise<{ ok: true; secret: string; uri: string } | OtpRefusal> {
  const key = await sealingKey(env);
  if (!key) return NOT_CONFIGURED;
  const row = await otpRow(env, user.id);
  if (row?.confirmed_at) return { ok: false, key: "user_api.otp_already_enrolled" };
  const secret = new Secret({ size: STAFF_OTP.secretBytes }).base32;
  const changed = await batch(env.DB, [
    sql`INSERT INTO staff_otp (user_id, secret) VALUES (${user.id}, ${await sealSecret(key, user.id, secret)})
        ON CONFLICT (user_id) DO UPDATE SET secret = excluded.secret, last_step = 0 WHERE staff_otp.confirmed_at IS NULL`,
    auditStatementIf(
      { actorId: user.id, action: "staff.otp_enrol_start", targetUserId: user.id, after: { enrolled: false, pending: true } },
      sql`changes() > 0`,
    ),
  ]);
  if (!changed[0]?.meta.changes) return { ok: false, key: "user_api.otp_already_enrolled" };
  return { ok: true, secret, uri: totpOf(secret, `${user.username} #${user.id}`).toString() };
}

/** Recovery codes: 10 characters of Crockford's base32, shown as xxxxx-xxxxx. */
const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

function newRecoveryCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(STAFF_OTP.recoveryCodeLength));
  const chars = Array.from(bytes, (b) => CROCKFORD[b & 31]).join("");
  const half = STAFF_OTP.recoveryCodeLength / 2;
  return `${chars.slice(0, half)}-${chars.slice(half)}`.toLowerCase();
}

/** What is hashed: upper case, no separators, Crockford's look-alikes folded (O→0, I/L→1). */
export function normalRecoveryCode(code: string): string {
  return code
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, "")
    .replace(/O/g, "0")
    .replace(/[IL]/g, "1");
}

const isTotpCode = (code: string) => new RegExp(`^\\d{${STAFF_OTP.digits}}$`).test(code);

/** The time step a TOTP code belongs to (±window around now), or null when it matches none. */
function stepOf(secret: string, code: string, now: number): number | null {
  const delta = TOTP.validate({
    token: code,
    secret: Secret.fromBase32(secret),
    algorithm: STAFF_OTP.algorithm,
    digits: STAFF_OTP.digits,
    period: STAFF_OTP.periodSeconds,
    timestamp: now,
    window: STAFF_OTP.window,
  });
  return delta === null ? null : Math.floor(now / STEP_MS) + delta;
}

interface Attempt {
  userId: number;
  /** the caller's session (its token hash): marked as past the factor when the code is good */
  session: string;
  code: string;
  ip: string | null;
  now?: number;
}

/**
 * Confirms an enrolment with the first code from the app: the factor is on, the session passes,
 * and the recovery codes are made (answered once, stored hashed).
 */
export async function confirmEnrolment(env: OtpEnv, a: Attempt): Promise<{ ok: true; recoveryCodes: string[] } | OtpRefusal> {
  const now = a.now ?? Date.now();
  const key = await sealingKey(env);
  if (!key) return NOT_CONFIGURED;
  const row = await otpRow(env, a.userId);
  if (!row) return { ok: false, key: "user_api.otp_not_enrolled" };
  if (row.confirmed_at) return { ok: false, key: "user_api.otp_already_enrolled" };
  if (row.locked_until > now) return locked(row.locked_until, now);
  const opened = await openSecret(key, a.userId, row.secret);
  if (!opened) return { ok: false, key: "user_api.otp_invalid" };
  const step = isTotpCode(a.code) ? stepOf(opened.secret, a.code, now) : null;
  if (step === null) return fail(env, a.userId, now);
  const codes = Array.from({ length: STAFF_OTP.recoveryCodes }, newRecoveryCode);
  const hashes = await Promise.all(codes.map((c) => sha256Hex(normalRecoveryCode(c))));
  const open = sql`EXISTS (SELECT 1 FROM staff_otp WHERE user_id = ${a.userId} AND confirmed_at IS NULL AND last_step < ${step} AND locked_until <= ${now})`;
  const results = await batch(env.DB, [
    sql`UPDATE sessions SET second_factor_at = ${now} WHERE token_hash = ${a.session} AND user_id = ${a.userId} AND ${open}`,
    sql`DELETE FROM staff_recovery_codes WHERE user_id = ${a.userId} AND ${open}`,
    ...hashes.map((h) => sql`INSERT INTO staff_recovery_codes (user_id, code_hash) SELECT ${a.userId}, ${h} WHERE ${open}`),
    auditStatementIf({ actorId: a.userId, action: "staff.otp_enrol", targetUserId: a.userId, after: { enrolled: true }, ip: a.ip }, open, now),
    ...(await resealed(key, a.userId, opened)),
    sql`UPDATE staff_otp SET confirmed_at = ${now}, last_step = ${step}, failures = 0 WHERE user_id = ${a.userId} AND confirmed_at IS NULL AND last_step < ${step}`,
  ]);
  if (!results[0]?.meta.changes) return { ok: false, key: "user_api.otp_already_enrolled" };
  return { ok: true, recoveryCodes: codes };
}

/** Passes the factor for the caller's session with a TOTP code or an unused recovery code. */
export async function verifyCode(env: OtpEnv, a: Attempt): Promise<{ ok: true; method: "totp" | "recovery" } | OtpRefusal> {
  const now = a.now ?? Date.now();
  const key = await sealingKey(env);
  if (!key) return NOT_CONFIGURED;
  const row = await otpRow(env, a.userId);
  if (!row?.confirmed_at) return { ok: false, key: "user_api.otp_not_enrolled" };
  if (row.locked_until > now) return locked(row.locked_until, now);
  const opened = await openSecret(key, a.userId, row.secret);
  if (!opened) return { ok: false, key: "user_api.otp_invalid" };
  const unlocked = sql`EXISTS (SELECT 1 FROM staff_otp WHERE user_id = ${a.userId} AND locked_until <= ${now})`;
  if (isTotpCode(a.code)) {
    const step = stepOf(opened.secret, a.code, now);
    if (step === null) return fail(env, a.userId, now);
    const fresh = sql`EXISTS (SELECT 1 FROM staff_otp WHERE user_id = ${a.userId} AND last_step < ${step} AND locked_until <= ${now})`;
    const results = await batch(env.DB, [
      sql`UPDATE sessions SET second_factor_at = ${now} WHERE token_hash = ${a.session} AND user_id = ${a.userId} AND ${fresh}`,
      auditStatementIf({ actorId: a.userId, action: "staff.otp_pass", targetUserId: a.userId, details: { method: "totp" }, ip: a.ip }, fresh, now),
      sql`UPDATE staff_otp SET last_step = ${step}, failures = 0 WHERE user_id = ${a.userId} AND last_step < ${step}`,
      ...(await resealed(key, a.userId, opened)),
    ]);
    // a code of an already used step: a replay, counted like a wrong code
    if (!results[0]?.meta.changes) return fail(env, a.userId, now);
    return { ok: true, method: "totp" };
  }
  const hash = await sha256Hex(normalRecoveryCode(a.code));
  const unused = sql`EXISTS (SELECT 1 FROM staff_recovery_codes WHERE user_id = ${a.userId} AND code_hash = ${hash} AND used_at IS NULL) AND ${unlocked}`;
  const results = await batch(env.DB, [
    sql`UPDATE sessions SET second_factor_at = ${now} WHERE token_hash = ${a.session} AND user_id = ${a.userId} AND ${unused}`,
    auditStatementIf({ actorId: a.userId, action: "staff.otp_pass", targetUserId: a.userId, details: { method: "recovery" }, ip: a.ip }, unused, now),
    sql`UPDATE staff_otp SET failures = 0 WHERE user_id = ${a.userId} AND ${unused}`,
    sql`UPDATE staff_recovery_codes SET used_at = ${now} WHERE user_id = ${a.userId} AND code_hash = ${hash} AND used_at IS NULL`,
  ]);
  if (!results[0]?.meta.changes) return fail(env, a.userId, now);
  return { ok: true, method: "recovery" };
}

function locked(until: number, now: number): OtpRefusal {
  return { ok: false, key: "user_api.otp_locked", minutes: Math.max(1, Math.ceil((until - now) / MINUTE_MS)) };
}

/** Counts a wrong code; the STAFF_OTP.maxFailures-th in a row locks the factor. */
async function fail(env: DbEnv, userId: number, now: number): Promise<OtpRefusal> {
  const lockUntil = now + STAFF_OTP.lockMinutes * MINUTE_MS;
  const row = await first<{ locked_until: number }>(
    env.DB,
    sql`UPDATE staff_otp SET
          locked_until = CASE WHEN failures + 1 >= ${STAFF_OTP.maxFailures} THEN ${lockUntil} ELSE locked_until END,
          failures = CASE WHEN failures + 1 >= ${STAFF_OTP.maxFailures} THEN 0 ELSE failures + 1 END
        WHERE user_id = ${userId} RETURNING locked_until`,
  );
  if (row && row.locked_until > now) return locked(row.locked_until, now);
  return { ok: false, key: "user_api.otp_invalid" };
}

/** An admin clears a staff account's factor (a lost phone): enrolment starts again, every session must pass again. */
export async function resetOtp(env: DbEnv, actor: { id: number; ip: string | null }, userId: number, now = Date.now()): Promise<boolean> {
  const [codes, sessions, otp] = forgetFactorStatements(userId);
  const results = await batch(env.DB, [
    codes,
    sessions,
    auditStatementIf(
      { actorId: actor.id, action: "staff.otp_reset", targetUserId: userId, before: { enrolled: true }, after: { enrolled: false }, ip: actor.ip },
      sql`EXISTS (SELECT 1 FROM staff_otp WHERE user_id = ${userId})`,
      now,
    ),
    otp,
  ]);
  return (results[3]?.meta.changes ?? 0) > 0;
}

/**
 * Forgets an account's factor: its recovery codes, every session's pass, the secret (in this
 * order, the secret last). A reset runs them; so does a demotion to player, so a later promotion
 * enrols afresh instead of reviving an authenticator the account may no longer hold.
 */
export function forgetFactorStatements(userId: number): [SQL, SQL, SQL] {
  return [
    sql`DELETE FROM staff_recovery_codes WHERE user_id = ${userId}`,
    sql`UPDATE sessions SET second_factor_at = NULL WHERE user_id = ${userId}`,
    sql`DELETE FROM staff_otp WHERE user_id = ${userId}`,
  ];
}
