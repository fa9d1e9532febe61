// The bonus pool room's logic: PURE and deterministic given `now`. step(state, event, now, ctx) →
// { state, effects }; the DO shell (BonusRoom.ts) and the driver run the effects. A round: open
// (bank below the minimum: no timer) → the bank reaches the minimum: the timer (endsAt) → the draw
// at endsAt (the game closed the round in D1 and read its bank and participants) → the next round,
// with what the draw did not pay.
import { bonusSplit, bonusWinners } from "../../../shared/bonus";
import { toDollars } from "../../../shared/money";
import type { BonusEvent, Effect, RoundRow, StepContext, StepResult, TimerName } from "./effects";
import { type BonusState, type BonusWinner, endsAtFor, newRound } from "./state";
import { toWinnerJson, updateBankFrame } from "./views";

/** The complete set of timers the state needs now (epoch ms). */
export function timersOf(s: BonusState): Partial<Record<TimerName, number>> {
  return s.round.endsAt === null ? {} : { draw: s.round.endsAt };
}

/** Whether the round's draw is due (the draw timer's event is worth reading D1 for). */
export function drawDue(s: BonusState, now: number): boolean {
  return s.round.endsAt !== null && now >= s.round.endsAt;
}

export function step(state: BonusState, event: BonusEvent, now: number, ctx: StepContext): StepResult {
  const s: BonusState = { round: { ...state.round }, last: state.last, timing: { ...state.timing } };
  const effects: Effect[] = [];
  if (event.type === "numbers") numbers(s, event, now, effects);
  else if (event.type === "timer") draw(s, event, now, ctx, effects);
  if (effects.length > 0 && !effects.some((e) => e.type === "persist")) effects.push({ type: "persist" });
  for (const [name, at] of Object.entries(timersOf(s)) as [TimerName, number][]) effects.push({ type: "schedule", name, at });
  return { state: s, effects };
}

/** D1's bank and participants of the open round; the timer starts once the bank reaches the minimum. */
function numbers(s: BonusState, e: Extract<BonusEvent, { type: "numbers" }>, now: number, effects: Effect[]): void {
  const r = s.round;
  if (e.roundId !== r.id || (e.bank === r.bank && e.participants === r.participants)) return;
  r.bank = e.bank;
  r.participants = e.participants;
  const timerStarts = r.endsAt === null && e.bank >= s.timing.minBankCents;
  if (timerStarts) r.endsAt = endsAtFor(e.bank, now, s.timing);
  effects.push({ type: "broadcast", frame: updateBankFrame(s, now) });
  effects.push(timerStarts ? { type: "persist", round: roundRow(s) } : { type: "persist" });
}

/**
 * The draw: up to three distinct winners from the participants in join order (shared/bonus.ts,
 * the round's secret and the salt), paid 50/25/25 of the bank (the odd cents to the first place);
 * what nobody took carries over to the next round, which opens at once.
 */
function draw(s: BonusState, e: Extract<BonusEvent, { type: "timer" }>, now: number, ctx: StepContext, effects: Effect[]): void {
  const r = s.round;
  if (e.drawn.roundId !== r.id || !drawDue(s, now) || e.next.id !== r.id + 1) return;
  const { bank, participants } = e.drawn;
  const picked = bonusWinners(r.secret, ctx.salt, participants);
  const amounts = bonusSplit(bank, picked.length);
  const winners: BonusWinner[] = picked.map((user, i) => ({ place: i + 1, user: { ...user }, amount: amounts[i] ?? 0 }));
  const carried = bank - amounts.reduce((sum, a) => sum + a, 0);
  effects.push({
    type: "settle",
    settlement: {
      kind: "draw",
      roundId: r.id,
      nextRoundId: e.next.id,
      bank,
      secret: r.secret,
      participants: participants.length,
      winners: winners.map((w) => ({ userId: w.user.id, place: w.place, amount: w.amount })),
      carried,
      drawnAt: r.endsAt ?? now,
    },
  });
  effects.push({
    type: "broadcast",
    frame: {
      event: "jackpot-bonus.draw",
      data: { round_id: r.id, secret: r.secret, bank: toDollars(bank), carried: toDollars(carried), winners: winners.map(toWinnerJson), server_time: now },
    },
  });
  s.last = { roundId: r.id, winners };
  s.round = newRound(e.next, e.nextBank + carried, now, s.timing);
  effects.push({ type: "broadcast", frame: updateBankFrame(s, now) });
  effects.push({ type: "persist", round: roundRow(s) });
}

/** The bonus_rounds row as the room writes it. */
export function roundRow(s: BonusState): RoundRow {
  const r = s.round;
  return { id: r.id, publicHash: r.publicHash, dayOfMonth: r.dayOfMonth, createdAt: r.createdAt, endsAt: r.endsAt };
}
