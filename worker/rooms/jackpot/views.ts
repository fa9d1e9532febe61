// State → the JSON shapes of shared/api/jackpot.ts (money in dollars, chances in percent).
import {
  JACKPOT_LEADERS_MAX,
  type JackpotBetJson,
  type JackpotDrawJson,
  type JackpotHistoryEntry,
  type JackpotLeaderJson,
  type JackpotSettingsJson,
  type JackpotStateJson,
} from "../../../shared/api/jackpot";
import { JACKPOT, type JackpotLevelSettings, type JackpotTimers } from "../../../shared/constants";
import { toDollars } from "../../../shared/money";
import { percentOf, toBetJson, toChanceJson } from "../../jackpot/present";
import { type Chance, chances, players, totalTickets } from "../../jackpot/tickets";
import type { BetUser, JackpotBet } from "../../jackpot/types";
import { type BoardChange, biggest } from "../base/board";
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

/** The strip's players, each once, in strip order (their avatars: the client may hold none of their bets). */
function stripPlayers(d: Draw, bets: readonly JackpotBet[]): BetUser[] {
  const users = new Map<number, BetUser>(bets.map((b) => [b.user.id, b.user]));
  users.set(d.winner.id, d.winner);
  const out = new Map<number, BetUser>();
  for (const id of d.strip) {
    const u = users.get(id);
    if (u && !out.has(id)) out.set(id, { ...u });
  }
  return [...out.values()];
}

/** `bets`: the round's (the strip's players are looked up in them). */
export function drawJson(roundId: number, d: Draw, bets: readonly JackpotBet[]): JackpotDrawJson {
  return {
    roundId,
    winner: { ...d.winner },
    winningTicket: d.winningTicket,
    totalTickets: d.totalTickets,
    chance: percentOf(d.chanceBp),
    bank: toDollars(d.pot),
    win: toDollars(d.win),
    strip: d.strip,
    players: stripPlayers(d, bets),
    winIndex: d.winIndex,
    spinEndsAt: d.spinEndsAt,
    endsAt: d.endsAt,
  };
}

/** The totals jackpotNewBet carries. */
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
    ...newBetTotals(s),
    betsCount: s.bets.length,
    totalTickets: totalTickets(s.bets),
    bets: topBets(s),
    chances: leaders(s).map(toChanceJson),
    settings: settingsJson(settings, timers),
    soloEndsAt: s.soloEndsAt,
    countdownEndsAt: s.countdownEndsAt,
    draw: s.draw ? drawJson(s.round.id, s.draw, s.bets) : null,
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

// ── the board (base/board.ts; shared/rooms/jackpot.ts jackpotBoard) ─────────
/** The board's biggest bets of the round, biggest first (ties: first placed first). */
export function topBets(s: JackpotState): JackpotBetJson[] {
  return biggest(s.bets, JACKPOT.boardTop, (b) => b.price).map(toBetJson);
}

/** The leaders: the JACKPOT.boardTop players with the most tickets and the players of the biggest bets, most tickets first. */
export function leaders(s: JackpotState): Chance[] {
  const table = chances(s.bets);
  const chosen = new Set(biggest(table, JACKPOT.boardTop, (c) => c.tickets).map((c) => c.user.id));
  for (const b of biggest(s.bets, JACKPOT.boardTop, (b) => b.price)) chosen.add(b.user.id);
  return biggest(
    table.filter((c) => chosen.has(c.user.id)),
    JACKPOT_LEADERS_MAX,
    (c) => c.tickets,
  );
}

/** A leader as the board diffs it (keyed by the user's id). */
export type LeaderRow = JackpotLeaderJson & { id: string };

export function leaderRows(s: JackpotState): LeaderRow[] {
  return leaders(s).map((c) => ({ id: String(c.user.id), user: { ...c.user }, price: toDollars(c.price), tickets: c.tickets }));
}

/** The board frame's data: the totals, the top's and the leaders' changes. */
export function boardData(s: JackpotState, top: BoardChange<JackpotBetJson>, lead: BoardChange<LeaderRow>, now: number) {
  return {
    roundId: s.round.id,
    ...newBetTotals(s),
    betsCount: s.bets.length,
    totalTickets: totalTickets(s.bets),
    soloEndsAt: s.soloEndsAt,
    top: top.order,
    rows: top.rows,
    leaders: lead.order.map(Number),
    leaderRows: lead.rows.map(({ id: _id, ...row }) => row),
    serverTime: now,
  };
}
