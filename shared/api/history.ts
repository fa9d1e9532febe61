// The profile's paged lists (spec §3 History columns, Statistics; §7 getProfile, getUser): one
// typed row per game mode and per money list, each paged on the server by a keyset cursor
// (docs/api.md "History pages"). A page is HISTORY.pageSize rows, newest first; `next` is the
// cursor of the page after it (null at the end). The cursor is the last row's (date, key): a row
// that lands after the first page was read goes on top and never shifts the pages behind it.
import { z } from "zod";
import { HISTORY } from "../constants";
import { JACKPOT_LEVELS } from "../constants-jackpot";
import { dollarsJson } from "../money";
import { WHEEL_COLOURS } from "../wheel-layout";
import { idNumberSchema, idSchema } from "./common";
import { contract } from "./contract";
import { BET_LOST, BET_PENDING, BET_WON, itemJson, multiplierJson, targetJson } from "./crash";
import { moneyWithdrawJson } from "./money-withdraw";
import { paymentJson } from "./payments";
import { referralRowJson } from "./promo";
import { skinDepositJson } from "./skins-deposit";
import { skinWithdrawRow } from "./withdraws";

const epochMs = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

/** Where a page starts: strictly before this (date, key) in the list's order. Both strict integers. */
export const cursorJson = z.strictObject({ at: epochMs, id: idNumberSchema });
export type CursorJson = z.infer<typeof cursorJson>;

/** Another player's game lists (public: the §3 public view shows them). */
export const gameHistoryBody = z.strictObject({ user_id: idSchema, before: cursorJson.optional() });
/** The caller's own money lists. */
export const ownHistoryBody = z.strictObject({ before: cursorJson.optional() });
export type GameHistoryBody = z.input<typeof gameHistoryBody>;

const betStatus = z.union([z.literal(BET_PENDING), z.literal(BET_WON), z.literal(BET_LOST)]);

/**
 * One crash bet (§3 History columns: game id, bet, items, multiplier, status, earnings, date). A
 * refunded bet of a voided round is not listed. Links to /crash/{game_id}.
 */
export const crashHistoryRow = z.strictObject({
  /** the bet (uuid) */
  id: z.string().min(1).max(64),
  game_id: z.number().int().positive(),
  bank: dollarsJson,
  /** every staked item, most expensive first, at the price it counted for in the bank */
  items: z.array(itemJson),
  /** 9999.99 = manual stop */
  autoWithdraw: targetJson,
  /** won: the cash-out multiplier; lost: the crash point; pending: null */
  multiplier: multiplierJson.nullable(),
  is_win: betStatus,
  /** the whole payout of a won bet (win item + remainder), 0 otherwise */
  win: dollarsJson,
  winItem: itemJson.nullable(),
  created_at: epochMs,
});
export type CrashHistoryRow = z.infer<typeof crashHistoryRow>;

/**
 * One jackpot round the player bet in (all his bets of it together). Links to /jackpot/{game_id}.
 * `multiplier`: what he received over what he staked, for a won round.
 */
export const jackpotHistoryRow = z.strictObject({
  game_id: z.number().int().positive(),
  level: z.enum(JACKPOT_LEVELS),
  bank: dollarsJson,
  items: z.array(itemJson),
  /** his share of the round's bank, percent (two decimals) */
  chance: z.number().min(0).max(100),
  status: z.enum(["pending", "won", "lost", "refunded"]),
  multiplier: z.number().nonnegative().nullable(),
  /** the items he received (the pot less the commission), dollars; 0 unless won */
  win: dollarsJson,
  created_at: epochMs,
});
export type JackpotHistoryRow = z.infer<typeof jackpotHistoryRow>;

/** One wheel bet: placed colour, result colour once spun. Links to /wheel/{game_id}. */
export const wheelHistoryRow = z.strictObject({
  id: z.string().min(1).max(64),
  game_id: z.number().int().positive(),
  bank: dollarsJson,
  items: z.array(itemJson),
  colour: z.enum(WHEEL_COLOURS),
  result_colour: z.enum(WHEEL_COLOURS).nullable(),
  /** the colour's multiplier when won, null otherwise */
  multiplier: z.number().positive().nullable(),
  is_win: betStatus,
  win: dollarsJson,
  winItem: itemJson.nullable(),
  created_at: epochMs,
});
export type WheelHistoryRow = z.infer<typeof wheelHistoryRow>;

/**
 * One case opening: the case, its price (the bet), the item it dropped and the roll's inputs, so
 * the row links to /cases/{case_id} and the provably-fair check of that roll.
 */
export const caseHistoryRow = z.strictObject({
  id: z.number().int().positive(),
  case_id: z.number().int().positive(),
  case_name: z.string(),
  price: dollarsJson,
  item: itemJson,
  /** the item's price over the case's price */
  multiplier: z.number().nonnegative(),
  server_seed_hash: z.string().regex(/^[0-9a-f]{64}$/),
  client_seed: z.string(),
  nonce: z.number().int().nonnegative(),
  created_at: epochMs,
});
export type CaseHistoryRow = z.infer<typeof caseHistoryRow>;

/** A skin withdrawal or a money withdrawal (§3 Withdrawal history columns), one list by date. */
export const withdrawHistoryRow = z.union([skinWithdrawRow, moneyWithdrawJson]);
export type WithdrawHistoryRow = z.infer<typeof withdrawHistoryRow>;

/** A page of `row`: at most HISTORY.pageSize rows and the cursor of the next page. */
export function pageOf<T extends z.ZodType>(row: T) {
  return z.strictObject({ rows: z.array(row).max(HISTORY.pageSize), next: cursorJson.nullable() });
}

export const crashHistoryPage = pageOf(crashHistoryRow);
export const jackpotHistoryPage = pageOf(jackpotHistoryRow);
export const wheelHistoryPage = pageOf(wheelHistoryRow);
export const caseHistoryPage = pageOf(caseHistoryRow);
export const depositHistoryPage = pageOf(paymentJson);
export const skinDepositHistoryPage = pageOf(skinDepositJson);
export const withdrawHistoryPage = pageOf(withdrawHistoryRow);
export const referralHistoryPage = pageOf(referralRowJson);

const gameList = <A extends z.ZodType>(mode: string, answer: A, summary: string) =>
  contract({
    method: "POST",
    path: `/api/user/history/${mode}`,
    access: "public",
    body: gameHistoryBody,
    answer,
    refusals: { "user_api.user_not_found": 404 },
    summary,
  });

const ownList = <A extends z.ZodType>(list: string, answer: A, summary: string) =>
  contract({ method: "POST", path: `/api/user/history/${list}`, access: "user", body: ownHistoryBody, answer, refusals: {}, summary });

export const historyCalls = {
  crash: gameList("crash", crashHistoryPage, "A page of a player's crash bets, newest first"),
  jackpot: gameList("jackpot", jackpotHistoryPage, "A page of a player's jackpot rounds, newest first"),
  wheel: gameList("wheel", wheelHistoryPage, "A page of a player's wheel bets, newest first"),
  cases: gameList("cases", caseHistoryPage, "A page of a player's case openings, newest first"),
  deposits: ownList("deposits", depositHistoryPage, "A page of the caller's money deposits, newest first"),
  skinDeposits: ownList("skinDeposits", skinDepositHistoryPage, "A page of the caller's skins deposits, newest first"),
  withdraws: ownList("withdraws", withdrawHistoryPage, "A page of the caller's skin and money withdrawals, newest first"),
  referrals: ownList("referrals", referralHistoryPage, "A page of the players the caller referred, newest first"),
};

export type GameHistoryMode = "crash" | "jackpot" | "wheel" | "cases";
export type OwnHistoryList = "deposits" | "skinDeposits" | "withdraws" | "referrals";
