// The admin's Twist value (§5: ≥ 1, two decimals, at most 9999.99).
import { CRASH } from "../../../../shared/constants";

export function parseTwist(raw: string): number | null {
  const text = raw.trim().replace(",", ".");
  if (!/^\d{1,4}(\.\d{1,2})?$/.test(text)) return null;
  const value = Number(text);
  return value >= 1 && value <= CRASH.infiniteMultiplier ? value : null;
}
