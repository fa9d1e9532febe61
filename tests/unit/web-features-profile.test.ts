import { describe, expect, it } from "vitest";
import { checkTradeLink } from "../../web/src/features/profile/tradeLink";
import { canCancelWithdrawal, toDate, toHistoryRow, toStatus, toWithdrawalRow } from "../../web/src/features/profile/historyRows";

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
  it("reads a crash bet row of §3 (is_win 0/1/2, bank, win)", () => {
    const row = toHistoryRow(
      {
        id: 7,
        game_id: 42,
        bank: 12.5,
        multiplier: 2,
        is_win: 1,
        win: 25,
        items: [{ market_hash_name: "AK-47 | Redline (Field-Tested)", image: "", rarity_color: "#eb4b4b" }],
        created_at: 1_700_000_000_000,
      },
      0,
    );
    expect(row).toMatchObject({ gameId: 42, bet: 12.5, multiplier: 2, status: "won", earnings: 25 });
    expect(row.items).toEqual([{ name: "AK-47 | Redline (Field-Tested)", image: null, rarityColor: "#eb4b4b" }]);
    expect(row.date?.getTime()).toBe(1_700_000_000_000);
  });
  it("reads wheel colours and falls back to the row id as the game id", () => {
    expect(toHistoryRow({ id: 3, color: "red", result_color: "black", is_win: 2 }, 0)).toMatchObject({
      gameId: 3,
      placedColour: "red",
      resultColour: "black",
      status: "lost",
      items: [],
    });
  });
  it("maps bet statuses and rejects unknown ones", () => {
    expect([0, 1, 2, "won", "lost", "pending", 5, "x"].map(toStatus)).toEqual(["pending", "won", "lost", "won", "lost", "pending", null, null]);
  });
  it("accepts epoch ms, epoch seconds and ISO dates; refuses garbage", () => {
    expect(toDate(1_700_000_000)?.getTime()).toBe(1_700_000_000_000);
    expect(toDate("2026-11-22T05:00:00Z")?.toISOString()).toBe("2026-11-22T05:00:00.000Z");
    expect(toDate("soon")).toBeNull();
    expect(toDate(undefined)).toBeNull();
  });
  it("reads withdrawals and offers cancel only where the row carries the cancel action", () => {
    const w = toWithdrawalRow({ id: 5, system: 1, wallet: "P123", sum: 10, status: "moderation", action: "cancel", created_at: 1 });
    expect(w).toMatchObject({ id: 5, system: "1", wallet: "P123", amount: 10, status: "moderation", type: "money", action: "cancel" });
    expect(canCancelWithdrawal(w)).toBe(true);
    // the cancel action shows only where the server offers it (money rows in moderation)
    expect(canCancelWithdrawal({ ...w, action: null })).toBe(false);
    expect(canCancelWithdrawal(toWithdrawalRow({ id: 6, type: "money", system: 3, status: "sending", action: null, date: 1 }))).toBe(false);
    expect(canCancelWithdrawal({ ...w, id: null })).toBe(false);
  });
  it("reads a money row of the contract and a skin row (type skins, never cancellable)", () => {
    const money = toWithdrawalRow({
      id: 7,
      type: "money",
      system: 3,
      wallet: "•••• 1111",
      amount: 12.5,
      tax: 2.5,
      payout: 10,
      status: "moderation",
      action: "cancel",
      date: 1_700_000_000_000,
    });
    expect(money).toMatchObject({ id: 7, type: "money", system: "3", wallet: "•••• 1111", amount: 12.5, action: "cancel" });
    expect(money.date?.getTime()).toBe(1_700_000_000_000);
    const skin = toWithdrawalRow({
      id: "0b6f",
      system: "skins",
      wallet: "https://steamcommunity.com/tradeoffer/new/?partner=1",
      amount: 3,
      status: "sending",
      action: null,
      date: 1,
    });
    expect(skin).toMatchObject({ type: "skins", system: "skins", action: null });
    expect(canCancelWithdrawal(skin)).toBe(false);
  });
});
