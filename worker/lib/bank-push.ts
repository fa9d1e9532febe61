// A game's bank for the mode bar (§2), pushed through the hub's `banks` frame: on a change, at
// most once per `everyMs` (a reset to 0 at once). Crash and the wheel each keep one.
import type { DataOf } from "../../shared/rooms/frame";
import type { HubServerFrame } from "../../shared/rooms/hub";
import { hub } from "../rooms/hub";

type Game = keyof DataOf<HubServerFrame, "banks">;

export class BankPush {
  private last: { bank: number; at: number } | undefined;

  constructor(
    private readonly env: Pick<Env, "HUB_ROOM">,
    private readonly game: Game,
    private readonly everyMs = 1_000,
  ) {}

  /** The bank in dollars. */
  push(bank: number, now = Date.now()): void {
    const last = this.last;
    if (last && (last.bank === bank || (bank !== 0 && now - last.at < this.everyMs))) return;
    this.last = { bank, at: now };
    hub(this.env)
      .broadcast({ event: "banks", data: { [this.game]: bank } })
      .catch((err: unknown) => console.error("hub banks push failed", String(err)));
  }
}
