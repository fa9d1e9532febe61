// docs/security.md "Strict ids and pages": every id and page is a strict positive safe integer. A coercing schema read
// `true` as 1, `[5]` as 5 and "1e2" as 100 (a fuzzer renamed two cases that way).
import { describe, expect, it } from "vitest";
import { adminUpdateCaseBody, getOneQuery, openBody } from "../../shared/api/cases";
import { deleteMessageBody, quizStartBody } from "../../shared/api/chat";
import { appIdSchema, idFromText, idNumberSchema, idSchema, idTextSchema, pageSchema } from "../../shared/api/common";
import { getGameBody, scheduleTwistBody } from "../../shared/api/crash";
import { getListBody } from "../../shared/api/store";
import { getUserBody } from "../../shared/api/user";
import { withdrawItemsSchema } from "../../shared/api/withdraws";
import { getGameFrame, newBetFrame } from "../../shared/rooms/crash";

const NOT_IDS: unknown[] = [
  true,
  false,
  [5],
  ["5"],
  "1e2",
  "5e0",
  1.5,
  "1.5",
  0,
  "0",
  -1,
  "-1",
  "+5",
  " 5",
  "5 ",
  "05",
  "0x10",
  2 ** 53,
  "9007199254740992",
  null,
  undefined,
  {},
  "",
  NaN,
  Infinity,
  "٥",
];

describe("idSchema and pageSchema", () => {
  it.each(NOT_IDS.map((v) => [JSON.stringify(v) ?? String(v), v]))("refuse %s", (_, v) => {
    expect(idSchema.safeParse(v).success).toBe(false);
    expect(pageSchema.safeParse(v).success).toBe(false);
    expect(idNumberSchema.safeParse(v).success).toBe(false);
  });

  it("accept a positive safe integer, as a JSON number or plain digits", () => {
    expect(idSchema.parse(5)).toBe(5);
    expect(idSchema.parse("5")).toBe(5);
    expect(idSchema.parse(Number.MAX_SAFE_INTEGER)).toBe(Number.MAX_SAFE_INTEGER);
    expect(idSchema.parse("9007199254740991")).toBe(Number.MAX_SAFE_INTEGER);
    expect(pageSchema.parse(5)).toBe(5);
    expect(pageSchema.parse("5")).toBe(5);
    expect(pageSchema.safeParse(100_001).success).toBe(false);
  });

  it("idNumberSchema (socket frames) and idTextSchema (query strings, object keys) take one form each", () => {
    expect(idNumberSchema.parse(5)).toBe(5);
    expect(idNumberSchema.safeParse("5").success).toBe(false);
    expect(idTextSchema.parse("5")).toBe(5);
    expect(idTextSchema.safeParse(5).success).toBe(false);
    for (const bad of ["1e2", "05", "0", "-1", "1.5", "+5", " 5", "5 ", "0x10", "9007199254740992", "12345678901234567", "", "٥", true]) {
      expect(idTextSchema.safeParse(bad).success, String(bad)).toBe(false);
    }
  });

  it("idFromText reads a path segment strictly (the SPA's /cases/:id)", () => {
    expect(idFromText("12")).toBe(12);
    for (const bad of [undefined, "", "1e2", "0x10", "012", "12abc", " 12", "0"]) expect(idFromText(bad), String(bad)).toBeNull();
  });

  it('appId is 730 or "730" only', () => {
    expect(appIdSchema.parse(730)).toBe(730);
    expect(appIdSchema.parse("730")).toBe(730);
    for (const bad of [[730], "7.3e2", "0730", true, 731]) expect(appIdSchema.safeParse(bad).success).toBe(false);
  });
});

describe("the routes' schemas use them", () => {
  const bad: unknown[] = [true, [5], "1e2", " 5", "05", 1.5, 0, -1, 2 ** 53, null];
  it.each(bad.map((v) => [JSON.stringify(v), v]))("refuse id %s", (_, v) => {
    expect(getGameBody.safeParse({ id: v }).success).toBe(false);
    expect(adminUpdateCaseBody.safeParse({ id: v, name: "renamed" }).success).toBe(false);
    expect(openBody.safeParse({ id: v }).success).toBe(false);
    expect(quizStartBody.safeParse({ question: "q", answer: "a", item_id: v }).success).toBe(false);
    expect(deleteMessageBody.safeParse({ id: v }).success).toBe(false);
    expect(getListBody.safeParse({ appId: 730, page: v }).success).toBe(false);
    expect(withdrawItemsSchema.safeParse([v]).success).toBe(false);
    expect(newBetFrame.safeParse({ event: "newBet", data: { items: [v], autoWithdraw: 2 } }).success).toBe(false);
    expect(getUserBody.safeParse({ user_id: v }).success).toBe(false);
    expect(getGameFrame.safeParse({ event: "getGame", data: { id: v } }).success).toBe(false);
  });

  it("accept 5", () => {
    expect(getGameBody.parse({ id: 5 }).id).toBe(5);
    expect(adminUpdateCaseBody.parse({ id: 5 }).id).toBe(5);
    expect(quizStartBody.parse({ question: "q", answer: "a", item_id: 5 }).item_id).toBe(5);
    expect(getListBody.parse({ appId: 730, page: 5 }).page).toBe(5);
    expect(getListBody.parse({ appId: "730" }).page).toBe(1);
    expect(getUserBody.parse({ user_id: "5" }).user_id).toBe(5);
    expect(openBody.parse({ id: "5" }).id).toBe(5);
    expect(withdrawItemsSchema.parse({ "5": true })).toEqual([5]);
    expect(withdrawItemsSchema.safeParse({ "1e2": true }).success).toBe(false);
    expect(newBetFrame.safeParse({ event: "newBet", data: { items: ["5"], autoWithdraw: 2 } }).success).toBe(false);
  });

  it("getOne's query id is digits only", () => {
    expect(getOneQuery.parse({ id: "5" }).id).toBe(5);
    for (const bad of ["1e2", "true", "05", "5.0", ""]) expect(getOneQuery.safeParse({ id: bad }).success).toBe(false);
  });

  it("the crash twist target is a number or decimal text, never true/[2]/1e2", () => {
    expect(scheduleTwistBody.parse({ nextCrash: 2.5 }).nextCrash).toBe(2.5);
    expect(scheduleTwistBody.parse({ nextCrash: "2.50" }).nextCrash).toBe(2.5);
    for (const bad of [true, [2], "1e2"]) expect(scheduleTwistBody.safeParse({ nextCrash: bad }).success).toBe(false);
  });
});
