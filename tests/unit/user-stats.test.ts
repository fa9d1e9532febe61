import { describe, expect, it } from "vitest";
import { computeStats, presentInventoryItem, presentNotification } from "../../worker/user/presenters";

describe("computeStats (§3 Statistics)", () => {
  it("is all zeros without games", () => {
    expect(computeStats([])).toEqual({ games: 0, won: 0, winrate: 0, amount_won: 0, top_win: 0, top_ratio: 0 });
  });

  it("counts wins, sums and tops in dollars from cents", () => {
    const stats = computeStats([
      { stake: 1000, payout: 2500 },
      { stake: 500, payout: 0 },
      { stake: 300, payout: 1001 },
    ]);
    expect(stats).toEqual({ games: 3, won: 2, winrate: 66.67, amount_won: 35.01, top_win: 25, top_ratio: 3.34 });
  });

  it("takes a won game's best multiplier from the one its history row shows, not the floored payout", () => {
    // a $0.05 stake cashed out at ×1.10 pays floor(5.5) = 5 cents: the history says ×1.10
    const stats = computeStats([
      { stake: 5, payout: 5, multiplier: 110 },
      { stake: 100, payout: 0, multiplier: null },
    ]);
    expect(stats).toEqual({ games: 2, won: 1, winrate: 50, amount_won: 0.05, top_win: 0.05, top_ratio: 1.1 });
  });

  it("keeps cents exact where floats would drift", () => {
    const results = Array.from({ length: 10 }, () => ({ stake: 10, payout: 11 }));
    expect(computeStats(results).amount_won).toBe(1.1);
  });
});

describe("presenters", () => {
  it("present a notification and an inventory row in the contract shape", () => {
    expect(presentNotification({ id: 1, userId: 2, name: "n", content: "c", isRead: true, createdAt: 5 })).toEqual({
      id: 1,
      name: "n",
      content: "c",
      is_read: true,
      created_at: 5,
    });
    expect(
      presentInventoryItem({
        myId: 9,
        catalogueId: 4,
        marketHashName: "M (FT)",
        name: "M",
        exterior: null,
        rarity: "Mil-Spec",
        rarityColor: "#4b69ff",
        image: "i",
        price: 199,
        status: "in_bet",
      }),
    ).toEqual({
      myId: 9,
      id: 4,
      market_hash_name: "M (FT)",
      name: "M",
      exterior: null,
      rarity: "Mil-Spec",
      rarity_color: "#4b69ff",
      image: "i",
      price: 1.99,
      status: "in_bet",
    });
  });
});
