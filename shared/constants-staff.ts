// The staff tools' constants: balance adjustments, the operator console's pages and the second
// factor (docs/security.md). A part of shared/constants.ts, which re-exports it: import it from there.

/** Staff tools (§6): limits on a manual balance adjustment. */
export const ADMIN = {
  /** largest |amount| of one adjustment, in cents ($1,000,000) */
  maxAdjustCents: 100_000_000,
  adjustReasonMaxLength: 200,
  banReasonMaxLength: 200,
  idempotencyKeyLength: { min: 8, max: 100 },
} as const;

/** The operator console's operations pages (dashboard, maintenance, payments in review). */
export const OPS = {
  /** the dashboard's live refetch */
  dashboardRefetchMs: 5_000,
  /** bets and wagered per hour over this many hours */
  activityHours: 24,
  /** the house result per UTC day over this many days (today included) */
  resultDays: 7,
  /** the maintenance message players see, characters (trimmed) */
  maintenanceMessageMax: 300,
  /** the reason of a decision on a payment in review */
  decideReasonMax: 200,
  /** a chain announcement's note (each language), characters (trimmed) */
  announcementNoteMax: 300,
  /**
   * A skin withdrawal or deposit whose offer the trade bot has not made after this long is stuck:
   * the dashboard lists it for staff and the player's history says it waits on the bot (the
   * request keeps trying with the same reference — docs/operations.md "Trade bot")
   */
  stuckTradeMs: 10 * 60_000,
  /** the stuck requests the dashboard lists (the oldest first; the count is of all) */
  stuckTradesShown: 20,
} as const;

/** The operator console's server pages (keyset, newest first). */
export const CONSOLE = {
  /** users search and audit log rows per page */
  pageSize: 50,
  /** chat log rows per page */
  chatPageSize: 50,
  /** rows of each list on a user's page (items, deposits, withdrawals, tickets, sessions) */
  userListSize: 20,
  searchMaxLength: 200,
} as const;

/**
 * The staff second factor (docs/security.md "Second factor"): TOTP per RFC 6238 — SHA-1, 6 digits,
 * 30 s steps, one step either side accepted; each code once; a run of wrong codes locks it.
 */
export const STAFF_OTP = {
  issuer: "SkinRush",
  algorithm: "SHA1",
  digits: 6,
  periodSeconds: 30,
  window: 1,
  /** base32 secret of 20 random bytes (160 bits, RFC 4226's recommendation) */
  secretBytes: 20,
  maxFailures: 5,
  lockMinutes: 15,
  /** a staff session stays past the factor this long (SECOND_FACTOR_HOURS in wrangler.toml overrides) */
  validHours: 12,
  recoveryCodes: 10,
  /** a recovery code: 10 characters of Crockford's base32 shown as xxxxx-xxxxx */
  recoveryCodeLength: 10,
} as const;
