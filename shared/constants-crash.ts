// The crash game's constants (spec §9, §5) and its fairness chain's
// (docs/fairness.md). A part of shared/constants.ts, which re-exports it: import it from there.

export const CRASH = {
  maxOwnBets: 3,
  maxInfiniteBets: 1,
  /** Manual stop ("no auto-withdraw") is stored as this multiplier and shown as ∞. */
  infiniteMultiplier: 9999.99,
  maxCustomMultipliers: 4,
  countdownMs: 15_000,
  historySize: 20,
  /** Auto-withdraw targets in this closed range are refused as abuse (§5). */
  abuseRange: { min: 1.01, max: 1.2 },
  /** Share of each round's bank booked to the bonus pool, in percent. */
  bonusSharePercent: 1,
  /** Stage thresholds of the running phase (§4). */
  stages: { second: 1.5, third: 2.5 },
  reloadAfterCrashMs: 5_000,
  /** Growth rate of the curve m(t) = e^(growthPerMs·t) (bustabit's feel: ×2 at about 11.6 s). */
  growthPerMs: 0.00006,
  /** Pause after a crash before the next round's countdown starts. */
  crashedPauseMs: 4_000,
  /** Running-phase elapsed-time ticks (the client draws the curve itself in between, so they
   *  only keep its clock honest); the bettor's crashLoaderItem is checked on ticks only, so this
   *  also throttles it. Ticks, loader items and boards together stay under the realtime budget
   *  of 60 frames per socket in a round that crashes at ×5 (docs/api.md "Sockets"). */
  tickMs: 2_000,
  /** Items one bet may stake. */
  maxItemsPerBet: 50,
  /** The most one bet may stake from the balance (cents; §9 names no crash limit, this keeps a round's pot bounded). */
  maxValueCents: 100_000,
  /** Items shown in a bet row's payload; the rest travel as a count (itemsMore). */
  betRowItems: 3,
  /**
   * The board every socket gets instead of every bet row (docs/api.md "Sockets"):
   * the totals and the biggest bets, at most once per this window; a player's own rows go to that
   * player alone, at once, and the full list is fetched on demand (/api/crash/getGame).
   */
  boardWindowMs: 2_000,
  /** The biggest bets the board shows. */
  boardTop: 10,
  /** Bets that arrive together go to D1 in one batch of at most this many (worker/rooms/base/bet-groups.ts; ~12 statements a bet: 300 a batch, under the 1,000 queries an invocation may make). */
  betsPerBatch: 25,
  /** Default largest total payout of one round, in cents (wrangler var CRASH_MAX_PAYOUT_CENTS). */
  defaultMaxPayoutCents: 1_000_000,
} as const;

/** Multiplier history colour classes (§9): upper bound (inclusive unless noted) → class. */
export const MULTIPLIER_CLASSES = [
  { upTo: 1.2, className: "x-low" },
  { upTo: 3, className: "x-mid" },
  { upTo: 5, className: "x-good" },
  { upTo: 9.99, className: "x-high" },
  { upTo: Infinity, className: "x-epic" },
] as const;

export const FAIRNESS = {
  instantCrashPercent: 4,
  mismatchPayoutFactor: 3,
} as const;

/** The crash hash chain (docs/fairness.md "Provably fair"; worker/lib/hash-chain.ts). */
export const CRASH_CHAIN = {
  /** A checkpoint x_j is kept for every j divisible by this, so any x_k costs < this many hashes. */
  checkpointInterval: 1_000,
  /** Checkpoints per storage value (keeps each value small: 256 × 64 characters). */
  checkpointsPerKey: 256,
  /** Chain length scripts/new-crash-chain.mjs makes by default (one per round). */
  defaultLength: 1_000_000,
} as const;
