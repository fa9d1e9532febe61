// Pure updates of the ["user"] cache entry for notifications: the app applies the hub's
// "notification" frame with withNotification, the notifications panel applies read-all.
import type { NotificationKind } from "../../../../shared/api/notifications";
import type { NotificationJson, SelfUserJson } from "../../../../shared/api/user";
import { USER_API } from "../../../../shared/constants";

export function unreadCount(user: Pick<SelfUserJson, "notifications" | "unread_notifications"> | null | undefined): number {
  if (!user) return 0;
  return Math.max(user.unread_notifications, user.notifications.filter((n) => !n.is_read).length);
}

/** A "notification" socket frame arrived: newest first, no duplicates, unread count up. */
export function withNotification<U extends SelfUserJson>(user: U, n: NotificationJson): U {
  if (user.notifications.some((x) => x.id === n.id)) return user;
  return {
    ...user,
    notifications: [n, ...user.notifications].slice(0, USER_API.notificationsShown),
    unread_notifications: user.unread_notifications + (n.is_read ? 0 : 1),
  };
}

/** After a successful read-all. */
export function withAllRead<U extends SelfUserJson>(user: U): U {
  return { ...user, unread_notifications: 0, notifications: user.notifications.map((n) => (n.is_read ? n : { ...n, is_read: true })) };
}

/**
 * Whether a notification reports items moving in or out of the inventory (a skin withdrawal
 * completed or returned, keys inventory_api.*; a won or dropped item): the inventory reloads when one arrives.
 */
export function notificationMovesItems(n: Pick<NotificationJson, "name">): boolean {
  return n.name.startsWith("inventory_api.") || ITEM_KINDS.has(n.name);
}

/** Kinds that bring a new item (shared/api/notifications.ts). */
const ITEM_KINDS: ReadonlySet<string> = new Set<NotificationKind>(["crash_win", "wheel_win", "jackpot_win", "case_drop", "quiz_won", "skins_deposit"]);
