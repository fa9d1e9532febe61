// The bonus room's client state machine (docs/games.md "Bonus pool", shared/rooms/bonus.ts): a handler per
// server frame. The open round, whether this player joined it, the last draw's winners; the
// meter (bank, end time, minimum, server clock) goes out as an effect to the mode bar's store.
import type { BonusRoundLive, BonusWinnerJson } from "../../../../shared/api/bonus";
import type { BonusServerFrame } from "../../../../shared/rooms/bonus";
import { type FrameHandlers, nextOffset, reduceFrame, unchanged } from "../../lib/roomState";

export interface BonusDraw {
  roundId: number;
  bank: number;
  carried: number;
  winners: BonusWinnerJson[];
}

export interface BonusData {
  round: BonusRoundLive | null;
  /** this socket's player is in the open round */
  joined: boolean;
  /** the previous draw's winners, first place first */
  lastWinners: BonusWinnerJson[];
  /** the draw seen live on this socket (the result announced once) */
  draw: BonusDraw | null;
  clockOffsetMs: number | null;
}

export type BonusEffect =
  | { kind: "meter"; bank: number; endTime: number | null; minBank: number; clockOffsetMs: number }
  | { kind: "notify"; type: "error"; message: string };

export const initialBonusData: BonusData = { round: null, joined: false, lastWinners: [], draw: null, clockOffsetMs: null };

function withRound(s: BonusData, round: BonusRoundLive, now: number, effects: BonusEffect[]): BonusData {
  const clockOffsetMs = nextOffset(s.clockOffsetMs, round.server_time - now);
  effects.push({ kind: "meter", bank: round.bank, endTime: round.end_time, minBank: round.min_bank, clockOffsetMs });
  return { ...s, round, clockOffsetMs };
}

const handlers: FrameHandlers<BonusServerFrame, BonusData, BonusEffect> = {
  "jackpot-bonus.init"(s, { joined, last_winners, ...round }, now, effects) {
    return { ...withRound(s, round, now, effects), joined, lastWinners: last_winners };
  },
  "jackpot-bonus.update-bank"(s, round, now, effects) {
    // a new round: nobody has joined it yet
    const joined = s.round?.round_id === round.round_id ? s.joined : false;
    return { ...withRound(s, round, now, effects), joined };
  },
  "jackpot-bonus.draw"(s, d) {
    return { ...s, lastWinners: d.winners, draw: { roundId: d.round_id, bank: d.bank, carried: d.carried, winners: d.winners } };
  },
  error(s, { message }, _now, effects) {
    effects.push({ kind: "notify", type: "error", message });
    return s;
  },
  pong: unchanged,
};

export function applyBonusFrame(s: BonusData, frame: BonusServerFrame, now: number) {
  return reduceFrame(handlers, s, frame, now);
}
