// The seeded cases (scripts/seed/cases.ts) applied in D1 after the catalogue: real CS2 cases'
// contents with the usual tier odds, priced so that EV = CASES.defaultRtpPercent % of the price,
// knives or gloves as the rare special tier, opened for real, and a second run changes nothing.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getCasesAnswer, getOneAnswer } from "../../shared/api/cases";
import { CASES } from "../../shared/constants";
import { casesSeedSql, SEEDED_CASES, seedCases } from "../../scripts/seed/cases";
import { seedStatements } from "../../scripts/seed/statements";
import { reconcile } from "../../worker/books/reconcile";
import { getCases, getOne, openCase } from "./cases-fixtures";
import { runSql } from "./prices-fixtures";
import { deposit, makeUser } from "./user-fixtures";

const counts = async () =>
  (await env.DB.prepare(
    "SELECT (SELECT COUNT(*) FROM cases) AS cases, (SELECT COUNT(*) FROM case_items) AS items, (SELECT SUM(price) FROM cases) AS prices",
  ).first<{
    cases: number;
    items: number;
    prices: number;
  }>())!;

describe("seeded cases", () => {
  it("seeds 6–10 real cases priced at the default RTP, with the tier odds and a rare special tier", async () => {
    await runSql(seedStatements());
    await runSql(casesSeedSql());
    const listed = getCasesAnswer.parse(await getCases()).cases;
    expect(SEEDED_CASES.length).toBeGreaterThanOrEqual(6);
    expect(SEEDED_CASES.length).toBeLessThanOrEqual(10);
    expect(listed.map((c) => c.name)).toEqual([...SEEDED_CASES]);
    const plans = seedCases();

    for (const c of listed) {
      // ceil pricing: at most the target, and less than one cent above it would exceed it
      expect(c.rtp).toBeLessThanOrEqual(CASES.defaultRtpPercent);
      expect(c.rtp).toBeGreaterThan(CASES.defaultRtpPercent - 1);
      // the seeded cases use catalogue pictures: answered as the site's own paths
      expect(c.image).toMatch(/^\/img\/case\/[0-9a-f]{64}\.webp$/);
      const { case: full } = getOneAnswer.parse(await getOne(c.id));
      for (const i of full.items) expect(i.image).toMatch(/^\/img\/item\/[0-9a-f]{64}\.webp$/);
      const plan = plans.find((p) => p.name === c.name)!;
      expect(full.items).toHaveLength(plan.items.length);
      const ev = full.items.reduce((s, i) => s + i.weight * Math.round(i.price * 100), 0) / full.items.reduce((s, i) => s + i.weight, 0);
      expect(ev * 100).toBeLessThanOrEqual(CASES.defaultRtpPercent * Math.round(c.price * 100));
      expect(ev * 100).toBeGreaterThan(CASES.defaultRtpPercent * (Math.round(c.price * 100) - 1));

      const tierShare = (rarity: string) => full.items.filter((i) => i.rarity === rarity).reduce((s, i) => s + i.chance, 0);
      expect(tierShare("Mil-Spec Grade")).toBeCloseTo(79.92, 2);
      expect(tierShare("Restricted")).toBeCloseTo(15.98, 2);
      expect(tierShare("Classified")).toBeCloseTo(3.2, 2);
      expect(tierShare("Covert")).toBeCloseTo(0.64, 2);
      const special = full.items.filter((i) => i.name.startsWith("★"));
      expect(special.length).toBeGreaterThan(0);
      expect(special.reduce((s, i) => s + i.chance, 0)).toBeCloseTo(0.26, 2);
      // one market item per skin: Field-Tested where the skin has it
      expect(new Set(full.items.map((i) => i.name)).size).toBe(full.items.length);
      expect(full.items.filter((i) => i.exterior === "Field-Tested").length).toBeGreaterThan(full.items.length / 2);
    }
    expect(listed.some((c) => c.name === "Glove Case")).toBe(true);

    const before = await counts();
    await runSql(casesSeedSql());
    await runSql(seedStatements());
    await runSql(casesSeedSql());
    expect(await counts()).toEqual(before);
  });

  it("a seeded case opens and the books stay balanced", async () => {
    const kase = getCasesAnswer.parse(await getCases()).cases[0]!;
    const { user, token } = await makeUser();
    const price = Math.round(kase.price * 100);
    await deposit(user.id, price * 3);
    for (let i = 0; i < 3; i++) expect((await openCase(token, kase.id)).status).toBe(200);
    expect((await reconcile(env)).ok).toBe(true);
  });
});
