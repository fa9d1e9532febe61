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
import { all, rowsOf, type SQL, sql } from "../db/sql";

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

/** Users' frames this many to one hub call. */
const PUSHES_PER_CALL = 500;

/** hub(env).notifyUsers(...) in calls of PUSHES_PER_CALL that never throw (a failed call is logged, the next one still goes). */
export async function notifyUsersSafe(env: HubEnv, pushes: readonly { userId: number; frame: HubServerFrame }[]): Promise<void> {
  for (let i = 0; i < pushes.length; i += PUSHES_PER_CALL) {
    const part = pushes.slice(i, i + PUSHES_PER_CALL);
    try {
      const { refused } = await hub(env).notifyUsers(part);
      if (refused > 0) console.error("hub refused frames", { refused, events: [...new Set(part.map((p) => p.frame.event))] });
    } catch (err) {
      console.error("hub notifyUsers failed", { users: part.length, err: String(err) });
    }
  }
}

/** Reads the users' fresh balances in one query and pushes each once, in as few hub calls as notifyUsersSafe makes. */
export async function pushBalances(env: HubEnv, userIds: Iterable<number>): Promise<void> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return;
  if (ids.length === 1) return void (await pushBalance(env, ids[0]!));
  let rows: { id: number; balance: number }[];
  try {
    rows = await all(env.DB, sql`SELECT id, balance FROM users WHERE id IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`);
  } catch (err) {
    console.error("pushBalances could not read the balances", { users: ids.length, err: String(err) });
    return;
  }
  await notifyUsersSafe(
    env,
    rows.map((r) => ({ userId: r.id, frame: { event: "updateBalance", data: { balance: toDollars(r.balance) } } })),
  );
}

/** Bells rung by one drain, in as few hub calls as notifyUsersSafe makes. */
export async function pushNotifications(env: HubEnv, bells: readonly (readonly [userId: number, bell: NotificationJson])[]): Promise<void> {
  await notifyUsersSafe(
    env,
    bells.map(([userId, bell]) => ({ userId, frame: { event: "notification", data: bell } })),
  );
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
