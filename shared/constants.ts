// The product's constants (spec §9). Every other module imports them from here.

export const STEAM_APP_ID = 730;

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
} as const;

/** Multiplier history colour classes (§9): upper bound (inclusive unless noted) → class. */
export const MULTIPLIER_CLASSES = [
  { upTo: 1.2, className: "x-low" },
  { upTo: 3, className: "x-mid" },
  { upTo: 5, className: "x-good" },
  { upTo: 9.99, className: "x-high" },
  { upTo: Infinity, className: "x-epic" },
] as const;

export const BONUS = {
  /** Three winners at 50 %, 25 %, 25 % of the bank. */
  winnerShares: [50, 25, 25],
} as const;

export const CASHBACK = {
  /** 2.5 % of a lost bet, in tenths of a percent to stay integer. */
  rateTenthsPercent: 25,
  periodMs: 24 * 60 * 60 * 1000,
} as const;

export const FEES = {
  moneyWithdrawalTaxPercent: 20,
  skinWithdrawalFeePercent: 20,
} as const;

export const CHAT = {
  muteDurationsMinutes: [5, 20, 60, 120, 800] as const,
  maxMessageLength: 255,
  scrollThresholdPx: 300,
  commands: ["!stats", "!balance"] as const,
} as const;

export const DEPOSIT = {
  defaultAmount: 10,
  nicknameBonusPercent: 10,
  walletReceiptMinLength: 11,
  withdrawalSystems: { 1: "wallet_a", 2: "wallet_b", 3: "card", 4: "prepaid" } as const,
} as const;

export const FAIRNESS = {
  instantCrashPercent: 4,
  mismatchPayoutFactor: 3,
} as const;

export const TERMS = {
  inventoryClaimYears: 1,
  liabilityCapRoubles: 1000,
  disputeWorkingDays: 30,
} as const;

export const TOURNAMENT = { prizes: 5 } as const;

export const CASES = { liveDropsKept: 10 } as const;

export const UI = {
  timerTickMs: 1_000,
  soundVolume: 0.5,
  noticeMs: 5_000,
  winNoticeMs: 5_000,
  loginPopup: { width: 860, height: 500 },
  itemImageSizes: [48, 64, 96, 128, 160] as const,
  marketCountCap: 10,
  marketCountWarnBelow: 5,
  betRowItems: { normal: 2, wide: 3, wideAfterMs: 350 },
  lazyLoadTimeoutMs: 120_000,
  defaultLanguage: "ru",
  fallbackLanguage: "en",
  streamerBlur: true,
} as const;

export const LANGUAGES = ["ru", "en"] as const;
export type Language = (typeof LANGUAGES)[number];

/** Local storage keys (§3). */
export const STORAGE_KEYS = {
  apiToken: "api_token",
  crashMultipliers: "crash_multipliers",
  crashBetMultiplier: "crash_bet_multiplier",
  settings: "settings",
  language: "language",
} as const;

/** Length of the 'Bearer ' prefix the sign-in window message carries (§7). */
export const BEARER_PREFIX = "Bearer ";
