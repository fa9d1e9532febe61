// The jackpot constants (spec §3 Jackpot game, §4 Jackpot, §9; docs/games.md "Jackpot"). A part of
// shared/constants.ts, which re-exports them: import them from there, like every other constant.
//
// Per-level settings and the timers are configuration (wrangler.toml [vars] JACKPOT_LEVELS and
// JACKPOT_TIMERS, JSON parsed by shared/api/jackpot.ts jackpotLevelsConfig / jackpotTimersConfig
// over these defaults), so the e2e server and the worker tests run the rooms with short timers.

/** The three risk rooms, one JackpotRoom instance each (idFromName(level)). */
export const JACKPOT_LEVELS = ["low", "medium", "high"] as const;
export type JackpotLevel = (typeof JACKPOT_LEVELS)[number];

/** One room's rules; the screen shows them before the player sends a bet. */
export interface JackpotLevelSettings {
  /** the smallest total value of one bet, cents */
  minBetCents: number;
  /** items one bet may stake */
  maxItemsPerBet: number;
  /** items one player may stake in one round (over all his bets) */
  maxItemsPerPlayer: number;
  /** distinct players in one round */
  maxPlayers: number;
  /** the countdown the second distinct player starts, ms */
  countdownMs: number;
}

/** Timers every level shares. */
export interface JackpotTimers {
  /** spinning: from the draw until the spinner stops (= end time − waitingMs) */
  spinMs: number;
  /** waiting: the winner is shown this long, until the end time; then a new game */
  waitingMs: number;
  /** a round with a single player for this long (since its first bet) returns the items */
  soloTimeoutMs: number;
}

export const JACKPOT = {
  levels: JACKPOT_LEVELS,
  /** The most one bet may stake from the balance (cents; §9 names no limit, this bounds a round's pot). */
  maxValueCents: 100_000,
  levelDefaults: {
    low: { minBetCents: 10, maxItemsPerBet: 10, maxItemsPerPlayer: 20, maxPlayers: 30, countdownMs: 30_000 },
    medium: { minBetCents: 100, maxItemsPerBet: 15, maxItemsPerPlayer: 30, maxPlayers: 25, countdownMs: 40_000 },
    high: { minBetCents: 1_000, maxItemsPerBet: 20, maxItemsPerPlayer: 40, maxPlayers: 20, countdownMs: 50_000 },
  } satisfies Record<JackpotLevel, JackpotLevelSettings>,
  /** §4 "the spinner runs until end time − 5 s": spinMs of spinning, then waitingMs (5 s) of the winner */
  timerDefaults: { spinMs: 10_000, waitingMs: 5_000, soloTimeoutMs: 180_000 } satisfies JackpotTimers,
  /** Upper bounds a configured setting may take (a typo must not make a room unusable). */
  limits: { maxItemsPerBet: 100, maxItemsPerPlayer: 500, maxPlayers: 5_000, maxTimerMs: 3_600_000 },
  /** The winner pays this share of the pot, as the cheapest items he did not bet (docs/games.md "Jackpot"). */
  commissionPercent: 5,
  /** Share of each round's bank booked to the bonus pool, percent (as CRASH.bonusSharePercent). */
  bonusSharePercent: 1,
  /** One ticket per cent of value, numbered from 1 in bet order. */
  centsPerTicket: 1,
  /**
   * The board every socket gets instead of every bet row (docs/api.md "Sockets"): the totals, the
   * biggest bets and the leaders (the players with the most tickets), at most once per this window;
   * a player's own bets go to that player alone, at once; the full list is fetched on demand
   * (/api/jackpot/bets, the round page).
   */
  boardWindowMs: 2_000,
  /** Bets that arrive together go to D1 in one batch of at most this many (worker/rooms/base/bet-groups.ts). */
  betsPerBatch: 10,
  /** The biggest bets the board shows; the leaders are this many players with the most tickets, and the players of those bets. */
  boardTop: 10,
  /** The spinner strip: this many avatars, weighted by chance; the winner sits at winIndex. */
  strip: { length: 100, winIndex: 90 },
  /** Rounds in /api/jackpot/history and the socket's init frame. */
  historySize: 20,
  /** The hub's banks frame gets a level's bank at most this often. */
  bankPushMs: 1_000,
} as const;
