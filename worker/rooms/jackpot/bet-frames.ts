// jackpotNewBet is coalesced (README "Jackpot", live budget): the bets accepted within one
// JACKPOT.betsWindowMs window leave as ONE frame, with the round's totals at the time it leaves.
// Bets of another round flush the window first; a flush for a round that has ended meanwhile
// sends nothing (its bets are in that round's newGameJackpot `finished` entry).
import { JACKPOT } from "../../../shared/constants";
import type { JackpotBet } from "../../jackpot/types";

export class BetFrames {
  private bets: JackpotBet[] = [];
  private roundId: number | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;

  /** `send(roundId, bets)` builds and sends the frame if `roundId` is still the room's round. */
  constructor(private readonly send: (roundId: number, bets: JackpotBet[]) => void) {}

  add(roundId: number, bet: JackpotBet): void {
    if (this.roundId !== roundId) this.flush();
    this.roundId = roundId;
    this.bets.push(bet);
    this.timer ??= setTimeout(() => this.flush(), JACKPOT.betsWindowMs);
  }

  /** Sends what the window holds now (before any other frame of the room, so the order holds). */
  flush(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    const bets = this.bets;
    this.bets = [];
    if (bets.length > 0 && this.roundId !== undefined) this.send(this.roundId, bets);
  }
}
