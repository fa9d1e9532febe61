// Player protection rules shared by the worker and the site (docs/protection.md): the periods a
// limit counts over, when it resets, which value is in force, and what a change does (a tighter
// limit applies at once; a looser one or a removal only after the cooling-off).
import { type LimitKind, PROTECTION } from "./constants-protection";

const DAY = 24 * 60 * 60_000;

export type LimitPeriod = "day" | "week" | "month";

/** The period a limit counts over; `stake` is one stake, no period. */
export function periodOf(kind: LimitKind): LimitPeriod | null {
  if (kind === "stake") return null;
  return kind.endsWith("_day") ? "day" : kind.endsWith("_week") ? "week" : "month";
}

/** The start of the calendar period (UTC) holding `now`: the day, the week from Monday, the month. */
export function periodStart(period: LimitPeriod, now: number): number {
  const d = new Date(now);
  const day = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  if (period === "day") return day;
  if (period === "week") return day - ((d.getUTCDay() + 6) % 7) * DAY;
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

/** When the period holding `now` ends and its count starts again from zero. */
export function periodReset(period: LimitPeriod, now: number): number {
  const start = periodStart(period, now);
  if (period === "day") return start + DAY;
  if (period === "week") return start + 7 * DAY;
  const d = new Date(start);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

/** A limit as stored: the amount in force, and a looser one (or none) waiting for its time. */
export interface StoredLimit {
  amount: number | null;
  pendingAmount: number | null;
  /** when the pending value applies; null: nothing pending */
  pendingAt: number | null;
}

/** The amount in force at `now` (cents), null for none. */
export function limitInForce(l: StoredLimit, now: number): number | null {
  return l.pendingAt !== null && l.pendingAt <= now ? l.pendingAmount : l.amount;
}

/**
 * The stored limit after the player asks for `wanted` (cents; null removes it) at `now`: tighter
 * than the amount in force (or a first limit) applies at once and drops a pending loosening;
 * looser or none waits PROTECTION.coolingOffMs (asking the same again keeps the first time).
 */
export function changeLimit(current: StoredLimit | null, wanted: number | null, now: number): StoredLimit {
  const inForce = current ? limitInForce(current, now) : null;
  const tighter = wanted !== null && (inForce === null || wanted <= inForce);
  if (tighter) return { amount: wanted, pendingAmount: null, pendingAt: null };
  if (inForce === null) return { amount: null, pendingAmount: null, pendingAt: null };
  const samePending = current !== null && current.pendingAt !== null && current.pendingAt > now && current.pendingAmount === wanted;
  return { amount: inForce, pendingAmount: wanted, pendingAt: samePending && current ? current.pendingAt : now + PROTECTION.coolingOffMs };
}

/** A time-out or a self-exclusion as stored. */
export interface StoredExclusion {
  kind: "timeout" | "self_exclusion";
  startedAt: number;
  /** null: permanent */
  endsAt: number | null;
  /** a self-exclusion past its end: when the player asked to end it */
  liftRequestedAt: number | null;
}

/** When an exclusion stops applying: a time-out at its end; a self-exclusion a day after the player asks past its end (null until then). */
export function exclusionEnd(e: StoredExclusion): number | null {
  if (e.kind === "timeout") return e.endsAt;
  return e.liftRequestedAt === null ? null : e.liftRequestedAt + PROTECTION.liftWaitMs;
}

/** Whether it keeps the player from playing at `now`. */
export function exclusionActive(e: StoredExclusion, now: number): boolean {
  const end = exclusionEnd(e);
  return end === null || end > now;
}
