// The store stock seed (scripts/seed/store.ts) applied inside workerd after the catalogue: it
// lands, the store lists it, the search index covers the seeded catalogue, and a second run adds nothing.
import { describe, expect, it } from "vitest";
import { catalogueEntries } from "../../shared/catalogue";
import { devPriceOf, seedStatements } from "../../scripts/seed/statements";
import { storeSeedSql, storeStockPicks } from "../../scripts/seed/store";
import { runSql } from "./prices-fixtures";
import { getList, n } from "./store-fixtures";

const stock = () => n("SELECT COUNT(*) AS n FROM inventory_items WHERE owner_id IS NULL AND status = 'available'");

describe("store seed in D1", () => {
  it("adds the picked units once, and the store shows them", async () => {
    const entries = catalogueEntries();
    await runSql(seedStatements());
    const before = await stock();
    await runSql(storeSeedSql(entries, devPriceOf));
    const picks = storeStockPicks(entries, devPriceOf);
    const units = picks.reduce((a, p) => a + p.units, 0);
    expect((await stock()) - before).toBe(units);

    await runSql(storeSeedSql(entries, devPriceOf));
    expect((await stock()) - before).toBe(units);

    // the dearest pick leads the list; its card counts its units
    const dearest = [...picks].sort((a, b) => {
      const pa = devPriceOf(entries.find((e) => e.market_hash_name === a.market_hash_name)!);
      const pb = devPriceOf(entries.find((e) => e.market_hash_name === b.market_hash_name)!);
      return pb - pa;
    })[0]!;
    const page = await getList({ market_hash_name: dearest.market_hash_name });
    expect(page.data[0]).toMatchObject({ market_hash_name: dearest.market_hash_name, market_count: dearest.units });
    // the FTS index holds every catalogue name
    expect(await n("SELECT COUNT(*) AS n FROM catalogue_search WHERE catalogue_search MATCH '\"Redline\"'")).toBe(
      await n("SELECT COUNT(*) AS n FROM catalogue WHERE instr(lower(market_hash_name), 'redline') > 0"),
    );
  });
});
