// The /api/withdraws bodies and answers (shared/api/withdraws.ts): `items` keyed by item id or
// an array of ids, normalised to distinct ids; anything else is refused.
import { describe, expect, it } from "vitest";
import { skinWithdrawRow, withdrawPreviewAnswer, withdrawPreviewBody, withdrawSendAnswer, withdrawSendBody } from "../../shared/api/withdraws";

describe("withdrawSendBody", () => {
  it("reads items keyed by id (values ignored) and arrays of ids", () => {
    expect(withdrawSendBody.parse({ items: { "12": true, "7": { any: "thing" }, "3": null } })).toEqual({ items: [3, 7, 12] });
    expect(withdrawSendBody.parse({ items: [5, 9] })).toEqual({ items: [5, 9] });
    expect(withdrawSendBody.parse({ items: ["5", 9] })).toEqual({ items: [5, 9] }); // ids may come as strings
    expect(withdrawSendBody.parse({ items: [4, 4, 2, 4] })).toEqual({ items: [4, 2] });
    expect(withdrawSendBody.parse({ items: {}, request_id: "abc-1" })).toEqual({ items: [], request_id: "abc-1" });
  });

  it("refuses malformed ids, a missing items field and bad request ids", () => {
    for (const bad of [
      {},
      { items: "1,2" },
      { items: 5 },
      { items: null },
      { items: { x: 1 } },
      { items: { "0": 1 } },
      { items: { "-3": 1 } },
      { items: { "1.5": 1 } },
      { items: { "99999999999999999999": 1 } },
      { items: [0] },
      { items: [1.5] },
      { items: [-2] },
      { items: Array.from({ length: 501 }, (_, i) => i + 1) },
      { items: [1], request_id: "" },
      { items: [1], request_id: "has space" },
      { items: [1], request_id: "x".repeat(65) },
    ]) {
      expect(withdrawSendBody.safeParse(bad).success, JSON.stringify(bad).slice(0, 80)).toBe(false);
    }
  });

  it("the preview body reads items the same way", () => {
    expect(withdrawPreviewBody.parse({ items: { "8": 1 } })).toEqual({ items: [8] });
  });
});

describe("answers", () => {
  it("describe what the server sends", () => {
    expect(withdrawSendAnswer.parse({ status: "success", message: "inventory_api.withdraw_sent", id: "u-1" })).toBeTruthy();
    expect(withdrawPreviewAnswer.parse({ amount: 12.55, fee: 2.51, fee_percent: 20 })).toBeTruthy();
    expect(withdrawPreviewAnswer.safeParse({ amount: 12.555, fee: 2.51, fee_percent: 20 }).success).toBe(false);
    const row = { id: "u-1", system: "skins", wallet: "https://t", amount: 1.5, status: "sending", offer: false, security_code: null, action: null, date: 1 };
    expect(skinWithdrawRow.parse(row)).toEqual(row);
    expect(skinWithdrawRow.safeParse({ ...row, offer: undefined }).success).toBe(false);
    expect(skinWithdrawRow.safeParse({ ...row, status: "lost" }).success).toBe(false);
  });
});
