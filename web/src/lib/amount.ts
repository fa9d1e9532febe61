// An amount typed by a player (a stake, a deposit) → cents, and the stake shortcuts (½, ×2, max).
// Pure, so tests/unit checks them; the server checks every amount again.
import { type Cents, formatCents, toCents } from "../../../shared/money";

/** The field's text → cents; null when it is no amount. A comma works as the decimal mark. */
export function parseAmount(text: string): Cents | null {
  const plain = text.trim().replace(",", ".").replace(/\.$/, "");
  if (!/^\d{1,9}(?:\.\d{1,2})?$/.test(plain)) return null;
  return toCents(plain);
}

/** Cents as the field shows them: "2.5" → "2.50", whole dollars without ".00". */
export function amountText(cents: Cents): string {
  const text = formatCents(cents);
  return text.endsWith(".00") ? text.slice(0, -3) : text;
}

export type Shortcut = "half" | "double" | "max";

/** The amount after a shortcut: half (rounded down to the cent), double, or all the player may stake — never above `cap`. */
export function applyShortcut(current: Cents | null, shortcut: Shortcut, cap: Cents): Cents {
  const now = current ?? 0;
  const next = shortcut === "half" ? Math.floor(now / 2) : shortcut === "double" ? now * 2 : cap;
  return Math.max(0, Math.min(next, cap));
}
