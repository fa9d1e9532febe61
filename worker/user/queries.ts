// D1 reads and writes of the user group. Money stays in cents here; presenters.ts converts.
import { and, asc, count, desc, eq, inArray, lte } from "drizzle-orm";
import { USER_API } from "../../shared/constants";
import { db } from "../db/client";
import { catalogue, inventoryItems, notifications, users } from "../db/schema";
import { ITEM_STATUS } from "../db/types";
import { crashGameResults, crashHistory } from "./crash-history";
import { jackpotGameResults, jackpotHistory } from "./jackpot-history";
import { wheelGameResults, wheelHistory } from "../wheel/history";
import { casesGameResults } from "../history/cases";
import type { GameResult } from "./game-result";
import { depositTotalSql } from "../db/ledger";
import { all, first, sql } from "../db/sql";

type DbEnv = Pick<Env, "DB">;
export type NotificationRow = typeof notifications.$inferSelect;

export async function findUser(env: DbEnv, id: number) {
  return db(env).select().from(users).where(eq(users.id, id)).get();
}

// A bell row dated in the future is not shown yet (a jackpot win is written at the draw and dated
// when the spinner stops): the list, the unread count and read-all all see only rows up to now.
const shownBy = (userId: number, now: number) => and(eq(notifications.userId, userId), lte(notifications.createdAt, now));

export async function latestNotifications(env: DbEnv, userId: number, limit: number = USER_API.notificationsShown, now = Date.now()) {
  return db(env).select().from(notifications).where(shownBy(userId, now)).orderBy(desc(notifications.createdAt), desc(notifications.id)).limit(limit).all();
}

export async function unreadCount(env: DbEnv, userId: number, now = Date.now()): Promise<number> {
  const row = await db(env)
    .select({ n: count() })
    .from(notifications)
    .where(and(shownBy(userId, now), eq(notifications.isRead, false)))
    .get();
  return row?.n ?? 0;
}

/** Everything the player deposited (cents): the chat's entry condition (db/ledger.ts depositTotalSql, as worker/chat/author.ts). */
export async function totalDepositCents(env: DbEnv, userId: number): Promise<number> {
  const row = await first<{ v: number }>(env.DB, depositTotalSql(userId));
  return Number(row?.v ?? 0);
}

export async function markAllRead(env: DbEnv, userId: number, now = Date.now()): Promise<void> {
  await db(env)
    .update(notifications)
    .set({ isRead: true })
    .where(and(shownBy(userId, now), eq(notifications.isRead, false)));
}

export async function saveTradeLink(env: DbEnv, userId: number, link: string): Promise<void> {
  await db(env).update(users).set({ tradeLink: link }).where(eq(users.id, userId));
}

/** Statuses the inventory panel shows; only "available" is selectable (docs/api.md "API reference"). */
export const SHOWN_ITEM_STATUSES = [ITEM_STATUS.available, ITEM_STATUS.inBet, ITEM_STATUS.withdrawing];

export async function inventoryOf(env: DbEnv, ownerId: number) {
  return db(env)
    .select({
      myId: inventoryItems.id,
      catalogueId: catalogue.id,
      marketHashName: catalogue.marketHashName,
      name: catalogue.name,
      exterior: catalogue.exterior,
      rarity: catalogue.rarity,
      rarityColor: catalogue.rarityColor,
      image: catalogue.image,
      // an item is shown at its value: the current catalogue price (prices/valuation.ts)
      price: catalogue.price,
      status: inventoryItems.status,
    })
    .from(inventoryItems)
    .innerJoin(catalogue, eq(catalogue.id, inventoryItems.catalogueId))
    .where(and(eq(inventoryItems.ownerId, ownerId), inArray(inventoryItems.status, SHOWN_ITEM_STATUSES)))
    .orderBy(desc(catalogue.price), asc(inventoryItems.id))
    .all();
}
export type InventoryJoinRow = Awaited<ReturnType<typeof inventoryOf>>[number];

export async function youtubers(env: DbEnv) {
  return db(env)
    .select({ id: users.id, username: users.username, avatar: users.avatar })
    .from(users)
    .where(and(eq(users.isYoutuber, true), eq(users.banned, false)))
    .orderBy(asc(users.id))
    .all();
}

// ---- statistics and histories (§3) ----

/**
 * Games as the ledger sees them: money bets ('bet' rows, negative) and their wins ('win' rows)
 * share a reference (the round). A refunded (voided) round is not a game.
 */
async function ledgerGameResults(env: DbEnv, userId: number): Promise<GameResult[]> {
  const results = await all<GameResult>(
    env.DB,
    sql`SELECT SUM(CASE WHEN kind = 'bet' THEN -delta ELSE 0 END) AS stake,
            SUM(CASE WHEN kind = 'win' THEN delta ELSE 0 END) AS payout
       FROM ledger
      WHERE user_id = ${userId} AND account = 'user' AND kind IN ('bet', 'win', 'refund') AND reference IS NOT NULL
      GROUP BY reference
     HAVING stake > 0 AND SUM(kind = 'refund') = 0`,
  );
  return results;
}

/**
 * Where settled games come from. The game-mode issues append their bets tables here (item bets
 * never touch the money ledger), and every statistic of §3 follows.
 */
export const gameResultSources: Array<(env: DbEnv, userId: number) => Promise<GameResult[]>> = [
  ledgerGameResults,
  crashGameResults,
  jackpotGameResults,
  wheelGameResults,
  casesGameResults,
];

export async function gameResults(env: DbEnv, userId: number): Promise<GameResult[]> {
  const parts = await Promise.all(gameResultSources.map((source) => source(env, userId)));
  return parts.flat();
}

/** The first page of each game list, for getProfile and getUser (the pages after it: /api/user/history/*). */
export async function firstPages(env: DbEnv, userId: number) {
  const [crash, jackpot, wheel] = await Promise.all([crashHistory(env, userId), jackpotHistory(env, userId), wheelHistory(env, userId)]);
  return { crashBets: crash.rows, jackpotBets: jackpot.rows, wheelBets: wheel.rows };
}
