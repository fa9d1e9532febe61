// A game room's bank for the mode bar (spec §2), pushed to the hub's `banks` frame: on a change, at
// most once per `everyMs` (a reset to 0 at once); a change inside the window is pushed when the
// window ends, so the bar never stays on a stale bank after a burst of bets. The room says how a
// bank becomes a push (crash: {crash}; jackpot: its level with the sum of the three).
export class BankPush {
  private last: { bank: number; at: number } | undefined;
  private trailing: { bank: number; timer: ReturnType<typeof setTimeout> } | undefined;

  constructor(
    private readonly send: (bank: number) => Promise<unknown>,
    private readonly everyMs = 1_000,
  ) {}

  push(bank: number, now = Date.now()): void {
    const last = this.last;
    if (this.trailing) {
      clearTimeout(this.trailing.timer);
      this.trailing = undefined;
    }
    if (last && last.bank === bank) return;
    if (last && bank !== 0 && now - last.at < this.everyMs) {
      const timer = setTimeout(
        () => {
          this.trailing = undefined;
          this.push(bank);
        },
        this.everyMs - (now - last.at),
      );
      this.trailing = { bank, timer };
      return;
    }
    this.last = { bank, at: now };
    this.send(bank).catch((err: unknown) => console.error("hub banks push failed", String(err)));
  }
}
