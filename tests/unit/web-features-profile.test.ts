import { describe, expect, it } from "vitest";
import { checkTradeLink } from "../../web/src/features/profile/tradeLink";
import { rollInputFromQuery } from "../../web/src/features/cases/caseRollCheck";
import { betStatus, canCancelWithdrawal, caseVerifyHref, waitsOnBot } from "../../web/src/features/profile/historyRows";
import { OPS } from "../../shared/constants";

const good = "https://steamcommunity.com/tradeoffer/new/?partner=123456789&token=AbC_-123";

describe("checkTradeLink (same schema as POST /api/user/saveUrl)", () => {
  it("accepts a real trade offer URL and trims a sloppy paste", () => {
    expect(checkTradeLink(good)).toEqual({ ok: true, value: good });
    expect(checkTradeLink(`  ${good}\n`)).toEqual({ ok: true, value: good });
  });
  it("says empty for blank input", () => {
    expect(checkTradeLink("   ")).toEqual({ ok: false, reason: "empty" });
  });
  it.each([
    ["http instead of https", good.replace("https", "http")],
    ["another host", good.replace("steamcommunity.com", "steamcommunity.co")],
    ["a token of 7 characters", good.replace("AbC_-123", "AbC_-12")],
    ["a token of 9 characters", good.replace("AbC_-123", "AbC_-1234")],
    ["a non-numeric partner", good.replace("123456789", "12a")],
    ["an extra parameter", `${good}&x=1`],
    ["swapped parameters", "https://steamcommunity.com/tradeoffer/new/?token=AbC_-123&partner=1"],
  ])("rejects %s", (_label, link) => {
    expect(checkTradeLink(link)).toEqual({ ok: false, reason: "invalid" });
  });
});

describe("history rows", () => {
  it("names a bet's is_win (0 pending, 1 won, 2 lost)", () => {
    expect([0, 1, 2].map((v) => betStatus(v as 0 | 1 | 2))).toEqual(["pending", "won", "lost"]);
  });
  it("links a case opening to its case's roll check with the roll's inputs, which the check reads back", () => {
    const roll = { case_id: 4, server_seed_hash: "a".repeat(64), client_seed: "my seed&x=1", nonce: 17 };
    const href = caseVerifyHref(roll);
    expect(href.startsWith("/cases/4?")).toBe(true);
    expect(href.endsWith("#case-fair")).toBe(true);
    const query = new URL(href, "https://x.test").searchParams;
    expect(rollInputFromQuery(query)).toEqual({ serverSeed: "", clientSeed: "my seed&x=1", nonce: "17", serverSeedHash: "a".repeat(64) });
  });
  it("offers cancel only on a money withdrawal whose row carries the cancel action", () => {
    const money = {
      id: 7,
      type: "money" as const,
      system: 3,
      wallet: "•••• 1111",
      amount: 12.5,
      tax: 2.5,
      payout: 10,
      status: "moderation" as const,
      action: "cancel" as const,
      date: 1_700_000_000_000,
    };
    expect(canCancelWithdrawal(money)).toBe(true);
    expect(canCancelWithdrawal({ ...money, status: "sending", action: null })).toBe(false);
    const skin = {
      id: "0b6f",
      system: "skins" as const,
      wallet: "https://steamcommunity.com/tradeoffer/new/?partner=1",
      amount: 3,
      status: "sending" as const,
      offer: false,
      security_code: null,
      action: null,
      date: 1,
    };
    expect(canCancelWithdrawal(skin)).toBe(false);
  });
  it("says a skin request waits on the trade bot once it has had no offer for OPS.stuckTradeMs", () => {
    const skin = {
      id: "0b6f",
      system: "skins" as const,
      wallet: "https://t",
      amount: 3,
      status: "sending" as const,
      offer: false,
      security_code: null,
      action: null,
      date: 1_000,
    };
    const at = 1_000 + OPS.stuckTradeMs;
    expect(waitsOnBot(skin, at - 1)).toBe(false);
    expect(waitsOnBot(skin, at)).toBe(true);
    expect(waitsOnBot({ ...skin, offer: true }, at)).toBe(false); // the offer is out: the player's turn
    expect(waitsOnBot({ ...skin, status: "completed" }, at)).toBe(false);
    const money = {
      id: 7,
      type: "money" as const,
      system: 3,
      wallet: "•",
      amount: 1,
      tax: 0,
      payout: 1,
      status: "sending" as const,
      action: null,
      date: 1_000,
    };
    expect(waitsOnBot(money, at)).toBe(false);
    const deposit = {
      id: "d",
      trade_link: "https://t",
      offer_id: null,
      state: "sending" as const,
      amount: 1,
      items: [],
      created_at: 1_000,
      credited_at: null,
      tradable_after: null,
    };
    expect(waitsOnBot(deposit as never, at)).toBe(true);
    expect(waitsOnBot({ ...deposit, state: "active" } as never, at)).toBe(false);
    expect(waitsOnBot(deposit as never, at - 1)).toBe(false);
  });
});
