// The seed SQL builder and the scripts/seed-sql.mjs command (run by `npm start`). The SQL itself
// is applied inside workerd by tests/worker/prices-seed.test.ts.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { catalogueEntries } from "../../shared/catalogue";
import { catalogueUpsertSql, sqlString } from "../../worker/prices/catalogue-sql";
import { DEMO_USERS, HOUSE_STOCK, pickItems } from "../../scripts/seed/demo";
import { devPriceOf, seedStatements } from "../../scripts/seed/statements";

const root = path.resolve(import.meta.dirname, "../..");
const entries = catalogueEntries();

describe("seed SQL", () => {
  it("quotes SQL strings", () => {
    expect(sqlString("Pandora's Box")).toBe("'Pandora''s Box'");
    expect(sqlString("★ Спам")).toBe("'★ Спам'");
  });

  it("upserts the catalogue in modest multi-row statements, keeping existing prices", () => {
    const sql = catalogueUpsertSql(entries, devPriceOf);
    expect(sql).toHaveLength(Math.ceil(entries.length / 50));
    for (const s of sql) {
      expect(s.length).toBeLessThan(100_000); // D1's statement size limit
      expect(s).toMatch(/ON CONFLICT\(market_hash_name\) DO UPDATE SET/);
      expect(s).not.toMatch(/price = excluded\.price/);
      expect(s).not.toMatch(/\b(BEGIN|COMMIT)\b/);
    }
    expect(catalogueUpsertSql(entries.slice(0, 3), devPriceOf, { overwritePrices: true })[0]).toMatch(/price = excluded\.price/);
    expect(() => catalogueUpsertSql(entries.slice(0, 1), () => 1.5)).toThrow(RangeError);
  });

  it("gives every demo player 5–12 distinct items, the same ones every time", () => {
    for (const u of DEMO_USERS) {
      const items = pickItems(entries, u.items, u.username);
      expect(items.length).toBeGreaterThanOrEqual(5);
      expect(items.length).toBeLessThanOrEqual(12);
      expect(new Set(items).size).toBe(items.length);
      expect(pickItems(entries, u.items, u.username)).toEqual(items);
    }
    expect(DEMO_USERS.filter((u) => u.role === "admin")).toHaveLength(1);
    expect(DEMO_USERS.filter((u) => u.role === "moderator")).toHaveLength(1);
    expect(pickItems(entries, HOUSE_STOCK, "house").length).toBe(HOUSE_STOCK.length);
  });

  it("adds demo data only when asked", () => {
    const plain = seedStatements().join("\n");
    expect(plain).not.toMatch(/INSERT INTO users|INSERT INTO ledger|'seeded'/);
    const demo = seedStatements({ demo: true }).join("\n");
    for (const u of DEMO_USERS) expect(demo).toContain(`'seed:deposit:${u.username.toLowerCase()}'`);
    expect(demo).toContain("'Попрошайничество'");
  });

  // spawns node twice (a cold tsx start each): give it room on a busy 2-core machine
  it("is written by `node scripts/seed-sql.mjs <file> [--demo]`", { timeout: 30_000 }, () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "seed-sql-test-"));
    for (const demo of [false, true]) {
      const file = path.join(dir, `seed-${demo}.sql`);
      const r = spawnSync(process.execPath, ["scripts/seed-sql.mjs", file, ...(demo ? ["--demo"] : [])], { cwd: root, encoding: "utf8" });
      expect(r.status, r.stderr).toBe(0);
      const written = readFileSync(file, "utf8");
      expect(written).toContain(seedStatements({ demo }).join("\n\n"));
    }
  });
});
