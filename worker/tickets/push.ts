// Live ticket news over the hub (docs/support.md "The staff queue"), best effort like every push:
// the change is committed before. The player hears `ticket` (and a staff reply's bell row); staff
// sockets hear `ticketQueue` and refetch.
import { notifyUserSafe } from "../lib/notify";
import { openCount, staffIds, type TicketRow } from "./read";

type PushEnv = Pick<Env, "DB" | "HUB_ROOM">;

/** Tells the player his ticket changed (a staff reply, close or reopen). */
export async function pushToPlayer(env: PushEnv, t: Pick<TicketRow, "id" | "user_id" | "status" | "player_unread">): Promise<void> {
  await notifyUserSafe(env, t.user_id, { event: "ticket", data: { id: t.id, status: t.status, unread: Boolean(t.player_unread) } });
}

/** Tells every staff socket the queue changed. */
export async function pushToStaff(env: PushEnv, ticketId: number): Promise<void> {
  try {
    const [ids, open] = await Promise.all([staffIds(env), openCount(env)]);
    await Promise.all(ids.map((id) => notifyUserSafe(env, id, { event: "ticketQueue", data: { id: ticketId, open } })));
  } catch (err) {
    console.error("ticket queue push failed", { ticket: ticketId, err: String(err) });
  }
}
