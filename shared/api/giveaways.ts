// Giveaways (spec §1 free-skin giveaway, §3 Giveaway, §4 participation, §7 /api/giveaways/*;
// docs/games.md "Giveaways"): the public shapes the API and the hub's setRaffle frame share, the bodies,
// the answers and the calls — the players' four of §7, the Telegram link of the subscription
// condition, and the staff's create / cancel. Money is dollars in JSON, times epoch ms.
import { z } from "zod";
import { GIVEAWAY } from "../constants";
import { dollarsJson, dollarsSchema } from "../money";
import { bonusCondition } from "./bonus";
import { emptyBody, idNumberSchema, idSchema } from "./common";
import { contract } from "./contract";
import { betUserJson, itemJson } from "./crash";

const epochMs = z.number().int().nonnegative();
const count = z.number().int().nonnegative();

/**
 * §3 Giveaway conditions, each `{ is_active, is_completed, required, progress }`: the bonus pool's
 * shape — `required` the channel (@name), the nickname's tag, the deposit sum (dollars) or the games
 * count; `progress` 1/0 for the channel and the nickname, dollars deposited, games played.
 */
export const giveawayCondition = bonusCondition;

export const CONDITION_NAMES = ["telegram_channel_subscribe", "username", "deposit", "games"] as const;
export type ConditionName = (typeof CONDITION_NAMES)[number];

export const giveawayConditions = z.strictObject({
  telegram_channel_subscribe: giveawayCondition,
  username: giveawayCondition,
  deposit: giveawayCondition,
  games: giveawayCondition,
});
export type GiveawayConditions = z.infer<typeof giveawayConditions>;

/** Which conditions a giveaway switched on, with its numbers (staff choose them at creation). */
export const giveawayRules = z.strictObject({
  telegram: z.boolean(),
  username: z.boolean(),
  /** the minimum Σ of money deposits, dollars (0: off) */
  min_deposit: dollarsJson,
  /** the minimum number of games played: crash, wheel and jackpot bets and case openings (0: off) */
  min_games: count,
});
export type GiveawayRules = z.infer<typeof giveawayRules>;

/** A participant: who, and the place in the join order the draw walks. */
export const giveawayParticipantJson = z.strictObject({ user: betUserJson, place_id: z.number().int().positive() });

/** §3 activeGiveaway. */
export const activeGiveawayJson = z.strictObject({
  id: z.number().int().positive(),
  item: itemJson,
  /** participants in all */
  members: count,
  /** the newest participants, newest first (at most GIVEAWAY.participantsShown) */
  participants: z.array(giveawayParticipantJson).max(GIVEAWAY.participantsShown),
  rules: giveawayRules,
  public_hash: z.string(),
  end_time: epochMs,
  created_at: epochMs,
});
export type ActiveGiveawayJson = z.infer<typeof activeGiveawayJson>;

/** §3 historyGiveaways: a drawn giveaway (user null: nobody joined, the item went back to the house). */
export const pastGiveawayJson = z.strictObject({
  id: z.number().int().positive(),
  user: betUserJson.nullable(),
  item: itemJson,
  members: count,
  /** when it was drawn */
  created_at: epochMs,
});
export type PastGiveawayJson = z.infer<typeof pastGiveawayJson>;

// ── POST /api/giveaways/getActive ────────────────────────────────────────────
export const activeAnswer = z.strictObject({
  giveaway: activeGiveawayJson.nullable(),
  history: z.array(pastGiveawayJson).max(GIVEAWAY.historyLength),
  server_time: epochMs,
});

// ── GET /api/giveaways/get-conditions ────────────────────────────────────────
export const telegramLinkJson = z.strictObject({
  /** false: no bot configured, the subscription condition is never on and there is nothing to link */
  available: z.boolean(),
  /** the linked Telegram account's @username (or its name), null when not linked */
  linked: z.string().nullable(),
  /** the channel to subscribe to (https://t.me/<name>) */
  channel_url: z.string().nullable(),
  /** where the Link button sends the player: the Telegram login page with our bot and return address */
  login_url: z.string().nullable(),
});
export type TelegramLinkJson = z.infer<typeof telegramLinkJson>;

export const conditionsAnswer = z.strictObject({
  /** null: no giveaway running (nothing to meet) */
  giveaway_id: z.number().int().positive().nullable(),
  conditions: giveawayConditions,
  telegram: telegramLinkJson,
});

// ── POST /api/giveaways/myActive, setMyActive ────────────────────────────────
export const myActiveAnswer = z.strictObject({ giveaway_id: z.number().int().positive().nullable(), is_participant: z.boolean() });

/** §7 setMyActive: status, message, condition (the refusal carries `condition`, see errors). */
// §7 sends none: the running giveaway. The SPA sends the id it shows, so a join meant for one
// that just ended never lands in the next.
export const setMyActiveBody = z.strictObject({ id: idSchema.optional() });
export const setMyActiveAnswer = z.strictObject({
  status: z.literal("success"),
  message: z.literal("giveaway_api.joined"),
  members: count,
});

/** The condition a refused join names (§8 giveaway_api with the optional condition). */
export const CLIENT_CONDITION: Record<ConditionName, "subscription" | "nickname" | "deposit" | "games"> = {
  telegram_channel_subscribe: "subscription",
  username: "nickname",
  deposit: "deposit",
  games: "games",
};

// ── Telegram link ────────────────────────────────────────────────────────────
/**
 * The Telegram Login Widget's signed payload (core.telegram.org/widgets/login "Checking
 * authorization"): every field it sent goes into the check string, so unknown string fields are
 * kept (strings and the numeric id / auth_date only).
 */
export const telegramAuthBody = z
  .object({
    id: z.union([z.number().int().positive().max(Number.MAX_SAFE_INTEGER), z.string().regex(/^[1-9][0-9]{0,15}$/)]),
    auth_date: z.union([z.number().int().positive(), z.string().regex(/^[1-9][0-9]{0,11}$/)]),
    hash: z.string().regex(/^[0-9a-f]{64}$/),
    first_name: z.string().max(256).optional(),
    last_name: z.string().max(256).optional(),
    username: z.string().max(64).optional(),
    photo_url: z.string().max(1024).optional(),
  })
  .catchall(z.string().max(1024));
export type TelegramAuthBody = z.infer<typeof telegramAuthBody>;

export const telegramLinkAnswer = z.strictObject({ success: z.literal(true), message: z.literal("telegram_api.linked"), linked: z.string() });
export const telegramUnlinkAnswer = z.strictObject({ success: z.literal(true), message: z.literal("telegram_api.unlinked") });

// ── staff: create, cancel, list ──────────────────────────────────────────────
/** The prize: a house item (inventory id, held by nobody and available) or a catalogue entry the house mints. */
export const createGiveawayBody = z
  .strictObject({
    item_id: idSchema.optional(),
    catalogue_id: idSchema.optional(),
    /** how long it runs from now, ms */
    duration_ms: z.number().int().min(GIVEAWAY.minDurationMs).max(GIVEAWAY.maxDurationMs),
    telegram: z.boolean().default(false),
    username: z.boolean().default(false),
    /** dollars in, cents out (0: off) */
    min_deposit: dollarsSchema.pipe(z.number().int().min(0)).default(0),
    min_games: z.number().int().min(0).max(1_000_000).default(0),
    /** when drawn, a new giveaway of the same catalogue item, length and conditions follows */
    repeat: z.boolean().default(false),
  })
  .refine((b) => (b.item_id === undefined) !== (b.catalogue_id === undefined), { message: "name either item_id or catalogue_id", path: ["item_id"] });

export const createGiveawayAnswer = z.strictObject({ success: z.literal(true), message: z.literal("giveaway_api.created"), giveaway: activeGiveawayJson });
export const cancelGiveawayBody = z.strictObject({ id: idSchema });
export const cancelGiveawayAnswer = z.strictObject({ success: z.literal(true), message: z.literal("giveaway_api.canceled") });

/** A giveaway's whole record for the provably-fair check and the staff list. */
export const giveawayRecordJson = z.strictObject({
  id: z.number().int().positive(),
  status: z.enum(["open", "drawn", "canceled"]),
  item: itemJson,
  rules: giveawayRules,
  repeat: z.boolean(),
  public_hash: z.string(),
  /** revealed at the draw */
  secret: z.string().nullable(),
  salt: z.string(),
  day_of_month: z.number().int().min(1).max(31),
  end_time: epochMs,
  created_at: epochMs,
  /** user ids in join order: the list the draw picks from (filled once drawn) */
  participants: z.array(z.number().int().positive()),
  winner: betUserJson.nullable(),
});
export type GiveawayRecordJson = z.infer<typeof giveawayRecordJson>;
export const giveawayRecordBody = z.strictObject({ id: idSchema });
export const giveawayRecordAnswer = z.strictObject({ giveaway: giveawayRecordJson });

// ── staff: the past giveaways, by cursor ─────────────────────────────────────
export const adminPastGiveawaysBody = z.strictObject({ cursor: idNumberSchema.optional() });
/** A past giveaway as the console lists it: drawn (winner null: nobody joined) or canceled. */
export const adminPastGiveawayJson = z.strictObject({
  id: z.number().int().positive(),
  status: z.enum(["drawn", "canceled"]),
  /** the prize: its catalogue name and its price (dollars) */
  prize: z.strictObject({ market_hash_name: z.string(), price: dollarsJson }),
  winner: betUserJson.nullable(),
  members: count,
  created_at: epochMs,
  ends_at: epochMs,
  /** when it was drawn or canceled */
  drawn_at: epochMs.nullable(),
});
export type AdminPastGiveawayJson = z.infer<typeof adminPastGiveawayJson>;
export const adminPastGiveawaysAnswer = z.strictObject({
  giveaways: z.array(adminPastGiveawayJson),
  /** the cursor of the next page (the last row's id), null at the end */
  next: z.number().int().positive().nullable(),
});

export const giveawayCalls = {
  getActive: contract({
    method: "POST",
    path: "/api/giveaways/getActive",
    access: "public",
    body: emptyBody,
    answer: activeAnswer,
    refusals: {},
    summary: "The running giveaway (or null) and the last drawn ones",
  }),
  conditions: contract({
    method: "GET",
    path: "/api/giveaways/get-conditions",
    access: "user",
    answer: conditionsAnswer,
    refusals: {},
    summary: "The running giveaway's conditions with the caller's progress, and the caller's Telegram link",
  }),
  myActive: contract({
    method: "POST",
    path: "/api/giveaways/myActive",
    access: "user",
    body: emptyBody,
    answer: myActiveAnswer,
    refusals: {},
    summary: "Whether the caller takes part in the running giveaway",
  }),
  setMyActive: contract({
    method: "POST",
    path: "/api/giveaways/setMyActive",
    access: "user",
    body: setMyActiveBody,
    answer: setMyActiveAnswer,
    refusals: { "giveaway_api.not_found": 404, "giveaway_api.already_member": 409, "giveaway_api.conditions_not_met": 403, "user_api.excluded": 403 },
    summary: "Joins the running giveaway {id} once every active condition is met (a refusal names the condition)",
  }),
  record: contract({
    method: "POST",
    path: "/api/giveaways/round",
    access: "public",
    body: giveawayRecordBody,
    answer: giveawayRecordAnswer,
    refusals: { "giveaway_api.not_found": 404 },
    summary: "A giveaway's record: hash, revealed secret, salt, participants in join order, winner",
  }),
  telegramLink: contract({
    method: "POST",
    path: "/api/telegram/link",
    access: "user",
    body: telegramAuthBody,
    answer: telegramLinkAnswer,
    refusals: { "telegram_api.bad_signature": 403, "telegram_api.expired": 403, "telegram_api.taken": 409, "telegram_api.not_configured": 404 },
    summary: "Links the Telegram account of a signed Login Widget payload to the caller",
  }),
  telegramUnlink: contract({
    method: "POST",
    path: "/api/telegram/unlink",
    access: "user",
    body: emptyBody,
    answer: telegramUnlinkAnswer,
    refusals: {},
    summary: "Removes the caller's Telegram link",
  }),
  create: contract({
    method: "POST",
    path: "/api/admin/giveaways/create",
    access: "admin",
    body: createGiveawayBody,
    answer: createGiveawayAnswer,
    refusals: { "giveaway_api.item_unavailable": 409, "giveaway_api.already_active": 409 },
    summary: "Starts a giveaway of a house item or a catalogue entry (admins; audited)",
  }),
  cancel: contract({
    method: "POST",
    path: "/api/admin/giveaways/cancel",
    access: "admin",
    body: cancelGiveawayBody,
    answer: cancelGiveawayAnswer,
    refusals: { "giveaway_api.not_found": 404, "giveaway_api.cannot_cancel": 409 },
    summary: "Cancels the running giveaway: the item goes back to the house (admins; audited)",
  }),
  adminPast: contract({
    method: "POST",
    path: "/api/admin/giveaways/past",
    access: "admin",
    body: adminPastGiveawaysBody,
    answer: adminPastGiveawaysAnswer,
    refusals: {},
    summary: "Past giveaways (drawn or canceled), newest first, with the prize and the winner; by cursor (admins)",
  }),
};
