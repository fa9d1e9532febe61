// The operator console's operations calls (admin only; docs/operations.md "Operator console"):
// the live dashboard, the fairness chains' status and the decision on a payment in review.
// Maintenance with its message stays in shared/api/admin.ts (adminCalls.maintenance).
//
// POST /api/admin/dashboard        {}                                   → DashboardAnswer
// POST /api/admin/fairness/chains  {}                                   → FairnessChainsAnswer
// POST /api/admin/fairness/announce {chain, terminal, length, from_round, note_ru?, note_en?}
//                                                                       → {success, announcement}
// POST /api/admin/fairness/withdraw {id}                                → {success, announcement}
// POST /api/admin/payments/decide  {payment_id, decision, reason}      → {success, payment}
// POST /api/admin/rooms/profile    {room, level?, reset}                → RoomProfileAnswer (dev flag only, 404 otherwise)
//
// Refusals of decide: 404 deposit_api.payment_not_found, 409 deposit_api.already_decided (the
// payment is not in review: decided already, or never reviewed).
// Refusals of announce (docs/operations.md "Rotating a hash chain"): 409
// fairness_api.announcement_open (the chain has an announcement not yet live), 409
// fairness_api.from_round_used (from_round not after the rounds drawn), 400
// fairness_api.length_short (length < from_round), 409 fairness_api.terminal_running (the deployed
// terminal). Of withdraw: 404 fairness_api.announcement_not_found, 409
// fairness_api.announcement_closed (withdrawn already, live, or an earlier chain's).
import { z } from "zod";
import { JACKPOT_LEVELS, OPS } from "../constants";
import { isHash } from "../fairness";
import { dollarsJson, signedDollarsJson } from "../money";
import { emptyBody, idNumberSchema } from "./common";
import { CHAIN_NAMES } from "./config";
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

/**
 * A skin withdrawal or deposit still waiting for its trade-bot offer after OPS.stuckTradeMs: the
 * request keeps trying with the same reference, its items stay locked (docs/operations.md "Trade
 * bot"). attempts: the offers tried (withdrawals; a deposit keeps no count).
 */
export const stuckTradeJson = z.strictObject({
  kind: z.enum(["withdraw", "deposit"]),
  id: z.string(),
  user: z.strictObject({ id: z.number().int().positive(), username: z.string() }),
  amount: dollarsJson,
  created_at: epochMs,
  attempts: count.nullable(),
  next_attempt_at: epochMs,
});
export type StuckTradeJson = z.infer<typeof stuckTradeJson>;

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
  /** skin requests waiting on the trade bot: how many, and the oldest OPS.stuckTradesShown */
  stuck_trades: z.strictObject({ count, oldest: z.array(stuckTradeJson).max(OPS.stuckTradesShown) }),
  /** the books (worker/books/reconcile.ts): balanced, or the checks off and their figures that must be 0 */
  books: z.strictObject({
    ok: z.boolean(),
    failing: z.array(z.strictObject({ check: z.string(), figures: z.array(z.strictObject({ name: z.string(), value: z.number().int() })) })),
  }),
  /** the price feed's last refresh (the newest catalogue price), null before any */
  prices_refreshed_at: epochMs.nullable(),
});
export type DashboardAnswer = z.infer<typeof dashboardAnswer>;

/** One announcement of a chain's rotation (worker/db/schema/fairness.ts). */
export const chainAnnouncementJson = z.strictObject({
  id: z.number().int().positive(),
  chain: z.enum(CHAIN_NAMES),
  /** the new chain's terminating hash x_0 */
  terminal: z.string(),
  /** N: the rounds the new chain serves (1..N) */
  length: count,
  /** the first round index drawn from the new chain */
  from_round: count,
  note_ru: z.string().nullable(),
  note_en: z.string().nullable(),
  announced_by: z.number().int().positive(),
  announced_at: epochMs,
  withdrawn_at: epochMs.nullable(),
});
export type ChainAnnouncementJson = z.infer<typeof chainAnnouncementJson>;

/**
 * Whether the deploy matches the announcements: none (the chain never had one: neutral), live
 * (the deployed terminal is the latest announcement's), pending (an announcement waits for its
 * deploy; the chain it replaces still runs), unannounced (the deployed terminal matches no
 * announcement: a warning).
 */
export const CHAIN_DEPLOY_STATES = ["none", "live", "pending", "unannounced"] as const;
export type ChainDeployState = (typeof CHAIN_DEPLOY_STATES)[number];

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
  /** the announcement waiting for its deploy, if any (at most one per chain) */
  announcement: chainAnnouncementJson.nullable(),
  deploy: z.enum(CHAIN_DEPLOY_STATES),
});
export type ChainStatusJson = z.infer<typeof chainStatusJson>;

export const fairnessChainsAnswer = z.strictObject({ chains: z.array(chainStatusJson).length(CHAIN_NAMES.length) });

const note = z.string().trim().max(OPS.announcementNoteMax).nullish();
/** A round index or a chain length: a positive safe integer given as a JSON number. */
const rounds = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const chainAnnounceBody = z.strictObject({
  chain: z.enum(CHAIN_NAMES),
  /** 64 lowercase hex characters (shared/fairness.ts isHash) */
  terminal: z.string().refine(isHash, "a terminal hash is 64 lowercase hex characters"),
  length: rounds,
  from_round: rounds,
  note_ru: note,
  note_en: note,
});
export type ChainAnnounceRequest = z.input<typeof chainAnnounceBody>;

export const chainWithdrawBody = z.strictObject({ id: idNumberSchema });

export const chainAnnouncementAnswer = z.strictObject({ success: z.literal(true), announcement: chainAnnouncementJson });

export const paymentDecideBody = z.strictObject({
  payment_id: paymentIdSchema,
  decision: z.enum(["credit", "refuse"]),
  reason: z.string().trim().min(1).max(OPS.decideReasonMax),
});
export type PaymentDecideRequest = z.input<typeof paymentDecideBody>;

export const paymentDecideAnswer = z.strictObject({ success: z.literal(true), payment: adminPaymentJson });

/** A live room the benches profile: crash, the wheel, or a jackpot level. */
export const roomProfileBody = z.strictObject({
  room: z.enum(["crash", "wheel", "jackpot"]),
  level: z.enum(JACKPOT_LEVELS).optional(),
  /** start a new count after this report */
  reset: z.boolean(),
});
const timingJson = z.strictObject({ count, ms: z.number().nonnegative(), maxMs: z.number().nonnegative() });
const sentJson = z.strictObject({ frames: count, bytes: count });
/** Where a room's time went since the last reset (worker/rooms/base/profile.ts). */
export const roomProfileAnswer = z.strictObject({
  sockets: count,
  /** the room's storage keys (bets of the open round, the outbox, alarms): bounded when nothing leaks */
  storedKeys: count,
  since: epochMs,
  timings: z.record(z.string(), timingJson),
  sent: z.record(z.string(), sentJson),
});

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
  chainAnnounce: contract({
    method: "POST",
    path: "/api/admin/fairness/announce",
    access: "admin",
    body: chainAnnounceBody,
    answer: chainAnnouncementAnswer,
    refusals: {
      "fairness_api.announcement_open": 409,
      "fairness_api.from_round_used": 409,
      "fairness_api.length_short": 400,
      "fairness_api.terminal_running": 409,
    },
    summary: "Admin: announces a chain's next terminal hash, length and first round before its deploy; audited",
  }),
  chainWithdraw: contract({
    method: "POST",
    path: "/api/admin/fairness/withdraw",
    access: "admin",
    body: chainWithdrawBody,
    answer: chainAnnouncementAnswer,
    refusals: { "fairness_api.announcement_not_found": 404, "fairness_api.announcement_closed": 409 },
    summary: "Admin: withdraws a chain's announcement that is not live yet (kept, marked withdrawn); audited",
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
  roomProfile: contract({
    method: "POST",
    path: "/api/admin/rooms/profile",
    access: "admin",
    body: roomProfileBody,
    answer: roomProfileAnswer,
    refusals: { "app_api.not_found": 404 },
    summary: "Dev only (404 otherwise): where a live room's time went (per message, per phase) and the frames it sent",
  }),
};
