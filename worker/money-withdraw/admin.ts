// The staff side (docs/payments.md "Money withdrawals"): the queue with each player's record, and the
// decision (approve → sending, reject → canceled with the items back; audited in the same batch).
import type { z } from "zod";
import type { adminWithdrawJson, WithdrawSort, WithdrawStatus } from "../../shared/api/money-withdraw";
import { CONSOLE } from "../../shared/constants";
import { toDollars } from "../../shared/money";
import { afterPosition, type KeysetOrder, keysetPage, orderTerms, positionOf } from "../db/keyset";
import { all, batch, rowsOf, sql } from "../db/sql";
import { approveWithdrawal, cancelWithdrawal } from "./finish";
import { type MoneyWithdrawRow, presentWithdrawal, readWithdrawal } from "./rows";
import { wagerOf, wagerSql } from "./state";
import type { NotificationJson } from "../../shared/api/user";

type AdminJson = z.input<typeof adminWithdrawJson>;
type DbEnv = Pick<Env, "DB">;

/** The queue's sorts (shared/api/money-withdraw.ts WITHDRAW_SORTS). */
const WITHDRAW_ORDERS: Record<WithdrawSort, KeysetOrder> = {
  oldest: { value: sql`created_at`, key: sql`id`, dir: "asc", kind: "int" },
  newest: { value: sql`created_at`, key: sql`id`, dir: "desc", kind: "int" },
  amount: { value: sql`amount`, key: sql`id`, dir: "desc", kind: "int" },
};

/** A page of withdrawals of `status` (all when absent) in the sort's order (keyset, CONSOLE.pageSize). */
export async function listWithdrawals(
  env: DbEnv,
  f: { status?: WithdrawStatus | undefined; sort: WithdrawSort; cursor?: string | undefined },
): Promise<{ withdraws: AdminJson[]; next_cursor: string | null }> {
  const order = WITHDRAW_ORDERS[f.sort];
  const rows = await all<MoneyWithdrawRow & { sort_value: number; sort_key: number }>(
    env.DB,
    sql`SELECT *, ${order.value} AS sort_value, id AS sort_key FROM money_withdrawals
         WHERE (${f.status ?? null} IS NULL OR status = ${f.status ?? null}) AND ${afterPosition(order, positionOf(order, f.sort, f.cursor))}
         ORDER BY ${orderTerms(order)} LIMIT ${CONSOLE.pageSize + 1}`,
  );
  const page = keysetPage(rows, CONSOLE.pageSize, f.sort);
  return { withdraws: await presentAdmin(env, page.rows), next_cursor: page.next };
}

async function presentAdmin(env: DbEnv, rows: MoneyWithdrawRow[]): Promise<AdminJson[]> {
  if (rows.length === 0) return [];
  const userIds = [...new Set(rows.map((w) => w.user_id))];
  const now = Date.now();
  const results = await batch(env.DB, [
    sql`SELECT x.withdrawal_id, x.item_id AS id, x.price, c.market_hash_name FROM money_withdrawal_items x
          JOIN inventory_items i ON i.id = x.item_id JOIN catalogue c ON c.id = i.catalogue_id
         WHERE x.withdrawal_id IN (SELECT value FROM json_each(${JSON.stringify(rows.map((w) => w.id))})) ORDER BY x.item_id`,
    sql`SELECT id, username, created_at FROM users WHERE id IN (SELECT value FROM json_each(${JSON.stringify(userIds)}))`,
    ...userIds.map((id) => wagerSql(id, now)),
  ]);
  const items = rowsOf<{ withdrawal_id: number; id: number; price: number; market_hash_name: string }>(results[0]);
  const users = new Map(rowsOf<{ id: number; username: string; created_at: number }>(results[1]).map((u) => [u.id, u]));
  const wagers = new Map(userIds.map((id, i) => [id, wagerOf(results[2 + i])]));
  return rows.map((w) => {
    const u = users.get(w.user_id);
    const wager = wagers.get(w.user_id);
    return {
      ...presentWithdrawal(w),
      user: { id: w.user_id, username: u?.username ?? "" },
      wallet_full: w.wallet,
      items: items.filter((i) => i.withdrawal_id === w.id).map((i) => ({ id: i.id, market_hash_name: i.market_hash_name, price: toDollars(i.price) })),
      player: {
        deposits: toDollars(wager?.deposits ?? 0),
        bets: toDollars(wager?.bets ?? 0),
        withdrawn: toDollars(wager?.withdrawn ?? 0),
        registered_at: u?.created_at ?? 0,
      },
      reason: w.reason,
    };
  });
}

export type DecideOutcome =
  | { ok: true; withdraw: AdminJson; userId: number; notification: NotificationJson | null; approved: boolean }
  | { ok: false; status: 400 | 404 | 409; key: "withdrawal_api.not_found" | "withdrawal_api.already_decided" | "withdrawal_api.reason_required" };

export async function decideWithdrawal(
  env: DbEnv,
  d: { id: number; decision: "approve" | "reject"; reason?: string; adminId: number; now?: number },
): Promise<DecideOutcome> {
  const now = d.now ?? Date.now();
  const reason = d.reason?.trim() || null;
  if (d.decision === "reject" && !reason) return { ok: false, status: 400, key: "withdrawal_api.reason_required" };
  const w = await readWithdrawal(env, d.id);
  if (!w) return { ok: false, status: 404, key: "withdrawal_api.not_found" };
  if (w.status !== "moderation") return { ok: false, status: 409, key: "withdrawal_api.already_decided" };
  const audit = {
    actorId: d.adminId,
    action: d.decision === "approve" ? "withdrawal.approve" : "withdrawal.reject",
    targetUserId: w.user_id,
    details: { withdrawal_id: w.id, amount: w.amount, payout: w.payout, reason },
    // approve sends it to the payout pass; reject cancels it with the items back (finish.ts)
    before: { status: "moderation" },
    after: { status: d.decision === "approve" ? "sending" : "canceled" },
  };
  let notification: NotificationJson | null = null;
  if (d.decision === "approve") {
    if (!(await approveWithdrawal(env, w.id, d.adminId, reason, audit, now))) return { ok: false, status: 409, key: "withdrawal_api.already_decided" };
  } else {
    const done = await cancelWithdrawal(env, { w, from: "moderation", reason, notify: true, audit, decidedBy: d.adminId, now });
    if (!done.ok) return { ok: false, status: 409, key: "withdrawal_api.already_decided" };
    notification = done.notification;
  }
  const after = (await readWithdrawal(env, w.id)) as MoneyWithdrawRow;
  const [withdraw] = await presentAdmin(env, [after]);
  return { ok: true, withdraw: withdraw as AdminJson, userId: w.user_id, notification, approved: d.decision === "approve" };
}
