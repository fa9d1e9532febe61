// Crash (spec §3 Crash state/bet, §7 /api/crash/*, admin crash calls): the public shapes the
// room and the API share, request bodies and answers. Money is dollars (≤ 2 decimals),
// multipliers are numbers with 2 decimals (9999.99 = manual stop); inside: cents / hundredths.
import { z } from "zod";
import { CRASH, MULTIPLIER_CLASSES } from "../constants";
import { isTwoDecimals, MAX_MULTIPLIER } from "../crash-curve";
import { dollarsJson } from "../money";
import { emptyBody, idSchema } from "./common";
import { contract } from "./contract";

// ── building blocks ──────────────────────────────────────────────────────────
/**
 * A multiplier as JSON: ≥ 1.00 with at most two decimals. Crash points are unbounded in theory
 * (1.00e11 is ~1e-11 likely per round); bet targets stop at 9999.99.
 */
export const multiplierJson = z.number().min(1).max(MAX_MULTIPLIER).refine(isTwoDecimals, "a multiplier with at most two decimals");

/** A bet's target as JSON: 1.00 … 9999.99 (9999.99 = manual stop). */
export const targetJson = multiplierJson.max(CRASH.infiniteMultiplier);

/** An auto-withdraw target as sent by a client: 1.01 … 9999.99 (the abuse range is a rule, §5). */
export const autoWithdrawJson = targetJson.refine((v) => v >= 1.01, "at least 1.01");

const colourClassJson = z.enum(MULTIPLIER_CLASSES.map((c) => c.className) as [string, ...string[]]);
const epochMs = z.number().int().nonnegative();

/** An item in a bet (the inventory row id as `id`). */
export const itemJson = z.strictObject({
  id: z.number().int().positive(),
  market_hash_name: z.string(),
  name: z.string(),
  image: z.string(),
  rarity: z.string(),
  rarity_color: z.string(),
  price: dollarsJson,
});
export type ItemJson = z.infer<typeof itemJson>;

export const betUserJson = z.strictObject({ id: z.number().int().positive(), username: z.string(), avatar: z.string() });

/** is_win: 0 pending, 1 won, 2 lost (a refunded bet of a voided round is not listed). */
export const BET_PENDING = 0;
export const BET_WON = 1;
export const BET_LOST = 2;

/** A bet row (§3 Crash bet). `items` holds the first few; `itemsMore` counts the rest. */
export const betPublic = z.strictObject({
  id: z.string().min(1).max(64),
  user: betUserJson,
  items: z.array(itemJson),
  itemsMore: z.number().int().nonnegative(),
  /** the whole stake: the items' value + `value` */
  bank: dollarsJson,
  /** the part staked from the balance */
  value: dollarsJson,
  /** 9999.99 = manual stop */
  autoWithdraw: targetJson,
  is_win: z.union([z.literal(BET_PENDING), z.literal(BET_WON), z.literal(BET_LOST)]),
  win: dollarsJson,
  winItem: itemJson.nullable(),
  /** the cash-out multiplier of a won bet, otherwise null */
  result: multiplierJson.nullable(),
});
export type BetPublic = z.infer<typeof betPublic>;

export const historyEntry = z.strictObject({
  id: z.number().int().positive(),
  value: multiplierJson,
  /** the §9 colour class of its multiplier (a CSS class) */
  colourClass: colourClassJson,
});
export type HistoryEntry = z.infer<typeof historyEntry>;

export const roundPhase = z.enum(["waiting", "running", "crashed"]);

/** The current round as a client sees it. Hidden until crashed: crashPoint, secretHash. */
export const roundPublic = z.strictObject({
  id: z.number().int().positive(),
  phase: roundPhase,
  publicHash: z.string(),
  /** waiting only */
  countdownEndsAt: epochMs.optional(),
  /** running / crashed */
  startedAt: epochMs.optional(),
  /** crashed only */
  crashPoint: multiplierJson.optional(),
  secretHash: z.string().optional(),
  provablyFair: z.boolean().optional(),
  bank: dollarsJson,
  playersCount: z.number().int().nonnegative(),
  itemsCount: z.number().int().nonnegative(),
  betsCount: z.number().int().nonnegative(),
});
export type RoundPublic = z.infer<typeof roundPublic>;

// ── POST /api/crash/getHistory ───────────────────────────────────────────────
export const getHistoryAnswer = z.object({ history: z.array(historyEntry).max(CRASH.historySize) });

// ── POST /api/crash/getGame {id} ─────────────────────────────────────────────
export const getGameBody = z.object({ id: idSchema });

export const roundStatus = z.enum(["waiting", "running", "crashed", "voided"]);
export type RoundStatus = z.infer<typeof roundStatus>;

export const gameJson = z.object({
  id: z.number().int().positive(),
  status: roundStatus,
  public_hash: z.string(),
  /** null until the round has crashed */
  secret_hash: z.string().nullable(),
  day_of_month: z.number().int().min(1).max(31),
  /** the crash point, null until crashed */
  multiplier: multiplierJson.nullable(),
  provably_fair: z.boolean(),
  bank: dollarsJson,
  /** epoch ms */
  created_at: epochMs,
  /** every bet of the round with all its items (itemsMore 0) */
  bets: z.array(betPublic),
});
export type GameJson = z.infer<typeof gameJson>;
export const getGameAnswer = z.object({ game: gameJson });

// ── POST /api/crash/myBet ────────────────────────────────────────────────────
export const userBetJson = z.object({ bank: dollarsJson, value: dollarsJson, items: z.array(itemJson), autoWithdraw: targetJson });
export const myBetAnswer = z.object({ userBet: userBetJson.nullable(), bets: z.array(betPublic) });

// ── admin (dev flag; production forceCrash = emergency stop: void + refund) ───
export const forceCrashBody = z.object({}).passthrough();
/** The next round crashes at this multiplier (≥ 1.00) and is marked not provably fair. */
/** nextCrash: a JSON number or plain decimal text ("2.50"); never coerced from true, [2] or "1e2". */
export const scheduleTwistBody = z.object({
  nextCrash: z
    .union([
      z.number(),
      z
        .string()
        .regex(/^[0-9]{1,7}(\.[0-9]{1,2})?$/)
        .transform(Number),
    ])
    .pipe(targetJson),
});
export const adminCrashAnswer = z.object({
  success: z.literal(true),
  /** 'crashed' (dev), 'voided' (production emergency stop), 'scheduled' (twist) */
  action: z.enum(["crashed", "voided", "scheduled"]),
  roundId: z.number().int().positive().optional(),
});

// ── the calls (shared/api/contract.ts) ───────────────────────────────────────
export const crashCalls = {
  getHistory: contract({
    method: "POST",
    path: "/api/crash/getHistory",
    access: "public",
    body: emptyBody,
    answer: getHistoryAnswer,
    refusals: {},
    summary: "The last crash points, newest first",
  }),
  getGame: contract({
    method: "POST",
    path: "/api/crash/getGame",
    access: "public",
    body: getGameBody,
    answer: getGameAnswer,
    refusals: { "crash_api.round_not_found": 404 },
    summary: "One round with its bets and, once crashed, its secret",
  }),
  myBet: contract({
    method: "POST",
    path: "/api/crash/myBet",
    access: "public",
    body: emptyBody,
    answer: myBetAnswer,
    refusals: {},
    summary: "The caller's bets in the current round (none for a visitor)",
  }),
  forceCrash: contract({
    method: "POST",
    path: "/api/admin/crash/forceCrash",
    access: "admin",
    body: forceCrashBody,
    answer: adminCrashAnswer,
    refusals: { "crash_api.game_over": 409 },
    summary: "Dev: crash the running round now; production: void it and refund every bet",
  }),
  scheduleTwist: contract({
    method: "POST",
    path: "/api/admin/crash/scheduleTwist",
    access: "admin",
    body: scheduleTwistBody,
    answer: adminCrashAnswer,
    refusals: { "app_api.not_found": 404 },
    summary: "Dev only: the next round crashes at this multiplier (not provably fair)",
  }),
};
