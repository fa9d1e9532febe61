// /api/admin/users/* (admin only, every action audited): balance adjustment, ban, unban.
import { Hono } from "hono";
import { eq } from "drizzle-orm";
import { adjustBody, banBody, unbanBody } from "../../../shared/api/admin";
import { USER_NOT_FOUND } from "../../../shared/api/user";
import { formatCents, toDollars } from "../../../shared/money";
import { requireAdmin } from "../../auth/middleware";
import { db } from "../../db/client";
import { classifyBatchError, expectChanges, houseBalanceStatements, userBalanceStatements } from "../../db/ledger";
import { ledger } from "../../db/schema";
import type { AppEnv } from "../../env";
import { auditStatement } from "../../lib/audit";
import { fail, jsonBody } from "../../lib/http";
import { notificationOf, notificationStatement, pushBalance, pushNotification } from "../../lib/notify";
import { endUserSockets } from "../../lib/session-sockets";
import { findUser } from "../../user/queries";

/** Ledger keys of an adjustment: the user row and its house counterpart. */
export function adjustLedgerKeys(idempotencyKey: string) {
  const user = `adjust:${idempotencyKey}`;
  return { user, house: `${user}:house` };
}

export const adminUserRoutes = new Hono<AppEnv>()
  .use(requireAdmin)
  .post("/adjust", jsonBody(adjustBody), async (c) => {
    const admin = c.get("user");
    const { user_id: userId, amount, reason, idempotency_key } = c.req.valid("json");
    const keys = adjustLedgerKeys(idempotency_key ?? crypto.randomUUID());

    const target = await findUser(c.env, userId);
    if (!target) return fail(c, 404, USER_NOT_FOUND);

    // One batch: user balance + its ledger row, the house's opposite move, the audit row, the bell row.
    // The balance CHECK refuses an overdraft, the UNIQUE key a replay; either way nothing is written.
    const d1 = c.env.DB;
    const statements = [
      ...userBalanceStatements(d1, { userId, delta: amount, kind: "adjustment", reference: reason, idempotencyKey: keys.user }),
      ...houseBalanceStatements(d1, { account: "house", delta: -amount, kind: "adjustment", reference: reason, idempotencyKey: keys.house }),
      auditStatement(d1, {
        actorId: admin.id,
        action: "user.adjust",
        targetUserId: userId,
        details: { amount: formatCents(amount), reason, idempotency_key: keys.user },
      }),
      notificationStatement(d1, { userId, name: "balance_adjusted", content: formatSigned(amount), createdAt: Date.now() }),
    ];
    let results: D1Result[];
    try {
      results = await d1.batch(statements);
    } catch (err) {
      const failure = classifyBatchError(err);
      if (failure === "insufficient") return fail(c, 409, "user_api.insufficient_balance");
      if (failure === "guard") return fail(c, 404, USER_NOT_FOUND);
      if (failure !== "replay") throw err;
      const first = await ledgerRow(c.env, keys.user);
      // The same key for another user or amount is a client bug, not a retry.
      if (!first || first.userId !== userId || first.delta !== amount) return fail(c, 409, "user_api.idempotency_conflict");
      const now = await findUser(c.env, userId);
      return c.json({ success: true as const, balance: toDollars(now?.balance ?? 0), replay: true as const });
    }

    const row = await ledgerRow(c.env, keys.user);
    await pushBalance(c.env, userId);
    await pushNotification(c.env, userId, notificationOf(results.at(-1)));
    return c.json({ success: true as const, balance: toDollars(row?.balanceAfter ?? 0) });
  })
  .post("/ban", jsonBody(banBody), async (c) => {
    const admin = c.get("user");
    const { user_id: userId, reason } = c.req.valid("json");
    if (userId === admin.id) return fail(c, 409, "user_api.cannot_ban_self");
    const target = await findUser(c.env, userId);
    if (!target) return fail(c, 404, USER_NOT_FOUND);
    if (target.banned) return fail(c, 409, "user_api.already_banned");
    const changed = await setBanned(c.env, admin.id, userId, true, { reason: reason ?? null });
    if (!changed) return fail(c, 409, "user_api.already_banned");
    // Every open socket of the user closes (4003) in every room, the hub's after userBanned (the
    // SPA's banned path). The sessions stay: each call answers 403 user_api.banned, an unban
    // restores them.
    await endUserSockets(c.env, userId);
    return c.json({ success: true as const });
  })
  .post("/unban", jsonBody(unbanBody), async (c) => {
    const admin = c.get("user");
    const { user_id: userId } = c.req.valid("json");
    const target = await findUser(c.env, userId);
    if (!target) return fail(c, 404, USER_NOT_FOUND);
    if (!target.banned) return fail(c, 409, "user_api.not_banned");
    const changed = await setBanned(c.env, admin.id, userId, false, {});
    if (!changed) return fail(c, 409, "user_api.not_banned");
    return c.json({ success: true as const });
  });

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
    await d1.batch([
      d1.prepare("UPDATE users SET banned = ?1 WHERE id = ?2 AND banned = ?3").bind(banned ? 1 : 0, userId, banned ? 0 : 1),
      expectChanges(d1, 1),
      auditStatement(d1, { actorId, action: banned ? "user.ban" : "user.unban", targetUserId: userId, details }),
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
