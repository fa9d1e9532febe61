// Money deposits through payment providers (worker/payments/*; docs/payments.md "Payments").
// Part of the D1 schema (index.ts); money columns are integer cents, times epoch milliseconds.
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { now } from "./now";
import { promoCodes } from "./promo";
import { users } from "./users";

/**
 * One money deposit the player asked for (POST /api/payment/sum/create). `id` is the order id the
 * provider echoes back. status: pending → credited (by the credit batch, guarded on
 * status = 'pending', which also sets provider_tx_id: one provider transaction credits one
 * payment) | review (an authentic callback that did not match: support looks at it). An admin
 * decides a payment in review once (worker/payments/admin-decide.ts): credited, or refused.
 * promo_id / promo_percent: the deposit code accepted at creation (booked at the credit);
 * nickname_percent: the §9 nickname bonus the player had at creation. bonus: cents credited on
 * top, set at the credit.
 */
export const payments = sqliteTable(
  "payments",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    requestId: text("request_id").notNull(),
    method: text("method").notNull(),
    /** the adapter: freekassa | stripe | wallet */
    provider: text("provider").notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    promoId: integer("promo_id").references(() => promoCodes.id),
    promoPercent: integer("promo_percent").notNull().default(0),
    nicknamePercent: integer("nickname_percent").notNull().default(0),
    status: text("status", { enum: ["pending", "credited", "review", "refused"] })
      .notNull()
      .default("pending"),
    /** the provider's own id of the payment page (a Checkout Session id) */
    providerRef: text("provider_ref"),
    providerTxId: text("provider_tx_id"),
    bonus: integer("bonus").notNull().default(0),
    createdAt: integer("created_at").notNull().default(now),
    updatedAt: integer("updated_at").notNull().default(now),
    creditedAt: integer("credited_at"),
  },
  (t) => [
    uniqueIndex("payments_request").on(t.userId, t.requestId),
    uniqueIndex("payments_provider_tx").on(t.provider, t.providerTxId),
    index("payments_user").on(t.userId, t.createdAt),
    check("payments_amount_pos", sql`${t.amount} > 0 AND ${t.bonus} >= 0`),
    check("payments_status", sql`${t.status} IN ('pending', 'credited', 'review', 'refused')`),
  ],
);

/**
 * Every authentic provider report (a signed callback, or a wallet transaction a player
 * claimed), once per provider transaction id (UNIQUE): a replay finds its row and moves nothing.
 * outcome: credited | unknown_order | underpaid | amount_mismatch | currency_mismatch |
 * order_already_paid | wrong_provider. Only 'credited' moved money (in the same batch as this row).
 */
export const paymentCallbacks = sqliteTable(
  "payment_callbacks",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    provider: text("provider").notNull(),
    providerTxId: text("provider_tx_id").notNull(),
    /** the provider's event id when it sends one (a webhook event) */
    eventId: text("event_id"),
    orderId: text("order_id").notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    outcome: text("outcome").notNull(),
    /** the payment it named, when one exists */
    paymentId: text("payment_id"),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [uniqueIndex("payment_callbacks_tx").on(t.provider, t.providerTxId), index("payment_callbacks_payment").on(t.paymentId)],
);
