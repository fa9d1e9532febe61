// The staff second factor (docs/security.md "Second factor"): TOTP per RFC 6238 through the
// otpauth library (SHA-1, 6 digits, 30 s, ±1 step), enrolled once per staff account, plus single-use
// recovery codes stored as SHA-256 hashes. A code is accepted once: the accepted time step is
// stored and a code of that step or an earlier one is refused. STAFF_OTP.maxFailures wrong codes
// in a row lock the factor for STAFF_OTP.lockMinutes. Each pass marks the caller's session
// (sessions.second_factor_at) in the same D1 batch that spends the code, so two racing requests
// with one code pass once.
import { Secret, TOTP } from "otpauth";
import { STAFF_OTP } from "../../shared/constants";
import { sha256Hex } from "../auth/tokens";
import { batch, first, type SQL, sql } from "../db/sql";
import { auditStatementIf } from "../lib/audit";

type DbEnv = Pick<Env, "DB">;
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
  | { ok: false; key: "user_api.otp_invalid" | "user_api.otp_already_enrolled" | "user_api.otp_not_enrolled" }
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
export async function startEnrolment(env: DbEnv, user: { id: number; username: string }): Promise<{ ok: true; secret: string; uri: string } | OtpRefusal> {
  const row = await otpRow(env, user.id);
  if (row?.confirmed_at) return { ok: false, key: "user_api.otp_already_enrolled" };
  const secret = new Secret({ size: STAFF_OTP.secretBytes }).base32;
  const changed = await batch(env.DB, [
    sql`INSERT INTO staff_otp (user_id, secret) VALUES (${user.id}, ${secret})
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
export async function confirmEnrolment(env: DbEnv, a: Attempt): Promise<{ ok: true; recoveryCodes: string[] } | OtpRefusal> {
  const now = a.now ?? Date.now();
  const row = await otpRow(env, a.userId);
  if (!row) return { ok: false, key: "user_api.otp_not_enrolled" };
  if (row.confirmed_at) return { ok: false, key: "user_api.otp_already_enrolled" };
  if (row.locked_until > now) return locked(row.locked_until, now);
  const step = isTotpCode(a.code) ? stepOf(row.secret, a.code, now) : null;
  if (step === null) return fail(env, a.userId, now);
  const codes = Array.from({ length: STAFF_OTP.recoveryCodes }, newRecoveryCode);
  const hashes = await Promise.all(codes.map((c) => sha256Hex(normalRecoveryCode(c))));
  const open = sql`EXISTS (SELECT 1 FROM staff_otp WHERE user_id = ${a.userId} AND confirmed_at IS NULL AND last_step < ${step} AND locked_until <= ${now})`;
  const results = await batch(env.DB, [
    sql`UPDATE sessions SET second_factor_at = ${now} WHERE token_hash = ${a.session} AND user_id = ${a.userId} AND ${open}`,
    sql`DELETE FROM staff_recovery_codes WHERE user_id = ${a.userId} AND ${open}`,
    ...hashes.map((h) => sql`INSERT INTO staff_recovery_codes (user_id, code_hash) SELECT ${a.userId}, ${h} WHERE ${open}`),
    auditStatementIf({ actorId: a.userId, action: "staff.otp_enrol", targetUserId: a.userId, after: { enrolled: true }, ip: a.ip }, open, now),
    sql`UPDATE staff_otp SET confirmed_at = ${now}, last_step = ${step}, failures = 0 WHERE user_id = ${a.userId} AND confirmed_at IS NULL AND last_step < ${step}`,
  ]);
  if (!results[0]?.meta.changes) return { ok: false, key: "user_api.otp_already_enrolled" };
  return { ok: true, recoveryCodes: codes };
}

/** Passes the factor for the caller's session with a TOTP code or an unused recovery code. */
export async function verifyCode(env: DbEnv, a: Attempt): Promise<{ ok: true; method: "totp" | "recovery" } | OtpRefusal> {
  const now = a.now ?? Date.now();
  const row = await otpRow(env, a.userId);
  if (!row?.confirmed_at) return { ok: false, key: "user_api.otp_not_enrolled" };
  if (row.locked_until > now) return locked(row.locked_until, now);
  const unlocked = sql`EXISTS (SELECT 1 FROM staff_otp WHERE user_id = ${a.userId} AND locked_until <= ${now})`;
  if (isTotpCode(a.code)) {
    const step = stepOf(row.secret, a.code, now);
    if (step === null) return fail(env, a.userId, now);
    const fresh = sql`EXISTS (SELECT 1 FROM staff_otp WHERE user_id = ${a.userId} AND last_step < ${step} AND locked_until <= ${now})`;
    const results = await batch(env.DB, [
      sql`UPDATE sessions SET second_factor_at = ${now} WHERE token_hash = ${a.session} AND user_id = ${a.userId} AND ${fresh}`,
      auditStatementIf({ actorId: a.userId, action: "staff.otp_pass", targetUserId: a.userId, details: { method: "totp" }, ip: a.ip }, fresh, now),
      sql`UPDATE staff_otp SET last_step = ${step}, failures = 0 WHERE user_id = ${a.userId} AND last_step < ${step}`,
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
