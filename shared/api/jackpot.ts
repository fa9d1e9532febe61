// Jackpot (spec §3 Jackpot game, §4 Jackpot, §7 /api/jackpot/*; docs/games.md "Jackpot"): the public
// shapes the three rooms (shared/rooms/jackpot.ts) and the API share, request bodies, answers and
// the configuration schemas. Money is dollars (≤ 2 decimals) in JSON, cents inside.
//
// Round ids: level L (1 low, 2 medium, 3 high) plays chain index k of its own hash chain as
// round id 3·(k − 1) + L, so ids are unique over the three rooms without a counter.
import { z } from "zod";
import { JACKPOT, JACKPOT_LEVELS, type JackpotLevel, type JackpotLevelSettings, type JackpotTimers } from "../constants";
import { dollarsJson } from "../money";
import { betUserJson, itemJson } from "./crash";
import { idNumberSchema, idSchema } from "./common";
import { contract } from "./contract";
import { PROTECTION_REFUSALS } from "./protection";

const epochMs = z.number().int().nonnegative();
const count = z.number().int().nonnegative();

export const jackpotLevel = z.enum(JACKPOT_LEVELS);

/** Status index (§3 "status index", §4 "four phases"). */
export const JACKPOT_FIRST = 0;
/** the countdown runs: a second distinct player bet; bets still accepted */
export const JACKPOT_SECOND = 1;
/** bets closed, winner drawn, the spinner runs until endsAt − waitingMs */
export const JACKPOT_SPINNING = 2;
/** the winner is shown until endsAt, then newGameJackpot */
export const JACKPOT_WAITING = 3;
export const jackpotStatus = z.union([z.literal(JACKPOT_FIRST), z.literal(JACKPOT_SECOND), z.literal(JACKPOT_SPINNING), z.literal(JACKPOT_WAITING)]);
export type JackpotStatus = z.infer<typeof jackpotStatus>;

/** A chance in percent with two decimals (0.01 … 100; the chances of a round add up to ~100). */
export const chanceJson = z.number().min(0).max(100);

// ── building blocks ──────────────────────────────────────────────────────────

/** One bet (§3 "bets (user, item, price, from, to)"): tickets from…to inclusive, 1 per cent. */
export const jackpotBetJson = z.strictObject({
  /** a uuid; bets are listed in bet order (1, 2, 3 … as D1 committed them) */
  id: z.string().min(3).max(40),
  user: betUserJson,
  /** every item of the bet (at most the level's maxItemsPerBet) */
  items: z.array(itemJson),
  /** the bet's value: its items' + `value` */
  price: dollarsJson,
  /** the part staked from the balance */
  value: dollarsJson,
  from: z.number().int().positive(),
  to: z.number().int().positive(),
  /** epoch ms the bet was accepted */
  created_at: epochMs,
});
export type JackpotBetJson = z.infer<typeof jackpotBetJson>;

/** A player's share of the round: all his tickets / all tickets. */
export const jackpotChanceJson = z.strictObject({
  user: betUserJson,
  /** value of all his bets */
  price: dollarsJson,
  tickets: count,
  chance: chanceJson,
});
export type JackpotChanceJson = z.infer<typeof jackpotChanceJson>;

/**
 * A leader of the board (shared/rooms/jackpot.ts jackpotBoard): a player's value and tickets without
 * the chance, which moves with every bet — a client derives it, tickets / the round's tickets.
 */
export const jackpotLeaderJson = z.strictObject({ user: betUserJson, price: dollarsJson, tickets: count });
export type JackpotLeaderJson = z.infer<typeof jackpotLeaderJson>;

/** The leaders a board names: the JACKPOT.boardTop players with the most tickets and the players of the biggest bets. */
export const JACKPOT_LEADERS_MAX = 2 * JACKPOT.boardTop;

/** A level's settings as the screen shows them. */
export const jackpotSettingsJson = z.strictObject({
  minBet: dollarsJson,
  maxItemsPerBet: z.number().int().positive(),
  maxItemsPerPlayer: z.number().int().positive(),
  maxPlayers: z.number().int().positive(),
  countdownMs: z.number().int().positive(),
  spinMs: z.number().int().positive(),
  waitingMs: z.number().int().positive(),
  soloTimeoutMs: z.number().int().positive(),
  commissionPercent: z.number().int().min(0).max(100),
});
export type JackpotSettingsJson = z.infer<typeof jackpotSettingsJson>;

/**
 * The draw of a round (startJackpot, the state while spinning/waiting, the round page).
 * `strip` is the spinner: JACKPOT.strip.length user ids weighted by chance, built by the server
 * from the round hash (worker/rooms/jackpot/logic.ts buildStrip); strip[winIndex] is the winner.
 */
export const jackpotDrawJson = z.strictObject({
  roundId: idNumberSchema,
  winner: betUserJson,
  winningTicket: z.number().int().positive(),
  totalTickets: z.number().int().positive(),
  /** the winner's chance */
  chance: chanceJson,
  bank: dollarsJson,
  /** what the winner receives: bank minus the commission items */
  win: dollarsJson,
  strip: z.array(z.number().int().positive()),
  /** the strip's players, each once: a client that holds only the board's bets draws their avatars */
  players: z.array(betUserJson).max(JACKPOT.strip.length),
  winIndex: z.number().int().nonnegative(),
  /** the spinner stops here (= endsAt − waitingMs); the winner banner shows from then */
  spinEndsAt: epochMs,
  /** the round ends (newGameJackpot) */
  endsAt: epochMs,
});
export type JackpotDrawJson = z.infer<typeof jackpotDrawJson>;

/** The last finished round of a level (§3 "winner"). */
export const jackpotLastWinnerJson = z.strictObject({
  roundId: idNumberSchema,
  user: betUserJson,
  chance: chanceJson,
  bank: dollarsJson,
  winningTicket: z.number().int().positive(),
});

/**
 * A level's state (§3 Jackpot game) as the board shows it: POST /api/jackpot/get and the socket's
 * init frame. The totals, the biggest bets and the leaders — not every bet (a round of N players
 * would be N rows to every socket); the whole list is POST /api/jackpot/bets.
 */
export const jackpotStateJson = z.strictObject({
  level: jackpotLevel,
  roundId: idNumberSchema,
  status: jackpotStatus,
  publicHash: z.string(),
  bank: dollarsJson,
  itemsCount: count,
  playersCount: count,
  betsCount: count,
  /** tickets sold (1 per cent of the bank) */
  totalTickets: count,
  /** the JACKPOT.boardTop biggest bets, biggest first (ties: first placed first) */
  bets: z.array(jackpotBetJson).max(JACKPOT.boardTop),
  /** the leaders (JACKPOT_LEADERS_MAX), most tickets first */
  chances: z.array(jackpotChanceJson).max(JACKPOT_LEADERS_MAX),
  settings: jackpotSettingsJson,
  /** status 0 with a single player: the items return at this time unless a second player bets */
  soloEndsAt: epochMs.nullable(),
  /** status 1: bets close and the draw happens at this time */
  countdownEndsAt: epochMs.nullable(),
  /** status 2 and 3 */
  draw: jackpotDrawJson.nullable(),
  lastWinner: jackpotLastWinnerJson.nullable(),
  /** the room's maintenance flag: bets are refused while it is on */
  maintenance: z.boolean(),
  serverTime: epochMs,
});
export type JackpotStateJson = z.infer<typeof jackpotStateJson>;

// ── POST /api/jackpot/get {level?} → jackpotStateJson ────────────────────────
// §7 lists no input for get and only the items for setBet: a call without a level means the
// lowest room (the §7 client knew one jackpot; the levels came later).
const levelOrLowest = jackpotLevel.default(JACKPOT_LEVELS[0]);
export const jackpotGetBody = z.object({ level: levelOrLowest });

// ── POST /api/jackpot/setBet {items, level?} ─────────────────────────────────
export const jackpotSetBetBody = z.object({
  level: levelOrLowest,
  /** ids of the player's own available inventory items, unique (none: a bet of balance only) */
  items: z
    .array(idSchema)
    .max(JACKPOT.limits.maxItemsPerBet)
    .refine((ids) => new Set(ids).size === ids.length, "items must be unique")
    .default([]),
  /** the part staked from the balance, dollars (0 or absent: items only) */
  value: dollarsJson.max(JACKPOT.maxValueCents / 100).optional(),
});
export const jackpotSetBetAnswer = z.object({
  status: z.literal("success"),
  /** the player's money balance (unchanged by a bet of items; §7 answers it) */
  balance: dollarsJson,
  message: z.literal("jackpot_api.bet_success"),
  bet: jackpotBetJson,
});

// ── POST /api/jackpot/bets {level} ───────────────────────────────────────────
/** Every bet of the level's current round, in bet order ("Show all": fetched when asked, never pushed). */
export const jackpotBetsBody = z.object({ level: jackpotLevel });
export const jackpotBetsAnswer = z.object({ roundId: idNumberSchema, bets: z.array(jackpotBetJson), chances: z.array(jackpotChanceJson) });
export type JackpotBetsAnswer = z.infer<typeof jackpotBetsAnswer>;

// ── POST /api/jackpot/history {level} ────────────────────────────────────────
export const jackpotRoundStatus = z.enum(["finished", "refunded"]);

export const jackpotHistoryEntry = z.strictObject({
  id: idNumberSchema,
  level: jackpotLevel,
  status: jackpotRoundStatus,
  /** null for a refunded (single-player) round */
  winner: betUserJson.nullable(),
  chance: chanceJson.nullable(),
  bank: dollarsJson,
  winningTicket: z.number().int().positive().nullable(),
  totalTickets: count,
  publicHash: z.string(),
  /** revealed once the round is drawn; a refunded round keeps its secret (its chain link is spent) */
  secret: z.string().nullable(),
  playersCount: count,
  /** epoch ms the round ended */
  finished_at: epochMs,
});
export type JackpotHistoryEntry = z.infer<typeof jackpotHistoryEntry>;
export const jackpotHistoryBody = z.object({ level: jackpotLevel });
export const jackpotHistoryAnswer = z.object({ history: z.array(jackpotHistoryEntry).max(JACKPOT.historySize) });

// ── POST /api/jackpot/round {id} ─────────────────────────────────────────────
/** Why an item went to the house (docs/games.md "Jackpot", commission rule). */
export const commissionItemJson = z.strictObject({ item: itemJson, reason: z.string() });

export const jackpotRoundJson = jackpotHistoryEntry.extend({
  bets: z.array(jackpotBetJson),
  chances: z.array(jackpotChanceJson),
  /** commission due: floor(bank · commissionPercent / 100) */
  commissionDue: dollarsJson,
  /** the value actually taken (≤ commissionDue) */
  commission: dollarsJson,
  commissionPercent: z.number().int().min(0).max(100),
  commissionItems: z.array(commissionItemJson),
  /** how the commission was chosen, in words */
  commissionRule: z.string(),
  win: dollarsJson.nullable(),
  /** what the verifier needs: round id, UTC day of month for the public hash, chain index, salt */
  dayOfMonth: z.number().int().min(1).max(31),
  chainIndex: z.number().int().positive(),
  salt: z.string(),
  created_at: epochMs,
});
export type JackpotRoundJson = z.infer<typeof jackpotRoundJson>;
export const jackpotRoundBody = z.object({ id: idSchema });
export const jackpotRoundAnswer = z.object({ round: jackpotRoundJson });

// ── configuration (wrangler.toml [vars] JACKPOT_LEVELS, JACKPOT_TIMERS) ───────
const timerMs = z.number().int().positive().max(JACKPOT.limits.maxTimerMs);

const levelSettingsSchema = z.strictObject({
  minBetCents: z.number().int().positive().max(100_000_000),
  maxItemsPerBet: z.number().int().positive().max(JACKPOT.limits.maxItemsPerBet),
  maxItemsPerPlayer: z.number().int().positive().max(JACKPOT.limits.maxItemsPerPlayer),
  maxPlayers: z.number().int().min(2).max(JACKPOT.limits.maxPlayers),
  countdownMs: timerMs,
});

/** JACKPOT_LEVELS: `{"low": {...}, ...}`, each field optional over JACKPOT.levelDefaults. */
export const jackpotLevelsConfig = z.strictObject({
  low: levelSettingsSchema.partial().optional(),
  medium: levelSettingsSchema.partial().optional(),
  high: levelSettingsSchema.partial().optional(),
});

/** JACKPOT_TIMERS: `{"spinMs": …, "waitingMs": …, "soloTimeoutMs": …}`, each optional. */
export const jackpotTimersConfig = z.strictObject({ spinMs: timerMs, waitingMs: timerMs, soloTimeoutMs: timerMs }).partial();

function parseJson(text: string | undefined): unknown {
  if (text === undefined || text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A level's settings from JACKPOT_LEVELS; a bad var throws (a room must not run on a typo). */
export function jackpotLevelSettings(level: JackpotLevel, levelsVar: string | undefined): JackpotLevelSettings {
  const parsed = jackpotLevelsConfig.safeParse(parseJson(levelsVar));
  if (!parsed.success) throw new Error(`JACKPOT_LEVELS is not valid: ${parsed.error.message}`);
  return { ...JACKPOT.levelDefaults[level], ...parsed.data[level] };
}

/** The timers from JACKPOT_TIMERS; a bad var throws. */
export function jackpotTimers(timersVar: string | undefined): JackpotTimers {
  const parsed = jackpotTimersConfig.safeParse(parseJson(timersVar));
  if (!parsed.success) throw new Error(`JACKPOT_TIMERS is not valid: ${parsed.error.message}`);
  return { ...JACKPOT.timerDefaults, ...parsed.data };
}

// ── the calls (shared/api/contract.ts) ───────────────────────────────────────
/** An empty or oversized item list answers its own key, not app_api.invalid_request. */
function itemsKey(error: z.ZodError): "jackpot_api.no_items" | "jackpot_api.too_many_items" | undefined {
  const issue = error.issues.find((i) => i.path[0] === "items");
  if (issue?.code === "too_small") return "jackpot_api.no_items";
  if (issue?.code === "too_big") return "jackpot_api.too_many_items";
  return undefined;
}

export const jackpotCalls = {
  get: contract({
    method: "POST",
    path: "/api/jackpot/get",
    access: "public",
    body: jackpotGetBody,
    answer: jackpotStateJson,
    refusals: {},
    summary: "A level's whole state",
  }),
  setBet: contract({
    method: "POST",
    path: "/api/jackpot/setBet",
    access: "public",
    body: jackpotSetBetBody,
    answer: jackpotSetBetAnswer,
    // every refusal is a 4xx (nothing was written) but maintenance; a visitor is refused by the route
    refusals: {
      "jackpot_api.no_money": 400,
      ...PROTECTION_REFUSALS,
      "jackpot_api.unauthorized": 401,
      "jackpot_api.banned": 403,
      "jackpot_api.round_closed": 409,
      "jackpot_api.room_full": 409,
      "jackpot_api.maintenance": 503,
      "jackpot_api.no_items": 400,
      "jackpot_api.too_many_items": 400,
      "jackpot_api.too_many_items_player": 400,
      "jackpot_api.skins_not_found": 400,
      "jackpot_api.too_small": 400,
    },
    invalid: itemsKey,
    summary: "A bet of the caller's own items in a level's round (through the level's room)",
  }),
  bets: contract({
    method: "POST",
    path: "/api/jackpot/bets",
    access: "public",
    body: jackpotBetsBody,
    answer: jackpotBetsAnswer,
    refusals: {},
    summary: "Every bet of a level's current round with each player's chance (the board's 'Show all')",
  }),
  history: contract({
    method: "POST",
    path: "/api/jackpot/history",
    access: "public",
    body: jackpotHistoryBody,
    answer: jackpotHistoryAnswer,
    refusals: {},
    summary: "A level's last finished rounds",
  }),
  round: contract({
    method: "POST",
    path: "/api/jackpot/round",
    access: "public",
    body: jackpotRoundBody,
    answer: jackpotRoundAnswer,
    refusals: { "jackpot_api.round_not_found": 404 },
    summary: "One round with its bets, commission and what the verifier needs",
  }),
};
