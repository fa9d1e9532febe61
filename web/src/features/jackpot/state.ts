// A jackpot room (one level) as the client knows it (spec §3 Jackpot game, §4 Jackpot) and how
// each /ws/jackpot frame changes it. Pure: applyFrame(state, frame, now) → the next state and the
// effects (notices, the level's bank) the connection performs. Deadlines stay on the server's
// clock with the measured offset; the phase after the spinner stops (waiting, status 3) follows
// from the clock (draw.spinEndsAt), as no frame announces it.
import {
  JACKPOT_FIRST,
  JACKPOT_SECOND,
  JACKPOT_SPINNING,
  JACKPOT_WAITING,
  type JackpotBetJson,
  type JackpotChanceJson,
  type JackpotDrawJson,
  type JackpotHistoryEntry,
  type JackpotLeaderJson,
  type JackpotSettingsJson,
  type JackpotStatus,
} from "../../../../shared/api/jackpot";
import { JACKPOT, type JackpotLevel } from "../../../../shared/constants";
import type { JackpotServerFrame } from "../../../../shared/rooms/jackpot";
import { toCents } from "../../../../shared/money";
import { ticketsOf } from "./chances";
import { type FrameHandlers, nextOffset, reduceFrame, unchanged, withHistory } from "../../lib/roomState";

export type JackpotPhase = "loading" | "first" | "second" | "spinning" | "waiting";

interface LastWinner {
  roundId: number;
  user: { id: number; username: string; avatar: string };
  chance: number;
  bank: number;
  winningTicket: number;
}

export interface JackpotData {
  level: JackpotLevel | null;
  roundId: number | null;
  /** null until the first jackpotInit */
  status: JackpotStatus | null;
  publicHash: string;
  bank: number;
  itemsCount: number;
  playersCount: number;
  /** every bet of the round (the board shows a few) */
  betsCount: number;
  /** tickets sold (1 per cent of the bank) */
  totalTickets: number;
  /** the board's biggest bets, biggest first (the full list: /api/jackpot/bets) */
  bets: JackpotBetJson[];
  /** this user's own bets of the round, in ticket order */
  selfBets: JackpotBetJson[];
  /** the board's leaders (the players with the most tickets and those of the biggest bets), most tickets first */
  leaders: JackpotLeaderJson[];
  /** the leaders with their chance, derived from their tickets and the round's */
  chances: JackpotChanceJson[];
  settings: JackpotSettingsJson | null;
  /** server clock: a single player's items return then */
  soloEndsAt: number | null;
  /** server clock: bets close then (status 1) */
  countdownEndsAt: number | null;
  draw: JackpotDrawJson | null;
  /** revealed with the draw */
  secret: string | null;
  lastWinner: LastWinner | null;
  history: JackpotHistoryEntry[];
  maintenance: boolean;
  /** server clock − local clock, ms */
  clockOffsetMs: number | null;
}

export const initialJackpotData: JackpotData = {
  level: null,
  roundId: null,
  status: null,
  publicHash: "",
  bank: 0,
  itemsCount: 0,
  playersCount: 0,
  betsCount: 0,
  totalTickets: 0,
  bets: [],
  selfBets: [],
  leaders: [],
  chances: [],
  settings: null,
  soloEndsAt: null,
  countdownEndsAt: null,
  draw: null,
  secret: null,
  lastWinner: null,
  history: [],
  maintenance: false,
  clockOffsetMs: null,
};

export type JackpotEffect = { kind: "notify"; type: "error"; message: string } | { kind: "bank"; level: JackpotLevel; dollars: number };

/** The phase at local time `localNow`: spinning turns to waiting when the spinner stops. */
export function phaseAt(s: Pick<JackpotData, "status" | "draw" | "clockOffsetMs">, localNow: number): JackpotPhase {
  switch (s.status) {
    case null:
      return "loading";
    case JACKPOT_FIRST:
      return "first";
    case JACKPOT_SECOND:
      return "second";
    case JACKPOT_SPINNING:
      return s.draw && localNow + (s.clockOffsetMs ?? 0) >= s.draw.spinEndsAt ? "waiting" : "spinning";
    case JACKPOT_WAITING:
      return "waiting";
  }
}

/** Ms left until the server-clock deadline `at` (0 when past or unknown). */
export function leftMs(at: number | null, clockOffsetMs: number | null, localNow: number): number {
  return at === null ? 0 : Math.max(0, at - (localNow + (clockOffsetMs ?? 0)));
}

/** Bets merged by id, kept in ticket order (a repeated frame changes nothing). */
export function mergeBets(list: readonly JackpotBetJson[], rows: readonly JackpotBetJson[]): JackpotBetJson[] {
  const byId = new Map(list.map((b) => [b.id, b]));
  for (const r of rows) byId.set(r.id, r);
  return [...byId.values()].sort((a, b) => a.from - b.from);
}

/** The player's own items staked in this round (the per-player limit counts them). */
export function ownItemsInRound(bets: readonly JackpotBetJson[], userId: number | null): number {
  if (userId === null) return 0;
  return bets.reduce((n, b) => n + (b.user.id === userId ? b.items.length : 0), 0);
}

/** A chance in percent with two decimals, as the server rounds it: round(tickets · 10 000 / all) / 100. */
export function chanceOf(tickets: number, totalTickets: number): number {
  return totalTickets > 0 ? Math.round((tickets * 10_000) / totalTickets) / 100 : 0;
}

/** The leaders with their chance of `totalTickets`. */
export function leaderChances(leaders: readonly JackpotLeaderJson[], totalTickets: number): JackpotChanceJson[] {
  return leaders.map((l) => ({ ...l, chance: chanceOf(l.tickets, totalTickets) }));
}

/** The player's own chance: his tickets (his own bets) of the round's. */
export function ownChance(s: Pick<JackpotData, "selfBets" | "totalTickets">): number {
  return chanceOf(
    s.selfBets.reduce((n, b) => n + ticketsOf(b), 0),
    s.totalTickets,
  );
}

/** `order` (ids) of the rows known from `kept` and `fresh` (fresh wins); an id known from neither is left out. */
export function ordered<R>(order: readonly (string | number)[], kept: readonly R[], fresh: readonly R[], key: (row: R) => string | number): R[] {
  const byKey = new Map<string | number, R>();
  for (const r of kept) byKey.set(key(r), r);
  for (const r of fresh) byKey.set(key(r), r);
  return order.flatMap((k) => {
    const r = byKey.get(k);
    return r === undefined ? [] : [r];
  });
}

/** A new round: no bets, no draw; the level's settings, history and flags stay. */
function freshRound(s: JackpotData, roundId: number, publicHash: string): JackpotData {
  return {
    ...s,
    roundId,
    status: JACKPOT_FIRST,
    publicHash,
    bank: 0,
    itemsCount: 0,
    playersCount: 0,
    betsCount: 0,
    totalTickets: 0,
    bets: [],
    selfBets: [],
    leaders: [],
    chances: [],
    soloEndsAt: null,
    countdownEndsAt: null,
    draw: null,
    secret: null,
  };
}

/** How each /ws/jackpot frame changes the state (a new server frame must be handled here to compile). */
const handlers: FrameHandlers<JackpotServerFrame, JackpotData, JackpotEffect> = {
  jackpotInit(s, { state: r, history, selfBets }, now, effects) {
    effects.push({ kind: "bank", level: r.level, dollars: r.bank });
    return {
      ...initialJackpotData,
      level: r.level,
      roundId: r.roundId,
      status: r.status,
      publicHash: r.publicHash,
      bank: r.bank,
      itemsCount: r.itemsCount,
      playersCount: r.playersCount,
      betsCount: r.betsCount,
      totalTickets: r.totalTickets,
      bets: r.bets,
      selfBets: mergeBets([], selfBets),
      leaders: r.chances.map(({ chance: _chance, ...l }) => l),
      chances: r.chances,
      settings: r.settings,
      soloEndsAt: r.soloEndsAt,
      countdownEndsAt: r.countdownEndsAt,
      draw: r.draw,
      // the init frame carries no secret; the round page shows it once the round is over
      secret: r.draw && s.roundId === r.roundId ? s.secret : null,
      lastWinner: r.lastWinner,
      history,
      maintenance: r.maintenance,
      clockOffsetMs: nextOffset(s.clockOffsetMs, r.serverTime - now),
    };
  },
  // the player's own bets (to his sockets only), with the totals then
  jackpotNewBet(s, d, now, effects) {
    // a frame of a later round than the one shown: its newGameJackpot was missed
    const base = s.roundId !== null && d.roundId > s.roundId ? freshRound(s, d.roundId, "") : s;
    if (base.roundId !== d.roundId) return s; // an old round's frame
    const selfBets = mergeBets(base.selfBets, d.bets);
    if (s.level) effects.push({ kind: "bank", level: s.level, dollars: d.bank });
    // the board may not have counted them yet: the counts never go back
    const totalTickets = Math.max(base.totalTickets, toCents(d.bank));
    return {
      ...base,
      selfBets,
      bank: d.bank,
      totalTickets,
      chances: leaderChances(base.leaders, totalTickets),
      betsCount: Math.max(base.betsCount, selfBets.length),
      itemsCount: d.itemsCount,
      playersCount: d.playersCount,
      soloEndsAt: d.soloEndsAt ?? base.soloEndsAt,
      clockOffsetMs: nextOffset(s.clockOffsetMs, d.serverTime - now),
    };
  },
  // what everyone sees: the totals, the biggest bets and the leaders (rows new since the last board)
  jackpotBoard(s, d, now, effects) {
    const base = s.roundId !== null && d.roundId > s.roundId ? freshRound(s, d.roundId, "") : s;
    if (base.roundId !== d.roundId) return s;
    if (s.level) effects.push({ kind: "bank", level: s.level, dollars: d.bank });
    const leaders = ordered(d.leaders, base.leaders, d.leaderRows, (l) => l.user.id);
    return {
      ...base,
      bets: ordered(d.top, base.bets, d.rows, (b) => b.id),
      leaders,
      chances: leaderChances(leaders, d.totalTickets),
      bank: d.bank,
      itemsCount: d.itemsCount,
      playersCount: d.playersCount,
      betsCount: d.betsCount,
      totalTickets: d.totalTickets,
      soloEndsAt: d.soloEndsAt ?? base.soloEndsAt,
      clockOffsetMs: nextOffset(s.clockOffsetMs, d.serverTime - now),
    };
  },
  jackpotTimer(s, d, now) {
    if (d.roundId !== s.roundId) return s;
    return {
      ...s,
      status: JACKPOT_SECOND,
      countdownEndsAt: d.countdownEndsAt,
      soloEndsAt: null,
      clockOffsetMs: nextOffset(s.clockOffsetMs, d.serverTime - now),
    };
  },
  startJackpot(s, { draw, secret, serverTime }, now) {
    if (draw.roundId !== s.roundId) return s;
    return {
      ...s,
      status: JACKPOT_SPINNING,
      draw,
      secret,
      bank: draw.bank,
      countdownEndsAt: null,
      soloEndsAt: null,
      clockOffsetMs: nextOffset(s.clockOffsetMs, serverTime - now),
    };
  },
  newGameJackpot(s, d, now, effects) {
    if (s.roundId !== null && d.roundId < s.roundId) return s;
    const next: JackpotData = { ...freshRound(s, d.roundId, d.publicHash), clockOffsetMs: nextOffset(s.clockOffsetMs, d.serverTime - now) };
    const f = d.finished;
    if (f) {
      next.history = withHistory(s.history, f, JACKPOT.historySize);
      if (f.winner && f.chance !== null && f.winningTicket !== null)
        next.lastWinner = { roundId: f.id, user: f.winner, chance: f.chance, bank: f.bank, winningTicket: f.winningTicket };
    }
    effects.push({ kind: "bank", level: d.level, dollars: 0 });
    return next;
  },
  error(s, { message }, _now, effects) {
    effects.push({ kind: "notify", type: "error", message });
    return s;
  },
  pong: unchanged,
};

export function applyFrame(s: JackpotData, frame: JackpotServerFrame, now: number): { state: JackpotData; effects: JackpotEffect[] } {
  return reduceFrame(handlers, s, frame, now);
}
