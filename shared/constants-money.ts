// The money constants (spec §9): deposits, payment providers, promo codes and referrals, skins
// deposits, money withdrawals. A part of shared/constants.ts, which re-exports them: import them
// from there, like every other constant.

/**
 * Skins deposit: the player's game-platform items come in through a trade-bot offer.
 * protectionMs: the game platform's trade-protection window (Steam: 7 days) — a credited item
 * cannot leave the site (skin withdrawal) before it passes. Offers are polled like withdrawals
 * (WITHDRAW.pollMs) and cancelled after offerTtlMs.
 */
export const SKINS_DEPOSIT = {
  maxItems: 20,
  protectionMs: 7 * 24 * 60 * 60_000,
  offerTtlMs: 10 * 60_000,
} as const;

/** Promo codes and referrals (docs/money.md "Promo codes" / "Referrals"). */
export const PROMO = {
  /** a code: 3–32 of A–Z, 0–9, _ and - after trimming and upper-casing */
  codePattern: /^[A-Z0-9_-]{3,32}$/,
  /** largest credit of one balance code, cents ($100) */
  maxAmountCents: 10_000,
  /** largest bonus of one deposit code, percent */
  maxPercent: 100,
  maxDailyLimit: 100_000,
  /** codes on one page of the admin list, newest first */
  adminPageSize: 50,
  /** Default share of a referee's deposit credited to the referrer, percent (wrangler var REFERRAL_SHARE_PERCENT). */
  defaultReferralSharePercent: 5,
  /** referrals listed in the profile, newest first */
  referralsShown: 100,
  /** a referral code in the sign-in query (/socialite/<provider>?ref=) */
  referralCodePattern: /^[A-Z0-9]{1,12}$/,
} as const;

export const DEPOSIT = {
  defaultAmount: 10,
  /** §9 "10% for adding the site name to the nickname": a deposit by a player whose nickname carries nicknameTag gets this bonus */
  nicknameBonusPercent: 10,
  /** the site name a nickname must contain (compared case-insensitively, after NFKC) */
  nicknameTag: "skinrush",
  walletReceiptMinLength: 11,
  /** §5 "a minimum payment sum applies": cents */
  minSumCents: 100,
  /** the largest single money deposit, cents */
  maxSumCents: 1_000_000,
  /** money deposits listed in the profile, newest first */
  historySize: 50,
  /** payments (and unmatched provider reports) the admin list answers, newest first */
  adminListSize: 200,
  withdrawalSystems: { 1: "wallet_a", 2: "wallet_b", 3: "card", 4: "prepaid" } as const,
  /**
   * §9 deposit methods in the modal's order: money or skins; the last three are shown greyed out.
   * Which provider serves each is worker/payments/registry.ts.
   */
  methods: [
    { id: "card", type: "money" },
    { id: "skins", type: "skins" },
    { id: "wallet_a", type: "money" },
    { id: "wallet_b", type: "money" },
    { id: "card_2", type: "money" },
    { id: "placeholder_1", type: "money", placeholder: true },
    { id: "placeholder_2", type: "money", placeholder: true },
    { id: "placeholder_3", type: "money", placeholder: true },
  ],
} as const;

/**
 * Money withdrawals (spec §5 Withdrawal, §9; docs/payments.md "Money withdrawals"): the player
 * turns inventory items into money sent to a wallet or card. Amounts are cents.
 */
export const MONEY_WITHDRAW = {
  /** §9 money withdrawal tax: what arrives = value − floor(value · taxPercent / 100) */
  taxPercent: 20,
  /** the smallest withdrawal value */
  minSumCents: 500,
  /** items in one withdrawal */
  maxItems: 20,
  /**
   * Wagering (§5 "a maximum depends on bets placed or deposits made"): nothing may leave as money
   * before the player's bets reach their deposits; then money out in all ≤ deposits × this factor.
   */
  depositFactor: 3,
  /** §5 "a limit on money withdrawal, after which skins must be used": money out per rolling window */
  moneyLimitCents: 50_000,
  moneyLimitWindowMs: 24 * 60 * 60_000,
  /** a withdrawal of at most this value skips moderation (goes straight to 'sending') */
  autoApproveCents: 2_000,
  /** §9 systems by their number in the request */
  systems: { 1: "wallet_a", 2: "wallet_b", 3: "card", 4: "prepaid" } as const,
} as const;

/** Deposit providers (worker/payments): the protocol limits. */
export const PAYMENTS = {
  /** a signed webhook whose timestamp is further than this from now is refused (Stripe's default) */
  webhookToleranceSeconds: 300,
  /** each call to a provider's API gives up after this */
  providerTimeoutMs: 10_000,
} as const;
