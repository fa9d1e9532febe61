// The user group (spec §3 User, §7 /api/user/*, /api/youtubers): request bodies and answers.
// Money in answers is dollars (≤ 2 decimals, see shared/money.ts); cashback is integer hundredths.
import { z } from "zod";
import { HISTORY, PROMO, USER_API } from "../constants";
import { appIdSchema, emptyBody, idSchema } from "./common";
import { inventoryItemSchema } from "./inventory";
import { contract } from "./contract";
import { referralInfoJson, referralRowJson } from "./promo";
import { crashHistoryRow, jackpotHistoryRow, wheelHistoryRow, withdrawHistoryRow } from "./history";

/**
 * A Steam trade offer URL, exactly
 * `https://steamcommunity.com/tradeoffer/new/?partner=<digits>&token=<8 chars [A-Za-z0-9_-]>`.
 * Surrounding whitespace (a sloppy paste) is trimmed; nothing else is forgiven.
 */
export const TRADE_LINK_PATTERN = /^https:\/\/steamcommunity\.com\/tradeoffer\/new\/\?partner=\d{1,10}&token=[A-Za-z0-9_-]{8}$/;
export const tradeLinkSchema = z.string().trim().max(200).regex(TRADE_LINK_PATTERN);

/** SteamID64 of account 0: a SteamID64 is this plus the 32-bit account id a trade link's `partner` carries. */
const STEAM_ID64_BASE = 76561197960265728n;

/**
 * Whether a trade link opens offers to the Steam account `steamId64` (a player signed in with
 * Steam may only save his own: items sent to another account's link would leave him).
 */
export function tradeLinkIsOf(link: string, steamId64: string): boolean {
  const partner = /[?&]partner=(\d{1,10})(?:&|$)/.exec(link)?.[1];
  if (!partner || !/^\d{17}$/.test(steamId64)) return false;
  return BigInt(partner) + STEAM_ID64_BASE === BigInt(steamId64);
}

// ---- requests ----

/** A user id: a positive integer, as a JSON number or a string of digits (never true, [5], ...). */
export const userIdSchema = idSchema;

export const getUserBody = z.object({ user_id: userIdSchema });

export const saveUrlBody = z.object({ trade_link: tradeLinkSchema });

/** appId arrives as a number or numeric string; only CS2 (730) has an inventory. */
export const getInventoryBody = z.object({ appId: appIdSchema });

// ---- answers ----

const dollars = z.number();

export const notificationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  content: z.string(),
  is_read: z.boolean(),
  /** epoch milliseconds */
  created_at: z.number().int(),
});
export type NotificationJson = z.infer<typeof notificationSchema>;

export const selfUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  avatar: z.string(),
  trade_link: z.string().nullable(),
  is_admin: z.boolean(),
  is_moderator: z.boolean(),
  is_youtuber: z.boolean(),
  balance: dollars,
  /** integer hundredths (the client divides by 100) */
  cashback: z.number().int(),
  banned: z.boolean(),
  unread_notifications: z.number().int(),
  /** everything deposited so far (dollars): the chat opens at getConfig's chat_min_deposit */
  total_deposit: dollars,
  /** latest first, at most USER_API.notificationsShown */
  notifications: z.array(notificationSchema).max(USER_API.notificationsShown),
});
export type SelfUserJson = z.infer<typeof selfUserSchema>;
export const getAnswer = z.object({ user: selfUserSchema });

export const balanceAnswer = z.object({ balance: dollars });

/** §3 Statistics: games played, won, winrate (percent), amount won, top winnings, top ratio. */
export const statsSchema = z.object({
  games: z.number().int(),
  won: z.number().int(),
  winrate: z.number(),
  amount_won: dollars,
  top_win: dollars,
  top_ratio: z.number(),
});
export type StatsJson = z.infer<typeof statsSchema>;

// The first page of each list (shared/api/history.ts); the pages after it: historyCalls.
const crashHistoryRows = z.array(crashHistoryRow).max(HISTORY.pageSize);
const jackpotHistoryRows = z.array(jackpotHistoryRow).max(HISTORY.pageSize);
const wheelHistoryRows = z.array(wheelHistoryRow).max(HISTORY.pageSize);

export const publicUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  avatar: z.string(),
  stats: statsSchema,
  crashBets: crashHistoryRows,
  jackpotBets: jackpotHistoryRows,
  wheelBets: wheelHistoryRows,
});
export const getUserAnswer = z.object({ user: publicUserSchema });

export const profileAnswer = z.object({
  /** the players who signed up through the caller's link, newest first (docs/money.md "Referrals") */
  referrals: z.array(referralRowJson).max(PROMO.referralsShown),
  /** the caller's referral code, share and earnings */
  referral: referralInfoJson,
  crashBets: crashHistoryRows,
  jackpotBets: jackpotHistoryRows,
  wheelBets: wheelHistoryRows,
  withdraws: z.array(withdrawHistoryRow).max(HISTORY.pageSize),
  stats: statsSchema,
});
export type ProfileJson = z.infer<typeof profileAnswer>;

export const saveUrlAnswer = z.object({ type: z.literal("success"), message: z.literal("user_api.link_saved") });

// (in inventory.ts: store.ts and cases.ts need it, and this module needs theirs through history.ts)
export type { InventoryItemJson } from "./inventory";

export const inventoryAnswer = z.object({ items: z.array(inventoryItemSchema) });

export const readAllAnswer = z.object({ success: z.literal(true) });

export const youtuberSchema = z.object({ id: z.number().int(), username: z.string(), avatar: z.string() });
export const youtubersAnswer = z.object({ youtubers: z.array(youtuberSchema) });

/**
 * A Steam trade offer the player received, as its link (https://steamcommunity.com/tradeoffer/<id>/)
 * or its bare id: the offer check says whether the site's bot sent it to this player, and with
 * which security code (docs/trade-bot.md "Security code").
 */
export const OFFER_LINK_PATTERN = /^(?:(?:https?:\/\/)?(?:www\.)?steamcommunity\.com\/tradeoffer\/)?([1-9][0-9]{0,19})\/?(?:\?[^\s]*)?$/;
export const checkOfferBody = z.strictObject({ offer: z.string().trim().max(300).regex(OFFER_LINK_PATTERN) });
export const checkOfferAnswer = z.discriminatedUnion("ours", [
  z.strictObject({
    ours: z.literal(true),
    offer_id: z.string(),
    kind: z.enum(["withdraw", "deposit"]),
    /** the withdrawal's status or the deposit's state */
    status: z.string(),
    security_code: z.string().nullable(),
    created_at: z.number().int(),
  }),
  /**
   * No offer of the site's bots to this player has this id: do not accept it — unless `pending`:
   * one of their skin requests is still waiting for its offer to be recorded (check again shortly).
   */
  z.strictObject({ ours: z.literal(false), offer_id: z.string(), pending: z.boolean() }),
]);
export type CheckOfferAnswer = z.infer<typeof checkOfferAnswer>;
const offerLinkKeyOf = (error: z.ZodError) => (error.issues.some((i) => i.path[0] === "offer") ? ("user_api.offer_link_invalid" as const) : undefined);

/** saveUrl answers its own key for any bad link; a body that is not an object stays app_api.invalid_request. */
const tradeLinkKeyOf = (error: z.ZodError) => (error.issues.some((i) => i.path[0] === "trade_link") ? ("user_api.invalid_trade_link" as const) : undefined);

export const userCalls = {
  getUser: contract({
    method: "POST",
    path: "/api/user/getUser",
    access: "public",
    body: getUserBody,
    answer: getUserAnswer,
    refusals: { "user_api.user_not_found": 404 },
    summary: "Another player's public view: name, avatar, statistics and game histories",
  }),
  get: contract({
    method: "POST",
    path: "/api/user/get",
    access: "user",
    body: emptyBody,
    answer: getAnswer,
    refusals: {},
    summary: "The signed-in user with the latest notifications",
  }),
  getBalance: contract({
    method: "POST",
    path: "/api/user/getBalance",
    access: "user",
    body: emptyBody,
    answer: balanceAnswer,
    refusals: {},
    summary: "The signed-in user's balance in dollars",
  }),
  getProfile: contract({
    method: "POST",
    path: "/api/user/getProfile",
    access: "user",
    body: emptyBody,
    answer: profileAnswer,
    refusals: {},
    summary: "The signed-in user's histories, withdrawals, referrals and statistics",
  }),
  saveUrl: contract({
    method: "POST",
    path: "/api/user/saveUrl",
    access: "user",
    body: saveUrlBody,
    answer: saveUrlAnswer,
    refusals: { "user_api.invalid_trade_link": 400, "user_api.trade_link_not_yours": 400 },
    summary: "Saves the Steam trade link (a Steam player's own account only)",
    invalid: tradeLinkKeyOf,
  }),
  checkOffer: contract({
    method: "POST",
    path: "/api/user/checkOffer",
    access: "user",
    body: checkOfferBody,
    answer: checkOfferAnswer,
    refusals: { "user_api.offer_link_invalid": 400 },
    summary: "Whether a trade offer the player received comes from the site's bot, and its security code",
    invalid: offerLinkKeyOf,
  }),
  getInventory: contract({
    method: "POST",
    path: "/api/user/getInventory",
    access: "user",
    body: getInventoryBody,
    answer: inventoryAnswer,
    refusals: {},
    summary: "The signed-in user's items on the site",
  }),
  readAll: contract({
    method: "POST",
    path: "/api/user/notification/readAll",
    access: "user",
    body: emptyBody,
    answer: readAllAnswer,
    refusals: {},
    summary: "Marks every notification read",
  }),
  youtubers: contract({
    method: "GET",
    path: "/api/youtubers",
    access: "public",
    answer: youtubersAnswer,
    refusals: {},
    summary: "The streamer list",
  }),
};
