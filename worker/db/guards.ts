// Batch guards (docs/money.md "Money rules"): statements that abort their D1 batch — one transaction —
// when a condition fails, each with a code its caller chose. The batch_guard trigger (migration
// 0011) raises "batch_guard:<code>" as the batch's error, so a caller learns WHICH guard failed
// from its own code, never by matching SQLite's messages for a UNIQUE or CHECK constraint (those
// constraints stay as the backstop: a failure the guards did not foresee is a fault, thrown).
// A guard placed before the statement it protects sees the batch's own earlier writes and every
// committed batch (D1 runs batches one at a time), so a condition checked here cannot race.
import { type SQL, sql } from "./sql";

const CODE = /^[a-z][a-z0-9_]*(?:\.[a-z0-9_]+)*$/;
const RAISED = /batch_guard:([a-z][a-z0-9_]*(?:\.[a-z0-9_]+)*)/;

/** Aborts the batch with `code` when `failsWhen` (an SQL condition) holds. */
export function guard(code: string, failsWhen: SQL): SQL {
  if (!CODE.test(code)) throw new RangeError(`bad guard code ${code}`);
  return sql`INSERT INTO batch_guard (failed, code) SELECT 1, ${code} WHERE ${failsWhen}`;
}

/** Aborts the batch unless the statement just before it changed exactly `n` rows. */
export function expectChanges(n: number, code = "changes"): SQL {
  return guard(code, sql`changes() <> ${n}`);
}

/** Aborts the batch unless the statement just before it changed as many rows as `countSql` counts. */
export function expectCount(countSql: SQL, code = "changes"): SQL {
  return guard(code, sql`changes() <> (${countSql})`);
}

/** The code of the guard that aborted a batch; undefined for any other failure (a fault). */
export function failedGuard(err: unknown): string | undefined {
  return RAISED.exec(String(err instanceof Error ? err.message : err))?.[1];
}

/**
 * A failed batch as its caller's answer: the key `keys` maps its guard's code to; undefined for
 * a guard not listed or any other failure (the caller rethrows it).
 */
export function refusalOf<K extends string>(err: unknown, keys: Readonly<Partial<Record<string, K>>>): K | undefined {
  const code = failedGuard(err);
  return code === undefined ? undefined : keys[code];
}

/** The condition "this session token is live for this user now" (unrevoked, unexpired). */
export function liveSession(session: string, userId: number, now: number): SQL {
  return sql`EXISTS (SELECT 1 FROM sessions WHERE token_hash = ${session} AND user_id = ${userId} AND revoked_at IS NULL AND expires_at > ${now})`;
}

/** Aborts the batch when the user is banned: `user.banned`. */
export function notBanned(userId: number): SQL {
  return guard("user.banned", sql`EXISTS (SELECT 1 FROM users WHERE id = ${userId} AND banned <> 0)`);
}

/**
 * The guards every money path a player starts shares: he is not banned and his session is still
 * live (a logout the room or the route did not hear of refuses it). Codes `user.banned`,
 * `session.ended`, checked in that order.
 */
export function playerGuards(p: { userId: number; session: string; now: number }): SQL[] {
  return [notBanned(p.userId), guard("session.ended", sql`NOT ${liveSession(p.session, p.userId, p.now)}`)];
}

/**
 * The guards of a request a player may retry, on a table with (user_id, request_id) and at most
 * one open row per user: this request already taken (`request.replayed`: answer the first) or
 * another one still open (`request.open`). `table` and `open` (its open rows' condition) are
 * constants of the caller, never input.
 */
export function requestGuards(r: { table: string; open: string; userId: number; requestId: string }): SQL[] {
  const table = sql.raw(r.table);
  return [
    guard("request.replayed", sql`EXISTS (SELECT 1 FROM ${table} WHERE user_id = ${r.userId} AND request_id = ${r.requestId})`),
    guard("request.open", sql`EXISTS (SELECT 1 FROM ${table} WHERE user_id = ${r.userId} AND ${sql.raw(r.open)})`),
  ];
}
