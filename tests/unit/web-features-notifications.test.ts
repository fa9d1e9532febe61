import { describe, expect, it } from "vitest";
import type { NotificationJson, SelfUserJson } from "../../shared/api/user";
import { USER_API } from "../../shared/constants";
import { isMessageKey, nameKey } from "../../web/src/features/notifications/messageKey";
import { notificationMovesItems, unreadCount, withAllRead, withNotification } from "../../web/src/lib/session/notifications";

const note = (id: number, is_read = false): NotificationJson => ({ id, name: `n${id}`, content: "c", is_read, created_at: 1_700_000_000_000 + id });

function user(notifications: NotificationJson[], unread = notifications.filter((n) => !n.is_read).length): SelfUserJson {
  return {
    id: 1,
    username: "u",
    avatar: "default",
    trade_link: null,
    is_admin: false,
    is_moderator: false,
    is_youtuber: false,
    balance: 0,
    cashback: 0,
    banned: false,
    unread_notifications: unread,
    total_deposit: 0,
    notifications,
  };
}

describe("notification cache updates", () => {
  it("counts unread from the server count or the list, whichever is larger", () => {
    expect(unreadCount(null)).toBe(0);
    expect(unreadCount(user([note(1), note(2, true)]))).toBe(1);
    // more unread exist than the 50 the answer carries
    expect(unreadCount(user([note(1)], 70))).toBe(70);
  });
  it("puts a new notification first and counts it once", () => {
    const u = withNotification(user([note(1, true)]), note(2));
    expect(u.notifications.map((n) => n.id)).toEqual([2, 1]);
    expect(u.unread_notifications).toBe(1);
    expect(withNotification(u, note(2))).toBe(u);
  });
  it("keeps at most the latest 50", () => {
    const many = Array.from({ length: USER_API.notificationsShown }, (_, i) => note(i + 1, true));
    const u = withNotification(user(many), note(999));
    expect(u.notifications).toHaveLength(USER_API.notificationsShown);
    expect(u.notifications[0]?.id).toBe(999);
  });
  it("marks everything read", () => {
    const u = withAllRead(user([note(1), note(2), note(3, true)]));
    expect(u.unread_notifications).toBe(0);
    expect(u.notifications.every((n) => n.is_read)).toBe(true);
    expect(unreadCount(u)).toBe(0);
  });
  it("tells message keys from ready texts", () => {
    expect(isMessageKey("withdrawal.completed")).toBe(true);
    expect(isMessageKey("Your withdrawal of $5.00 is done.")).toBe(false);
    expect(isMessageKey("plain")).toBe(false);
  });
});

describe("nameKey", () => {
  it("looks server codes up under names., leaves free text alone", () => {
    expect(nameKey("balance_adjusted")).toBe("names.balance_adjusted");
    expect(nameKey("deposit.success")).toBe("names.deposit.success");
    expect(nameKey("Бонус за победу")).toBeNull();
    expect(nameKey("Deposit ok")).toBeNull();
    expect(nameKey("")).toBeNull();
  });
});

describe("notificationMovesItems", () => {
  it("is true for the withdrawal outcomes (inventory_api.*), false for anything else", () => {
    expect(notificationMovesItems({ name: "inventory_api.withdraw_completed" })).toBe(true);
    expect(notificationMovesItems({ name: "inventory_api.withdraw_canceled" })).toBe(true);
    expect(notificationMovesItems({ name: "Welcome!" })).toBe(false);
    expect(notificationMovesItems({ name: "chat_api.quiz_won" })).toBe(false);
  });
});
