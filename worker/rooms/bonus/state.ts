// The bonus pool room's state: plain JSON (the DO keeps it in storage as is), no I/O here. Money in
// integer cents, times in epoch ms. D1 is the truth of the bank and the participants (the game
// rooms add to the bank there, the join API adds participants there); the state keeps the last
// numbers the room read, for the frames, and the round's timer.

export interface BonusUser {
  id: number;
  username: string;
  avatar: string;
}

/** A place of a draw: place 1..3, cents. */
export interface BonusWinner {
  place: number;
  user: BonusUser;
  amount: number;
}

/** What the chain gives for a round (seeds.ts): its hashes are fixed before anyone joins. */
export interface RoundSeed {
  id: number;
  publicHash: string;
  /** revealed at the draw */
  secret: string;
  dayOfMonth: number;
}

/** Configuration kept with the state, so a round's timer never moves mid-round. */
export interface Timing {
  roundMs: number;
  minBankCents: number;
}

export interface BonusRound extends RoundSeed {
  createdAt: number;
  /** null until the bank reached timing.minBankCents; then the draw time */
  endsAt: number | null;
  /** cents, as last read from D1 */
  bank: number;
  participants: number;
}

export interface BonusState {
  round: BonusRound;
  /** the previous draw (its winners, first place first), null before the first */
  last: { roundId: number; winners: BonusWinner[] } | null;
  timing: Timing;
}

/** The timer starts once the bank reaches the minimum. */
export function endsAtFor(bank: number, now: number, timing: Timing): number | null {
  return bank >= timing.minBankCents ? now + timing.roundMs : null;
}

export function newRound(seed: RoundSeed, bank: number, now: number, timing: Timing): BonusRound {
  return { ...seed, createdAt: now, endsAt: endsAtFor(bank, now, timing), bank, participants: 0 };
}

export function createState(seed: RoundSeed, bank: number, participants: number, now: number, timing: Timing, last: BonusState["last"] = null): BonusState {
  return { round: { ...newRound(seed, bank, now, timing), participants }, last, timing };
}
