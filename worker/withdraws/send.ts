// POST /api/withdraws/send and /preview against D1. A send is ONE batch:
//   the request guards (db/guards.ts requestGuards: a retry of the same request_id answers the
//   first send, a second open withdrawal is refused even when two sends race) → withdrawals row
//   → withdrawal_items → items 'available' → 'withdrawing' (owner + status guarded, expectChanges)
//   → the fee: user debit + house credit (kind 'withdraw_fee'; its guard refuses an overdraft).
// The rules are checked on a fresh read first (rules.ts) so every refusal has its own key; the
// batch's guards make a race lose cleanly (nothing moves) and the loser is answered by re-reading.
import { classifyBatchError, houseBalanceStatements, userBalanceStatements } from "../db/ledger";
import { expectChanges, failedGuard, requestGuards } from "../db/guards";
import { itemValueSql } from "../prices/valuation";
import { notProtectedSql } from "../skins-deposit/protection";
import { checkCount, checkSend, type PickedItem, type SendRefusal, type SendState } from "./rules";
import { and, eq } from "drizzle-orm";
import { db } from "../db/client";
import { withdrawals } from "../db/schema";
import { batch, rowsOf, type SQL, sql } from "../db/sql";

type DbEnv = Pick<Env, "DB">;

export const withdrawalReference = (id: string) => `withdrawal:${id}`;

/** Ledger idempotency keys of a withdrawal: the fee on send, its refund on cancel (user and house rows). */
export function withdrawLedgerKeys(id: string) {
  const base = `withdraw:${id}`;
  return { fee: `${base}:fee`, feeHouse: `${base}:fee:house`, refund: `${base}:refund`, refundHouse: `${base}:refund:house` };
}

export type SendOutcome = { ok: true; id: string; replay: boolean } | ({ ok: false } & SendRefusal);

export interface SendRequest {
  userId: number;
  ids: number[];
  requestId: string;
  now?: number;
}

export async function readSendState(env: DbEnv, userId: number, ids: readonly number[], now = Date.now()): Promise<SendState> {
  const [user, dep, open, items] = await batch(env.DB, [
    sql`SELECT trade_link, balance FROM users WHERE id = ${userId}`,
    sql`SELECT EXISTS (SELECT 1 FROM ledger WHERE user_id = ${userId} AND account = 'user' AND kind = 'deposit' AND delta > 0) AS v`,
    sql`SELECT EXISTS (SELECT 1 FROM withdrawals WHERE user_id = ${userId} AND status IN ('sending', 'moderation')) AS v`,
    // each item at its value: the current catalogue price (prices/valuation.ts), so the fee is on what it is worth now
    // tradable: outside a skins deposit's trade-protection window
    sql`SELECT id, owner_id, status, ${sql.raw(itemValueSql("inventory_items"))} AS price, ${sql.raw(notProtectedSql("inventory_items", now))} AS tradable
          FROM inventory_items WHERE id IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`,
  ]);
  const u = rowsOf<{ trade_link: string | null; balance: number }>(user)[0];
  return {
    userId,
    tradeLink: u?.trade_link ?? null,
    balance: Number(u?.balance ?? 0),
    hasDeposit: Number(rowsOf<{ v: number }>(dep)[0]?.v ?? 0) === 1,
    hasOpenWithdrawal: Number(rowsOf<{ v: number }>(open)[0]?.v ?? 0) === 1,
    items: rowsOf<{ id: number; owner_id: number | null; status: string; price: number; tradable: number }>(items).map(
      (r): PickedItem => ({ id: r.id, ownerId: r.owner_id, status: r.status, price: r.price, tradeProtected: Number(r.tradable) !== 1 }),
    ),
  };
}

/** What a send of these items would cost, or the rule it would break (every rule; moves nothing). */
export async function previewWithdrawal(env: DbEnv, userId: number, ids: number[]) {
  const count = checkCount(ids);
  if (count) return count;
  return checkSend(ids, await readSendState(env, userId, ids));
}

export async function sendWithdrawal(env: DbEnv, r: SendRequest): Promise<SendOutcome> {
  const first = await findByRequest(env, r.userId, r.requestId);
  if (first) return { ok: true, id: first, replay: true };

  const state = await readSendState(env, r.userId, r.ids);
  const check = checkSend(r.ids, state);
  if (!check.ok) return check;

  const d1 = env.DB;
  const id = crypto.randomUUID();
  const now = r.now ?? Date.now();
  const keys = withdrawLedgerKeys(id);
  const reference = withdrawalReference(id);
  const statements: SQL[] = [
    ...requestGuards({ table: "withdrawals", open: "status IN ('sending', 'moderation')", userId: r.userId, requestId: r.requestId }),
    sql`INSERT INTO withdrawals (id, user_id, request_id, status, trade_link, amount, fee, attempts, next_attempt_at, created_at, updated_at)
         VALUES (${id}, ${r.userId}, ${r.requestId}, 'sending', ${state.tradeLink}, ${check.amount}, ${check.fee}, 0, ${now}, ${now}, ${now})`,
    sql`INSERT INTO withdrawal_items (withdrawal_id, item_id, price)
         SELECT ${id}, json_extract(value, '$.id'), json_extract(value, '$.p') FROM json_each(${JSON.stringify(check.items.map((i) => ({ id: i.id, p: i.price })))})`,
    sql`UPDATE inventory_items SET status = 'withdrawing', updated_at = ${now}
          WHERE id IN (SELECT item_id FROM withdrawal_items WHERE withdrawal_id = ${id}) AND owner_id = ${r.userId} AND status = 'available'
            AND ${sql.raw(itemValueSql("inventory_items"))} = (SELECT x.price FROM withdrawal_items x WHERE x.withdrawal_id = ${id} AND x.item_id = inventory_items.id)`,
    expectChanges(check.items.length),
  ];
  if (check.fee > 0) {
    statements.push(
      ...userBalanceStatements({ userId: r.userId, delta: -check.fee, kind: "withdraw_fee", reference, idempotencyKey: keys.fee }, now),
      ...houseBalanceStatements({ account: "house", delta: check.fee, kind: "withdraw_fee", reference, idempotencyKey: keys.feeHouse }, now),
    );
  }
  try {
    await batch(d1, statements);
    return { ok: true, id, replay: false };
  } catch (err) {
    const code = failedGuard(err);
    if (code === "request.replayed") {
      const again = await findByRequest(env, r.userId, r.requestId);
      if (again) return { ok: true, id: again, replay: true };
    }
    if (code === "request.open") return { ok: false, status: 409, key: "inventory_api.wait_last_withdraw" };
    const failure = classifyBatchError(err);
    if (failure === "insufficient") return { ok: false, status: 400, key: "inventory_api.insufficient_funds" };
    if (failure === "guard") {
      // the items changed between the read and the batch: answer what they are now
      const now2 = await readSendState(env, r.userId, r.ids);
      const recheck = checkSend(r.ids, now2);
      return recheck.ok ? { ok: false, status: 409, key: "inventory_api.item_not_found" } : recheck;
    }
    throw err;
  }
}

async function findByRequest(env: DbEnv, userId: number, requestId: string): Promise<string | null> {
  const row = await db(env)
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), eq(withdrawals.requestId, requestId)))
    .get();
  return row?.id ?? null;
}
