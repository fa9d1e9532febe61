// The bot's own books (SQLite through node:sqlite): every offer by its reference, so a restart
// neither loses nor duplicates one, and the house items each open offer holds (one offer at a
// time per item). The worker's D1 stays the only judge of money; this is what the bot did.
import { DatabaseSync } from "node:sqlite";
import type { OfferStatus } from "./steam.ts";
import type { ProtocolState } from "./states.ts";

export type OfferKind = "withdraw" | "deposit";

/**
 * One offer the worker asked for. `state` is the protocol's, plus two of the bot's own:
 * 'sending' (written before the call to Steam; the answer not seen yet) and 'refused' (Steam or
 * the bot's rules refused it for good: `error` says why, and the same reference gets the same 400).
 */
export interface OfferRow {
  reference: string;
  kind: OfferKind;
  account: string;
  tradeLink: string;
  partner: string;
  token: string;
  /** the items as the worker named them (JSON of the request's items) */
  items: string;
  /** the Steam asset ids in the offer: the house's (withdraw) or the player's (deposit) */
  assets: string[];
  securityCode: string;
  offerId: string | null;
  steamStatus: OfferStatus | null;
  state: ProtocolState | "sending" | "refused";
  error: string | null;
  cancelledByUs: boolean;
  createdAt: number;
  updatedAt: number;
}

interface SqlRow {
  reference: string;
  kind: OfferKind;
  account: string;
  trade_link: string;
  partner: string;
  token: string;
  items: string;
  assets: string;
  security_code: string;
  offer_id: string | null;
  steam_status: number | null;
  state: OfferRow["state"];
  error: string | null;
  cancelled_by_us: number;
  created_at: number;
  updated_at: number;
}

const toRow = (r: SqlRow): OfferRow => ({
  reference: r.reference,
  kind: r.kind,
  account: r.account,
  tradeLink: r.trade_link,
  partner: r.partner,
  token: r.token,
  items: r.items,
  assets: JSON.parse(r.assets) as string[],
  securityCode: r.security_code,
  offerId: r.offer_id,
  steamStatus: r.steam_status as OfferStatus | null,
  state: r.state,
  error: r.error,
  cancelledByUs: r.cancelled_by_us === 1,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

const SCHEMA = `
CREATE TABLE IF NOT EXISTS offers (
  reference TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('withdraw', 'deposit')),
  account TEXT NOT NULL,
  trade_link TEXT NOT NULL,
  partner TEXT NOT NULL,
  token TEXT NOT NULL,
  items TEXT NOT NULL,
  assets TEXT NOT NULL,
  security_code TEXT NOT NULL,
  offer_id TEXT UNIQUE,
  steam_status INTEGER,
  state TEXT NOT NULL CHECK (state IN ('sending', 'refused', 'active', 'accepted', 'declined', 'expired')),
  error TEXT,
  cancelled_by_us INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS offers_open ON offers (state) WHERE state IN ('sending', 'active');
CREATE TABLE IF NOT EXISTS reservations (
  account TEXT NOT NULL,
  asset_id TEXT NOT NULL,
  reference TEXT NOT NULL REFERENCES offers (reference),
  PRIMARY KEY (account, asset_id)
);
CREATE TABLE IF NOT EXISTS nonces (
  nonce TEXT PRIMARY KEY,
  seen_at INTEGER NOT NULL
);
`;

export class Store {
  private readonly db: DatabaseSync;

  /** `path`: the database file (":memory:" for a throwaway one). */
  constructor(path: string) {
    this.db = new DatabaseSync(path);
    this.db.exec("PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;");
    this.db.exec(SCHEMA);
  }

  close(): void {
    this.db.close();
  }

  byReference(reference: string): OfferRow | null {
    const r = this.db.prepare("SELECT * FROM offers WHERE reference = ?").get(reference) as SqlRow | undefined;
    return r ? toRow(r) : null;
  }

  byOfferId(offerId: string): OfferRow | null {
    const r = this.db.prepare("SELECT * FROM offers WHERE offer_id = ?").get(offerId) as SqlRow | undefined;
    return r ? toRow(r) : null;
  }

  /** Every offer to a trade link, oldest first (the test control lists them). */
  byTradeLink(tradeLink: string | null): OfferRow[] {
    const rows = (
      tradeLink === null
        ? this.db.prepare("SELECT * FROM offers ORDER BY created_at, rowid").all()
        : this.db.prepare("SELECT * FROM offers WHERE trade_link = ? ORDER BY created_at, rowid").all(tradeLink)
    ) as unknown as SqlRow[];
    return rows.map(toRow);
  }

  /**
   * A new offer, 'sending', with its house items reserved — in one transaction, refused (false)
   * when any of them is reserved already (another offer holds it) or the reference exists.
   */
  insertSending(o: Omit<OfferRow, "offerId" | "steamStatus" | "state" | "error" | "cancelledByUs" | "updatedAt">, reserve: string[]): boolean {
    this.db.exec("BEGIN IMMEDIATE");
    try {
      this.db
        .prepare(
          `INSERT INTO offers (reference, kind, account, trade_link, partner, token, items, assets, security_code, state, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'sending', ?, ?)`,
        )
        .run(o.reference, o.kind, o.account, o.tradeLink, o.partner, o.token, o.items, JSON.stringify(o.assets), o.securityCode, o.createdAt, o.createdAt);
      const hold = this.db.prepare("INSERT INTO reservations (account, asset_id, reference) VALUES (?, ?, ?)");
      for (const assetId of reserve) hold.run(o.account, assetId, o.reference);
      this.db.exec("COMMIT");
      return true;
    } catch (err) {
      this.db.exec("ROLLBACK");
      if (err instanceof Error && /UNIQUE|PRIMARY KEY/i.test(err.message)) return false;
      throw err;
    }
  }

  /** A request refused for good before anything was sent: kept so the same reference is refused again. */
  insertRefused(o: { reference: string; kind: OfferKind; tradeLink: string; items: string; error: string; now: number }): void {
    this.db
      .prepare(
        `INSERT OR IGNORE INTO offers (reference, kind, account, trade_link, partner, token, items, assets, security_code, state, error, created_at, updated_at)
         VALUES (?, ?, '', ?, '', '', ?, '[]', '', 'refused', ?, ?, ?)`,
      )
      .run(o.reference, o.kind, o.tradeLink, o.items, o.error, o.now, o.now);
  }

  /** The time of a send attempt (the quiet period before another is measured from it). */
  touch(reference: string, now: number): void {
    this.db.prepare("UPDATE offers SET updated_at = ? WHERE reference = ? AND state = 'sending'").run(now, reference);
  }

  /** The offer Steam made for a 'sending' row. */
  markSent(reference: string, offerId: string, steamStatus: OfferStatus, state: ProtocolState, now: number): void {
    this.db
      .prepare("UPDATE offers SET offer_id = ?, steam_status = ?, state = ?, updated_at = ? WHERE reference = ? AND state = 'sending'")
      .run(offerId, steamStatus, state, now, reference);
  }

  /** A refusal for good: the same reference answers it again; its items are free. */
  markRefused(reference: string, error: string, now: number): void {
    this.db.exec("BEGIN IMMEDIATE");
    try {
      this.db.prepare("UPDATE offers SET state = 'refused', error = ?, updated_at = ? WHERE reference = ?").run(error, now, reference);
      this.db.prepare("DELETE FROM reservations WHERE reference = ?").run(reference);
      this.db.exec("COMMIT");
    } catch (err) {
      this.db.exec("ROLLBACK");
      throw err;
    }
  }

  /** A row whose send Steam surely did not make (refused, rate-limited) and that is not final: forgotten, items freed. */
  forget(reference: string): void {
    this.db.exec("BEGIN IMMEDIATE");
    try {
      this.db.prepare("DELETE FROM reservations WHERE reference = ?").run(reference);
      this.db.prepare("DELETE FROM offers WHERE reference = ? AND state = 'sending'").run(reference);
      this.db.exec("COMMIT");
    } catch (err) {
      this.db.exec("ROLLBACK");
      throw err;
    }
  }

  /** Steam's latest word on an offer; a final state frees its reserved items. */
  update(reference: string, steamStatus: OfferStatus, state: ProtocolState, final: boolean, now: number): void {
    this.db.exec("BEGIN IMMEDIATE");
    try {
      this.db.prepare("UPDATE offers SET steam_status = ?, state = ?, updated_at = ? WHERE reference = ?").run(steamStatus, state, now, reference);
      if (final) this.db.prepare("DELETE FROM reservations WHERE reference = ?").run(reference);
      this.db.exec("COMMIT");
    } catch (err) {
      this.db.exec("ROLLBACK");
      throw err;
    }
  }

  markCancelling(reference: string): void {
    this.db.prepare("UPDATE offers SET cancelled_by_us = 1 WHERE reference = ?").run(reference);
  }

  /** The house items of `account` that an open offer holds. */
  reserved(account: string): Set<string> {
    const rows = this.db.prepare("SELECT asset_id FROM reservations WHERE account = ?").all(account) as { asset_id: string }[];
    return new Set(rows.map((r) => r.asset_id));
  }

  /**
   * A signed call's nonce, claimed once: false when it was seen before (a replayed call). Kept on
   * disk, so a restart does not reopen the window; forgotten once no timestamp could still pass.
   */
  claimNonce(nonce: string, now: number, keepMs: number): boolean {
    this.db.prepare("DELETE FROM nonces WHERE seen_at < ?").run(now - keepMs);
    return this.db.prepare("INSERT OR IGNORE INTO nonces (nonce, seen_at) VALUES (?, ?)").run(nonce, now).changes === 1;
  }

  /** Offers not finished yet, per account (the pool's load and /health's queue). */
  openCounts(): Map<string, number> {
    const rows = this.db.prepare("SELECT account, COUNT(*) AS n FROM offers WHERE state IN ('sending', 'active') GROUP BY account").all() as {
      account: string;
      n: number;
    }[];
    return new Map(rows.map((r) => [r.account, r.n]));
  }
}
