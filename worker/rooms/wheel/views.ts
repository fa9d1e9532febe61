// State → the JSON shapes of shared/api/wheel.ts (money in dollars).
import type { ItemJson } from "../../../shared/api/crash";
import {
  WHEEL_BET_LOST,
  WHEEL_BET_PENDING,
  WHEEL_BET_WON,
  type BetsByColour,
  type ColourTotals,
  type WheelBetPublic,
  type WheelGame,
  type WheelHistoryEntry,
  type WheelLayoutPublic,
  type WheelSpin,
  type WheelState as WheelStateJson,
  type WheelStats,
  type WheelWinner,
} from "../../../shared/api/wheel";
import { WHEEL } from "../../../shared/constants";
import { toDollars } from "../../../shared/money";
import { colourRtp, WHEEL_COLOURS } from "../../../shared/wheel-layout";
import { settingsOf } from "./config";
import { colourOf, liveBets, multiplierOf, potOf, roundItems, roundPlayers, type HistoryItem, type StakedItem, type WheelBet, type WheelState } from "./state";

export function toItemJson(item: StakedItem): ItemJson {
  const { id, market_hash_name, name, image, rarity, rarity_color, price } = item;
  return { id, market_hash_name, name, image, rarity, rarity_color, price: toDollars(price) };
}

const IS_WIN = { pending: WHEEL_BET_PENDING, won: WHEEL_BET_WON, lost: WHEEL_BET_LOST, refunded: WHEEL_BET_PENDING } as const;

/** A bet row; `allItems` for the round page, else the first WHEEL.betRowItems. */
export function toBetPublic(bet: WheelBet, allItems = false): WheelBetPublic {
  const shown = allItems ? bet.items : bet.items.slice(0, WHEEL.betRowItems);
  return {
    id: bet.id,
    user: { ...bet.user },
    colour: bet.colour,
    items: shown.map(toItemJson),
    itemsMore: bet.items.length - shown.length,
    bank: toDollars(bet.stake),
    value: toDollars(bet.value ?? 0),
    is_win: IS_WIN[bet.status],
    win: toDollars(bet.status === "won" ? bet.win : 0),
    winItem: bet.status === "won" && bet.winItem ? toItemJson(bet.winItem) : null,
  };
}

export function toGame(state: WheelState): WheelGame {
  const r = state.round;
  const game: WheelGame = { id: r.id, phase: r.phase, bank: toDollars(potOf(state.bets)), publicHash: r.publicHash };
  if (r.phase === "betting") game.countdownEndsAt = r.countdownEndsAt;
  return game;
}

export function totalsOf(state: WheelState): ColourTotals {
  const totals = Object.fromEntries(WHEEL_COLOURS.map((c) => [c, { bank: 0, bets: 0, items: 0 }])) as Record<
    (typeof WHEEL_COLOURS)[number],
    { bank: number; bets: number; items: number }
  >;
  for (const b of liveBets(state.bets)) {
    const t = totals[b.colour];
    t.bank += b.stake;
    t.bets += 1;
    t.items += b.items.length;
  }
  for (const c of WHEEL_COLOURS) totals[c].bank = toDollars(totals[c].bank);
  return totals;
}

export function statsOf(state: WheelState): WheelStats {
  return { total_bank: toDollars(potOf(state.bets)), total_items: roundItems(state.bets), total_users: roundPlayers(state.bets) };
}

/** The biggest WHEEL.betRowsShown rows of each colour (equal values: the earlier bet first). */
export function visibleBets(state: WheelState): BetsByColour {
  const out: BetsByColour = { black: [], green: [], red: [], yellow: [] };
  const sorted = liveBets(state.bets).sort((a, b) => b.stake - a.stake || a.createdAt - b.createdAt);
  for (const b of sorted) if (out[b.colour].length < WHEEL.betRowsShown) out[b.colour].push(toBetPublic(b));
  return out;
}

export function toHistoryEntry(h: HistoryItem): WheelHistoryEntry {
  return { id: h.id, segment: h.segment, colour: h.colour, multiplier: h.multiplier };
}

/** The spin as clients see it (spinning / result only); ms = 1 once stopped. */
export function spinOf(state: WheelState): WheelSpin | null {
  const r = state.round;
  if (r.phase === "betting" || r.spinStartedAt === null) return null;
  const winners = liveBets(state.bets).filter((b) => b.colour === colourOf(r));
  const shown = [...winners].sort((a, b) => b.win - a.win || a.createdAt - b.createdAt).slice(0, WHEEL.winnersShown);
  return {
    roundId: r.id,
    rotate: r.rotate,
    ms: r.phase === "result" ? 1 : state.timing.spinMs,
    startedAt: r.spinStartedAt,
    segment: r.segment,
    colour: colourOf(r),
    multiplier: multiplierOf(r),
    winners: shown.map(toWinner),
    winnersCount: winners.length,
    winTotal: toDollars(winners.reduce((s, b) => s + b.win, 0)),
    secretHash: r.secret,
    publicHash: r.publicHash,
  };
}

function toWinner(b: WheelBet): WheelWinner {
  return {
    betId: b.id,
    user: { ...b.user },
    colour: b.colour,
    bank: toDollars(b.stake),
    win: toDollars(b.win),
    winItem: b.winItem ? toItemJson(b.winItem) : null,
    remainder: toDollars(b.remainder),
  };
}

/** The wheelInit payload for one socket (selfBets: this user's bets; none for a visitor). */
export function wheelInitData(state: WheelState, userId: number | null, maintenance: boolean, now: number) {
  const byColour = visibleBets(state);
  const live = liveBets(state.bets);
  return {
    game: toGame(state),
    bets: [...byColour.black, ...byColour.green, ...byColour.red, ...byColour.yellow],
    totals: totalsOf(state),
    stats: statsOf(state),
    history: state.history.map(toHistoryEntry),
    spin: spinOf(state),
    selfBets: userId === null ? [] : live.filter((b) => b.user.id === userId).map((b) => toBetPublic(b)),
    maintenance,
    serverTime: now,
  };
}

/** POST /api/wheel/get: the round as now, with the caller's own bets. */
export function wheelView(s: WheelState, userId: number | null, maintenance: boolean, now: number): WheelStateJson {
  const { segments, multipliers } = s.round.layout;
  const layout: WheelLayoutPublic = { segments, multipliers, rtp: colourRtp(s.round.layout) };
  return {
    game: toGame(s),
    bets: visibleBets(s),
    totals: totalsOf(s),
    selfBets:
      userId === null
        ? []
        : liveBets(s.bets)
            .filter((b) => b.user.id === userId)
            .map((b) => toBetPublic(b)),
    history: s.history.map(toHistoryEntry),
    spin: spinOf(s),
    stats: statsOf(s),
    settings: settingsOf(s.timing),
    hash: s.round.publicHash,
    layout,
    maintenance,
    serverTime: now,
  };
}
