// A game room's bank for the mode bar (spec §2), pushed to the hub's `banks` frame: on a change, at
// most once per `everyMs` (a reset to 0 at once), so the bar never stays on a stale bank after a
// burst of bets. A change inside the window is owed at the window's end: the room is told that
// moment once per burst (`owe`) and pushes its CURRENT bank then, from its "bank" named alarm
// (rooms/base/RoundRoom.ts: a timer left pending in a room at a test's end stalls workerd's
// isolated-storage teardown, an alarm does not, and an alarm survives eviction). The room says how
// a bank becomes a push (crash: {crash}; jackpot: its level with the sum of the three).

export class BankPush {
  private last: { bank: number; at: number } | undefined;
  /** the window's end the room was last told of (told once per window) */
  private owedAt: number | undefined;

  constructor(
    private readonly send: (bank: number) => Promise<unknown>,
    private readonly everyMs = 1_000,
    private readonly owe?: (at: number) => void,
  ) {}

  push(bank: number, now = Date.now()): void {
    const last = this.last;
    if (last && last.bank === bank) return;
    if (last && bank !== 0 && now - last.at < this.everyMs) {
      const at = last.at + this.everyMs;
      if (this.owe && this.owedAt !== at) {
        this.owedAt = at;
        this.owe(at);
      }
      return;
    }
    this.last = { bank, at: now };
    this.send(bank).catch((err: unknown) => console.error("hub banks push failed", String(err)));
  }
}
