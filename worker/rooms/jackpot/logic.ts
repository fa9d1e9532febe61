// The jackpot rules as pure functions (docs/games.md "Jackpot"): ticket ranges, chances, bet rules, the
// phase machine by the clock, the draw, the commission and the spinner strip. No I/O: the room
// shell (JackpotRoom.ts) feeds them its state, the clock and what D1 answered.
import { JACKPOT_FIRST, JACKPOT_SECOND, JACKPOT_SPINNING, JACKPOT_WAITING } from "../../../shared/api/jackpot";
import { JACKPOT, type JackpotLevelSettings, type JackpotTimers } from "../../../shared/constants";
import { hashToN, jackpotTicket, roundHash } from "../../../shared/fairness";
import { formatCents } from "../../../shared/money";
import { betOfTicket, chances, players, totalTickets, type Chance } from "../../jackpot/tickets";
import type { JackpotBet } from "../../jackpot/types";
import type { Commission, CommissionItem, Draw, JackpotState } from "./state";

export type JackpotKey =
  | "jackpot_api.no_items"
  | "jackpot_api.too_many_items"
  | "jackpot_api.too_many_items_player"
  | "jackpot_api.room_full"
  | "jackpot_api.round_closed"
  | "jackpot_api.maintenance";

// ── bet rules ────────────────────────────────────────────────────────────────
/** Whether a bet of `itemCount` items by `userId` may be placed now (before its items are read). */
export function betRefusal(
  s: JackpotState,
  settings: JackpotLevelSettings,
  /** value: the part staked from the balance, cents */
  bet: { userId: number; itemCount: number; value: number },
  maintenance: boolean,
  now: number,
): JackpotKey | null {
  if (maintenance) return "jackpot_api.maintenance";
  if (s.status >= JACKPOT_SPINNING || (s.countdownEndsAt !== null && now >= s.countdownEndsAt)) return "jackpot_api.round_closed";
  if (!Number.isSafeInteger(bet.value) || bet.value < 0 || bet.value > JACKPOT.maxValueCents) return "jackpot_api.no_items";
  if (bet.itemCount < 1 && bet.value === 0) return "jackpot_api.no_items";
  if (bet.itemCount > settings.maxItemsPerBet) return "jackpot_api.too_many_items";
  const mine = s.bets.filter((b) => b.user.id === bet.userId);
  if (mine.reduce((n, b) => n + b.items.length, 0) + bet.itemCount > settings.maxItemsPerPlayer) return "jackpot_api.too_many_items_player";
  if (mine.length === 0 && players(s.bets).length >= settings.maxPlayers) return "jackpot_api.room_full";
  return null;
}

/**
 * The state after an accepted bet (its range from nextRange). The first player starts the
 * single-player clock; the second distinct player starts the countdown (status 0 → 1).
 */
export function acceptBet(s: JackpotState, bet: JackpotBet, settings: JackpotLevelSettings, timers: JackpotTimers, now: number): JackpotState {
  const bets = [...s.bets, bet];
  const count = players(bets).length;
  if (s.status === JACKPOT_FIRST && count >= 2) return { ...s, bets, status: JACKPOT_SECOND, soloEndsAt: null, countdownEndsAt: now + settings.countdownMs };
  if (s.status === JACKPOT_FIRST && s.soloEndsAt === null) return { ...s, bets, soloEndsAt: now + timers.soloTimeoutMs };
  return { ...s, bets };
}

/**
 * The state with these bets (D1's, in bet order) in place of its own, its clocks restarted as
 * acceptBet would; a countdown already running keeps its deadline. A drawn round is left as is.
 */
export function rebuild(s: JackpotState, bets: readonly JackpotBet[], settings: JackpotLevelSettings, timers: JackpotTimers): JackpotState {
  if (s.status > JACKPOT_SECOND) return s;
  let next: JackpotState = { ...s, bets: [], pending: [], status: JACKPOT_FIRST, soloEndsAt: null, countdownEndsAt: null };
  for (const b of bets) next = acceptBet(next, b, settings, timers, b.createdAt);
  if (s.countdownEndsAt !== null && next.status === JACKPOT_SECOND) next = { ...next, countdownEndsAt: s.countdownEndsAt };
  return next;
}

// ── the phase machine ───────────────────────────────────────────────────────
/** What the clock says is due now (the shell acts on it and asks again). */
export type Due = "refund" | "draw" | "reveal" | "newGame" | null;

export function due(s: JackpotState, now: number): Due {
  if (s.status === JACKPOT_FIRST && s.soloEndsAt !== null && now >= s.soloEndsAt) return "refund";
  if (s.status === JACKPOT_SECOND && s.countdownEndsAt !== null && now >= s.countdownEndsAt) return "draw";
  if (s.status === JACKPOT_SPINNING && s.draw && now >= s.draw.spinEndsAt) return "reveal";
  if (s.status === JACKPOT_WAITING && s.draw && now >= s.draw.endsAt) return "newGame";
  return null;
}

/** The next deadline of the state (the shell's alarm), or null when nothing is scheduled. */
export function nextDeadline(s: JackpotState): number | null {
  if (s.status === JACKPOT_FIRST) return s.soloEndsAt;
  if (s.status === JACKPOT_SECOND) return s.countdownEndsAt;
  if (s.status === JACKPOT_SPINNING) return s.draw?.spinEndsAt ?? null;
  return s.draw?.endsAt ?? null;
}

/** spinning → waiting: the spinner stopped, the winner is shown. */
export function reveal(s: JackpotState): JackpotState {
  return { ...s, status: JACKPOT_WAITING };
}

// ── the draw ─────────────────────────────────────────────────────────────────
/**
 * Bets close and the winner is drawn (status 1 → 2): winning ticket = jackpotTicket(secret, salt,
 * total) (shared/fairness.ts), its bet's player wins; the commission and the strip are fixed now.
 * The spinner stops at `at + spinMs` (= endsAt − waitingMs), the round ends at endsAt.
 */
export function draw(s: JackpotState, salt: string, timers: JackpotTimers, commissionPercent: number, at: number): JackpotState {
  const total = totalTickets(s.bets);
  const winningTicket = jackpotTicket(s.round.secret, salt, total);
  const winner = betOfTicket(s.bets, winningTicket).user;
  const table = chances(s.bets);
  const chanceBp = table.find((c) => c.user.id === winner.id)?.chanceBp ?? 0;
  const commission = selectCommission(s.bets, winner.id, total, commissionPercent);
  const spinEndsAt = at + timers.spinMs;
  const d: Draw = {
    winningTicket,
    totalTickets: total,
    winner,
    chanceBp,
    pot: total,
    commission,
    win: total - commission.taken,
    strip: buildStrip(table, winner.id, roundHash(s.round.secret, salt)),
    winIndex: JACKPOT.strip.winIndex,
    spinEndsAt,
    endsAt: spinEndsAt + timers.waitingMs,
    drawnAt: at,
  };
  return { ...s, status: JACKPOT_SPINNING, countdownEndsAt: null, draw: d };
}

/**
 * The commission (docs/games.md "Jackpot"): due = floor(pot · percent / 100); taken as the cheapest
 * items the winner did NOT bet (cheapest first, ties by item id), as many as fit under `due`,
 * then the rest of `due` from the pot's balance part (every bet's `value`, held by the house) as
 * far as it goes. Cheapest first means the first item that does not fit ends the list: every
 * later one costs more.
 */
export function selectCommission(bets: readonly JackpotBet[], winnerId: number, pot: number, percent: number): Commission {
  const due = Math.floor((pot * percent) / 100);
  const candidates = bets
    .filter((b) => b.user.id !== winnerId)
    .flatMap((b) => b.items.map((i) => ({ itemId: i.id, betId: b.id, price: i.price })))
    .sort((a, b) => a.price - b.price || a.itemId - b.itemId);
  const items: CommissionItem[] = [];
  let taken = 0;
  for (const c of candidates) {
    if (taken + c.price > due) break;
    taken += c.price;
    items.push({ ...c, reason: `cheapest item the winner did not bet; total $${formatCents(taken)} of $${formatCents(due)} due` });
  }
  const pool = bets.reduce((sum, b) => sum + (b.value ?? 0), 0);
  const cash = Math.min(due - taken, pool);
  const rule = `${percent} % of the bank $${formatCents(pot)} = $${formatCents(due)} due; taken as the cheapest items the winner did not bet while the total stays within it: ${items.length} item(s) worth $${formatCents(taken)}, then $${formatCents(cash)} of the bets' balance part`;
  return { due, taken: taken + cash, items, cash, rule };
}

/**
 * The spinner strip: JACKPOT.strip.length user ids, each drawn by tickets from a keccak-seeded
 * generator (xorshift over the round hash), with the winner placed at winIndex. Deterministic:
 * anyone with the revealed secret and the bets rebuilds the same strip.
 */
export function buildStrip(
  table: readonly Chance[],
  winnerId: number,
  seedHex: string,
  length: number = JACKPOT.strip.length,
  winIndex: number = JACKPOT.strip.winIndex,
): number[] {
  const total = table.reduce((n, c) => n + c.tickets, 0);
  let x = hashToN(seedHex) | 1n;
  const mask = (1n << 64n) - 1n;
  const next = () => {
    x ^= (x << 13n) & mask;
    x ^= x >> 7n;
    x ^= (x << 17n) & mask;
    return x;
  };
  const strip: number[] = [];
  for (let i = 0; i < length; i++) {
    if (i === winIndex) {
      strip.push(winnerId);
      continue;
    }
    let pick = Number(next() % BigInt(Math.max(1, total)));
    let chosen = table[0]?.user.id ?? winnerId;
    for (const c of table) {
      if (pick < c.tickets) {
        chosen = c.user.id;
        break;
      }
      pick -= c.tickets;
    }
    strip.push(chosen);
  }
  return strip;
}

/** The finished round as the next round's "last winner". */
export function lastWinnerOf(s: JackpotState) {
  const d = s.draw;
  return d ? { roundId: s.round.id, user: d.winner, chanceBp: d.chanceBp, pot: d.pot, winningTicket: d.winningTicket } : s.lastWinner;
}

/** The round id of chain index k on level number L (1 low, 2 medium, 3 high): 3·(k − 1) + L. */
export function roundIdOf(chainIndex: number, levelNumber: number): number {
  return 3 * (chainIndex - 1) + levelNumber;
}
