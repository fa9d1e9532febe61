// FreeKassa API v1 signatures of payouts (worker/payments/freekassa-payout.ts). The rule, per
// FreeKassa's API docs (docs.freekassa.net, "API" 2.2): signature = HMAC-SHA256(API key, the
// request's values sorted by key name and joined with "|"), hex. The vector below was computed
// independently with node:crypto's createHmac over the message shown.
import { describe, expect, it } from "vitest";
import { apiSignature } from "../../worker/payments/freekassa-payout";

describe("FreeKassa API v1 signature", () => {
  const create = { shopId: 777, nonce: 1764111600000, i: 4, account: "4111111111111111", amount: "16", currency: "USD", paymentId: "42" };

  it("a withdrawals/create body: sorted by key (account, amount, currency, i, nonce, paymentId, shopId)", async () => {
    // message: 4111111111111111|16|USD|4|1764111600000|42|777
    expect(await apiSignature("sandbox-api-key", create)).toBe("b21a485757b8a2ab1724826ee867ace996714e6f27a649f011c9c32a23075dca");
  });

  it("does not depend on the order the fields were written in; any change of value or key changes it", async () => {
    const reversed = Object.fromEntries(Object.entries(create).reverse());
    const base = await apiSignature("sandbox-api-key", create);
    expect(await apiSignature("sandbox-api-key", reversed)).toBe(base);
    expect(await apiSignature("sandbox-api-key", { ...create, amount: "16.01" })).not.toBe(base);
    expect(await apiSignature("another-key", create)).not.toBe(base);
  });
});
