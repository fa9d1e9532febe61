// The operator console's operations calls (admin only; docs/operations.md "Operator console"):
// the live dashboard, the fairness chains' status and the decision on a payment in review.
// Maintenance with its message stays in shared/api/admin.ts (adminCalls.maintenance).
//
// POST /api/admin/dashboard        {}                                   → DashboardAnswer
// POST /api/admin/fairness/chains  {}                                   → FairnessChainsAnswer
// POST /api/admin/payments/decide  {payment_id, decision, reason}      → {success, payment}
//
// Refusals of decide: 404 deposit_api.payment_not_found, 409 deposit_api.already_decided (the
// payment is not in review: decided already, or never reviewed).
import { z } from "zod";
import { OPS } from "../constants";
import { dollarsJson, signedDollarsJson } from "../money";
import { emptyBody } from "./common";
import { contract } from "./contract";
import { adminPaymentJson, paymentIdSchema } from "./payments";

const epochMs = z.number().int().nonnegative();
const count = z.number().int().nonnegative();

/** The games the dashboard charts. */
export const DASHBOARD_MODES = ["crash", "jackpot", "wheel", "cases"] as const;
export type DashboardMode = (typeof DASHBOARD_MODES)[number];

const perMode = <T extends z.ZodType>(item: T) => z.strictObject({ crash: item, jackpot: item, wheel: item, cases: item });

/** One hour of one game: bets placed (cases: opened) and their stakes, dollars. */
export const activityHourJson = z.strictObject({ hour: epochMs, bets: count, wagered: dollarsJson });
/** One UTC day of one game: stakes less payouts, dollars (negative: the players won). */
export const resultDayJson = z.strictObject({ day: epochMs, result: signedDollarsJson });

const countSum = z.strictObject({ count, sum: dollarsJson });

export const dashboardAnswer = z.strictObject({
  /** when the figures were read */
  at: epochMs,
  /** the hub's sockets: signed-in users (once however many tabs) and visitors */
  online: z.strictObject({ users: count, visitors: count, total: count }),
  /** the last OPS.activityHours hours, oldest first, per game */
  activity: perMode(z.array(activityHourJson).length(OPS.activityHours)),
  /** the last OPS.resultDays UTC days, oldest first, per game */
  results: perMode(z.array(resultDayJson).length(OPS.resultDays)),
  /** the bonus pool's bank: the bonus account (the open and drawn rounds) */
  bonus_bank: dollarsJson,
  /** withdrawals waiting for a decision or being sent */
  withdrawals: z.strictObject({ money: countSum, skins: countSum }),
  /** payments in review */
  review: countSum,
  /** the books (worker/books/reconcile.ts): balanced, or the checks off and their figures that must be 0 */
  books: z.strictObject({
    ok: z.boolean(),
    failing: z.array(z.strictObject({ check: z.string(), figures: z.array(z.strictObject({ name: z.string(), value: z.number().int() })) })),
  }),
  /** the price feed's last refresh (the newest catalogue price), null before any */
  prices_refreshed_at: epochMs.nullable(),
});
export type DashboardAnswer = z.infer<typeof dashboardAnswer>;

/** The committed chains (docs/fairness.md "Provably fair"): crash, the jackpot levels, wheel, bonus pool, giveaways. */
export const CHAIN_NAMES = ["crash", "jackpot_low", "jackpot_medium", "jackpot_high", "wheel", "bonus", "giveaway"] as const;

export const chainStatusJson = z.strictObject({
  chain: z.enum(CHAIN_NAMES),
  /** the published terminating hash x_0 (null: not configured) */
  terminal: z.string().nullable(),
  /** N, the rounds the chain serves (null: not configured) */
  length: count.nullable(),
  /** the highest round index drawn from it so far */
  used: count,
  /** N − used (null when N is unknown) */
  left: count.nullable(),
  /** the secret's name (`wrangler secret put <seed_var>`) and whether it is set; never its value */
  seed_var: z.string(),
  seed_set: z.boolean(),
  /** the vars to change at a rotation */
  length_var: z.string(),
  terminal_var: z.string(),
});
export type ChainStatusJson = z.infer<typeof chainStatusJson>;

export const fairnessChainsAnswer = z.strictObject({ chains: z.array(chainStatusJson).length(CHAIN_NAMES.length) });

export const paymentDecideBody = z.strictObject({
  payment_id: paymentIdSchema,
  decision: z.enum(["credit", "refuse"]),
  reason: z.string().trim().min(1).max(OPS.decideReasonMax),
});
export type PaymentDecideRequest = z.input<typeof paymentDecideBody>;

export const paymentDecideAnswer = z.strictObject({ success: z.literal(true), payment: adminPaymentJson });

export const adminOpsCalls = {
  dashboard: contract({
    method: "POST",
    path: "/api/admin/dashboard",
    access: "admin",
    body: emptyBody,
    answer: dashboardAnswer,
    refusals: {},
    summary: "Admin: the live dashboard (online, activity, results, pool, queues, books, prices)",
  }),
  fairnessChains: contract({
    method: "POST",
    path: "/api/admin/fairness/chains",
    access: "admin",
    body: emptyBody,
    answer: fairnessChainsAnswer,
    refusals: {},
    summary: "Admin: each committed chain's terminal hash, length, rounds used and left",
  }),
  paymentDecide: contract({
    method: "POST",
    path: "/api/admin/payments/decide",
    access: "admin",
    body: paymentDecideBody,
    answer: paymentDecideAnswer,
    refusals: { "deposit_api.payment_not_found": 404, "deposit_api.already_decided": 409 },
    summary: "Admin: credits a payment in review (once) or refuses it, with a reason; audited",
  }),
};
