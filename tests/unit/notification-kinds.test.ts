// Bell notification kinds (shared/api/notifications.ts, docs/money.md "Notifications"): every kind has a title in
// both languages, the content builders write language-neutral text, and item-bringing kinds
// reload the inventory.
import { describe, expect, it } from "vitest";
import { NOTIFICATION_KINDS, notificationContent, notificationKind } from "../../shared/api/notifications";
import en from "../../web/src/locales/en/notifications.json";
import ru from "../../web/src/locales/ru/notifications.json";
import { nameKey } from "../../web/src/features/notifications/messageKey";
import { notificationMovesItems } from "../../web/src/lib/session/notifications";

function lookup(tree: unknown, path: string): unknown {
  return path.split(".").reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined), tree);
}

describe("notification kinds", () => {
  it.each(NOTIFICATION_KINDS)("%s has a title in ru and en", (kind) => {
    const key = nameKey(kind);
    expect(key).not.toBeNull();
    for (const bundle of [ru, en]) {
      const title = lookup(bundle, key!);
      expect(typeof title, `${kind}`).toBe("string");
      expect((title as string).length).toBeGreaterThan(0);
    }
    expect(lookup(ru, key!)).not.toBe(lookup(en, key!));
  });

  it("the schema takes the kinds and refuses others", () => {
    expect(notificationKind.parse("crash_win")).toBe("crash_win");
    expect(notificationKind.safeParse("crash_won").success).toBe(false);
  });

  it("content is amounts, multipliers and game item names", () => {
    expect(notificationContent.crashWin(2_000, 250, "AK-47 | Redline (Field-Tested)")).toBe("$20.00 · ×2.50 · AK-47 | Redline (Field-Tested)");
    expect(notificationContent.crashWin(150, 110, null)).toBe("$1.50 · ×1.10");
    expect(notificationContent.wheelWin(1_500, 3, "AK-47 | Redline (Field-Tested)")).toBe("$15.00 · ×3 · AK-47 | Redline (Field-Tested)");
    expect(notificationContent.wheelWin(200, 2, null)).toBe("$2.00 · ×2");
    expect(notificationContent.caseDrop("AWP | Asiimov (Field-Tested)", 4_510)).toBe("AWP | Asiimov (Field-Tested) · $45.10");
    expect(notificationContent.amount(1_000)).toBe("$10.00");
  });

  it("item-bringing kinds reload the inventory", () => {
    for (const name of ["crash_win", "wheel_win", "case_drop", "quiz_won", "skins_deposit", "inventory_api.withdraw_canceled"])
      expect(notificationMovesItems({ name })).toBe(true);
    for (const name of ["deposit", "balance_adjusted"]) expect(notificationMovesItems({ name })).toBe(false);
  });
});
