// The seeded cases: real CS2 weapon cases rebuilt from the catalogue's contents.
// Each skin of a case appears once, as its Field-Tested market item (or, when it has no FT, its
// cheapest exterior by the dev price model); knives and gloves form the rare special tier. The
// usual tier odds (CASES.tierOddsBp) are split over each tier's items (worker/cases/tiers.ts),
// and the price is computed IN SQL from the catalogue's prices at seeding time so that
// EV = CASES.defaultRtpPercent % of the price (ceil, in cents).
// Idempotent: everything runs only while app_settings has no 'cases_seeded' row (the last
// statement adds it), so renaming or editing a seeded case never brings the original back.
import { catalogueCases, catalogueEntries, catalogueFile, type CatalogueEntry } from "../../shared/catalogue";
import { CASES } from "../../shared/constants";
import { sqlString, sqlValue } from "../../worker/prices/catalogue-sql";
import { devPriceCents } from "../../worker/prices/dev-model";
import { tierWeights } from "../../worker/cases/tiers";

/** Seeded cases by their Steam name, highest priority first. */
export const SEEDED_CASES = [
  "Chroma 2 Case",
  "Glove Case",
  "Spectrum 2 Case",
  "Prisma 2 Case",
  "Fracture Case",
  "Clutch Case",
  "Dreams & Nightmares Case",
  "Recoil Case",
  "Kilowatt Case",
] as const;

export interface SeedCase {
  name: string;
  image: string;
  priority: number;
  items: { market_hash_name: string; weight: number }[];
}

/** The market item a case's skin is represented by: Field-Tested, else its cheapest exterior. */
function representative(name: string, byName: ReadonlyMap<string, CatalogueEntry[]>): CatalogueEntry | undefined {
  const options = byName.get(name) ?? [];
  return options.find((e) => e.exterior === "Field-Tested") ?? [...options].sort((a, b) => (devPriceCents(a) ?? Infinity) - (devPriceCents(b) ?? Infinity))[0];
}

export function seedCases(entries: readonly CatalogueEntry[] = catalogueEntries()): SeedCase[] {
  const byName = new Map<string, CatalogueEntry[]>();
  for (const e of entries) byName.set(e.name, [...(byName.get(e.name) ?? []), e]);
  const all = catalogueCases();
  return SEEDED_CASES.map((caseName, i) => {
    const source = all.find((c) => c.name === caseName);
    if (!source) throw new Error(`the catalogue has no case named ${caseName}`);
    const items = [...new Set(source.items)].map((n) => representative(n, byName)).filter((e): e is CatalogueEntry => e !== undefined);
    const weighted = tierWeights(items);
    if (weighted.length === 0 || weighted.length > CASES.maxItemsPerCase) throw new Error(`${caseName}: ${weighted.length} items`);
    return {
      name: caseName,
      image: source.image ? `${catalogueFile.imageBase}${source.image}` : "",
      priority: (SEEDED_CASES.length - i) * 10,
      items: weighted.map((w) => ({ market_hash_name: w.item.market_hash_name, weight: w.weight })),
    };
  });
}

const notSeeded = "NOT EXISTS (SELECT 1 FROM app_settings WHERE key = 'cases_seeded')";

/** SQL for the seeded cases; the catalogue must be loaded first (prices and ids come from it). */
export function casesSeedSql(entries: readonly CatalogueEntry[] = catalogueEntries()): string[] {
  const out: string[] = [];
  for (const c of seedCases(entries)) {
    const name = sqlString(c.name);
    const values = `(VALUES ${c.items.map((i) => `(${sqlString(i.market_hash_name)}, ${sqlValue(i.weight)})`).join(", ")})`;
    const total = c.items.reduce((s, i) => s + i.weight, 0);
    // price = ceil(Σ w·p · 100 / (W · rtp)), at least 1 cent (shared/case-odds.ts priceForRtp)
    const den = total * CASES.defaultRtpPercent;
    out.push(
      `INSERT INTO cases (name, image, price, priority, active)\n` +
        `SELECT ${name}, ${sqlString(c.image)}, MAX(1, (SUM(v.column2 * k.price) * 100 + ${den - 1}) / ${den}), ${c.priority}, 1\n` +
        `FROM ${values} AS v JOIN catalogue k ON k.market_hash_name = v.column1\n` +
        `WHERE ${notSeeded} AND NOT EXISTS (SELECT 1 FROM cases WHERE name = ${name})\n` +
        // an aggregate answers one row even when nothing matched: insert only when items did
        `HAVING COUNT(*) > 0;`,
      `INSERT INTO case_items (case_id, catalogue_id, weight)\n` +
        `SELECT (SELECT MIN(id) FROM cases WHERE name = ${name}), k.id, v.column2\n` +
        `FROM ${values} AS v JOIN catalogue k ON k.market_hash_name = v.column1\n` +
        `WHERE ${notSeeded} AND NOT EXISTS (SELECT 1 FROM case_items WHERE case_id = (SELECT MIN(id) FROM cases WHERE name = ${name}));`,
    );
  }
  out.push(`INSERT INTO app_settings (key, value) VALUES ('cases_seeded', 'true') ON CONFLICT(key) DO UPDATE SET value = 'true';`);
  return out;
}
