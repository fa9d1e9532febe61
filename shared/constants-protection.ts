// Player protection (docs/protection.md): limits a player sets on himself, time-outs and
// self-exclusion. A part of shared/constants.ts, which re-exports it: import it from there.

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

export const PROTECTION = {
  /** a raised or removed limit applies only after this cooling-off; a lowered one at once */
  coolingOffMs: DAY,
  /** the largest limit a player can set, cents ($1,000,000): above it, no limit is the honest answer */
  maxLimitCents: 100_000_000,
  /** time-outs a player can take: a short break that ends by itself */
  timeoutMs: { "24h": DAY, "7d": 7 * DAY, "30d": 30 * DAY },
  /** self-exclusions (the UK national scheme's periods, and permanent: null) */
  selfExclusionMs: { "6m": 182 * DAY, "1y": 365 * DAY, "5y": 5 * 365 * DAY, permanent: null },
  /** a self-exclusion past its end ends only this long after the player asks */
  liftWaitMs: DAY,
  /** reality check: minutes between reminders the player can pick (0 = off), and the default */
  realityCheckMinutes: [0, 15, 30, 60, 120] as const,
  realityCheckDefaultMinutes: 60,
} as const;

/**
 * The limits a player can set: deposits per period, net loss (stakes − wins over every game) per
 * period, and one stake. A period is the calendar day, week from Monday or month, in UTC.
 */
export const LIMIT_KINDS = ["deposit_day", "deposit_week", "deposit_month", "loss_day", "loss_week", "loss_month", "stake"] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];
