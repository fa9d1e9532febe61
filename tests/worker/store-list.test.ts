// POST /api/all-items/getList: cards of the house stock, search, price bounds, paging, defaults,
// and bad input (400, never 500). Every test searches for its own tag so others' rows stay out.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { STORE } from "../../shared/constants";
import { deposit, makeUser, post } from "./user-fixtures";
import { catalogueItem, getList, houseUnits, tag, userItem } from "./store-fixtures";

describe("getList", () => {
  it("shows one card per catalogue item in stock with its unit count, to visitors too", async () => {
    const t = tag();
    const cat = await catalogueItem(12_345, `Store ${t} | Card (Minimal Wear)`);
    await houseUnits(cat, 3, 1);
    const owner = await makeUser();
    // not stock: a user's item, a house item that is not 'available'
    await userItem(owner.user.id, cat, 12_345);
    await env.DB.prepare("INSERT INTO inventory_items (owner_id, catalogue_id, price, status) VALUES (NULL, ?1, 1, 'withdrawn')").bind(cat).run();
    const other = await catalogueItem(50, `Store ${t} | Not In Stock`);
    await userItem(owner.user.id, other, 50);

    const res = await post("/api/all-items/getList", { appId: 730, market_hash_name: t });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      data: [
        {
          id: cat,
          market_hash_name: `Store ${t} | Card (Minimal Wear)`,
          name: `Store ${t} | Card (Minimal Wear)`,
          exterior: "Field-Tested",
          rarity: "Classified",
          rarity_color: "#d32ce6",
          image: `img/Store ${t} | Card (Minimal Wear)`,
          // the current catalogue price, not the units' booked price
          price: 123.45,
          market_count: 3,
        },
      ],
      page: 1,
      hasMore: false,
    });
  });

  it("searches by substring, in any case, through the trigram index and for short texts too", async () => {
    const t = tag();
    const a = await catalogueItem(300, `AK-47 | ${t}Lime Fever (Field-Tested)`);
    const b = await catalogueItem(200, `M4A1-S | ${t}Limelight (Factory New)`);
    const c = await catalogueItem(100, `Glock-18 | ${t}Sour (Battle-Scarred)`);
    for (const id of [a, b, c]) await houseUnits(id);
    const ids = async (search: string, extra: object = {}) => (await getList({ market_hash_name: search, ...extra })).data.map((x) => x.id);

    expect(await ids(t)).toEqual([a, b, c]);
    expect(await ids(`${t}LIME`)).toEqual([a, b]);
    expect(await ids(`${t}lime fever`.toUpperCase())).toEqual([a]);
    expect(await ids(`ak-47 | ${t}`)).toEqual([a]);
    expect(await ids(`${t}sour (battle`)).toEqual([c]);
    expect(await ids(`${t}nothing`)).toEqual([]);
    // 1–2 characters cannot use trigrams (a scan of the names instead): every hit contains them
    const short = (await getList({ market_hash_name: "uR", minPrice: 1, maxPrice: 1 })).data;
    expect(short.map((x) => x.id)).toContain(c);
    for (const card of short) expect(card.market_hash_name.toLowerCase()).toContain("ur");
    expect((await getList({ market_hash_name: "x", minPrice: 1, maxPrice: 1 })).data.map((x) => x.id)).not.toContain(c);
    // text with FTS syntax or quotes is just text
    for (const odd of [`"${t}`, `${t}" OR "x`, "AND OR NOT *", "NEAR(a b)", "'; DROP TABLE catalogue; --", "%_%", "★"]) {
      const res = await post("/api/all-items/getList", { appId: 730, market_hash_name: odd });
      expect(res.status, odd).toBe(200);
    }
    // an empty or blank search is no search
    expect((await getList({ market_hash_name: "   ", minPrice: 2, maxPrice: 3 })).data.map((x) => x.id)).toContain(b);
  });

  it("follows renames in the catalogue (the search index is kept in step)", async () => {
    const t = tag();
    const cat = await catalogueItem(100, `Store ${t}Old`);
    await houseUnits(cat);
    await env.DB.prepare("UPDATE catalogue SET market_hash_name = ?2, price = 101 WHERE id = ?1").bind(cat, `Store ${t}New`).run();
    expect((await getList({ market_hash_name: `${t}Old` })).data).toEqual([]);
    expect((await getList({ market_hash_name: `${t}New` })).data).toMatchObject([{ id: cat, price: 1.01 }]);
  });

  it("bounds prices inclusively; minPrice defaults to 0, maxPrice to the signed-in user's balance", async () => {
    const t = tag();
    const cheap = await catalogueItem(100, `Store ${t} | One`);
    const mid = await catalogueItem(200, `Store ${t} | Two`);
    const dear = await catalogueItem(300, `Store ${t} | Three`);
    for (const id of [cheap, mid, dear]) await houseUnits(id);
    const ids = async (extra: object, token?: string) => (await getList({ market_hash_name: t, ...extra }, token)).data.map((x) => x.id);

    expect(await ids({})).toEqual([dear, mid, cheap]);
    expect(await ids({ minPrice: 1.5, maxPrice: 2.5 })).toEqual([mid]);
    expect(await ids({ minPrice: 2, maxPrice: 2 })).toEqual([mid]);
    expect(await ids({ minPrice: "2.00", maxPrice: "3" })).toEqual([dear, mid]);
    expect(await ids({ minPrice: 3.01 })).toEqual([]);
    expect(await ids({ minPrice: null, maxPrice: null })).toEqual([dear, mid, cheap]);

    const me = await makeUser();
    await deposit(me.user.id, 200);
    expect(await ids({}, me.token)).toEqual([mid, cheap]);
    expect(await ids({ maxPrice: 10 }, me.token)).toEqual([dear, mid, cheap]);
    const broke = await makeUser();
    expect(await ids({}, broke.token)).toEqual([]);
  });

  it("pages by STORE.pageSize sorted by price desc, with hasMore", async () => {
    const t = tag();
    const total = STORE.pageSize + 5;
    const made: number[] = [];
    for (let i = 0; i < total; i++) {
      const id = await catalogueItem(1_000 + i, `Store ${t} | P${i}`);
      await houseUnits(id);
      made.push(id);
    }
    const p1 = await getList({ market_hash_name: t });
    const p2 = await getList({ market_hash_name: t, page: 2 });
    const p3 = await getList({ market_hash_name: t, page: "3" });
    expect([p1.data.length, p1.page, p1.hasMore]).toEqual([STORE.pageSize, 1, true]);
    expect([p2.data.length, p2.page, p2.hasMore]).toEqual([5, 2, false]);
    expect([p3.data.length, p3.hasMore]).toEqual([0, false]);
    const all = [...p1.data, ...p2.data];
    expect(all.map((x) => x.id)).toEqual([...made].reverse());
    const prices = all.map((x) => x.price);
    expect(prices).toEqual([...prices].sort((x, y) => y - x));
  });

  it("answers bad input with 400 app_api.invalid_request", async () => {
    const bad: unknown[] = [
      { appId: 570 },
      {},
      { appId: 730, page: 0 },
      { appId: 730, page: 1.5 },
      { appId: 730, page: "x" },
      // docs/security.md "Strict ids and pages": a page is a JSON number only, never coerced
      { appId: 730, page: "03" },
      { appId: 730, page: " 3" },
      { appId: 730, page: true },
      { appId: 730, page: [2] },
      { appId: 730, page: "1e2" },
      { appId: 730, page: 2 ** 53 },
      { appId: [730] },
      { appId: 730, minPrice: "abc" },
      { appId: 730, minPrice: -1 },
      { appId: 730, maxPrice: 1.234 },
      { appId: 730, minPrice: true },
      { appId: 730, market_hash_name: "x".repeat(STORE.searchMaxLength + 1) },
      { appId: 730, market_hash_name: 5 },
      "{oops",
    ];
    for (const body of bad) {
      const res = await post("/api/all-items/getList", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json(), JSON.stringify(body)).toMatchObject({ message: "app_api.invalid_request" });
    }
  });
});
