// The crash board's keyboard (docs/api.md "Interface conventions"): Space cashes out the own manual bet while it can be
// cashed out, and otherwise places the bet the board is ready to send — as crash players expect.
// Never while typing in a field, on a focused control (Space already presses it) or under a dialog.
import type { BetButtonState } from "./betButton";

export type HotkeyAction = "bet" | "cashOut" | null;

export interface HotkeyInput {
  key: string;
  /** the focused element's tag (upper case) and whether it is editable; null: the page itself */
  target: { tagName: string; isContentEditable: boolean } | null;
  dialogOpen: boolean;
  betState: BetButtonState;
  cashOutable: boolean;
}

const CONTROLS = new Set(["INPUT", "TEXTAREA", "SELECT", "BUTTON", "A"]);

export function hotkeyAction(i: HotkeyInput): HotkeyAction {
  if (i.key !== " " || i.dialogOpen) return null;
  if (i.target && (CONTROLS.has(i.target.tagName) || i.target.isContentEditable)) return null;
  if (i.cashOutable) return "cashOut";
  return i.betState === "ready" ? "bet" : null;
}
