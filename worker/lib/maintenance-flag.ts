// The maintenance flag (§4) as a game room reads it when a bet arrives: cached a few seconds.
import { readMaintenance } from "./settings";

/** Maintenance (§4) as read when a bet arrives, cached `ttlMs` at most. */
export class MaintenanceFlag {
  private cache = { on: false, at: -Infinity };

  constructor(
    private readonly env: Pick<Env, "DB">,
    private readonly ttlMs = 3_000,
  ) {}

  async on(now = Date.now()): Promise<boolean> {
    if (now - this.cache.at > this.ttlMs) this.cache = { on: await readMaintenance(this.env), at: now };
    return this.cache.on;
  }
}
