// Pure updates of the ["user"] cache entry for notifications (used by the panel and the hub).
import type { NotificationJson, SelfUserJson } from "../../../../shared/api/user";

/** The answer keeps at most this many (contracts.md: latest 50). */
export const NOTIFICATIONS_KEPT = 50;

export function unreadCount(user: Pick<SelfUserJson, "notifications" | "unread_notifications"> | null | undefined): number {
  if (!user) return 0;
  return Math.max(user.unread_notifications, user.notifications.filter((n) => !n.is_read).length);
}

/** A "notification" socket frame arrived: newest first, no duplicates, unread count up. */
export function withNotification<U extends SelfUserJson>(user: U, n: NotificationJson): U {
  if (user.notifications.some((x) => x.id === n.id)) return user;
  return {
    ...user,
    notifications: [n, ...user.notifications].slice(0, NOTIFICATIONS_KEPT),
    unread_notifications: user.unread_notifications + (n.is_read ? 0 : 1),
  };
}

/** After a successful read-all. */
export function withAllRead<U extends SelfUserJson>(user: U): U {
  return { ...user, unread_notifications: 0, notifications: user.notifications.map((n) => (n.is_read ? n : { ...n, is_read: true })) };
}

/** Server-made names like "deposit.success" are translation keys; anything else is shown as is. */
export function isMessageKey(text: string): boolean {
  return /^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$/.test(text);
}
