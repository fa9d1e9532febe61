// State → the JSON shapes of shared/api/jackpot.ts (money in dollars, chances in percent).
import type { JackpotDrawJson, JackpotHistoryEntry, JackpotSettingsJson, JackpotStateJson } from "../../../shared/api/jackpot";
import { JACKPOT, type JackpotLevelSettings, type JackpotTimers } from "../../../shared/constants";
import { toDollars } from "../../../shared/money";
import { percentOf, toBetJson, toChanceJson } from "../../jackpot/present";
import { chances, players, totalTickets } from "../../jackpot/tickets";
import type { Draw, JackpotState } from "./state";

export function settingsJson(settings: JackpotLevelSettings, timers: JackpotTimers): JackpotSettingsJson {
  return {
    minBet: toDollars(settings.minBetCents),
    maxItemsPerBet: settings.maxItemsPerBet,
    maxItemsPerPlayer: settings.maxItemsPerPlayer,
    maxPlayers: settings.maxPlayers,
    countdownMs: settings.countdownMs,
    ...timers,
    commissionPercent: JACKPOT.commissionPercent,
  };
}

export function drawJson(roundId: number, d: Draw): JackpotDrawJson {
  return {
    roundId,
    winner: { ...d.winner },
    winningTicket: d.winningTicket,
    totalTickets: d.totalTickets,
    chance: percentOf(d.chanceBp),
    bank: toDollars(d.pot),
    win: toDollars(d.win),
    strip: d.strip,
    winIndex: d.winIndex,
    spinEndsAt: d.spinEndsAt,
    endsAt: d.endsAt,
  };
}

/** The round's totals as the state carries them. */
export function totals(s: JackpotState) {
  return { ...newBetTotals(s), chances: chances(s.bets).map(toChanceJson) };
}

/** The totals jackpotNewBet carries (no chances: a client derives them from the bets, shared/rooms/jackpot.ts). */
export function newBetTotals(s: JackpotState) {
  return {
    bank: toDollars(totalTickets(s.bets)),
    itemsCount: s.bets.reduce((n, b) => n + b.items.length, 0),
    playersCount: players(s.bets).length,
  };
}

export function stateJson(s: JackpotState, settings: JackpotLevelSettings, timers: JackpotTimers, maintenance: boolean, now: number): JackpotStateJson {
  const last = s.lastWinner;
  return {
    level: s.level,
    roundId: s.round.id,
    status: s.status,
    publicHash: s.round.publicHash,
    ...totals(s),
    bets: s.bets.map(toBetJson),
    settings: settingsJson(settings, timers),
    soloEndsAt: s.soloEndsAt,
    countdownEndsAt: s.countdownEndsAt,
    draw: s.draw ? drawJson(s.round.id, s.draw) : null,
    lastWinner: last
      ? { roundId: last.roundId, user: { ...last.user }, chance: percentOf(last.chanceBp), bank: toDollars(last.pot), winningTicket: last.winningTicket }
      : null,
    maintenance,
    serverTime: now,
  };
}

/** The round that just ended, for newGameJackpot and the history strip. */
export function finishedEntry(s: JackpotState, now: number): JackpotHistoryEntry {
  const d = s.draw;
  return {
    id: s.round.id,
    level: s.level,
    status: d ? "finished" : "refunded",
    winner: d ? { ...d.winner } : null,
    chance: d ? percentOf(d.chanceBp) : null,
    bank: toDollars(totalTickets(s.bets)),
    winningTicket: d ? d.winningTicket : null,
    totalTickets: totalTickets(s.bets),
    publicHash: s.round.publicHash,
    secret: d ? s.round.secret : null,
    playersCount: players(s.bets).length,
    finished_at: now,
  };
}
