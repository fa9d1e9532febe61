// The wheel constants (spec §4 Wheel, §5 Wheel). A part of shared/constants.ts, which
// re-exports them: import them from there, like every other constant. The layout (segments,
// colours, multipliers) is configuration: shared/wheel-layout.ts holds the default and the schema
// of the WHEEL_LAYOUT var.

export const WHEEL = {
  /** Betting phase (default; wrangler var WHEEL_COUNTDOWN_MS, short in tests and the e2e server). */
  countdownMs: 20_000,
  /** The spin animation (default; var WHEEL_SPIN_MS). */
  spinMs: 10_000,
  /** The result stays on screen this long before the next round (default; var WHEEL_RESULT_MS). */
  resultPauseMs: 4_000,
  /** One bet's value, cents (the items' prices at the time of the bet). */
  minBetCents: 10,
  maxBetCents: 100_000,
  /** Items one bet may stake. */
  maxItemsPerBet: 20,
  /** Distinct colours one player may bet on in a round (§5). */
  maxColours: 2,
  /** Default largest payout one colour may owe in a round, cents (var WHEEL_MAX_PAYOUT_CENTS): a
   *  bet that would take its colour's stake × multiplier above it is refused as "betting limit
   *  exceeded". */
  defaultMaxPayoutCents: 10_000_000,
  /** Share of each round's bank booked to the bonus pool, in percent (as CRASH.bonusSharePercent). */
  bonusSharePercent: 1,
  /** Results kept in the history strip. */
  historySize: 20,
  /** Items shown in a bet row's payload; the rest travel as a count (itemsMore). */
  betRowItems: 3,
  /**
   * Bet rows per colour in /api/wheel/get, the init frame and wheelNewBet (the biggest; own rows
   * always; every bet of the round on demand: /api/wheel/round). Fifty a colour sent ~100 KB of
   * rows to every socket in a 1000-player round.
   */
  betRowsShown: 10,
  /**
   * wheelNewBet broadcasts closer together than this are sent as one frame… (2 s like the crash
   * board: at 100 ms a thousand bets over 8 s sent 70 frames, 113 KB, to every socket, and that
   * fan-out held the runtime the bets' requests wait for: docs/benchmarks.md)
   */
  betRowsWindowMs: 2_000,
  /** …of at most this many rows. */
  betRowsPerFrame: 100,
  /** Winner rows in startWheel (the biggest wins); the count and the total travel too (sent twice a round to every socket). */
  winnersShown: 10,
  /** Bets that arrive together go to D1 in one batch of at most this many (worker/rooms/base/bet-groups.ts). */
  betsPerBatch: 25,
} as const;

/**
 * The spin (§4): the wheel turns clockwise from 0 to `rotate` degrees, at least `extraTurns` full
 * turns plus `extraAngle` degrees; the tick sound's interval grows ×tickIntervalFactor every
 * tickStepDeg degrees. The landing point inside the drawn segment keeps `landingMargin` of the
 * segment's width clear of each edge (shared/wheel-layout.ts wheelRotate).
 */
export const WHEEL_SPIN = {
  extraAngle: 4,
  extraTurns: 3,
  fullTurn: 360,
  tickStepDeg: 12,
  tickIntervalFactor: 1.1,
  landingMargin: 0.1,
} as const;
