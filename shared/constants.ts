// The product's constants (spec §9). Every other module imports them from here.

export const STEAM_APP_ID = 730;

/**
 * §9 the bonus pool (docs/games.md "Bonus pool"): defaults of its configuration (wrangler [vars] BONUS_*,
 * worker/bonus/config.ts) and the fixed split.
 */
export const BONUS = {
  /** Three winners at 50 %, 25 %, 25 % of the bank (the odd cents go to the first place). */
  winnerShares: [50, 25, 25],
  /** The timer starts once the bank reaches this (below it the button shows a filling scale), cents. */
  minBankCents: 100,
  /** A round's length from the moment its bank reached minBankCents. */
  roundMs: 24 * 60 * 60 * 1000,
  /** The nickname condition: the site tag in the nickname ("" turns it off). */
  nicknameTag: "skinrush",
  /** The chat condition: messages posted (0 turns it off). */
  minChatMessages: 10,
  /** The crash condition: Σ of the player's crash bets (their banks), cents (0 turns it off). */
  minCrashBetCents: 1_000,
  /** The last winners the init frame shows. */
  lastWinners: 3,
  /** update-bank frames leave at most once per this window (≤ 2 a second). */
  bankFrameMs: 500,
} as const;

/** Giveaways (spec §1, §3 Giveaway, §4; docs/games.md "Giveaways"). */
export const GIVEAWAY = {
  /** Past giveaways the card's history lists. */
  historyLength: 10,
  /** The newest participants the active giveaway lists (the count covers all). */
  participantsShown: 10,
  /** setRaffle frames for new participants leave at most once per this window. */
  frameMs: 1_000,
  /** A giveaway lasts at least this and at most giveawayMaxMs (staff choose in between). */
  minDurationMs: 10_000,
  maxDurationMs: 30 * 24 * 60 * 60 * 1000,
  /** The nickname condition's tag (configuration GIVEAWAY_NICKNAME_TAG). */
  nicknameTag: "skinrush",
  /** A Telegram Login Widget payload older than this is refused (auth_date, seconds). */
  telegramAuthMaxAgeS: 24 * 60 * 60,
  /** getChatMember statuses that count as subscribed (Bot API ChatMember). */
  subscribedStatuses: ["creator", "administrator", "member"],
} as const;

/**
 * §9 cashback (docs/money.md "Cashback"). users.cashback and every cashback amount on the wire are
 * integer hundredths of a cent (1 cent = 100, $1 = 10 000), so 2.5 % of a 1-cent loss is 2
 * (2.5 floored): accrual = floor(lostCents × rateTenthsPercent / 10) (shared/cashback.ts).
 */
export const CASHBACK = {
  /** 2.5 % of a lost bet, in tenths of a percent to stay integer. */
  rateTenthsPercent: 25,
  /** a take is possible this long after the previous take */
  periodMs: 24 * 60 * 60 * 1000,
  /** a take needs the player's deposits (Σ ledger kind 'deposit') to reach $10.00 */
  minDepositCents: 1000,
  /** hundredths of a cent per cent: a take moves floor(cashback / this) cents */
  unitsPerCent: 100,
} as const;

export const FEES = {
  moneyWithdrawalTaxPercent: 20,
  skinWithdrawalFeePercent: 20,
} as const;

/** §3: the author id of system messages (their arrival makes clients reload the inventory). */
export const SYSTEM_USER_ID = 0;

export const CHAT = {
  muteDurationsMinutes: [5, 20, 60, 120, 800] as const,
  maxMessageLength: 255,
  scrollThresholdPx: 300,
  /** !stats, !balance (§9) and the bet-info command, which takes a round id: "!bet 123". */
  commands: ["!stats", "!balance"] as const,
  betCommand: "!bet",
  /** Messages the room keeps (DO storage) and sends in loadChat / getMessages. */
  historySize: 50,
  /** One user's messages closer together than this are refused as "too fast". */
  minIntervalMs: 2_000,
  /** Send attempts of any outcome one user may make per window before "too fast" (before D1 reads). */
  maxAttemptsPerWindow: 8,
  attemptWindowMs: 10_000,
  /** Default minimum total deposit to chat, in cents (wrangler var CHAT_MIN_DEPOSIT_CENTS). */
  defaultMinDepositCents: 100,
  quizQuestionMax: 200,
  quizAnswerMax: 100,
  /** The client's chat load status turns "frozen" this long after the load finished (§4). */
  frozenAfterMs: 1_000,
  /** The sending form shows the characters left from this many before maxMessageLength. */
  lengthHintFrom: 30,
} as const;

/** Input caps shared by every API body and socket frame (docs/security.md "Strict ids and pages"). */
export const API_LIMITS = {
  /** The highest list page any paged call accepts. */
  maxPage: 100_000,
} as const;

/** The storehouse (§5 Inventory and store): the in-site item store and selling to the site. */
export const STORE = {
  pageSize: 40,
  /** store items one buy may take, inventory items one sell or exchange may give */
  maxItemsPerOperation: 50,
  /** Default tax on selling items to the site, percent (wrangler var STORE_SELL_TAX_PERCENT). */
  defaultSellTaxPercent: 10,
  searchMaxLength: 100,
  /** An operation lock (a sale or a buy running) is forgotten after this, should a worker die. */
  lockTtlMs: 30_000,
} as const;

/** Skin withdrawals (§4 Withdraw flow): the trade-bot queue. */
export const WITHDRAW = {
  maxItems: 10,
  /** How often the queue polls the trade bot about open offers. */
  pollMs: 5_000,
  /** An offer not accepted within this is cancelled and the items return. */
  offerTtlMs: 10 * 60_000,
  /** Attempts to send one offer before the withdrawal is cancelled (items and fee return). */
  maxSendAttempts: 5,
  botTimeoutMs: 10_000,
} as const;

// deposits, providers, promo codes, skins deposits, money withdrawals (kept in their own file)
export { CRASH, CRASH_CHAIN, FAIRNESS, MULTIPLIER_CLASSES } from "./constants-crash";
export { DEPOSIT, MONEY_WITHDRAW, PAYMENTS, PROMO, SKINS_DEPOSIT } from "./constants-money";
export { LIMIT_KINDS, type LimitKind, PROTECTION } from "./constants-protection";
// jackpot rooms: levels, per-level defaults, timers, commission (kept in their own file)
export { JACKPOT, JACKPOT_LEVELS, type JackpotLevel, type JackpotLevelSettings, type JackpotTimers } from "./constants-jackpot";
export { WHEEL, WHEEL_SPIN } from "./constants-wheel";
export { HUB, SOCKET } from "./constants-realtime";
export { ADMIN, CONSOLE, OPS, STAFF_OTP } from "./constants-staff";

/** §9 Terms: the user agreement's constants (/user-agreement) and its version. */
export const TERMS = {
  inventoryClaimYears: 1,
  liabilityCapRoubles: 1000,
  disputeWorkingDays: 30,
  /** the age a player confirms at sign-in */
  minimumAge: 18,
  /**
   * The agreement's version (its date): the sign-in records the version the player ticked. A new
   * text gets a new version.
   */
  version: "2026-11-28",
} as const;

/** The profile's paged lists (shared/api/history.ts). */
export const HISTORY = {
  /** rows per page, every list */
  pageSize: 20,
} as const;

/** Support tickets (spec §3 Ticket, §5 Tickets; docs/support.md). */
export const TICKET = {
  subjectMin: 3,
  subjectMax: 100,
  messageMin: 2,
  messageMax: 2000,
  /** messages one ticket holds at most (the player and staff together) */
  messagesMax: 200,
  /** tickets per page of the player's list and of the staff queue */
  pageSize: 20,
  /** the player context staff see: this many latest rows of each list */
  contextRows: 5,
} as const;

/** The user API (§3 User, §7). */
export const USER_API = {
  /** notifications sent with /api/user/get, latest first */
  notificationsShown: 50,
  /** game-history rows per mode in /api/user/getProfile and /api/user/getUser, newest first */
  historyRows: 50,
} as const;

/**
 * Which events reach the bell (docs/money.md "Notifications"; kinds in shared/api/notifications.ts). Small wins
 * and common drops stay out, so the list keeps the news a player looks for.
 */
export const NOTIFY = {
  /** a crash win notifies when it pays more than the stake and at least this much, cents */
  crashWinMinCents: 100,
  /** a wheel win notifies at or above this much, cents (a win always beats its stake: ×2 at least) */
  wheelWinMinCents: 100,
  /** a case drop notifies at or above this price, cents… */
  caseDropMinCents: 500,
  /** …or at or above this rarity rank (shared/items.ts rarityRank: 5 = Covert; gloves, Contraband above) */
  caseDropMinRarityRank: 5,
} as const;

/**
 * Tournaments (spec §1, §3 Tournament, §9; docs/games.md "Tournaments"). Points: one per cent staked in a
 * bet that settled (won or lost; a refund does not count) — crash, wheel and jackpot bets and case
 * openings — placed after the player joined, so 100 points = $1. The template's defaults below.
 */
export const TOURNAMENT = {
  prizes: 5,
  /** the default template: a week, $50 / $25 / $15 / $7 / $3, $5 deposited while it runs */
  defaultDurationMs: 7 * 24 * 60 * 60 * 1000,
  defaultPrizesCents: [5_000, 2_500, 1_500, 700, 300],
  defaultMinPaymentCents: 500,
  minDurationMs: 10_000,
  maxDurationMs: 90 * 24 * 60 * 60 * 1000,
  /** the largest prize staff may set, cents */
  maxPrizeCents: 100_000_000,
  /** participants a page of the table lists */
  pageSize: 20,
  /** past tournaments the page lists */
  historyLength: 5,
  /** the table's live frame leaves at most once per this window */
  frameMs: 1_000,
  /** how often the room looks for new points while nothing moved for a minute */
  idlePollMs: 10_000,
  nameMaxLength: 80,
  descriptionMaxLength: 1_000,
  /** the reason of a canceled tournament (the participants' bell shows it) */
  cancelReasonMax: 200,
} as const;

/** The top list (docs/games.md "Top list"): how many players it shows. */
export const TOP = { size: 50 } as const;

export const CASES = {
  liveDropsKept: 10,
  /** Expected value of a seeded case as a share of its price, percent. */
  defaultRtpPercent: 90,
  /** An admin's case must have an RTP within these bounds, percent. */
  rtpBounds: { min: 50, max: 98 },
  /** The usual CS2 case odds by rarity tier, in basis points of 10 000 (rare special = ★ items). */
  tierOddsBp: { "Mil-Spec Grade": 7992, Restricted: 1598, Classified: 320, Covert: 64, Extraordinary: 26 },
  clientSeedMaxLength: 64,
  maxItemsPerCase: 200,
  /** catalogue entries on one page of the case editor's item search, by id */
  adminCataloguePageSize: 30,
  /** Items on the opening reel and the index the won item lands on. */
  reel: { length: 60, winIndex: 52, spinMs: 6_000 },
} as const;

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
  /** Banned answers (calls, the hub) arriving within this window give one banned notice. */
  bannedNoticeDedupeMs: 5_000,
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
  /** sessionStorage: the nonce of this tab's pending sign-in attempt (single use). */
  signInNonce: "sign_in_nonce",
} as const;

/** Length of the 'Bearer ' prefix the sign-in window message carries (§7). */
export const BEARER_PREFIX = "Bearer ";

/** Sign-in (§4 Login): provider round trips, dev login. */
export const AUTH = {
  /** A sign-in state (OpenID return nonce / OAuth state + PKCE verifier) is good this long. */
  stateTtlMs: 10 * 60_000,
  /** Each call to a provider (check_authentication, token, user info, profile) gives up after this. */
  providerTimeoutMs: 10_000,
  /** A Steam player without a public persona is named "steam_" + the last digits of the SteamID64. */
  steamDefaultNameDigits: 6,
  usernameMaxLength: 32,
  /** The window message tag of the sign-in page (contracts: { source, token } / { source, error }). */
  messageSource: "skinrush-auth",
} as const;

/** Item prices (worker/prices): the HTTP feed call and the catalogue refresh / load. */
export const PRICES = {
  currency: "USD",
  feedTimeoutMs: 15_000,
  /** UPDATE statements per D1 batch when a refresh writes new prices */
  refreshBatchSize: 200,
  /** a feed price above this (cents, $1,000,000) makes the whole answer suspect: rejected */
  maxItemCents: 100_000_000,
  /** rows per multi-row INSERT when the catalogue is loaded as SQL (D1 statement size) */
  catalogueRowsPerInsert: 50,
  /** scheduled refresh (wrangler.toml [triggers]): minutes between refreshes when PRICE_REFRESH_MINUTES is unset or bad */
  defaultRefreshMinutes: 60,
  /** PRICE_REFRESH_MINUTES above this is refused (falls back to the default): a week */
  maxRefreshMinutes: 10_080,
  /** cases do not open while a refresh writes prices and re-prices drifted cases; a pause older than this (a worker that died mid-way) is over */
  casesPauseMaxMs: 120_000,
} as const;

/** Item and case pictures served by the site (/img/item/*, /img/case/*; worker/images). */
/** Players' pictures served by the site (worker/api/images/avatar.ts). */
export const AVATARS = {
  /** A fetched picture is kept this long (a changed avatar has another address, so it may be long). */
  cacheSeconds: 86_400,
  /** The letter avatar (no picture, or the source failed) is kept briefly, so a recovered source is seen again soon. */
  fallbackCacheSeconds: 300,
} as const;

export const IMAGES = {
  /** How long the worker waits for the image source (ITEM_IMAGE_BASE_URL) before the fallback. */
  upstreamTimeoutMs: 4_000,
  /** A picture larger than this is not served (the fallback is). */
  maxBytes: 2_000_000,
  /** A source picture never changes under its content hash: cached for a year. */
  cacheSeconds: 31_536_000,
  /** The fallback is kept briefly, so a recovered source is seen again soon. */
  fallbackCacheSeconds: 300,
  /** Fallback colour of a case picture (cases have no rarity): the gold of the "rare special item". */
  caseColor: "#e4ae39",
} as const;
