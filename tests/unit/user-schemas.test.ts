import { describe, expect, it } from "vitest";
import { adjustBody, banBody } from "../../shared/api/admin";
import { getInventoryBody, tradeLinkIsOf, tradeLinkSchema, userIdSchema } from "../../shared/api/user";

const LINK = "https://steamcommunity.com/tradeoffer/new/?partner=1234567&token=Ab_-9xYz";

describe("tradeLinkSchema", () => {
  it("accepts exactly the Steam trade offer URL and trims a pasted one", () => {
    expect(tradeLinkSchema.parse(LINK)).toBe(LINK);
    expect(tradeLinkSchema.parse(`\n ${LINK}\t`)).toBe(LINK);
  });
  it.each([
    LINK.replace("https://", "http://"),
    LINK.replace("steamcommunity.com", "steamcommunity.com.evil.io"),
    LINK.replace("steamcommunity.com", "www.steamcommunity.com"),
    LINK.replace("tradeoffer/new/?", "tradeoffer/new?"),
    LINK.replace("partner=1234567", "partner="),
    LINK.replace("partner=1234567", "partner=12345678901"),
    LINK.replace("Ab_-9xYz", "Ab_-9xY"),
    LINK.replace("Ab_-9xYz", "Ab_-9xY!"),
    `${LINK}1`,
    `${LINK}#x`,
    "https://steamcommunity.com/tradeoffer/new/?token=Ab_-9xYz&partner=1234567",
    "",
  ])("refuses %s", (link) => {
    expect(tradeLinkSchema.safeParse(link).success).toBe(false);
  });
  it("refuses non-strings", () => {
    for (const v of [null, undefined, 5, {}, [LINK]]) expect(tradeLinkSchema.safeParse(v).success).toBe(false);
  });
});

describe("userIdSchema", () => {
  it("takes a positive integer as a number or digits", () => {
    expect(userIdSchema.parse(12)).toBe(12);
    expect(userIdSchema.parse("12")).toBe(12);
  });
  it.each([0, -1, 1.5, "1.5", " 1", "", true, null, [1], 2 ** 53, "99999999999999999"])("refuses %j", (v) => {
    expect(userIdSchema.safeParse(v).success).toBe(false);
  });
});

describe("getInventoryBody", () => {
  it("takes 730 after coercion only", () => {
    expect(getInventoryBody.parse({ appId: "730" })).toEqual({ appId: 730 });
    expect(getInventoryBody.safeParse({ appId: 570 }).success).toBe(false);
    expect(getInventoryBody.safeParse({}).success).toBe(false);
  });
});

describe("adjustBody", () => {
  const base = { user_id: 3, reason: "prize" };
  it("turns dollars into cents, negative allowed, with an optional key", () => {
    expect(adjustBody.parse({ ...base, amount: 12.5 })).toEqual({ ...base, amount: 1250 });
    expect(adjustBody.parse({ ...base, amount: "-0.01", idempotency_key: "abcdefgh" })).toEqual({ ...base, amount: -1, idempotency_key: "abcdefgh" });
    expect(adjustBody.parse({ ...base, amount: 1_000_000 }).amount).toBe(100_000_000);
  });
  it.each([0, "0.00", 1.001, "2.345", 1_000_000.01, -1_000_000.01, 1e21, Number.NaN, Infinity, "1e3", true, null])("refuses the amount %j", (amount) => {
    expect(adjustBody.safeParse({ ...base, amount }).success).toBe(false);
  });
  it("bounds the reason and the key", () => {
    expect(adjustBody.safeParse({ user_id: 3, amount: 1, reason: "" }).success).toBe(false);
    expect(adjustBody.safeParse({ user_id: 3, amount: 1, reason: "x".repeat(201) }).success).toBe(false);
    expect(adjustBody.safeParse({ user_id: 3, amount: 1, reason: "x".repeat(200) }).success).toBe(true);
    expect(adjustBody.safeParse({ ...base, amount: 1, idempotency_key: "1234567" }).success).toBe(false);
    expect(adjustBody.safeParse({ ...base, amount: 1, idempotency_key: "k".repeat(100) }).success).toBe(true);
  });
});

describe("banBody", () => {
  it("takes an optional reason", () => {
    expect(banBody.parse({ user_id: 1 })).toEqual({ user_id: 1 });
    expect(banBody.parse({ user_id: 1, reason: " spam " })).toEqual({ user_id: 1, reason: "spam" });
    expect(banBody.safeParse({ user_id: 1, reason: 1 }).success).toBe(false);
  });
});

describe("tradeLinkIsOf", () => {
  const link = (partner: string) => `https://steamcommunity.com/tradeoffer/new/?partner=${partner}&token=Ab_-9xYz`;
  it("matches the account id the SteamID64 carries", () => {
    expect(tradeLinkIsOf(link("123456789"), "76561198083722517")).toBe(true);
    expect(tradeLinkIsOf(link("1"), "76561197960265729")).toBe(true);
    expect(tradeLinkIsOf(link("4294967295"), "76561202255233023")).toBe(true); // the largest 32-bit account
  });
  it("refuses another account, a missing partner and a malformed SteamID64", () => {
    expect(tradeLinkIsOf(link("123456788"), "76561198083722517")).toBe(false);
    expect(tradeLinkIsOf("https://steamcommunity.com/tradeoffer/new/?token=Ab_-9xYz", "76561198083722517")).toBe(false);
    expect(tradeLinkIsOf(link("123456789"), "7656119808372251")).toBe(false);
    expect(tradeLinkIsOf(link("123456789"), "76561198083722517x")).toBe(false);
  });
});
