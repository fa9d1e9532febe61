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
export { DEPOSIT, MONEY_WITHDRAW, PAYMENTS, PROMO, SKINS_DEPOSIT } from "./constants-money";
export { LIMIT_KINDS, type LimitKind, PROTECTION } from "./constants-protection";
// jackpot rooms: levels, per-level defaults, timers, commission (kept in their own file)
export { JACKPOT, JACKPOT_LEVELS, type JackpotLevel, type JackpotLevelSettings, type JackpotTimers } from "./constants-jackpot";
export { WHEEL, WHEEL_SPIN } from "./constants-wheel";

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

/** Room sockets (docs/api.md "Sockets"): limits and the client's reconnect schedule. */
export const SOCKET = {
  /** More frames than this within one window closes the socket (policy violation). */
  flood: { maxFrames: 40, windowMs: 10_000 },
  /** WebSocket close code 1008 "policy violation". */
  policyViolationCode: 1008,
  /**
   * A client frame longer than this (UTF-16 units of a text frame, bytes of a binary one) is
   * refused before it is parsed, and the socket closed with tooBigCode (docs/security.md "Strict ids and pages"). The largest
   * real frame (newBet with CRASH.maxItemsPerBet ids and a token) is about 1.2 KB.
   */
  maxFrameLength: 8 * 1024,
  /** WebSocket close code 1009 "message too big". */
  tooBigCode: 1009,
  /** Open sockets one IP may hold in one room; more answer 429 (wrangler var WS_MAX_PER_IP). */
  defaultMaxPerIp: 20,
  /**
   * A room closes a socket whose session ended: 4001 after that session's logout (the client
   * forgets the token), 4003 after a site ban (the client's banned path). The reason text is the
   * name. The client reconnects as it does after any close, then as a visitor.
   */
  sessionEnded: { signed_out: 4001, banned: 4003 },
  /** The client pings this often; with no frame for two intervals it reconnects. */
  pingIntervalMs: 25_000,
  /**
   * Reconnect delay after the n-th failed attempt: min(maxMs, base·factor^(n − 1)), the base drawn
   * once per socket in [baseMs·(1 − jitter), baseMs]; a connection up for stableAfterMs restarts it.
   */
  reconnect: { baseMs: 500, factor: 2, maxMs: 30_000, jitter: 0.5, stableAfterMs: 10_000 },
  /** Frames the client keeps while its socket is closed (sent after identity on the next open). */
  sendQueueMax: 20,
  /**
   * Relays (docs/relay.md): watchers' sockets held by relay Durable Objects, the room sending one
   * frame per relay. At most maxRelays relays per room; the room keeps its last `backlog` frames
   * for a relay that missed some (and a failing relay's queue at most that many); an init fetched
   * for one watcher serves those that join within initReuseMs; a failed delivery is retried,
   * spaced base·2^n up to maxMs, for as long as it fails.
   */
  relay: { maxRelays: 64, backlog: 512, initReuseMs: 250, retry: { baseMs: 50, maxMs: 2_000 } },
  /**
   * A relay's socket listens only: an identity with a token closes it with this code, and the
   * client comes back straight to the room, where it can bet (docs/relay.md).
   */
  relayDirectCode: 4010,
} as const;

export const HUB = {
  /** `online` is broadcast at most this often (changes in between are coalesced). */
  onlineThrottleMs: 500,
} as const;

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
