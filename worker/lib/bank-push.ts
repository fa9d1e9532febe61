// A game room's bank for the mode bar (spec §2), pushed to the hub's `banks` frame: on a change, at
// most once per `everyMs` (a reset to 0 at once). The room says how a bank becomes a push
// (crash: {crash}; jackpot: its level with the sum of the three).
export class BankPush {
  private last: { bank: number; at: number } | undefined;

  constructor(
    private readonly send: (bank: number) => Promise<unknown>,
    private readonly everyMs = 1_000,
  ) {}

  push(bank: number, now = Date.now()): void {
    const last = this.last;
    if (last && (last.bank === bank || (bank !== 0 && now - last.at < this.everyMs))) return;
    this.last = { bank, at: now };
    this.send(bank).catch((err: unknown) => console.error("hub banks push failed", String(err)));
  }
}
