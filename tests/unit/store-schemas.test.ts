// The storehouse request schemas (shared/api/store.ts) and the search helpers (worker/store/list.ts).
import { describe, expect, it } from "vitest";
import { buyBody, getListBody, sellBody, storeKeyOf } from "../../shared/api/store";
import { STORE } from "../../shared/constants";
import { ftsPhrase, searchFilter } from "../../worker/store/list";

const keyOf = (schema: typeof buyBody | typeof sellBody, body: unknown) => {
  const r = schema.safeParse(body);
  return r.success ? "ok" : (storeKeyOf(r.error) ?? "app_api.invalid_request");
};

describe("getListBody", () => {
  it("fills the defaults and turns dollars into cents", () => {
    expect(getListBody.parse({ appId: 730 })).toEqual({ appId: 730, page: 1 });
    expect(getListBody.parse({ appId: "730", page: "2", market_hash_name: "  Redline ", minPrice: "1.5", maxPrice: 20 })).toEqual({
      appId: 730,
      page: 2,
      market_hash_name: "Redline",
      minPrice: 150,
      maxPrice: 2_000,
    });
    // null / blank mean "not given"
    expect(getListBody.parse({ appId: 730, market_hash_name: "  ", minPrice: null, maxPrice: null })).toEqual({ appId: 730, page: 1 });
    expect(getListBody.parse({ appId: 730, minPrice: 0 })).toMatchObject({ minPrice: 0 });
  });

  it("refuses bad input", () => {
    for (const bad of [
      {},
      { appId: 570 },
      { appId: 730, page: 0 },
      { appId: 730, page: 2.5 },
      { appId: 730, minPrice: -0.01 },
      { appId: 730, minPrice: 1.001 },
      { appId: 730, maxPrice: "ten" },
      { appId: 730, maxPrice: "" },
      { appId: 730, maxPrice: false },
      { appId: 730, market_hash_name: "a".repeat(STORE.searchMaxLength + 1) },
      { appId: 730, market_hash_name: ["x"] },
    ]) {
      expect(getListBody.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe("buyBody / sellBody", () => {
  const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

  it("accepts 1…max distinct ids, sellIds optional, a request_id", () => {
    expect(buyBody.parse({ buyIds: [3, "4"] })).toEqual({ buyIds: [3, 4], sellIds: [] });
    expect(buyBody.parse({ buyIds: ids(STORE.maxItemsPerOperation), sellIds: ids(STORE.maxItemsPerOperation), request_id: "a-1:b_2.c" })).toMatchObject({
      request_id: "a-1:b_2.c",
    });
    expect(sellBody.parse({ sellIds: [9] })).toEqual({ sellIds: [9] });
  });

  it("names the storehouse key for an empty or missing selection and for too many", () => {
    expect(keyOf(buyBody, { buyIds: [] })).toBe("storehouse_api.none_selected");
    expect(keyOf(buyBody, {})).toBe("storehouse_api.none_selected");
    expect(keyOf(sellBody, { sellIds: [] })).toBe("storehouse_api.none_selected");
    expect(keyOf(sellBody, {})).toBe("storehouse_api.none_selected");
    expect(keyOf(buyBody, { buyIds: ids(STORE.maxItemsPerOperation + 1) })).toBe("storehouse_api.too_many_items");
    expect(keyOf(buyBody, { buyIds: [1], sellIds: ids(STORE.maxItemsPerOperation + 1) })).toBe("storehouse_api.too_many_items");
    expect(keyOf(sellBody, { sellIds: ids(STORE.maxItemsPerOperation + 1) })).toBe("storehouse_api.too_many_items");
    // none selected wins over too many in the other list
    expect(keyOf(buyBody, { buyIds: [], sellIds: ids(STORE.maxItemsPerOperation + 1) })).toBe("storehouse_api.none_selected");
  });

  it("anything else malformed is plain invalid input", () => {
    for (const bad of [
      { buyIds: [1, 1] },
      { buyIds: [0] },
      { buyIds: [1.5] },
      { buyIds: "1,2" },
      { buyIds: [1], sellIds: [2, 2] },
      { buyIds: [1], request_id: "" },
      { buyIds: [1], request_id: "has space" },
      { buyIds: [1], request_id: "x".repeat(65) },
      { buyIds: [1], request_id: 5 },
    ]) {
      expect(keyOf(buyBody, bad), JSON.stringify(bad)).toBe("app_api.invalid_request");
    }
    expect(keyOf(sellBody, { sellIds: [7, 7] })).toBe("app_api.invalid_request");
  });
});

describe("search helpers", () => {
  it("quotes the text as one FTS5 phrase, doubling quotes", () => {
    expect(ftsPhrase("redline")).toBe('"redline"');
    expect(ftsPhrase('say "hi" OR *')).toBe('"say ""hi"" OR *"');
  });

  it("uses the trigram index from 3 characters and a name scan below", () => {
    expect(searchFilter("ak-47")).toEqual({ sql: expect.stringContaining("catalogue_search MATCH ?"), arg: '"ak-47"' });
    expect(searchFilter("ak")).toEqual({ sql: expect.stringContaining("instr(lower(c.market_hash_name), lower(?))"), arg: "ak" });
    // characters, not UTF-16 units: "★ K" is three
    expect(searchFilter("★ K").sql).toContain("MATCH");
  });
});
