// Everything scripts/seed-sql.mjs writes, as a list of SQL statements (also run directly by the
// worker tests): the catalogue at dev-model prices (every environment), then, with `demo`,
// the demo data (dev only).
import { catalogueEntries, type CatalogueEntry } from "../../shared/catalogue";
import { catalogueUpsertSql } from "../../worker/prices/catalogue-sql";
import { devPriceCents } from "../../worker/prices/dev-model";
import { demoSeedSql } from "./demo";

export function devPriceOf(e: CatalogueEntry): number {
  const cents = devPriceCents(e);
  if (cents === undefined) throw new Error(`the dev model cannot price ${e.market_hash_name}`);
  return cents;
}

export function seedStatements({ demo = false, entries = catalogueEntries() }: { demo?: boolean; entries?: CatalogueEntry[] } = {}): string[] {
  const out = catalogueUpsertSql(entries, devPriceOf);
  if (demo) out.push(...demoSeedSql(entries));
  return out;
}
