// The crash curve, shared by the room (authority) and the SPA (draws it locally between ticks).
// Multipliers are integer HUNDREDTHS inside (250 = ×2.50); JSON carries numbers (2.5).
// m(t) = e^(growthPerMs·t), t in ms since the round started, floored to hundredths.
import { CRASH, MULTIPLIER_CLASSES } from "./constants";

export type Hundredths = number;

/** Manual stop ("no auto-withdraw", ∞) in hundredths: 999999. */
export const INFINITE_HUNDREDTHS: Hundredths = Math.round(CRASH.infiniteMultiplier * 100);
/** The abuse range of §5 in hundredths: [101, 120]. */
export const ABUSE_RANGE = {
  min: Math.round(CRASH.abuseRange.min * 100),
  max: Math.round(CRASH.abuseRange.max * 100),
} as const;

/** The multiplier in hundredths after `elapsedMs` of running: floor(100·e^(0.00006·t)), ≥ 100. */
export function multiplierAt(elapsedMs: number): Hundredths {
  if (!(elapsedMs > 0)) return 100;
  return Math.max(100, Math.floor(100 * Math.exp(CRASH.growthPerMs * elapsedMs)));
}

/** The smallest whole ms t ≥ 0 with multiplierAt(t) ≥ m (m in hundredths). */
export function elapsedFor(m: Hundredths): number {
  if (m <= 100) return 0;
  // The closed form lands within a ms or two; settle it against multiplierAt itself so both
  // functions agree exactly whatever the rounding of Math.exp / Math.log.
  let t = Math.max(0, Math.ceil(Math.log(m / 100) / CRASH.growthPerMs));
  while (t > 0 && multiplierAt(t - 1) >= m) t--;
  while (multiplierAt(t) < m) t++;
  return t;
}

/** Running stage by multiplier (§4): 1 below 1.5, 2 from 1.5 below 2.5, 3 from 2.5. */
export function stageOf(m: Hundredths): 1 | 2 | 3 {
  if (m < Math.round(CRASH.stages.second * 100)) return 1;
  if (m < Math.round(CRASH.stages.third * 100)) return 2;
  return 3;
}

export type ColourClass = (typeof MULTIPLIER_CLASSES)[number]["className"];

/** History colour class (§9): 1–1.2, >1.2–3, >3–5, >5–9.99, ≥10 (upper bounds inclusive). */
export function colourClass(m: Hundredths): ColourClass {
  for (const c of MULTIPLIER_CLASSES) {
    if (c.upTo === Infinity || m <= Math.round(c.upTo * 100)) return c.className;
  }
  return MULTIPLIER_CLASSES[MULTIPLIER_CLASSES.length - 1]!.className;
}

/** The largest multiplier JSON carries (1e11 ×): hundredths stay exact in a double below it. */
export const MAX_MULTIPLIER = 1e11;

/** Hundredths → the JSON number (250 → 2.5). */
export function toMultiplier(m: Hundredths): number {
  if (!Number.isSafeInteger(m)) throw new RangeError(`hundredths must be an integer: ${m}`);
  return Number((m / 100).toFixed(2));
}

/** A JSON multiplier (number or numeric string, ≤ 2 decimals) → hundredths. Throws on bad input. */
export function toHundredths(value: number | string): Hundredths {
  const text = typeof value === "number" ? String(value) : value.trim();
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new RangeError(`not a multiplier: ${text}`);
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** True for a JSON number with at most two decimals. */
export function isTwoDecimals(value: number): boolean {
  try {
    toHundredths(value);
    return true;
  } catch {
    return false;
  }
}
