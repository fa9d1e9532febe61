// The bot accounts (docs/trade-bot.md "Pool"): the house's items live on several accounts. An
// account that is signed out, locked or rate-limited is skipped and reported; a rate limit (HTTP
// 429, error 25) backs the account off, doubling from 30 s to 15 minutes, and one good call
// clears it. Never a proxy rotation to dodge a limit (Steam's rules; docs/trade-bot.md).
import type { AccountStatus, Asset, SteamAccount } from "./steam.ts";

export const BACKOFF_FIRST_MS = 30_000;
export const BACKOFF_MAX_MS = 15 * 60_000;

interface Backoff {
  until: number;
  ms: number;
}

export interface AccountReport {
  name: string;
  status: AccountStatus;
  /** when a rate-limited account is tried again (epoch ms) */
  retryAt: number | null;
  /** items in its inventory as last read (null: never read) */
  items: number | null;
}

export class Pool {
  readonly accounts: readonly SteamAccount[];
  private readonly now: () => number;
  private readonly backoffs = new Map<string, Backoff>();
  /** each account's inventory as last read, and when */
  private readonly inventories = new Map<string, { at: number; items: Asset[] }>();

  constructor(accounts: readonly SteamAccount[], now: () => number = Date.now) {
    this.accounts = accounts;
    this.now = now;
  }

  /** The account's status as the pool sees it: its own, or rate_limited while backing off. */
  statusOf(account: SteamAccount): AccountStatus {
    const own = account.status();
    if (own !== "online") return own;
    const b = this.backoffs.get(account.name);
    return b && b.until > this.now() ? "rate_limited" : "online";
  }

  usable(): SteamAccount[] {
    return this.accounts.filter((a) => this.statusOf(a) === "online");
  }

  byName(name: string): SteamAccount | undefined {
    return this.accounts.find((a) => a.name === name);
  }

  rateLimited(name: string): void {
    const last = this.backoffs.get(name);
    const ms = last ? Math.min(last.ms * 2, BACKOFF_MAX_MS) : BACKOFF_FIRST_MS;
    this.backoffs.set(name, { until: this.now() + ms, ms });
  }

  answered(name: string): void {
    this.backoffs.delete(name);
  }

  /** The account's own inventory: read now when it is usable (and remembered), else as last read. */
  async inventoryOf(account: SteamAccount, maxAgeMs: number): Promise<Asset[] | null> {
    const known = this.inventories.get(account.name);
    if (known && this.now() - known.at <= maxAgeMs) return known.items;
    if (this.statusOf(account) !== "online") return known?.items ?? null;
    const items = await account.ownInventory();
    this.inventories.set(account.name, { at: this.now(), items });
    return items;
  }

  /** After an offer moved items: the next read goes to Steam. */
  forgetInventory(name: string): void {
    const known = this.inventories.get(name);
    if (known) this.inventories.set(name, { at: Number.NEGATIVE_INFINITY, items: known.items });
  }

  report(): AccountReport[] {
    return this.accounts.map((a) => {
      const status = this.statusOf(a);
      return {
        name: a.name,
        status,
        retryAt: status === "rate_limited" ? (this.backoffs.get(a.name)?.until ?? null) : null,
        items: this.inventories.get(a.name)?.items.length ?? null,
      };
    });
  }
}
