// A game room's bank for the mode bar (spec §2), pushed to the hub's `banks` frame: on a change, at
// most once per `everyMs` (a reset to 0 at once), so the bar never stays on a stale bank after a
// burst of bets. A change inside the window is owed at the window's end, by one of:
// - "timer": a timer pushes the last bank then (the jackpot rooms: their bank only grows in a
//   round, then one burst decides the bar);
// - a function: the room is told the window's end once per burst and pushes its CURRENT bank then
//   (crash and the wheel, from a named alarm: a timer left pending in a room at a test's end
//   stalls workerd's isolated-storage teardown, an alarm does not, and an alarm survives eviction).
// The room says how a bank becomes a push (crash: {crash}; jackpot: its level with the sum of the three).
type Trailing = "timer" | ((at: number) => void);

export class BankPush {
  private last: { bank: number; at: number } | undefined;
  private trailing: { bank: number; timer: ReturnType<typeof setTimeout> } | undefined;
  /** the window's end a function was last told of (told once per window) */
  private owedAt: number | undefined;

  constructor(
    private readonly send: (bank: number) => Promise<unknown>,
    private readonly everyMs = 1_000,
    private readonly owe?: Trailing,
  ) {}

  push(bank: number, now = Date.now()): void {
    const last = this.last;
    if (this.trailing) {
      clearTimeout(this.trailing.timer);
      this.trailing = undefined;
    }
    if (last && last.bank === bank) return;
    if (last && bank !== 0 && now - last.at < this.everyMs) {
      const at = last.at + this.everyMs;
      if (this.owe === "timer") {
        const timer = setTimeout(() => {
          this.trailing = undefined;
          this.push(bank);
        }, at - now);
        this.trailing = { bank, timer };
      } else if (this.owe && this.owedAt !== at) {
        this.owedAt = at;
        this.owe(at);
      }
      return;
    }
    this.last = { bank, at: now };
    this.send(bank).catch((err: unknown) => console.error("hub banks push failed", String(err)));
  }
}
