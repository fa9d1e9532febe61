// shared/api/cases.ts: what the cases calls accept and what their answers look like.
import { describe, expect, it } from "vitest";
import { adminCreateCaseBody, adminUpdateCaseBody, caseJson, getOneQuery, liveDropJson, openBody, rotateAnswer } from "../../shared/api/cases";

describe("cases request schemas", () => {
  it("open takes a case id and an optional request_id of 1..64 characters", () => {
    expect(openBody.parse({ id: 5 })).toEqual({ id: 5 });
    expect(openBody.parse({ id: "7", request_id: "abc" })).toEqual({ id: 7, request_id: "abc" });
    for (const bad of [{}, { id: 0 }, { id: 1.5 }, { id: "x" }, { id: 1, request_id: "" }, { id: 1, request_id: "k".repeat(65) }, { id: 1, request_id: 5 }]) {
      expect(openBody.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(getOneQuery.parse({ id: "12" })).toEqual({ id: 12 });
    expect(getOneQuery.safeParse({}).success).toBe(false);
  });

  it("admin create fills defaults and leaves item numbers to the server's check; prices are dollars ≤ 2 decimals", () => {
    expect(adminCreateCaseBody.parse({ name: " Box ", items: [{ catalogue_id: 1, weight: 0 }] })).toEqual({
      name: "Box",
      image: "",
      priority: 0,
      active: true,
      items: [{ catalogue_id: 1, weight: 0 }],
    });
    expect(adminCreateCaseBody.safeParse({ name: "Box", price: 1.234, items: [] }).success).toBe(false);
    expect(adminCreateCaseBody.safeParse({ name: "", items: [] }).success).toBe(false);
    expect(adminCreateCaseBody.safeParse({ name: "Box", items: [{ catalogue_id: 1, weight: 1, extra: 1 }] }).success).toBe(false);
    expect(adminUpdateCaseBody.parse({ id: 3, active: false })).toEqual({ id: 3, active: false });
    expect(adminUpdateCaseBody.safeParse({ name: "no id" }).success).toBe(false);
  });
});

describe("cases answer schemas", () => {
  it("a case carries dollars and an RTP; a live drop and a rotation have their exact shapes", () => {
    const casePath = `/img/case/${"c".repeat(64)}.webp`;
    expect(caseJson.safeParse({ id: 1, name: "C", image: casePath, price: 1.99, priority: 0, rtp: 89.95 }).success).toBe(true);
    expect(caseJson.safeParse({ id: 1, name: "C", image: null, price: 1.99, priority: 0, rtp: 89.95 }).success).toBe(true);
    expect(caseJson.safeParse({ id: 1, name: "C", image: casePath, price: 1.999, priority: 0, rtp: 89.95 }).success).toBe(false);
    // pictures are the site's own paths of the right kind, or null: never a link to another host
    for (const image of ["", `https://cdn.cstrike.app/images/${"c".repeat(64)}.webp`, `/img/item/${"c".repeat(64)}.webp`, "/img/case/x.webp"]) {
      expect(caseJson.safeParse({ id: 1, name: "C", image, price: 1.99, priority: 0, rtp: 89.95 }).success).toBe(false);
    }
    const hash = "a".repeat(64);
    expect(
      rotateAnswer.safeParse({
        success: true,
        message: "cases_api.seed_rotated",
        previous: { server_seed: "b".repeat(64), server_seed_hash: hash, client_seed: "c", nonce: 3 },
        server_seed_hash: hash,
        client_seed: "c",
        nonce: 0,
      }).success,
    ).toBe(true);
    expect(
      rotateAnswer.safeParse({ success: true, message: "cases_api.seed_rotated", previous: null, server_seed_hash: hash, client_seed: "c", nonce: 0 }).success,
    ).toBe(false);
    const item = { id: 9, market_hash_name: "m", name: "n", image: `/img/item/${"1".repeat(64)}.webp`, rarity: "Covert", rarity_color: "#eb4b4b", price: 2.5 };
    const drop = { id: 1, user: { id: 2, username: "u", avatar: "a" }, item, case: { id: 3, name: "C", image: null }, time: 1 };
    expect(liveDropJson.parse(drop)).toEqual(drop);
    expect(liveDropJson.safeParse({ ...drop, extra: 1 }).success).toBe(false);
    expect(liveDropJson.safeParse({ ...drop, item: { ...item, image: "i" } }).success).toBe(false);
  });
});
