// Dollar amounts from a price feed → integer cents. Feeds write any number of decimals
// ("19.125", 0.035, 1e-7); we round half-up to the cent on the decimal text, never with float
// arithmetic, then hand the two-decimal amount to shared/money.ts toCents.
import { toCents, type Cents } from "../../shared/money";

/** Non-negative dollars (JSON number or decimal string) → cents, rounded half-up. Throws RangeError. */
export function feedDollarsToCents(value: number | string): Cents {
  const text = typeof value === "number" ? plainDecimal(value) : value.trim();
  const m = /^(\d+)(?:\.(\d*))?$/.exec(text);
  if (!m) throw new RangeError(`not a price: ${text}`);
  const whole = m[1]!.replace(/^0+(?=\d)/, "");
  const frac = m[2] ?? "";
  const cents = toCents(`${whole}.${frac.slice(0, 2).padEnd(2, "0")}`);
  // half-up: the third decimal decides (0.125 → 0.13, 0.1249 → 0.12)
  return (frac[2] ?? "0") >= "5" ? cents + 1 : cents;
}

/** A JSON number's shortest decimal text without exponent (1e-7 → "0.0000001"). */
function plainDecimal(n: number): string {
  if (!Number.isFinite(n) || n < 0) throw new RangeError(`not a price: ${n}`);
  const s = String(n);
  const m = /^(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(s);
  if (!m) return s;
  const digits = m[1]! + (m[2] ?? "");
  const point = m[1]!.length + Number(m[3]); // position of the decimal point within `digits`
  if (point <= 0) return `0.${"0".repeat(-point)}${digits}`;
  if (point >= digits.length) return digits + "0".repeat(point - digits.length);
  return `${digits.slice(0, point)}.${digits.slice(point)}`;
}
