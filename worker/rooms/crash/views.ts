// State → the JSON shapes of shared/api/crash.ts (money in dollars, multipliers as numbers).
import { BET_LOST, BET_PENDING, BET_WON, type BetPublic, type HistoryEntry, type ItemJson, type RoundPublic } from "../../../shared/api/crash";
import { CRASH } from "../../../shared/constants";
import { colourClass, toMultiplier } from "../../../shared/crash-curve";
import { toDollars } from "../../../shared/money";
import { type BoardChange, biggest } from "../base/board";
import { potOf, roundItems, roundPlayers, type CrashBet, type CrashState, type HistoryItem, type StakedItem } from "./state";

export function toItemJson(item: StakedItem): ItemJson {
  const { id, market_hash_name, name, image, rarity, rarity_color, price } = item;
  return { id, market_hash_name, name, image, rarity, rarity_color, price: toDollars(price) };
}

const IS_WIN = { pending: BET_PENDING, won: BET_WON, lost: BET_LOST, refunded: BET_PENDING } as const;

/** A bet row; `allItems` for the round page (getGame), else the first CRASH.betRowItems. */
export function toBetPublic(bet: CrashBet, allItems = false): BetPublic {
  const shown = allItems ? bet.items : bet.items.slice(0, CRASH.betRowItems);
  return {
    id: bet.id,
    user: { ...bet.user },
    items: shown.map(toItemJson),
    itemsMore: bet.items.length - shown.length,
    bank: toDollars(bet.stake),
    value: toDollars(bet.value ?? 0),
    autoWithdraw: toMultiplier(bet.autoWithdraw),
    is_win: IS_WIN[bet.status],
    win: toDollars(bet.status === "won" ? bet.win : 0),
    winItem: bet.winItem ? toItemJson(bet.winItem) : null,
    result: bet.status === "won" && bet.cashout !== null ? toMultiplier(bet.cashout) : null,
  };
}

/** The round as clients see it: the crash point and secret only once crashed (never if voided). */
export function toRoundPublic(state: CrashState): RoundPublic {
  const r = state.round;
  const live = state.bets.filter((b) => b.status !== "refunded");
  const out: RoundPublic = {
    id: r.id,
    phase: r.phase,
    publicHash: r.publicHash,
    bank: toDollars(potOf(live)),
    playersCount: roundPlayers(live),
    itemsCount: roundItems(live),
    betsCount: live.length,
  };
  if (r.phase === "waiting") out.countdownEndsAt = r.countdownEndsAt;
  if (r.startedAt !== null) out.startedAt = r.startedAt;
  if (r.phase === "crashed" && !r.voided) {
    out.crashPoint = toMultiplier(r.crashPoint);
    out.secretHash = r.secret;
    out.provablyFair = r.provablyFair;
  }
  return out;
}

export function toHistoryEntry(h: HistoryItem): HistoryEntry {
  return { id: h.id, value: toMultiplier(h.value), colourClass: colourClass(h.value) };
}

/** The board's biggest bets of the round, biggest first (refunded ones are not in the round). */
export function topBets(state: CrashState): BetPublic[] {
  const live = state.bets.filter((b) => b.status !== "refunded");
  return biggest(live, CRASH.boardTop, (b) => b.stake).map((b) => toBetPublic(b));
}

/** The board frame: the totals and the top's changes (base/board.ts). */
export function crashBoardData(state: CrashState, top: BoardChange<BetPublic>) {
  const { bank, playersCount, itemsCount, betsCount } = toRoundPublic(state);
  return { roundId: state.round.id, bank, playersCount, itemsCount, betsCount, top: top.order, rows: top.rows };
}

/** The crashInit payload for one socket (selfBets: this user's bets; none for a visitor). */
export function crashInitData(state: CrashState, userId: number | null, maintenance: boolean, now: number) {
  const live = state.bets.filter((b) => b.status !== "refunded");
  return {
    round: toRoundPublic(state),
    bets: topBets(state),
    history: state.history.map(toHistoryEntry),
    serverTime: now,
    selfBets: userId === null ? [] : live.filter((b) => b.user.id === userId).map((b) => toBetPublic(b)),
    maintenance,
  };
}
