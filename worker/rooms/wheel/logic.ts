// The wheel room's logic: PURE and deterministic given `now`. step(state, event, now, ctx) →
// { state, effects, outcome }; the DO shell (WheelRoom.ts) runs the effects (frames, D1
// settlements, storage, alarms). Phases: betting (countdown) → spinning (the result is shown
// only when the spin ends) → result (a pause) → the next round. Every step first catches up with
// the clock (late alarms, evictions), so a room evicted mid-spin resumes where the clock is.
import { WHEEL } from "../../../shared/constants";
import { pickWinItem } from "../../lib/win-item";
import type { Effect, RoundRow, StepContext, StepResult, TimerName, WheelEvent } from "./effects";
import { bonusShare, winCents } from "./payout";
import { betRefusal, valueRefusal } from "./rules";
import { colourOf, liveBets, multiplierOf, newRound, potOf, roundItems, type RoundSeed, type WheelBet, type WheelState } from "./state";
import { spinOf, statsOf, toBetPublic, toGame, toHistoryEntry, totalsOf } from "./views";

/** The complete set of timers the state needs now (epoch ms). */
export function timersOf(state: WheelState): Partial<Record<TimerName, number>> {
  const r = state.round;
  if (r.phase === "betting") return { spin: r.countdownEndsAt };
  if (r.phase === "spinning") return { stop: r.spinEndsAt ?? r.countdownEndsAt };
  return { next: r.resultEndsAt ?? r.createdAt };
}

export function step(state: WheelState, event: WheelEvent, now: number, ctx: StepContext): StepResult<WheelState> {
  // bets are never changed in place (a changed bet is a new object: spin, stop), so a step copies
  // the list, not every bet — a whole-state clone per bet cost O(n) and O(n²) a round; the shell
  // writes to storage only the bets whose object changed (base/bet-store.ts)
  const s: WheelState = { round: structuredClone(state.round), bets: [...state.bets], history: [...state.history], timing: { ...state.timing } };
  const effects: Effect[] = [];
  advance(s, now, ctx, effects);
  const outcome = handle(s, event, now, effects, ctx);
  if ((effects.length > 0 || outcome?.ok) && !effects.some((e) => e.type === "persist")) effects.push({ type: "persist" });
  for (const [name, at] of Object.entries(timersOf(s)) as [TimerName, number][]) effects.push({ type: "schedule", name, at });
  return outcome ? { state: s, effects, outcome } : { state: s, effects };
}

/**
 * Catches the round up with the clock: the spin once the countdown is over, the stop once the
 * spin is — each at its own deadline, not when the (late) alarm ran, so a room that wakes after an
 * eviction shows the wheel where the clock says.
 */
function advance(s: WheelState, now: number, ctx: StepContext, effects: Effect[]): void {
  if (s.round.phase === "betting" && now >= s.round.countdownEndsAt) spin(s, s.round.countdownEndsAt, now, ctx, effects);
  if (s.round.phase === "spinning" && now >= (s.round.spinEndsAt ?? 0)) stop(s, s.round.spinEndsAt ?? now, now, effects);
}

function handle(s: WheelState, event: WheelEvent, now: number, effects: Effect[], ctx: StepContext): StepResult<WheelState>["outcome"] {
  switch (event.type) {
    case "placeBet":
      return placeBet(s, event, now, effects, ctx);
    case "timer":
      if (event.name === "next") nextRound(s, event.nextRound, now, effects);
      return undefined; // spin / stop were handled by advance()
    case "restore":
      return undefined;
  }
}

function placeBet(s: WheelState, event: Extract<WheelEvent, { type: "placeBet" }>, now: number, effects: Effect[], ctx: StepContext) {
  const req = event.bet;
  const stake = req.items.reduce((sum, i) => sum + i.price, req.value);
  const itemIds = req.items.map((i) => i.id);
  const key =
    betRefusal(s, { user: req.user, colour: req.colour, itemIds, value: req.value }, event.maintenance, now) ??
    valueRefusal(s, req.colour, stake, ctx.maxPayoutCents);
  if (key) {
    if (event.locked) {
      effects.push({ type: "settle", settlement: { kind: "refund", roundId: s.round.id, betId: req.id, userId: req.user.id, value: req.value } });
    }
    return { ok: false as const, key };
  }
  const bet: WheelBet = {
    id: req.id,
    user: { ...req.user },
    colour: req.colour,
    items: req.items.map((i) => ({ ...i })),
    value: req.value,
    stake,
    status: "pending",
    win: 0,
    winItem: null,
    remainder: 0,
    createdAt: now,
  };
  s.bets.push(bet);
  // everyone gets the totals; the row itself only if it enters its colour's shown list (the biggest
  // WHEEL.betRowsShown): the bettor has it from the answer, the rest stay countable (docs/api.md "Sockets")
  const shown = isShown(s, bet) ? [toBetPublic(bet)] : [];
  effects.push({ type: "broadcast", frame: { event: "wheelNewBet", data: { roundId: s.round.id, bets: shown, totals: totalsOf(s), stats: statsOf(s) } } });
  // the state only: the round's row in D1 gets its totals at the spin (a D1 write per bet would
  // queue every bet behind the one before: docs/benchmarks.md "Benchmarks")
  effects.push({ type: "persist" });
  return { ok: true as const };
}

/** Is the bet among the biggest WHEEL.betRowsShown of its colour (equal values: the earlier first)? */
function isShown(s: WheelState, bet: WheelBet): boolean {
  let ahead = 0;
  for (const b of s.bets) {
    if (b === bet || b.status === "refunded" || b.colour !== bet.colour) continue;
    if (b.stake > bet.stake || (b.stake === bet.stake && b.createdAt <= bet.createdAt)) ahead++;
    if (ahead >= WHEEL.betRowsShown) return false;
  }
  return true;
}

/** Bets close: the winners' wins are priced (paid at the stop) and the spin goes out. */
function spin(s: WheelState, at: number, now: number, ctx: StepContext, effects: Effect[]): void {
  const r = s.round;
  r.phase = "spinning";
  r.spinStartedAt = at;
  r.spinEndsAt = at + s.timing.spinMs;
  const colour = colourOf(r);
  const multiplier = multiplierOf(r);
  s.bets = s.bets.map((bet) => {
    if (bet.status === "refunded" || bet.colour !== colour) return bet;
    const win = winCents(bet.stake, multiplier);
    // a bet of balance only is paid to the balance; a bet with items gets a win item and the rest (docs/money.md "Money rules")
    const pick = bet.items.length > 0 ? pickWinItem(win, ctx.catalogue) : null;
    return { ...bet, win, winItem: pick ? { ...pick.item } : null, remainder: pick ? pick.remainder : win };
  });
  effects.push({ type: "broadcast", frame: { event: "startWheel", data: { ...spinOf(s)!, serverTime: now } } });
  effects.push({ type: "persist", round: roundRow(s) });
}

/** The wheel has stopped: every bet settles (once: the outbox keys them), 1 % to the bonus pool. */
function stop(s: WheelState, at: number, now: number, effects: Effect[]): void {
  const r = s.round;
  r.phase = "result";
  r.resultEndsAt = at + s.timing.resultMs;
  const colour = colourOf(r);
  const multiplier = multiplierOf(r);
  const settled: WheelBet[] = [];
  s.bets = s.bets.map((b) => {
    if (b.status !== "pending") return b;
    const bet: WheelBet = { ...b, status: b.colour === colour ? "won" : "lost" };
    settled.push(bet);
    return bet;
  });
  for (const bet of settled) {
    if (bet.status === "won") {
      effects.push({
        type: "settle",
        settlement: {
          kind: "win",
          roundId: r.id,
          betId: bet.id,
          userId: bet.user.id,
          multiplier,
          win: bet.win,
          winItem: bet.winItem ? { id: bet.winItem.id, price: bet.winItem.price } : null,
          remainder: bet.remainder,
        },
      });
    } else {
      effects.push({ type: "settle", settlement: { kind: "loss", roundId: r.id, betId: bet.id, userId: bet.user.id } });
    }
  }
  const share = bonusShare(potOf(s.bets));
  if (share > 0) effects.push({ type: "settle", settlement: { kind: "bonusShare", roundId: r.id, amount: share } });
  s.history = [{ id: r.id, segment: r.segment, colour, multiplier }, ...s.history].slice(0, WHEEL.historySize);
  const { winners: _shownAtTheSpin, ...stopped } = spinOf(s)!;
  effects.push({ type: "broadcast", frame: { event: "startWheel", data: { ...stopped, ms: 1, serverTime: now } } });
  effects.push({ type: "persist", round: roundRow(s) });
}

function nextRound(s: WheelState, seed: RoundSeed, now: number, effects: Effect[]): void {
  const r = s.round;
  if (r.phase !== "result" || now < (r.resultEndsAt ?? 0) || seed.id <= r.id) return;
  const last = s.history[0] ?? null;
  s.round = newRound(seed, now, s.timing);
  s.bets = [];
  effects.push({ type: "broadcast", frame: { event: "newGameWheel", data: { game: toGame(s), last: last && toHistoryEntry(last), serverTime: now } } });
  effects.push({
    type: "broadcast",
    frame: { event: "wheelTimer", data: { roundId: s.round.id, publicHash: s.round.publicHash, countdownEndsAt: s.round.countdownEndsAt, serverTime: now } },
  });
  effects.push({ type: "persist", round: roundRow(s) });
}

/** The wheel_rounds row as the state says it is now (the secret and the result only from the spin on). */
export function roundRow(s: WheelState): RoundRow {
  const r = s.round;
  const revealed = r.phase !== "betting";
  return {
    id: r.id,
    status: r.phase === "betting" ? "betting" : r.phase === "spinning" ? "spinning" : "finished",
    publicHash: r.publicHash,
    dayOfMonth: r.dayOfMonth,
    layout: JSON.stringify(r.layout),
    pot: potOf(s.bets),
    betsCount: liveBets(s.bets).length,
    itemsCount: roundItems(s.bets),
    createdAt: r.createdAt,
    spinAt: r.spinStartedAt,
    finishedAt: r.phase === "result" ? (r.spinEndsAt ?? null) : null,
    secret: revealed ? r.secret : null,
    segment: revealed ? r.segment : null,
    colour: revealed ? colourOf(r) : null,
    multiplier: revealed ? multiplierOf(r) : null,
    rotate: revealed ? Math.round(r.rotate * 1000) : null,
  };
}
