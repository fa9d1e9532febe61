// The crash board's Space key (web/src/features/crash/hotkeys.ts): cash out a running manual bet,
// else place a ready bet; never while typing, on a focused control or under a dialog.
import { describe, expect, it } from "vitest";
import { type HotkeyInput, hotkeyAction } from "../../web/src/features/crash/hotkeys";

const page: HotkeyInput = { key: " ", target: null, dialogOpen: false, betState: "ready", cashOutable: false };

describe("crash hotkeys", () => {
  it("Space places a ready bet, and cashes out first when a manual bet can be", () => {
    expect(hotkeyAction(page)).toBe("bet");
    expect(hotkeyAction({ ...page, cashOutable: true, betState: "not_waiting" })).toBe("cashOut");
  });
  it.each([
    [{ key: "Enter" }],
    [{ key: "b" }],
    [{ betState: "no_items" as const }],
    [{ betState: "sending" as const }],
    [{ dialogOpen: true }],
    [{ target: { tagName: "INPUT", isContentEditable: false } }],
    [{ target: { tagName: "TEXTAREA", isContentEditable: false } }],
    [{ target: { tagName: "BUTTON", isContentEditable: false } }],
    [{ target: { tagName: "DIV", isContentEditable: true } }],
  ])("does nothing for %o", (patch) => expect(hotkeyAction({ ...page, ...patch })).toBeNull());
  it("a focused non-control (the page, a div) still counts", () => {
    expect(hotkeyAction({ ...page, target: { tagName: "DIV", isContentEditable: false } })).toBe("bet");
  });
});
