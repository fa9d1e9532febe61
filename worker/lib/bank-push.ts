// A game room's bank for the mode bar (spec §2), pushed to the hub's `banks` frame: on a change, at
// most once per `everyMs` (a reset to 0 at once). With `trailing`, a change inside the window is
// pushed when the window ends (a timer), so the bar never stays on a stale bank after a burst of
// bets: the jackpot rooms use it (their bank only grows in a round, then one burst decides the
// bar). Crash and the wheel push without it: their next bet or reset moves the bar, and a timer
// left pending in a room at a test's end stalls workerd's isolated-storage teardown. The room says
// how a bank becomes a push (crash: {crash}; jackpot: its level with the sum of the three).
export class BankPush {
  private last: { bank: number; at: number } | undefined;
  private trailing: { bank: number; timer: ReturnType<typeof setTimeout> } | undefined;

  constructor(
    private readonly send: (bank: number) => Promise<unknown>,
    private readonly everyMs = 1_000,
    private readonly pushLastOfBurst = false,
  ) {}

  push(bank: number, now = Date.now()): void {
    const last = this.last;
    if (this.trailing) {
      clearTimeout(this.trailing.timer);
      this.trailing = undefined;
    }
    if (last && last.bank === bank) return;
    if (last && bank !== 0 && now - last.at < this.everyMs) {
      if (!this.pushLastOfBurst) return;
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
