import { useCurrentUser } from "../../lib/session/useCurrentUser";
import { unreadCount } from "../../lib/session/notifications";

/** Unread notifications of the signed-in user (0 for a visitor): the bell's dot shows when > 0. */
export function useUnreadNotifications(): number {
  return unreadCount(useCurrentUser().data);
}
