// Who is online in the hub (pure). Counts derive from the open sockets' attachments, never from
// memory, so they are right after hibernation: a signed-in user counts once however many tabs
// are open; a visitor is one socket.
import type { OnlineCounts } from "../../../shared/rooms/hub";
import type { BaseAttachment } from "../base/Room";

export function countOnline(attachments: readonly Pick<BaseAttachment, "userId">[]): OnlineCounts {
  const users = new Set<number>();
  let visitors = 0;
  for (const a of attachments) {
    if (a.userId === null) visitors++;
    else users.add(a.userId);
  }
  return { users: users.size, visitors, total: users.size + visitors };
}

export function sameCounts(a: OnlineCounts | undefined, b: OnlineCounts): boolean {
  return !!a && a.users === b.users && a.visitors === b.visitors;
}

/**
 * When to broadcast a change: right away if the last broadcast is at least `throttleMs` old,
 * otherwise at the end of that window (changes in between are coalesced into one frame).
 */
export function onlineSchedule(lastSentAt: number | undefined, now: number, throttleMs: number): { now: true } | { at: number } {
  if (lastSentAt === undefined || now - lastSentAt >= throttleMs) return { now: true };
  return { at: lastSentAt + throttleMs };
}
