// The crash room's logic: PURE and deterministic given `now`. step(state, event, now, ctx) →
// { state, effects, outcome }; the DO shell (CrashRoom.ts) runs the effects (frames, D1
// settlements, storage, alarms). Phases: waiting (countdown) → running → crashed (a pause) →
// the next round. Every step first catches up with the clock (late alarms, evictions).
import { CRASH } from "../../../shared/constants";
import { elapsedFor, multiplierAt } from "../../../shared/crash-curve";
import type { CrashEvent, Effect, StepContext, StepResult, TimerName } from "./effects";
import { betRefusal, cashOutRefusal } from "./rules";
import { advance, cashOut, crash, crashTimeOf, nextCashout, roundRow, tick } from "./running";
import { newRound, pendingBets, replaceBets, type CrashBet, type CrashState } from "./state";
import { toBetPublic } from "./views";

export type { CrashEvent, StepContext, StepResult, TimerName } from "./effects";

/** The complete set of timers the state needs now (epoch ms). */
export function timersOf(state: CrashState, ctx: StepContext): Partial<Record<TimerName, number>> {
  const r = state.round;
  if (r.phase === "waiting") return { start: r.countdownEndsAt };
  if (r.phase === "crashed") return { next: (r.crashedAt ?? r.createdAt) + CRASH.crashedPauseMs };
  const startedAt = r.startedAt ?? 0;
  const timers: Partial<Record<TimerName, number>> = { crash: crashTimeOf(state) };
  if (r.nextTickAt !== null) timers.tick = r.nextTickAt;
  const next = nextCashout(state, ctx);
  if (next && next.at < r.crashPoint) timers.auto = startedAt + elapsedFor(next.at);
  return timers;
}

export function step(state: CrashState, event: CrashEvent, now: number, ctx: StepContext): StepResult<CrashState> {
  // bets are never changed in place (a changed bet is a new object: state.ts replaceBets), so a
  // step copies the list, not every bet: a whole-state clone per bet or cash-out cost O(n), O(n²)
  // a round, and the shell writes to storage only the bets whose object changed (base/bet-store.ts)
  const s: CrashState = { ...state, round: { ...state.round }, bets: [...state.bets], history: [...state.history] };
  const effects: Effect[] = [];
  // a cash-out is decided at its arrival: the clock is caught up to then, the take handled, then
  // the rest (auto-withdraws, the crash) up to now
  const clock = event.type === "cashOut" ? arrivalOf(s, event.at, now) : now;
  advance(s, clock, ctx, effects);
  const outcome = handle(s, event, clock, ctx, effects);
  if (clock < now) advance(s, now, ctx, effects);
  if (effects.length > 0 || outcome?.ok) {
    if (!effects.some((e) => e.type === "persist")) effects.push({ type: "persist" });
  }
  for (const [name, at] of Object.entries(timersOf(s, ctx)) as [TimerName, number][]) effects.push({ type: "schedule", name, at });
  return outcome ? { state: s, effects, outcome } : { state: s, effects };
}

function handle(s: CrashState, event: CrashEvent, now: number, ctx: StepContext, effects: Effect[]): StepResult<CrashState>["outcome"] {
  switch (event.type) {
    case "placeBet":
      return placeBet(s, event, now, effects);
    case "cashOut":
      return cashOutNow(s, event.userId, event.betId, now, ctx, effects);
    case "timer":
      if (event.name === "start") start(s, now, ctx, effects);
      else if (event.name === "tick") tick(s, now, ctx, effects);
      else if (event.name === "next") nextRound(s, event.nextRound, now, effects);
      return undefined; // 'auto' / 'crash' were handled by advance()
    case "forceCrash":
      return event.mode === "dev" ? crashNow(s, now, effects) : voidRound(s, now, effects);
    case "twist":
      if (!Number.isSafeInteger(event.nextCrash) || event.nextCrash < 100) return { ok: false, key: "app_api.invalid_request" };
      s.twistNext = event.nextCrash;
      return { ok: true };
    case "restore":
      return undefined;
  }
}

function placeBet(s: CrashState, event: Extract<CrashEvent, { type: "placeBet" }>, now: number, effects: Effect[]) {
  const { bet: req, maintenance } = event;
  const itemIds = req.items.map((i) => i.id);
  const key = betRefusal(s, { user: req.user, itemIds, value: req.value, autoWithdraw: req.autoWithdraw }, maintenance, now);
  if (key || !req.user) {
    const message = key ?? "crash_api.unauthorized";
    effects.push({ type: "reply", frame: { event: "errorBet", data: { message } } });
    if (event.locked && req.user) {
      effects.push({ type: "settle", settlement: { kind: "refund", roundId: s.round.id, betId: req.id, userId: req.user.id, value: req.value } });
    }
    return { ok: false as const, key: message };
  }
  const bet: CrashBet = {
    id: req.id,
    user: { ...req.user },
    items: req.items.map((i) => ({ ...i })),
    value: req.value,
    stake: req.items.reduce((sum, i) => sum + i.price, req.value),
    autoWithdraw: req.autoWithdraw,
    status: "pending",
    cashout: null,
    win: 0,
    winItem: null,
    remainder: 0,
    createdAt: now,
    loaderItemId: null,
    loaderSent: false,
  };
  s.bets.push(bet);
  const row = toBetPublic(bet);
  effects.push({ type: "reply", frame: { event: "successBet", data: { bet: row } } });
  effects.push({ type: "broadcast", frame: { event: "newBets", data: { bets: [row] } } });
  effects.push({ type: "persist", round: roundRow(s) });
  return { ok: true as const };
}

/** When a take reached the room, within [the round's start, now] (a frame cannot come from the future). */
function arrivalOf(s: CrashState, at: number | undefined, now: number): number {
  if (at === undefined || s.round.phase !== "running" || s.round.startedAt === null) return now;
  return Math.min(now, Math.max(at, s.round.startedAt));
}

/** A manual cash-out priced by the server clock at its arrival; at or past the crash point it is a loss. */
function cashOutNow(s: CrashState, userId: number | null, betId: string, now: number, ctx: StepContext, effects: Effect[]) {
  const key = cashOutRefusal(s, userId, betId);
  if (key) {
    effects.push({ type: "reply", frame: { event: "errorTake", data: { message: key } } });
    return { ok: false as const, key };
  }
  const bet = s.bets.find((b) => b.id === betId)!;
  cashOut(s, [bet], multiplierAt(now - (s.round.startedAt ?? now)), false, ctx, effects);
  return { ok: true as const };
}

function start(s: CrashState, now: number, ctx: StepContext, effects: Effect[]): void {
  const r = s.round;
  if (r.phase !== "waiting" || now < r.countdownEndsAt) return;
  r.phase = "running";
  r.startedAt = now;
  r.nextTickAt = now + CRASH.tickMs;
  effects.push({
    type: "broadcast",
    frame: { event: "crashMultiplier", data: { roundId: r.id, phase: "running", elapsed: 0, multiplier: 1, serverTime: now } },
  });
  effects.push({ type: "persist", round: roundRow(s) });
  advance(s, now, ctx, effects); // an instant crash (1.00) happens right away
}

function nextRound(s: CrashState, seed: Extract<CrashEvent, { name: "next" }>["nextRound"], now: number, effects: Effect[]): void {
  const r = s.round;
  if (r.phase !== "crashed" || now < (r.crashedAt ?? r.createdAt) + CRASH.crashedPauseMs || seed.id <= r.id) return;
  const twisted = s.twistNext !== null ? { crashPoint: s.twistNext, provablyFair: false } : {};
  s.twistNext = null;
  s.round = newRound({ ...seed, ...twisted }, now);
  s.bets = [];
  effects.push({ type: "broadcast", frame: { event: "clearBets", data: {} } });
  effects.push({
    type: "broadcast",
    frame: {
      event: "crashStartTimer",
      data: { roundId: s.round.id, publicHash: s.round.publicHash, countdownEndsAt: s.round.countdownEndsAt, serverTime: now },
    },
  });
  effects.push({ type: "persist", round: roundRow(s) });
}

/** dev "Crash now": running → crash at the current multiplier; waiting → crash at 1.00 on start. */
function crashNow(s: CrashState, now: number, effects: Effect[]) {
  const r = s.round;
  if (r.phase === "crashed") return { ok: false as const, key: "crash_api.game_over" as const };
  r.provablyFair = false;
  if (r.phase === "waiting") {
    r.crashPoint = 100;
    effects.push({ type: "persist", round: roundRow(s) });
    return { ok: true as const };
  }
  r.crashPoint = multiplierAt(now - (r.startedAt ?? now));
  crash(s, now, effects);
  return { ok: true as const };
}

/** Production emergency stop: every undecided bet refunded, no crash point shown, next round. */
function voidRound(s: CrashState, now: number, effects: Effect[]) {
  const r = s.round;
  if (r.phase === "crashed") return { ok: false as const, key: "crash_api.game_over" as const };
  for (const bet of replaceBets(s, pendingBets(s.bets), () => ({ status: "refunded" }))) {
    effects.push({ type: "settle", settlement: { kind: "refund", roundId: r.id, betId: bet.id, userId: bet.user.id, value: bet.value ?? 0 } });
  }
  r.voided = true;
  r.phase = "crashed";
  r.crashedAt = now;
  r.nextTickAt = null;
  effects.push({ type: "broadcast", frame: { event: "clearBets", data: {} } });
  effects.push({ type: "persist", round: roundRow(s) });
  return { ok: true as const };
}
