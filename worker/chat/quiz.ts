// The quiz prize in D1 (issue 4). A house item (owner NULL, 'available') is reserved for a quiz
// (status 'quiz'), handed to the winner (owner → winner, 'available') or returned on a stop —
// each a conditional update on (owner_id, status) in one batch with its audit row.
import type { ItemJson } from "../../shared/api/crash";
import { presentItem } from "../crash/queries";
import type { NotificationJson } from "../../shared/api/user";
import { classifyBatchError, expectChanges } from "../db/ledger";
import { auditStatement } from "../lib/audit";
import { notificationOf, notificationStatement } from "../lib/notify";

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
  const row = await env.DB.prepare(
    `SELECT i.id AS id, c.market_hash_name AS market_hash_name, c.name AS name, c.image AS image,
            c.rarity AS rarity, c.rarity_color AS rarity_color, c.price AS price
       FROM inventory_items i JOIN catalogue c ON c.id = i.catalogue_id WHERE i.id = ?1`,
  )
    .bind(itemId)
    .first<Parameters<typeof presentItem>[0]>();
  return row ? presentItem(row) : null;
}

/**
 * Reserves the house item for the quiz; null when it is not a house item that is available.
 * Called only while no quiz runs, so any item still 'quiz' is an orphan (a start cut short by a
 * restart between D1 and the room's storage): the same batch returns those to the stock first.
 */
export async function reserveQuizItem(env: DbEnv, quiz: QuizRecord, now = Date.now()): Promise<ItemJson | null> {
  const d1 = env.DB;
  try {
    await d1.batch([
      d1.prepare("UPDATE inventory_items SET status = 'available', updated_at = ?2 WHERE owner_id IS NULL AND status = ?1").bind(QUIZ_STATUS, now),
      d1
        .prepare("UPDATE inventory_items SET status = ?2, updated_at = ?3 WHERE id = ?1 AND owner_id IS NULL AND status = 'available'")
        .bind(quiz.itemId, QUIZ_STATUS, now),
      expectChanges(d1, 1),
      auditStatement(
        d1,
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
  await d1.batch([
    d1
      .prepare("UPDATE inventory_items SET status = 'available', updated_at = ?3 WHERE id = ?1 AND owner_id IS NULL AND status = ?2")
      .bind(quiz.itemId, QUIZ_STATUS, now),
    auditStatement(d1, { actorId: stoppedBy, action: "chat.quiz_stop", details: { quiz_id: quiz.id, question: quiz.question, item_id: quiz.itemId } }, now),
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
    const results = await d1.batch([
      d1
        .prepare("UPDATE inventory_items SET owner_id = ?2, status = 'available', updated_at = ?4 WHERE id = ?1 AND owner_id IS NULL AND status = ?3")
        .bind(quiz.itemId, winnerId, QUIZ_STATUS, now),
      expectChanges(d1, 1),
      auditStatement(d1, { actorId: quiz.actorId, action: "chat.quiz_won", targetUserId: winnerId, details: { quiz_id: quiz.id, item_id: quiz.itemId } }, now),
      notificationStatement(d1, { userId: winnerId, name: "quiz_won", content: itemName, createdAt: now }),
    ]);
    return { result: "awarded", notification: notificationOf(results.at(-1)) };
  } catch (err) {
    if (classifyBatchError(err) !== "guard") throw err;
    const row = await d1.prepare("SELECT owner_id FROM inventory_items WHERE id = ?1").bind(quiz.itemId).first<{ owner_id: number | null }>();
    return { result: row?.owner_id === winnerId ? "awarded" : "gone", notification: null };
  }
}
