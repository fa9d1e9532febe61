// The jackpot room's step: PURE and deterministic given `now` (docs/games.md "Jackpot"). step(state,
// event, now, ctx) → { state, effects }; the round-room driver runs the effects (frames, storage,
// the outbox to D1, the timers) and the shell the bell (`ring`). Phases: first (one player, his
// timeout) → second (the countdown) → spinning (drawn) → waiting (the winner shown) → the next
// round. Bets are numbered by D1 (their seq and tickets) before they reach a step, so the state
// takes them in seq order whatever order their answers come back in; the draw and the next round
// need what only the outside has (D1's bets, the next seed): the driver asks the game for them
// when their timer is due (game.ts dueEvent).
import { JACKPOT_FIRST, JACKPOT_SECOND, JACKPOT_SPINNING } from "../../../shared/api/jackpot";
import { JACKPOT } from "../../../shared/constants";
import { toBetJson } from "../../jackpot/present";
import { chances } from "../../jackpot/tickets";
import type { JackpotBet } from "../../jackpot/types";
import type { Effect, JackpotEvent, RoundRow, StepContext, StepResult, TimerName } from "./effects";
import { acceptBet, draw, due, lastWinnerOf, rebuild, reveal } from "./logic";
import { createState, type JackpotState, type RoundSeed } from "./state";
import { drawJson, finishedEntry, newBetTotals } from "./views";

/** The complete set of timers the state needs now (epoch ms): one per status. */
export function timersOf(s: JackpotState): Partial<Record<TimerName, number>> {
  if (s.status === JACKPOT_FIRST) return s.soloEndsAt === null ? {} : { solo: s.soloEndsAt };
  if (s.status === JACKPOT_SECOND) return s.countdownEndsAt === null ? {} : { draw: s.countdownEndsAt };
  if (!s.draw) return {};
  return s.status === JACKPOT_SPINNING ? { reveal: s.draw.spinEndsAt } : { end: s.draw.endsAt };
}

/** The round's jackpot_rounds row (written open before it takes a bet). */
export function roundRow(s: JackpotState): RoundRow {
  const r = s.round;
  return { id: r.id, level: s.level, chainIndex: r.chainIndex, publicHash: r.publicHash, dayOfMonth: r.dayOfMonth, createdAt: r.createdAt };
}

export function step(state: JackpotState, event: JackpotEvent, now: number, ctx: StepContext): StepResult {
  const effects: Effect[] = [];
  let s = advance(state, now, effects);
  switch (event.type) {
    case "restore":
    case "tick":
      break;
    case "bet":
      s = takeBet(s, event.roundId, event.bet, now, ctx, effects);
      break;
    case "bets":
      if (s.round.id === event.roundId && s.status <= JACKPOT_SECOND) s = rebuild(s, event.bets, ctx.settings, ctx.timers);
      break;
    case "draw":
      s = drawRound(s, event.roundId, event.bets, now, ctx, effects);
      break;
    case "newRound":
      s = nextRound(s, event.seed, now, effects);
      break;
  }
  if (s !== state && !effects.some((e) => e.type === "persist")) effects.push({ type: "persist" });
  for (const [name, at] of Object.entries(timersOf(s)) as [TimerName, number][]) effects.push({ type: "schedule", name, at });
  return { state: s, effects };
}

/** What the clock alone decides: the spinner stopped, the winner is shown (and his bell rings). */
function advance(s: JackpotState, now: number, effects: Effect[]): JackpotState {
  if (due(s, now) !== "reveal" || !s.draw) return s;
  effects.push({ type: "ring", userId: s.draw.winner.id, at: s.draw.spinEndsAt });
  return reveal(s);
}

/**
 * A bet D1 numbered, into the state in seq order: it waits in `pending` until every earlier seq
 * is in. A round that changed, or that the draw already read from D1, has it already.
 */
function takeBet(s0: JackpotState, roundId: number, bet: JackpotBet, now: number, ctx: StepContext, effects: Effect[]): JackpotState {
  if (s0.round.id !== roundId || s0.status > JACKPOT_SECOND || bet.seq <= s0.bets.length || s0.pending.some((b) => b.seq === bet.seq)) return s0;
  let s: JackpotState = { ...s0, pending: [...s0.pending, bet] };
  for (let next = s.pending.find((b) => b.seq === s.bets.length + 1); next; next = s.pending.find((b) => b.seq === s.bets.length + 1)) {
    const taken = next;
    s = { ...acceptBet(s, taken, ctx.settings, ctx.timers, taken.createdAt), pending: s.pending.filter((b) => b !== taken) };
    effects.push({
      type: "broadcast",
      frame: { event: "jackpotNewBet", data: { roundId, bets: [toBetJson(taken)], ...newBetTotals(s), soloEndsAt: s.soloEndsAt, serverTime: now } },
    });
  }
  if (s0.status !== s.status && s.countdownEndsAt !== null) {
    effects.push({ type: "broadcast", frame: { event: "jackpotTimer", data: { roundId, countdownEndsAt: s.countdownEndsAt, serverTime: now } } });
  }
  return s;
}

/** Bets closed in D1: the draw on D1's bets (the late ones shown first), its settlement owed in the same write. */
function drawRound(s0: JackpotState, roundId: number, read: JackpotBet[] | "held", now: number, ctx: StepContext, effects: Effect[]): JackpotState {
  if (s0.round.id !== roundId || s0.status !== JACKPOT_SECOND) return s0;
  const known = new Set(s0.bets.map((b) => b.id));
  // `held`: D1's closed round is the room's bets (a bet's answer can only add to them, and D1 has no more)
  const bets = read === "held" ? s0.bets : read;
  const s = draw(read === "held" ? s0 : rebuild(s0, bets, ctx.settings, ctx.timers), ctx.salt, ctx.timers, JACKPOT.commissionPercent, now);
  const d = s.draw!;
  for (const late of bets.filter((b) => !known.has(b.id))) {
    effects.push({
      type: "broadcast",
      frame: { event: "jackpotNewBet", data: { roundId, bets: [toBetJson(late)], ...newBetTotals(s), soloEndsAt: null, serverTime: now } },
    });
  }
  const all = chances(s.bets);
  effects.push({
    type: "settle",
    settlement: {
      kind: "draw",
      roundId,
      secret: s.round.secret,
      winningTicket: d.winningTicket,
      winnerId: d.winner.id,
      pot: d.pot,
      commissionDue: d.commission.due,
      commissionItemIds: d.commission.items.map((i) => i.itemId),
      commission: d.commission.taken,
      cash: s.bets.reduce((sum, b) => sum + (b.value ?? 0), 0),
      commissionCash: d.commission.cash ?? 0,
      win: d.win,
      losers: all.filter((c) => c.user.id !== d.winner.id).map((c) => ({ userId: c.user.id, lost: c.price })),
      bonusShare: Math.floor((d.pot * JACKPOT.bonusSharePercent) / 100),
      drawnAt: d.drawnAt,
      bell: { at: d.spinEndsAt, chanceBp: d.chanceBp },
    },
  });
  effects.push({ type: "broadcast", frame: { event: "startJackpot", data: { draw: drawJson(roundId, d, s.bets), secret: s.round.secret, serverTime: now } } });
  return s;
}

/** The round is over (a single player timed out: his items go back; or the winner was shown): the next one opens. */
function nextRound(s: JackpotState, seed: RoundSeed, now: number, effects: Effect[]): JackpotState {
  const over = due(s, now);
  if ((over !== "refund" && over !== "newGame") || seed.chainIndex !== s.round.chainIndex + 1) return s;
  if (over === "refund") effects.push({ type: "settle", settlement: { kind: "refund", roundId: s.round.id } });
  const finished = finishedEntry(s, now);
  const next = createState(s.level, seed, lastWinnerOf(s), [finished, ...s.history].slice(0, JACKPOT.historySize));
  effects.push({ type: "persist", round: roundRow(next) });
  effects.push({
    type: "broadcast",
    frame: { event: "newGameJackpot", data: { level: s.level, roundId: seed.id, publicHash: seed.publicHash, finished, serverTime: now } },
  });
  return next;
}
