// Per-user pushes through the hub (worker/rooms/hub.ts). A push is best effort: the
// money or state change it reports is already committed, so a hub failure is logged, never thrown.
import { eq } from "drizzle-orm";
import type { NotificationKind } from "../../shared/api/notifications";
import type { NotificationJson } from "../../shared/api/user";
import { toDollars } from "../../shared/money";
import type { HubServerFrame } from "../../shared/rooms/hub";
import { db } from "../db/client";
import { users } from "../db/schema";
import { hub } from "../rooms/hub";
import { rowsOf, type SQL, sql } from "../db/sql";

type HubEnv = Pick<Env, "DB" | "HUB_ROOM">;

/** hub(env).notifyUser(...) that never throws; answers whether the hub took the frame. */
export async function notifyUserSafe(env: HubEnv, userId: number, frame: HubServerFrame): Promise<boolean> {
  try {
    const delivery: { refused?: string } | undefined = await hub(env).notifyUser(userId, frame);
    if (delivery?.refused) {
      console.error("hub refused a frame", { userId, event: frame.event, refused: delivery.refused });
      return false;
    }
    return true;
  } catch (err) {
    console.error("hub notifyUser failed", { userId, event: frame.event, err: String(err) });
    return false;
  }
}

/**
 * Reads the fresh balance and pushes {event:"updateBalance", data:{balance}} (dollars).
 * Called after a committed balance change, so it never throws either.
 */
export async function pushBalance(env: HubEnv, userId: number): Promise<boolean> {
  let balance: number;
  try {
    const row = await db(env).select({ balance: users.balance }).from(users).where(eq(users.id, userId)).get();
    if (!row) return false;
    balance = row.balance;
  } catch (err) {
    console.error("pushBalance could not read the balance", { userId, err: String(err) });
    return false;
  }
  return notifyUserSafe(env, userId, { event: "updateBalance", data: { balance: toDollars(balance) } });
}

export interface NotificationInsert {
  userId: number;
  name: NotificationKind;
  content: string;
  createdAt: number;
}

/**
 * The bell row as one more statement of a money batch: it lands with the move it reports (or not
 * at all, a replay or a failed guard rejecting the batch). RETURNING the row lets the caller push
 * it once the batch committed (notificationOf + pushNotification).
 */
export function notificationStatement(n: NotificationInsert): SQL {
  return sql`INSERT INTO notifications (user_id, name, content, is_read, created_at) VALUES (${n.userId}, ${n.name}, ${n.content}, 0, ${n.createdAt}) RETURNING id, name, content, is_read, created_at`;
}

export interface NotificationSqlRow {
  id: number;
  name: string;
  content: string;
  is_read: number;
  created_at: number;
}

/** The row a notificationStatement returned in a batch result (null when the batch had none). */
export function notificationOf(result: D1Result | undefined): NotificationJson | null {
  const row = rowsOf<NotificationSqlRow>(result)[0];
  return row ? notificationJson(row) : null;
}

/** A notifications row as the bell shows it. */
export function notificationJson(row: NotificationSqlRow): NotificationJson {
  return { id: row.id, name: row.name, content: row.content, is_read: !!row.is_read, created_at: row.created_at };
}

/** Pushes a committed bell row live; best effort like every push. */
export async function pushNotification(env: HubEnv, userId: number, json: NotificationJson | null): Promise<boolean> {
  if (!json) return false;
  return notifyUserSafe(env, userId, { event: "notification", data: json });
}
