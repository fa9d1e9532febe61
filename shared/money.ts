// Money codec: integer cents inside, dollars with at most two decimals in JSON (docs/money.md "Money rules").
// No float arithmetic on money: parsing goes through the decimal string.
import { z } from "zod";

export type Cents = number;

/** Dollars (a JSON number or numeric string, ≤ 2 decimals) → integer cents. Throws on bad input. */
export function toCents(dollars: number | string): Cents {
  const text = typeof dollars === "number" ? numberToPlain(dollars) : dollars.trim();
  const m = /^(-)?(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) throw new RangeError(`not a money amount: ${text}`);
  const cents = Number(m[2]) * 100 + Number((m[3] ?? "").padEnd(2, "0"));
  return m[1] ? -cents : cents;
}

/** Integer cents → dollars as a JSON number (exact to the cent when printed). */
export function toDollars(cents: Cents): number {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`cents must be an integer: ${cents}`);
  return Number(formatCents(cents));
}

/** Integer cents → "12.34" (always two decimals). */
export function formatCents(cents: Cents): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

function numberToPlain(n: number): string {
  if (!Number.isFinite(n)) return "NaN";
  // Up to 2 decimals survive toString without exponent for any amount we accept.
  return String(n);
}

/** A dollar amount in a request body: > 0 when positive is asked, at most two decimals. */
export const dollarsSchema = z.union([z.number(), z.string()]).transform((v, ctx) => {
  try {
    return toCents(v);
  } catch {
    ctx.addIssue({ code: "custom", message: "invalid amount" });
    return z.NEVER;
  }
});

/** True for a dollar amount toCents accepts: at most two decimals, within range. */
function isCentExact(v: number): boolean {
  try {
    toCents(v);
    return true;
  } catch {
    return false;
  }
}

/** A dollar amount in an answer or frame: a JSON number with at most two decimals, never negative. */
export const dollarsJson = z.number().nonnegative().refine(isCentExact, "dollars with at most two decimals");

/** The same, where the amount may be negative (a profit). */
export const signedDollarsJson = z.number().refine(isCentExact, "dollars with at most two decimals");
