// Wheel (spec §3 Wheel, §7 /api/wheel/*): the public shapes the room and the API share,
// request bodies and answers. Money is dollars (≤ 2 decimals) in JSON, cents inside.
import { z } from "zod";
import { WHEEL } from "../constants";
import { dollarsJson } from "../money";
import { wheelColour, wheelLayoutJson } from "../wheel-layout";
import { betUserJson, itemJson } from "./crash";
import { emptyBody, idSchema } from "./common";
import { contract } from "./contract";
import { PROTECTION_REFUSALS } from "./protection";

const epochMs = z.number().int().nonnegative();
const count = z.number().int().nonnegative();

/** is_win: 0 pending, 1 won, 2 lost (as crash bets). */
export const WHEEL_BET_PENDING = 0;
export const WHEEL_BET_WON = 1;
export const WHEEL_BET_LOST = 2;

/** A bet row. `items` holds the first few; `itemsMore` counts the rest. */
export const wheelBetPublic = z.strictObject({
  id: z.string().min(1).max(64),
  user: betUserJson,
  colour: wheelColour,
  items: z.array(itemJson),
  itemsMore: count,
  /** the bet's value: its items' + `value` */
  bank: dollarsJson,
  /** the part staked from the balance */
  value: dollarsJson,
  is_win: z.union([z.literal(WHEEL_BET_PENDING), z.literal(WHEEL_BET_WON), z.literal(WHEEL_BET_LOST)]),
  /** bank × multiplier of a won bet, otherwise 0 */
  win: dollarsJson,
  winItem: itemJson.nullable(),
});
export type WheelBetPublic = z.infer<typeof wheelBetPublic>;

/** Per colour: what the bet panels show above their rows. */
export const colourTotal = z.strictObject({ bank: dollarsJson, bets: count, items: count });
export const colourTotals = z.strictObject({ black: colourTotal, green: colourTotal, red: colourTotal, yellow: colourTotal });
export type ColourTotals = z.infer<typeof colourTotals>;

/** Bet rows by colour (§7 order): the biggest WHEEL.betRowsShown per colour. */
export const betsByColour = z.strictObject({
  black: z.array(wheelBetPublic),
  green: z.array(wheelBetPublic),
  red: z.array(wheelBetPublic),
  yellow: z.array(wheelBetPublic),
});
export type BetsByColour = z.infer<typeof betsByColour>;

/** §3 Wheel stats of the current round. */
export const wheelStats = z.strictObject({ total_bank: dollarsJson, total_items: count, total_users: count });
export type WheelStats = z.infer<typeof wheelStats>;

export const wheelHistoryEntry = z.strictObject({
  id: z.number().int().positive(),
  segment: count,
  colour: wheelColour,
  multiplier: z.number().int().positive(),
});
export type WheelHistoryEntry = z.infer<typeof wheelHistoryEntry>;

export const wheelWinner = z.strictObject({
  betId: z.string().min(1).max(64),
  user: betUserJson,
  colour: wheelColour,
  bank: dollarsJson,
  win: dollarsJson,
  winItem: itemJson.nullable(),
  remainder: dollarsJson,
});
export type WheelWinner = z.infer<typeof wheelWinner>;

/**
 * The spin (§3 spin data): `rotate` degrees clockwise from 0 over `ms` ms from `startedAt`
 * (the screen eases from 0 to rotate over ms); ms = 1 is the stopped wheel with the result.
 * `winners` are the biggest WHEEL.winnersShown wins; winnersCount and winTotal cover all.
 */
export const wheelSpin = z.strictObject({
  roundId: z.number().int().positive(),
  rotate: z.number().positive(),
  ms: z.number().int().positive(),
  startedAt: epochMs,
  segment: count,
  colour: wheelColour,
  multiplier: z.number().int().positive(),
  winners: z.array(wheelWinner).max(WHEEL.winnersShown),
  winnersCount: count,
  winTotal: dollarsJson,
  /** revealed with the spin: bets are closed */
  secretHash: z.string(),
  publicHash: z.string(),
});
export type WheelSpin = z.infer<typeof wheelSpin>;

export const wheelPhase = z.enum(["betting", "spinning", "result"]);

/** §7 game: the current round. */
export const wheelGame = z.strictObject({
  id: z.number().int().positive(),
  phase: wheelPhase,
  bank: dollarsJson,
  publicHash: z.string(),
  /** betting: when the countdown ends */
  countdownEndsAt: epochMs.optional(),
});
export type WheelGame = z.infer<typeof wheelGame>;

export const wheelSettings = z.strictObject({
  min_bet: dollarsJson,
  max_bet: dollarsJson,
  max_items: z.number().int().positive(),
  max_colours: z.number().int().positive(),
  /** ms: betting, spin, result pause (configuration) */
  countdown_ms: z.number().int().positive(),
  spin_ms: z.number().int().positive(),
  result_ms: z.number().int().positive(),
});
export type WheelSettings = z.infer<typeof wheelSettings>;

/** The layout with each colour's return to player (0.963 = 96.3 %), computed from it. */
export const wheelLayoutPublic = z.strictObject({
  segments: wheelLayoutJson.shape.segments,
  multipliers: wheelLayoutJson.shape.multipliers,
  rtp: z.strictObject({ black: z.number(), green: z.number(), red: z.number(), yellow: z.number() }),
});
export type WheelLayoutPublic = z.infer<typeof wheelLayoutPublic>;

// ── POST /api/wheel/get ──────────────────────────────────────────────────────
export const wheelGetAnswer = z.strictObject({
  game: wheelGame,
  bets: betsByColour,
  totals: colourTotals,
  /** the caller's bets of the round (empty for a visitor) */
  selfBets: z.array(wheelBetPublic),
  history: z.array(wheelHistoryEntry).max(WHEEL.historySize),
  /** spinning / result: the spin; betting: null */
  spin: wheelSpin.nullable(),
  stats: wheelStats,
  settings: wheelSettings,
  hash: z.string(),
  layout: wheelLayoutPublic,
  maintenance: z.boolean(),
  serverTime: epochMs,
});
export type WheelState = z.infer<typeof wheelGetAnswer>;

// ── POST /api/wheel/setBet {colour, items} ───────────────────────────────────
/**
 * Shapes only: a missing or unknown colour is wheel_api.no_colour, no items wheel_api.no_items,
 * too many wheel_api.max_items (the room answers them, so every refusal has a wheel key).
 */
export const setBetBody = z.object({
  colour: z.string().max(32).nullish(),
  items: z.array(idSchema).max(1000).nullish(),
  /** the part staked from the balance, dollars (0 or absent: items only) */
  value: dollarsJson.max(WHEEL.maxBetCents / 100).nullish(),
});
export const setBetAnswer = z.object({ success: z.literal(true), message: z.literal("wheel_api.bet_success"), bet: wheelBetPublic });

// ── POST /api/wheel/history ──────────────────────────────────────────────────
export const wheelHistoryAnswer = z.object({ history: z.array(wheelHistoryEntry).max(WHEEL.historySize) });

// ── POST /api/wheel/round {id} ───────────────────────────────────────────────
export const wheelRoundBody = z.object({ id: idSchema });

export const wheelRoundStatus = z.enum(["betting", "spinning", "finished", "voided"]);

/** One round with everything a player needs to verify it (docs/fairness.md "Provably fair"). */
export const wheelRoundJson = z.object({
  id: z.number().int().positive(),
  status: wheelRoundStatus,
  public_hash: z.string(),
  /** null until the spin */
  secret_hash: z.string().nullable(),
  /** the wheel chain's salt (configuration) */
  salt: z.string(),
  day_of_month: z.number().int().min(1).max(31),
  /** null until the spin */
  segment: count.nullable(),
  colour: wheelColour.nullable(),
  multiplier: z.number().int().positive().nullable(),
  rotate: z.number().positive().nullable(),
  /** the layout the round was played on */
  layout: wheelLayoutJson,
  bank: dollarsJson,
  created_at: epochMs,
  /** every bet with all its items (itemsMore 0) */
  bets: z.array(wheelBetPublic),
});
export type WheelRoundJson = z.infer<typeof wheelRoundJson>;
export const wheelRoundAnswer = z.object({ game: wheelRoundJson });

// ── the calls (shared/api/contract.ts) ───────────────────────────────────────
export const wheelCalls = {
  get: contract({
    method: "POST",
    path: "/api/wheel/get",
    access: "public",
    body: emptyBody,
    answer: wheelGetAnswer,
    refusals: {},
    summary: "The room's state, with the caller's own bets of the round",
  }),
  setBet: contract({
    method: "POST",
    path: "/api/wheel/setBet",
    access: "public",
    body: setBetBody,
    answer: setBetAnswer,
    // every key of the room's answer (worker/rooms/wheel/rules.ts WheelKey): sign-in 401, ban 403,
    // maintenance 503, the round or the items 409, the bet itself 400 (user_api.banned and
    // app_api.invalid_request are contract()'s); a visitor is refused by the route. bet_success
    // and round_not_found are in that union without being a bet's refusal: 400, as ever.
    refusals: {
      "wheel_api.unauthorized": 401,
      "wheel_api.banned": 403,
      "wheel_api.maintenance": 503,
      "wheel_api.already_started": 409,
      "wheel_api.item_not_found": 409,
      "wheel_api.only_two_colours": 409,
      "wheel_api.limit_exceeded": 409,
      "wheel_api.no_items": 400,
      "wheel_api.no_colour": 400,
      "wheel_api.min_bet": 400,
      "wheel_api.max_bet": 400,
      "wheel_api.max_items": 400,
      "wheel_api.no_money": 400,
      ...PROTECTION_REFUSALS,
      "wheel_api.bet_success": 400,
      "wheel_api.round_not_found": 400,
    },
    summary: "A bet of the caller's own items and/or balance on a colour (through the room)",
  }),
  history: contract({
    method: "POST",
    path: "/api/wheel/history",
    access: "public",
    body: emptyBody,
    answer: wheelHistoryAnswer,
    refusals: {},
    summary: "The last finished rounds",
  }),
  round: contract({
    method: "POST",
    path: "/api/wheel/round",
    access: "public",
    body: wheelRoundBody,
    answer: wheelRoundAnswer,
    refusals: { "wheel_api.round_not_found": 404 },
    summary: "One round with everything a player needs to verify it",
  }),
};
