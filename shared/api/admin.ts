// Staff routes under /api/admin (admin only, audited): request bodies and answers.
import { z } from "zod";
import { ADMIN, CONSOLE, OPS } from "../constants";
import { dollarsJson, dollarsSchema, signedDollarsJson } from "../money";
import { USER_NOT_FOUND } from "../errors";
import { contract } from "./contract";
import { nextCursorJson, sortedListBody, sortedListInvalid, sortedListRefusals } from "./keyset";
import { withdrawHistoryRow } from "./history";
import { inventoryItemSchema } from "./inventory";
import { paymentJson } from "./payments";
import { referralRowJson } from "./promo";
import { skinDepositJson } from "./skins-deposit";
import { ticketSummaryJson } from "./tickets";
import { userIdSchema } from "./user";
import { protectionAnswer } from "./protection";

/** POST /api/admin/users/adjust: amount in dollars (≤ 2 decimals, may be negative, never 0). */
export const adjustBody = z.object({
  user_id: userIdSchema,
  amount: dollarsSchema.refine((cents) => cents !== 0 && Math.abs(cents) <= ADMIN.maxAdjustCents, "invalid amount"),
  reason: z.string().trim().min(1).max(ADMIN.adjustReasonMaxLength),
  /** Retrying with the same key answers the first result and moves nothing. Default: a fresh uuid. */
  idempotency_key: z.string().min(ADMIN.idempotencyKeyLength.min).max(ADMIN.idempotencyKeyLength.max).optional(),
});

export const adjustAnswer = z.object({
  success: z.literal(true),
  /** the user's balance in dollars after the adjustment (the current one on a replay) */
  balance: z.number(),
  replay: z.literal(true).optional(),
});

export const banBody = z.object({
  user_id: userIdSchema,
  reason: z.string().trim().max(ADMIN.banReasonMaxLength).optional(),
});

export const unbanBody = z.object({
  user_id: userIdSchema,
  reason: z.string().trim().max(ADMIN.banReasonMaxLength).optional(),
});

/** POST /api/admin/users/ban and /unban. */
export const successAnswer = z.object({ success: z.literal(true) });

/**
 * POST /api/admin/maintenance: switches maintenance (§4) on or off, with an optional message
 * players see in the maintenance notice (trimmed; empty = none; dropped when switched off).
 */
export const maintenanceBody = z.strictObject({
  enabled: z.boolean(),
  message: z.string().trim().max(OPS.maintenanceMessageMax).optional(),
});
export const maintenanceAnswer = z.object({ success: z.literal(true), maintenance: z.boolean(), message: z.string().nullable() });

// ── the console's users pages ────────────────────────────────────────────────

export const STAFF_ROLES = ["player", "moderator", "admin"] as const;
export const staffRole = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof staffRole>;

/** POST /api/admin/users/search: q is an id, a username part, a Steam id or a trade link. */
/** The users table's sorts: newest (by id), the largest balance, the most wagered (settled bets in all). */
export const USER_SORTS = { newest: "int", balance: "int", wagered: "int" } as const;
export type UserSort = keyof typeof USER_SORTS;
export const userSearchBody = sortedListBody(
  {
    q: z.string().trim().max(CONSOLE.searchMaxLength).optional(),
    role: staffRole.optional(),
    banned: z.boolean().optional(),
  },
  USER_SORTS,
  "newest",
);

export const consoleUserJson = z.strictObject({
  id: z.number().int().positive(),
  username: z.string(),
  avatar: z.string(),
  balance: dollarsJson,
  banned: z.boolean(),
  role: staffRole,
  created_at: z.number().int(),
});
export type ConsoleUserJson = z.infer<typeof consoleUserJson>;

/** A row of the users table: the user and what they wagered (settled bets in all, dollars). */
export const consoleUserRowJson = consoleUserJson.extend({ wagered: dollarsJson });
export type ConsoleUserRowJson = z.infer<typeof consoleUserRowJson>;

export const userSearchAnswer = z.object({
  users: z.array(consoleUserRowJson).max(CONSOLE.pageSize),
  /** the cursor of the next page; null on the last one */
  next_cursor: nextCursorJson,
});

export const userIdBody = z.strictObject({ user_id: userIdSchema });

/** One mode's settled bets: how many, staked and paid back (dollars); house = wagered − won. */
export const modeBetsJson = z.strictObject({
  count: z.number().int().nonnegative(),
  wagered: dollarsJson,
  won: dollarsJson,
  house: signedDollarsJson,
});
export type ModeBetsJson = z.infer<typeof modeBetsJson>;

/** A session as staff see it: `id` is a short handle (never the token or its whole hash). */
export const consoleSessionJson = z.strictObject({
  id: z.string().regex(/^[0-9a-f]{16}$/),
  created_at: z.number().int(),
  expires_at: z.number().int(),
  revoked: z.boolean(),
  /** ended by a logout or staff: when */
  revoked_at: z.number().int().nullable(),
  /** when this session passed the staff second factor; null = never */
  second_factor_at: z.number().int().nullable(),
});
export type ConsoleSessionJson = z.infer<typeof consoleSessionJson>;

const listOf = <T extends z.ZodType>(row: T) => z.array(row).max(CONSOLE.userListSize);

export const userDetailAnswer = z.object({
  user: consoleUserJson.extend({
    cashback: dollarsJson,
    trade_link: z.string().nullable(),
    steam_id: z.string().nullable(),
    terms_version: z.string().nullable(),
    terms_accepted_at: z.number().int().nullable(),
    /** the staff second factor is enrolled (confirmed) */
    second_factor: z.boolean(),
  }),
  items: listOf(inventoryItemSchema),
  deposits: listOf(paymentJson),
  skin_deposits: listOf(skinDepositJson),
  withdrawals: listOf(withdrawHistoryRow),
  bets: z.strictObject({ crash: modeBetsJson, jackpot: modeBetsJson, wheel: modeBetsJson, cases: modeBetsJson }),
  tickets: z.array(ticketSummaryJson),
  sessions: listOf(consoleSessionJson),
  referrals: z.strictObject({ count: z.number().int().nonnegative(), earned: dollarsJson, latest: listOf(referralRowJson) }),
  /** the player's own limits and break, read only: staff can neither loosen nor lift them (docs/protection.md "Staff") */
  protection: protectionAnswer,
});
export type UserDetailAnswer = z.infer<typeof userDetailAnswer>;

/** POST /api/admin/users/sessions/end: one session (by its handle) or, without one, all live ones. */
export const endSessionsBody = z.strictObject({
  user_id: userIdSchema,
  session: z
    .string()
    .regex(/^[0-9a-f]{16}$/)
    .optional(),
});
export const endSessionsAnswer = z.object({ success: z.literal(true), ended: z.number().int().positive() });

export const setRoleBody = z.strictObject({ user_id: userIdSchema, role: staffRole });
export const setRoleAnswer = z.object({ success: z.literal(true), role: staffRole });

export const adminCalls = {
  maintenance: contract({
    method: "POST",
    path: "/api/admin/maintenance",
    access: "admin",
    body: maintenanceBody,
    answer: maintenanceAnswer,
    refusals: {},
    summary: "Switches maintenance on or off with a message for players, and tells every client",
  }),
  adjust: contract({
    method: "POST",
    path: "/api/admin/users/adjust",
    access: "admin",
    body: adjustBody,
    answer: adjustAnswer,
    refusals: { [USER_NOT_FOUND]: 404, "user_api.insufficient_balance": 409, "user_api.idempotency_conflict": 409 },
    summary: "Adjusts a user's balance with a reason (two-sided with the house, idempotent by key)",
  }),
  ban: contract({
    method: "POST",
    path: "/api/admin/users/ban",
    access: "admin",
    body: banBody,
    answer: successAnswer,
    refusals: { [USER_NOT_FOUND]: 404, "user_api.cannot_ban_self": 409, "user_api.already_banned": 409 },
    summary: "Bans a user: every session and socket ends",
  }),
  unban: contract({
    method: "POST",
    path: "/api/admin/users/unban",
    access: "admin",
    body: unbanBody,
    answer: successAnswer,
    refusals: { [USER_NOT_FOUND]: 404, "user_api.not_banned": 409 },
    summary: "Lifts a user's ban",
  }),
  search: contract({
    method: "POST",
    path: "/api/admin/users/search",
    access: "admin",
    body: userSearchBody,
    answer: userSearchAnswer,
    refusals: sortedListRefusals,
    invalid: sortedListInvalid,
    summary: "Console: users by id, name, Steam id or trade link, role and ban; sorted newest, by balance or by wagered (keyset)",
  }),
  get: contract({
    method: "POST",
    path: "/api/admin/users/get",
    access: "admin",
    body: userIdBody,
    answer: userDetailAnswer,
    refusals: { [USER_NOT_FOUND]: 404 },
    summary: "Console: a user with items, deposits, withdrawals, bets per mode, tickets, sessions and referrals",
  }),
  endSessions: contract({
    method: "POST",
    path: "/api/admin/users/sessions/end",
    access: "admin",
    body: endSessionsBody,
    answer: endSessionsAnswer,
    refusals: { [USER_NOT_FOUND]: 404, "user_api.session_not_found": 404 },
    summary: "Console: ends one live session of a user or all of them (their sockets close too)",
  }),
  setRole: contract({
    method: "POST",
    path: "/api/admin/users/role",
    access: "admin",
    body: setRoleBody,
    answer: setRoleAnswer,
    refusals: { [USER_NOT_FOUND]: 404, "user_api.cannot_change_own_role": 409, "user_api.same_role": 409 },
    summary: "Console: makes a user a player, a moderator or an admin",
  }),
};
