// Refreshes catalogue prices from a PriceFeed. The feed is asked once for every catalogue name;
// a failing or malformed feed throws before anything is written. Changed prices are written in
// D1 batches of PRICES.refreshBatchSize; each batch is atomic, and a re-run converges, so a
// failure between batches leaves a correct (partly refreshed) catalogue.
// Items still on the site are revalued with their catalogue entry, in the SAME batch as its
// price (prices/revaluation.ts): booked price = new price, and the house's revaluation result
// lands as a 'revaluation' ledger row, so the books stay balanced (docs/security.md "One valuation rule for items"). Entries whose
// held items were left at another price (a catalogue edited outside a refresh) are revalued too;
// a retry with the same prices finds nothing to change and writes nothing.
import { PRICES } from "../../shared/constants";
import { db } from "../db/client";
import { catalogue } from "../db/schema";
import { batch, type SQL, sql } from "../db/sql";
import { auditStatement } from "../lib/audit";
import type { PriceFeed } from "./feed";
import { revaluationStatements, staleCatalogueIds } from "./revaluation";

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
  /** called once the feed answered and just before the first write (not at all when nothing changes) */
  beforeWrite?: () => Promise<void>;
}

export async function refreshPrices(env: Pick<Env, "DB">, feed: PriceFeed, opts: RefreshOptions = {}): Promise<RefreshResult> {
  const { actorId, batchSize = PRICES.refreshBatchSize, now = Date.now(), beforeWrite } = opts;
  const d1 = env.DB;
  const rows = await db(env)
    .select({ id: catalogue.id, market_hash_name: catalogue.marketHashName, price: catalogue.price })
    .from(catalogue)
    .orderBy(catalogue.id)
    .all();
  const quotes = await feed.prices(rows.map((r) => r.market_hash_name));
  const stale = await staleCatalogueIds(d1);

  // per catalogue entry: its new price (changed) or its current one (held items to catch up)
  const changes: { id: number; cents: number; changed: boolean }[] = [];
  let priced = 0;
  let updated = 0;
  for (const row of rows) {
    const cents = quotes.get(row.market_hash_name);
    if (cents !== undefined) {
      if (!Number.isSafeInteger(cents) || cents <= 0) throw new RangeError(`feed ${feed.source} gave a non-cent price for ${row.market_hash_name}: ${cents}`);
      priced += 1;
    }
    const changed = cents !== undefined && cents !== row.price;
    if (changed) updated += 1;
    if (changed || stale.has(row.id)) changes.push({ id: row.id, cents: changed ? cents : row.price, changed });
  }
  const result: RefreshResult = { source: feed.source, items: rows.length, priced, updated, unpriced: rows.length - priced };

  // one entry's statements never straddle two batches: its revaluation and its price land together
  const update = (price: number, id: number) => sql`UPDATE catalogue SET price = ${price}, price_updated_at = ${now} WHERE id = ${id}`;
  const batches: SQL[][] = [];
  let group: SQL[] = [];
  for (const c of changes) {
    // the price first: the revaluation re-books only to the price the catalogue then holds
    const statements = [...(c.changed ? [update(c.cents, c.id)] : []), ...revaluationStatements({ catalogueId: c.id, price: c.cents, now })];
    if (group.length > 0 && group.length + statements.length > batchSize) {
      batches.push(group);
      group = [];
    }
    group.push(...statements);
  }
  if (group.length > 0) batches.push(group);
  if (actorId !== undefined) {
    const audit = auditStatement({ actorId, action: "prices.refresh", details: { ...result } }, now);
    if (batches.length) batches[batches.length - 1]!.push(audit);
    else batches.push([audit]);
  }
  if (batches.length > 0) await beforeWrite?.();
  for (const group of batches) await batch(d1, group);
  return result;
}
