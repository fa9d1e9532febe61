// The catalogue as SQL: multi-row upserts keyed on market_hash_name, for
// `wrangler d1 execute DB [--local|--remote] --file <f>` (scripts/seed-sql.mjs) in every
// environment. Re-running never duplicates. Descriptive columns follow the file; a price is set
// when the row is created and kept afterwards (the price feed owns it) unless overwritePrices.
import type { CatalogueEntry } from "../../shared/catalogue";
import { PRICES } from "../../shared/constants";

/** An SQL string literal ('' doubles a quote; D1 files are UTF-8, so ★ and Cyrillic pass as is). */
export function sqlString(s: string): string {
  return `'${s.replace(/'/g, "''")}'`;
}

export function sqlValue(v: string | number | null): string {
  if (v === null) return "NULL";
  if (typeof v === "number") {
    if (!Number.isSafeInteger(v)) throw new RangeError(`not an integer: ${v}`);
    return String(v);
  }
  return sqlString(v);
}

const COLUMNS = ["market_hash_name", "name", "weapon", "category", "rarity", "rarity_color", "exterior", "image", "price"] as const;

export interface CatalogueSqlOptions {
  rowsPerInsert?: number;
  /** also replace prices of existing rows (default: keep them) */
  overwritePrices?: boolean;
}

/** Upsert statements for `entries`, priced by `priceOf` (integer cents) for new rows. */
export function catalogueUpsertSql(
  entries: readonly CatalogueEntry[],
  priceOf: (e: CatalogueEntry) => number,
  { rowsPerInsert = PRICES.catalogueRowsPerInsert, overwritePrices = false }: CatalogueSqlOptions = {},
): string[] {
  const updated = COLUMNS.filter((c) => c !== "market_hash_name" && (overwritePrices || c !== "price")).map((c) => `${c} = excluded.${c}`);
  if (overwritePrices) updated.push("price_updated_at = excluded.price_updated_at");
  const statements: string[] = [];
  for (let i = 0; i < entries.length; i += rowsPerInsert) {
    const rows = entries.slice(i, i + rowsPerInsert).map((e) => {
      const price = priceOf(e);
      if (!Number.isSafeInteger(price) || price < 0) throw new RangeError(`bad price for ${e.market_hash_name}: ${price}`);
      const values = [e.market_hash_name, e.name, e.weapon, e.category, e.rarity, e.rarity_color, e.exterior, e.image, price];
      return `(${values.map(sqlValue).join(", ")})`;
    });
    statements.push(
      `INSERT INTO catalogue (${COLUMNS.join(", ")}) VALUES\n${rows.join(",\n")}\n` + `ON CONFLICT(market_hash_name) DO UPDATE SET ${updated.join(", ")};`,
    );
  }
  return statements;
}
