// Refreshes catalogue prices from a PriceFeed. The feed is asked once for every catalogue name;
// a failing or malformed feed throws before anything is written. Changed prices are written in
// D1 batches of PRICES.refreshBatchSize; each batch is atomic, and a re-run converges, so a
// failure between batches leaves a correct (partly refreshed) catalogue.
// Items already owned keep their booked price (inventory_items.price): only the catalogue moves.
import { PRICES } from "../../shared/constants";
import { auditStatement } from "../lib/audit";
import type { PriceFeed } from "./feed";

export interface RefreshResult {
  source: string;
  /** catalogue entries */
  items: number;
  /** entries the feed priced */
  priced: number;
  /** entries whose price changed (written) */
  updated: number;
  /** entries the feed did not price (left as they were) */
  unpriced: number;
}

export interface RefreshOptions {
  /** the admin who asked; when set, an audit_log row lands with the last batch */
  actorId?: number;
  batchSize?: number;
  now?: number;
}

export async function refreshPrices(env: Pick<Env, "DB">, feed: PriceFeed, opts: RefreshOptions = {}): Promise<RefreshResult> {
  const { actorId, batchSize = PRICES.refreshBatchSize, now = Date.now() } = opts;
  const d1 = env.DB;
  const { results: rows } = await d1
    .prepare("SELECT market_hash_name, price FROM catalogue ORDER BY id")
    .all<{ market_hash_name: string; price: number }>();
  const quotes = await feed.prices(rows.map((r) => r.market_hash_name));

  const changes: { name: string; cents: number }[] = [];
  let priced = 0;
  for (const row of rows) {
    const cents = quotes.get(row.market_hash_name);
    if (cents === undefined) continue;
    if (!Number.isSafeInteger(cents) || cents <= 0) throw new RangeError(`feed ${feed.source} gave a non-cent price for ${row.market_hash_name}: ${cents}`);
    priced += 1;
    if (cents !== row.price) changes.push({ name: row.market_hash_name, cents });
  }
  const result: RefreshResult = { source: feed.source, items: rows.length, priced, updated: changes.length, unpriced: rows.length - priced };

  const update = d1.prepare("UPDATE catalogue SET price = ?1, price_updated_at = ?2 WHERE market_hash_name = ?3");
  const statements = changes.map((c) => update.bind(c.cents, now, c.name));
  const batches: D1PreparedStatement[][] = [];
  for (let i = 0; i < statements.length; i += batchSize) batches.push(statements.slice(i, i + batchSize));
  if (actorId !== undefined) {
    const audit = auditStatement(d1, { actorId, action: "prices.refresh", details: { ...result } }, now);
    if (batches.length) batches[batches.length - 1]!.push(audit);
    else batches.push([audit]);
  }
  for (const batch of batches) await d1.batch(batch);
  return result;
}
