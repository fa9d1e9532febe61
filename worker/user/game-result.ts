// The one shape every mode's settled games are read into (queries.ts, crash-history.ts) and
// the statistics are computed from (presenters.ts computeStats).

/** One settled game of a player, in cents: what they staked and what came back (0 = lost). */
export interface GameResult {
  stake: number;
  payout: number;
  /**
   * The multiplier the history shows for a won game (hundredths; crash: the cash-out point), so
   * the best-multiplier statistic matches the history even when rounding floors the payout
   * (a $0.05 stake at ×1.10 pays $0.05). Null/absent: payout / stake.
   */
  multiplier?: number | null;
  /**
   * Whether the game counts as won when the payout alone does not say (a case always drops an
   * item: it is won when the item is worth more than the case). Absent: payout > 0.
   */
  won?: number | boolean | null;
}
