// Money withdrawals (docs/payments.md "Money withdrawals"): the player's items, valued at the
// current catalogue price, paid out (minus the tax) to a wallet or card by a payout provider.
// Part of the D1 schema (index.ts); money columns are integer cents, times epoch milliseconds.
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { WithdrawStatus } from "../../../shared/api/money-withdraw";
import { now } from "./now";
import { inventoryItems } from "./items";
import { users } from "./users";

/**
 * One money withdrawal. status: moderation → sending → completed | canceled (shared/api/money-withdraw.ts).
 * amount = Σ item values at creation, tax = floor(amount · taxPercent / 100), payout = amount − tax.
 * wallet is the normalized account (money-withdraw/wallet.ts). payout_ref: the provider's id of
 * the payout once created (the order id sent is this row's id, so a payout exists once).
 * next_attempt_at: when the payout pass looks at a 'sending' row again. At most one open
 * (moderation / sending) money withdrawal per user (partial unique index).
 */
export const moneyWithdrawals = sqliteTable(
  "money_withdrawals",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    requestId: text("request_id").notNull(),
    system: integer("system").notNull(),
    wallet: text("wallet").notNull(),
    amount: integer("amount").notNull(),
    tax: integer("tax").notNull(),
    payout: integer("payout").notNull(),
    status: text("status").$type<WithdrawStatus>().notNull(),
    reason: text("reason"),
    decidedBy: integer("decided_by").references(() => users.id),
    payoutRef: text("payout_ref"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: integer("next_attempt_at").notNull(),
    createdAt: integer("created_at").notNull().default(now),
    updatedAt: integer("updated_at").notNull().default(now),
    finishedAt: integer("finished_at"),
  },
  (t) => [
    uniqueIndex("money_withdrawals_request").on(t.userId, t.requestId),
    uniqueIndex("money_withdrawals_one_open").on(t.userId).where(sql`status IN ('moderation', 'sending')`),
    index("money_withdrawals_due").on(t.status, t.nextAttemptAt),
    index("money_withdrawals_user").on(t.userId, t.createdAt),
    check("money_withdrawals_amounts", sql`${t.amount} >= 0 AND ${t.tax} >= 0 AND ${t.payout} = ${t.amount} - ${t.tax}`),
  ],
);

/** The items of a money withdrawal at the value they counted for in its amount (cents). */
export const moneyWithdrawalItems = sqliteTable(
  "money_withdrawal_items",
  {
    withdrawalId: integer("withdrawal_id")
      .notNull()
      .references(() => moneyWithdrawals.id),
    itemId: integer("item_id")
      .notNull()
      .references(() => inventoryItems.id),
    price: integer("price").notNull(),
  },
  (t) => [primaryKey({ columns: [t.withdrawalId, t.itemId] }), index("money_withdrawal_items_item").on(t.itemId)],
);
