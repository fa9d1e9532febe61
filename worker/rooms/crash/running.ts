// The running phase against the clock: auto-withdraws at their exact targets (lowest first),
// the max-payout forced cash-out, the crash. Works on a state step() already cloned.
import { CRASH } from "../../../shared/constants";
import { elapsedFor, multiplierAt, toMultiplier, type Hundredths } from "../../../shared/crash-curve";
import { toDollars } from "../../../shared/money";
import type { Effect, RoundRow, StepContext } from "./effects";
import { bonusShare, forcedCashoutPoint, pickWinItem, winCents } from "./payout";
import type { WinPick } from "../../lib/win-item";
import { pendingBets, replaceBets, potOf, roundItems, type CatalogueItem, type CrashBet, type CrashState } from "./state";
import { toBetPublic, toItemJson } from "./views";

/** The next cash-out value due while running (an auto target or the forced point), or null. */
export function nextCashout(state: CrashState, ctx: StepContext): { at: Hundredths; forced: boolean } | null {
  const pending = pendingBets(state.bets);
  if (pending.length === 0) return null;
  const lowest = Math.min(...pending.map((b) => b.autoWithdraw));
  const forced = forcedCashoutPoint(state.bets, ctx.maxPayoutCents);
  if (forced !== null && forced < lowest) return { at: forced, forced: true };
  return { at: lowest, forced: false };
}

export const crashTimeOf = (state: CrashState): number => (state.round.startedAt ?? 0) + elapsedFor(state.round.crashPoint);

/** Cash `bets` out at m: settle, tell each bettor (successTake), one newBets with the rows. */
export function cashOut(state: CrashState, bets: CrashBet[], m: Hundredths, forced: boolean, ctx: StepContext, effects: Effect[]): void {
  const won = replaceBets(state, bets, (bet) => {
    const win = winCents(bet.stake, m);
    // a bet of balance only is paid to the balance; a bet with items gets a win item and the rest (docs/money.md "Money rules")
    const pick = bet.items.length > 0 ? pickWinItem(win, ctx.catalogue) : null;
    return { status: "won", cashout: m, win, winItem: pick ? { ...pick.item } : null, remainder: pick ? pick.remainder : win };
  });
  for (const bet of won) {
    const win = bet.win;
    const pick = bet.winItem;
    effects.push({
      type: "settle",
      settlement: {
        kind: "win",
        roundId: state.round.id,
        betId: bet.id,
        userId: bet.user.id,
        cashout: m,
        win,
        winItem: pick ? { id: pick.id, price: pick.price } : null,
        remainder: bet.remainder,
        forced: forced && m < bet.autoWithdraw,
      },
    });
    effects.push({
      type: "send",
      userId: bet.user.id,
      frame: {
        event: "successTake",
        data: {
          betId: bet.id,
          multiplier: toMultiplier(m),
          win: toDollars(win),
          winItem: bet.winItem ? toItemJson(bet.winItem) : null,
          remainder: toDollars(bet.remainder),
        },
      },
    });
  }
  if (won.length > 0) effects.push({ type: "broadcast", frame: { event: "newBets", data: { bets: won.map((b) => toBetPublic(b)) } } });
}

/** Everything the clock says has happened by `now`: cash-outs in value order, then the crash. */
export function advance(state: CrashState, now: number, ctx: StepContext, effects: Effect[]): void {
  const round = state.round;
  if (round.phase !== "running" || round.startedAt === null) return;
  for (;;) {
    const next = nextCashout(state, ctx);
    if (next && next.at < round.crashPoint && round.startedAt + elapsedFor(next.at) <= now) {
      const due = pendingBets(state.bets)
        .filter((b) => next.forced || b.autoWithdraw === next.at)
        .sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1)); // one value: bet order
      cashOut(state, due, next.at, next.forced, ctx, effects);
      continue;
    }
    if (now >= crashTimeOf(state)) crash(state, crashTimeOf(state), effects);
    return;
  }
}

/** The crash: every undecided bet loses, 1 % of the bank to the bonus pool, reveal. */
export function crash(state: CrashState, at: number, effects: Effect[]): void {
  const round = state.round;
  const losers = replaceBets(state, pendingBets(state.bets), () => ({ status: "lost" }));
  for (const bet of losers) {
    effects.push({ type: "settle", settlement: { kind: "loss", roundId: round.id, betId: bet.id, userId: bet.user.id } });
  }
  if (losers.length > 0) effects.push({ type: "broadcast", frame: { event: "newBets", data: { bets: losers.map((b) => toBetPublic(b)) } } });
  round.phase = "crashed";
  round.crashedAt = at;
  round.nextTickAt = null;
  const share = bonusShare(potOf(state.bets.filter((b) => b.status !== "refunded")));
  if (share > 0) effects.push({ type: "settle", settlement: { kind: "bonusShare", roundId: round.id, amount: share } });
  state.history = [{ id: round.id, value: round.crashPoint }, ...state.history].slice(0, CRASH.historySize);
  const startedAt = round.startedAt ?? at;
  effects.push({
    type: "broadcast",
    frame: {
      event: "crashMultiplier",
      data: {
        roundId: round.id,
        phase: "crashed",
        elapsed: Math.max(0, at - startedAt),
        multiplier: toMultiplier(round.crashPoint),
        serverTime: at,
        crash: { point: toMultiplier(round.crashPoint), secretHash: round.secret, publicHash: round.publicHash, provablyFair: round.provablyFair },
      },
    },
  });
  effects.push({ type: "persist", round: roundRow(state) });
}

/** A running tick: elapsed time to everyone, the loader item to each bettor whose item changed. */
export function tick(state: CrashState, now: number, ctx: StepContext, effects: Effect[]): void {
  const round = state.round;
  if (round.phase !== "running" || round.startedAt === null) return;
  const elapsed = Math.max(0, now - round.startedAt);
  const m = multiplierAt(elapsed);
  effects.push({
    type: "broadcast",
    frame: { event: "crashMultiplier", data: { roundId: round.id, phase: "running", elapsed, multiplier: toMultiplier(m), serverTime: now } },
  });
  // the bettors whose loader item changed get it (each bet becomes a new object: state.ts)
  const stale: [CrashBet, WinPick<CatalogueItem> | null][] = [];
  for (const bet of pendingBets(state.bets)) {
    if (bet.items.length === 0) continue; // a balance-only bet is paid in cash: no item to show
    const pick = pickWinItem(winCents(bet.stake, m), ctx.catalogue);
    if (!bet.loaderSent || bet.loaderItemId !== (pick ? pick.item.id : null)) stale.push([bet, pick]);
  }
  const picks = new Map(stale);
  const changed = replaceBets(state, [...picks.keys()], (bet) => ({ loaderSent: true, loaderItemId: picks.get(bet)?.item.id ?? null }));
  changed.forEach((bet, i) => {
    const pick = stale[i]![1];
    effects.push({
      type: "send",
      userId: bet.user.id,
      frame: { event: "crashLoaderItem", data: { betId: bet.id, item: pick ? toItemJson(pick.item) : null, multiplier: toMultiplier(m) } },
    });
  });
  round.nextTickAt = now + CRASH.tickMs;
}

export function roundRow(state: CrashState): RoundRow {
  const r = state.round;
  const live = state.bets.filter((b) => b.status !== "refunded");
  const crashed = r.phase === "crashed" && !r.voided;
  return {
    id: r.id,
    status: r.voided ? "voided" : r.phase,
    publicHash: r.publicHash,
    dayOfMonth: r.dayOfMonth,
    provablyFair: r.provablyFair,
    pot: potOf(live),
    betsCount: live.length,
    itemsCount: roundItems(live),
    createdAt: r.createdAt,
    startedAt: r.startedAt,
    crashedAt: r.crashedAt,
    crashPoint: crashed ? r.crashPoint : null,
    secret: crashed ? r.secret : null,
  };
}
