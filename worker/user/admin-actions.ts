// Admin actions on a user (/api/admin/users/*), each audited in the same batch: a balance
// adjustment (two-sided with the house, idempotent by key), ban and unban.
import { and, eq } from "drizzle-orm";
import { USER_NOT_FOUND } from "../../shared/errors";
import { formatCents } from "../../shared/money";
import { db } from "../db/client";
import { classifyBatchError, houseBalanceStatements, userBalanceStatements } from "../db/ledger";
import { expectChanges } from "../db/guards";
import { ledger, users } from "../db/schema";
import { auditStatement } from "../lib/audit";
import { requestIp } from "../lib/request-context";
import { notificationOf, notificationStatement, pushBalance, pushNotification } from "../lib/notify";
import { endUserSockets } from "../lib/session-sockets";
import { findUser } from "./queries";
import { batch, type SQL, sql } from "../db/sql";

type AdminEnv = Pick<Env, "DB" | "HUB_ROOM" | "CHAT_ROOM" | "CRASH_ROOM" | "JACKPOT_ROOM" | "WHEEL_ROOM" | "BONUS_ROOM">;

/** A refusal of an admin action (USER_NOT_FOUND is §8's lookup text, not a key). */
export type AdminRefusal<K extends string> = { ok: false; status: 404 | 409; key: K | typeof USER_NOT_FOUND };

/** Ledger keys of an adjustment: the user row and its house counterpart. */
function adjustLedgerKeys(idempotencyKey: string) {
  const user = `adjust:${idempotencyKey}`;
  return { user, house: `${user}:house` };
}

/** Cents as formatCents writes them ("-1.05", "12.50"), in SQL: `v` an integer expression. */
const centsText = (v: SQL) => sql`((CASE WHEN ${v} < 0 THEN '-' ELSE '' END) || printf('%d.%02d', abs(${v}) / 100, abs(${v}) % 100))`;

/**
 * The adjustment's audit row, its balance before and after read from the user row inside the batch
 * (placed before the UPDATE): whatever moved the balance a moment earlier, the row says what this
 * batch saw, and after − before is the amount (auditStatement binds them as values; here they are
 * SQL). No user row → no audit row, and the batch fails on the ledger's expectChanges anyway.
 */
function adjustAuditStatement(adminId: number, userId: number, amount: number, details: Record<string, unknown>, now = Date.now()): SQL {
  return sql`INSERT INTO audit_log (actor_id, action, target_user_id, details, before, after, ip, created_at)
    SELECT ${adminId}, 'user.adjust', id, ${JSON.stringify(details)},
           json_object('balance', ${centsText(sql`balance`)}), json_object('balance', ${centsText(sql`(balance + ${amount})`)}), ${requestIp()}, ${now}
      FROM users WHERE id = ${userId}`;
}

function adjustStatements(adminId: number, a: { userId: number; amount: number; reason: string; keys: { user: string; house: string } }): SQL[] {
  const { userId, amount, reason, keys } = a;
  const [unbooked, ...userMove] = userBalanceStatements({ userId, delta: amount, kind: "adjustment", reference: reason, idempotencyKey: keys.user });
  return [
    // a replayed key is told first (its balance has moved by the adjustment itself)
    unbooked as SQL,
    adjustAuditStatement(adminId, userId, amount, { amount: formatCents(amount), reason, idempotency_key: keys.user }),
    // the overdraft guard (a debit), the UPDATE, the ledger row with the balance after
    ...userMove,
    ...houseBalanceStatements({ account: "house", delta: -amount, kind: "adjustment", reference: reason, idempotencyKey: keys.house }),
    notificationStatement({ userId, name: "balance_adjusted", content: formatSigned(amount), createdAt: Date.now() }),
  ];
}

/** The balance after the adjustment (cents); `replay` when the key had already been applied. */
export async function adjustBalance(
  env: AdminEnv,
  adminId: number,
  input: { userId: number; amount: number; reason: string; idempotencyKey: string | undefined },
): Promise<{ ok: true; balance: number; replay: boolean } | AdminRefusal<"user_api.insufficient_balance" | "user_api.idempotency_conflict">> {
  const { userId, amount, reason } = input;
  const keys = adjustLedgerKeys(input.idempotencyKey ?? crypto.randomUUID());

  // One batch: the audit row (the balance before and after, read in SQL from the row being
  // updated), user balance + its ledger row, the house's opposite move, the bell row. Nothing is
  // read before it, so a balance moving meanwhile (a bet, a credit) cannot make it fail or lie:
  // the batch is a transaction and sees one balance. The balance guard refuses an overdraft, the
  // UNIQUE key a replay, no user row the ledger's expectChanges; either way nothing is written.
  let results: D1Result[];
  try {
    results = await batch(env.DB, adjustStatements(adminId, { userId, amount, reason, keys }));
  } catch (err) {
    const failure = classifyBatchError(err);
    if (failure === "insufficient") return { ok: false, status: 409, key: "user_api.insufficient_balance" };
    if (failure === "guard") return { ok: false, status: 404, key: USER_NOT_FOUND };
    if (failure !== "replay") throw err;
    const first = await ledgerRow(env, keys.user);
    // The same key for another user or amount is a client bug, not a retry.
    if (!first || first.userId !== userId || first.delta !== amount) return { ok: false, status: 409, key: "user_api.idempotency_conflict" };
    const now = await findUser(env, userId);
    return { ok: true, balance: now?.balance ?? 0, replay: true };
  }

  const row = await ledgerRow(env, keys.user);
  await pushBalance(env, userId);
  await pushNotification(env, userId, notificationOf(results.at(-1)));
  return { ok: true, balance: row?.balanceAfter ?? 0, replay: false };
}

export async function banUser(
  env: AdminEnv,
  adminId: number,
  userId: number,
  reason: string | undefined,
): Promise<{ ok: true } | AdminRefusal<"user_api.cannot_ban_self" | "user_api.already_banned">> {
  if (userId === adminId) return { ok: false, status: 409, key: "user_api.cannot_ban_self" };
  const target = await findUser(env, userId);
  if (!target) return { ok: false, status: 404, key: USER_NOT_FOUND };
  if (target.banned) return { ok: false, status: 409, key: "user_api.already_banned" };
  const changed = await setBanned(env, adminId, userId, true, { reason: reason ?? null });
  if (!changed) return { ok: false, status: 409, key: "user_api.already_banned" };
  // Every open socket of the user closes (4003) in every room, the hub's after userBanned (the
  // SPA's banned path). The sessions stay: each call answers 403 user_api.banned, an unban
  // restores them.
  await endUserSockets(env, userId);
  return { ok: true };
}

export async function unbanUser(
  env: AdminEnv,
  adminId: number,
  userId: number,
  reason?: string | undefined,
): Promise<{ ok: true } | AdminRefusal<"user_api.not_banned">> {
  const target = await findUser(env, userId);
  if (!target) return { ok: false, status: 404, key: USER_NOT_FOUND };
  if (!target.banned) return { ok: false, status: 409, key: "user_api.not_banned" };
  const changed = await setBanned(env, adminId, userId, false, reason ? { reason } : {});
  if (!changed) return { ok: false, status: 409, key: "user_api.not_banned" };
  return { ok: true };
}

async function ledgerRow(env: Pick<Env, "DB">, idempotencyKey: string) {
  return db(env).select().from(ledger).where(eq(ledger.idempotencyKey, idempotencyKey)).get();
}

/**
 * Flips users.banned from !banned to banned with its audit row in one batch; false when the
 * flag was already there (a concurrent ban/unban won).
 */
async function setBanned(env: Pick<Env, "DB">, actorId: number, userId: number, banned: boolean, details: Record<string, unknown>) {
  const d1 = env.DB;
  try {
    await batch(d1, [
      db(env)
        .update(users)
        .set({ banned })
        .where(and(eq(users.id, userId), eq(users.banned, !banned))),
      expectChanges(1),
      auditStatement({ actorId, action: banned ? "user.ban" : "user.unban", targetUserId: userId, details, before: { banned: !banned }, after: { banned } }),
    ]);
    return true;
  } catch (err) {
    if (classifyBatchError(err) === "guard") return false;
    throw err;
  }
}

function formatSigned(cents: number): string {
  return cents > 0 ? `+${formatCents(cents)}` : formatCents(cents);
}
