// State → the JSON shapes of shared/api/bonus.ts and shared/rooms/bonus.ts (money in dollars).
import type { BonusRoundLive, BonusWinnerJson } from "../../../shared/api/bonus";
import { toDollars } from "../../../shared/money";
import type { BonusServerFrame } from "../../../shared/rooms/bonus";
import type { BonusState, BonusWinner } from "./state";

export function toWinnerJson(w: BonusWinner): BonusWinnerJson {
  return { place: w.place, user: { ...w.user }, sum: toDollars(w.amount) };
}

export function liveRound(s: BonusState, now: number): BonusRoundLive {
  const r = s.round;
  return {
    round_id: r.id,
    public_hash: r.publicHash,
    bank: toDollars(r.bank),
    end_time: r.endsAt,
    participants: r.participants,
    min_bank: toDollars(s.timing.minBankCents),
    server_time: now,
  };
}

export function updateBankFrame(s: BonusState, now: number): BonusServerFrame {
  return { event: "jackpot-bonus.update-bank", data: liveRound(s, now) };
}

export function initFrame(s: BonusState, joined: boolean, now: number): BonusServerFrame {
  return { event: "jackpot-bonus.init", data: { ...liveRound(s, now), joined, last_winners: (s.last?.winners ?? []).map(toWinnerJson) } };
}
