// The quiz prize in D1. A house item (owner NULL, 'available') is reserved for a quiz
// (status 'quiz'), handed to the winner (owner → winner, 'available') or returned on a stop —
// each a conditional update on (owner_id, status) in one batch with its audit row.
import type { ItemJson } from "../../shared/api/crash";
import { CRASH_ITEM_COLUMNS, type CrashItemRow, presentCrashItem } from "../crash/items";
import type { NotificationJson } from "../../shared/api/user";
import { classifyBatchError } from "../db/ledger";
import { expectChanges } from "../db/guards";
import { auditStatement } from "../lib/audit";
import { notificationOf, notificationStatement } from "../lib/notify";
import { and, eq, isNull } from "drizzle-orm";
import { db } from "../db/client";
import { inventoryItems } from "../db/schema";
import { batch, first, sql } from "../db/sql";

type DbEnv = Pick<Env, "DB">;

/** The inventory status of a reserved prize (not in ITEM_STATUS: only the chat uses it). */
export const QUIZ_STATUS = "quiz";

export interface QuizRecord {
  id: number;
  question: string;
  answer: string;
  itemId: number;
  actorId: number;
}

async function itemJson(env: DbEnv, itemId: number): Promise<ItemJson | null> {
  const row = await first<CrashItemRow>(
    env.DB,
    sql`SELECT ${CRASH_ITEM_COLUMNS}, c.price AS price FROM inventory_items i JOIN catalogue c ON c.id = i.catalogue_id WHERE i.id = ${itemId}`,
  );
  return row ? presentCrashItem(row) : null;
}

/**
 * Reserves the house item for the quiz; null when it is not a house item that is available.
 * Called only while no quiz runs, so any item still 'quiz' is an orphan (a start cut short by a
 * restart between D1 and the room's storage): the same batch returns those to the stock first.
 */
export async function reserveQuizItem(env: DbEnv, quiz: QuizRecord, now = Date.now()): Promise<ItemJson | null> {
  const d1 = env.DB;
  try {
    await batch(d1, [
      db(env)
        .update(inventoryItems)
        .set({ status: "available", updatedAt: now })
        .where(and(isNull(inventoryItems.ownerId), eq(inventoryItems.status, QUIZ_STATUS))),
      db(env)
        .update(inventoryItems)
        .set({ status: QUIZ_STATUS, updatedAt: now })
        .where(and(eq(inventoryItems.id, quiz.itemId), isNull(inventoryItems.ownerId), eq(inventoryItems.status, "available"))),
      expectChanges(1),
      auditStatement(
        { actorId: quiz.actorId, action: "chat.quiz_start", details: { quiz_id: quiz.id, question: quiz.question, answer: quiz.answer, item_id: quiz.itemId } },
        now,
      ),
    ]);
  } catch (err) {
    if (classifyBatchError(err) !== "guard") throw err;
    return null;
  }
  return itemJson(env, quiz.itemId);
}

/** A stopped quiz returns its prize to the house stock. */
export async function releaseQuizItem(env: DbEnv, quiz: QuizRecord, stoppedBy: number, now = Date.now()): Promise<void> {
  const d1 = env.DB;
  await batch(d1, [
    db(env)
      .update(inventoryItems)
      .set({ status: "available", updatedAt: now })
      .where(and(eq(inventoryItems.id, quiz.itemId), isNull(inventoryItems.ownerId), eq(inventoryItems.status, QUIZ_STATUS))),
    auditStatement({ actorId: stoppedBy, action: "chat.quiz_stop", details: { quiz_id: quiz.id, question: quiz.question, item_id: quiz.itemId } }, now),
  ]);
}

export interface QuizAward {
  result: "awarded" | "gone";
  /** the winner's bell row, written in the award's batch (null on a retry: the first one wrote it) */
  notification: NotificationJson | null;
}

/**
 * Hands the prize to the winner, with the winner's bell row (content: the item's name) in the same
 * batch, so a restart between the two can neither lose nor repeat it. "awarded" also when an
 * earlier attempt already did (a retry after a restart); "gone" when the item is no longer the
 * quiz's (nothing changes).
 */
export async function awardQuizItem(env: DbEnv, quiz: QuizRecord, winnerId: number, itemName: string, now = Date.now()): Promise<QuizAward> {
  const d1 = env.DB;
  try {
    const results = await batch(d1, [
      db(env)
        .update(inventoryItems)
        .set({ ownerId: winnerId, status: "available", updatedAt: now })
        .where(and(eq(inventoryItems.id, quiz.itemId), isNull(inventoryItems.ownerId), eq(inventoryItems.status, QUIZ_STATUS))),
      expectChanges(1),
      auditStatement({ actorId: quiz.actorId, action: "chat.quiz_won", targetUserId: winnerId, details: { quiz_id: quiz.id, item_id: quiz.itemId } }, now),
      notificationStatement({ userId: winnerId, name: "quiz_won", content: itemName, createdAt: now }),
    ]);
    return { result: "awarded", notification: notificationOf(results.at(-1)) };
  } catch (err) {
    if (classifyBatchError(err) !== "guard") throw err;
    const row = await db(env).select({ ownerId: inventoryItems.ownerId }).from(inventoryItems).where(eq(inventoryItems.id, quiz.itemId)).get();
    return { result: row?.ownerId === winnerId ? "awarded" : "gone", notification: null };
  }
}
