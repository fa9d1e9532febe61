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
  /** Bet rows per colour in /api/wheel/get and the init frame (the biggest; own rows always). */
  betRowsShown: 50,
  /** wheelNewBet broadcasts closer together than this are sent as one frame… */
  betRowsWindowMs: 100,
  /** …of at most this many rows. */
  betRowsPerFrame: 100,
  /** Winner rows in startWheel (the biggest wins); the count and the total travel too. */
  winnersShown: 50,
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
