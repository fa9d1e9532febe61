// POST /api/user/createWithdraw against D1 (docs/payments.md "Money withdrawals"). ONE batch:
//   the request guards (db/guards.ts requestGuards: a retry of the same request_id answers the
//   first, a second open one is refused even when two creates race) → money_withdrawals row
//   → money_withdrawal_items at the value counted → items 'available' → 'withdrawing' (owner,
//   status, value and trade protection guarded; expectChanges aborts the batch otherwise).
// No balance moves: the items leave the inventory; the money leaves the house on payout.
import type { WithdrawSystemNumber } from "../../shared/api/money-withdraw";
import { classifyBatchError } from "../db/ledger";
import { expectChanges, failedGuard, requestGuards } from "../db/guards";
import { batch, rowsOf, sql } from "../db/sql";
import { itemValueSql } from "../prices/valuation";
import { notProtectedSql } from "../skins-deposit/protection";
import { type PayoutEnv, payoutMethod } from "./config";
import { checkCreate, type CreateRefusal, initialStatus } from "./rules";
import { type MoneyWithdrawRow, readWithdrawal } from "./rows";
import { readCreateState } from "./state";
import { normalizeWallet } from "./wallet";

type CreateEnv = Pick<Env, "DB"> & PayoutEnv;

export interface CreateRequest {
  userId: number;
  ids: number[];
  sum: number;
  system: WithdrawSystemNumber;
  wallet: string;
  requestId: string;
  now?: number;
}

export type CreateOutcome = { ok: true; withdrawal: MoneyWithdrawRow; replay: boolean } | ({ ok: false } & CreateRefusal);

async function check(env: CreateEnv, r: CreateRequest, ids: number[], now: number) {
  const state = await readCreateState(env, r.userId, ids, now);
  return checkCreate({
    userId: r.userId,
    ids,
    sum: r.sum,
    system: r.system,
    wallet: normalizeWallet(r.system, r.wallet),
    systemAvailable: payoutMethod(env, r.system) !== null,
    wager: state.wager,
    items: state.items,
  });
}

export async function createWithdrawal(env: CreateEnv, r: CreateRequest): Promise<CreateOutcome> {
  const first = await findByRequest(env, r.userId, r.requestId);
  if (first) return { ok: true, withdrawal: first, replay: true };
  const now = r.now ?? Date.now();
  const ids = [...new Set(r.ids)];
  const c = await check(env, r, ids, now);
  if (!c.ok) return c;
  const wallet = normalizeWallet(r.system, r.wallet) as string;
  const status = initialStatus(c.amount);
  const idSql = sql`(SELECT id FROM money_withdrawals WHERE user_id = ${r.userId} AND request_id = ${r.requestId})`;
  try {
    await batch(env.DB, [
      ...requestGuards({ table: "money_withdrawals", open: "status IN ('moderation', 'sending')", userId: r.userId, requestId: r.requestId }),
      sql`INSERT INTO money_withdrawals (user_id, request_id, system, wallet, amount, tax, payout, status, attempts, next_attempt_at, created_at, updated_at)
           VALUES (${r.userId}, ${r.requestId}, ${r.system}, ${wallet}, ${c.amount}, ${c.tax}, ${c.payout}, ${status}, 0, ${now}, ${now}, ${now})`,
      sql`INSERT INTO money_withdrawal_items (withdrawal_id, item_id, price)
           SELECT ${idSql}, json_extract(value, '$.id'), json_extract(value, '$.p') FROM json_each(${JSON.stringify(c.items.map((i) => ({ id: i.id, p: i.price })))})`,
      sql`UPDATE inventory_items SET status = 'withdrawing', updated_at = ${now}
            WHERE id IN (SELECT item_id FROM money_withdrawal_items WHERE withdrawal_id = ${idSql}) AND owner_id = ${r.userId} AND status = 'available'
              AND ${sql.raw(itemValueSql("inventory_items"))} = (SELECT x.price FROM money_withdrawal_items x WHERE x.withdrawal_id = ${idSql} AND x.item_id = inventory_items.id)
              AND ${sql.raw(notProtectedSql("inventory_items", now))}`,
      expectChanges(c.items.length),
    ]);
  } catch (err) {
    const code = failedGuard(err);
    if (code === "request.replayed") {
      const again = await findByRequest(env, r.userId, r.requestId);
      if (again) return { ok: true, withdrawal: again, replay: true };
    }
    if (code === "request.open") return { ok: false, status: 409, key: "withdrawal_api.wait_last_withdraw" };
    if (classifyBatchError(err) === "guard") {
      // the items (or a price) changed between the read and the batch: answer what they are now
      const again = await check(env, r, ids, now);
      return again.ok ? { ok: false, status: 409, key: "withdrawal_api.item_not_found" } : again;
    }
    throw err;
  }
  const created = await findByRequest(env, r.userId, r.requestId);
  if (!created) throw new Error("money withdrawal vanished after its batch");
  return { ok: true, withdrawal: created, replay: false };
}

async function findByRequest(env: Pick<Env, "DB">, userId: number, requestId: string): Promise<MoneyWithdrawRow | null> {
  const [r] = await batch(env.DB, [sql`SELECT id FROM money_withdrawals WHERE user_id = ${userId} AND request_id = ${requestId}`]);
  const id = rowsOf<{ id: number }>(r)[0]?.id;
  return id === undefined ? null : readWithdrawal(env, id);
}
