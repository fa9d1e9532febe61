// Money crosses the provider boundary as decimal text ("99", "99.5", "99.50") or, in JSON
// APIs, as an integer of minor units. Inside it is always integer cents; these conversions are
// exact (string arithmetic, never float multiplication).

/** Up to 12 whole digits and up to 2 decimals; no sign, exponent or spaces. */
const DECIMAL = /^(\d{1,12})(?:\.(\d{1,2}))?$/;

/** "99" → 9900, "99.5" → 9950, "99.05" → 9905; anything else (or ≤ 0) → null. */
export function parseDecimalCents(text: string): number | null {
  const m = DECIMAL.exec(text);
  if (!m) return null;
  const cents = Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
  return Number.isSafeInteger(cents) && cents > 0 ? cents : null;
}

/**
 * A JSON number of major units (a wallet history's 100.5) → cents, exactly: the shortest
 * round-trip text of a double parsed from a ≤ 2-decimal value is that value's own text.
 */
export function numberToCents(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) ? parseDecimalCents(String(value)) : null;
}

/**
 * Cents → the decimal text a form or instruction carries: whole amounts without decimals
 * (9900 → "99", the form of the provider's own example), others with two (9950 → "99.50").
 */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents <= 0) throw new RangeError(`bad amount: ${cents}`);
  const whole = Math.floor(cents / 100);
  const rest = cents % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, "0")}`;
}
