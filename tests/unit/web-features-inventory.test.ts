import { describe, expect, it } from "vitest";
import { splitItemName } from "../../web/src/ui/itemName";
import { createSelectionStore, selectedTotalCents } from "../../web/src/features/inventory/selectionStore";

describe("inventory selection store", () => {
  it("toggles available items on and off, keeping pick order", () => {
    const s = createSelectionStore();
    s.getState().toggle({ myId: 2, status: "available" });
    s.getState().toggle({ myId: 1, status: "available" });
    expect(s.getState().selected).toEqual([2, 1]);
    s.getState().toggle({ myId: 2, status: "available" });
    expect(s.getState().selected).toEqual([1]);
  });
  it("refuses items that are in a bet or being withdrawn", () => {
    const s = createSelectionStore();
    s.getState().toggle({ myId: 3, status: "in_bet" });
    s.getState().toggle({ myId: 4, status: "withdrawing" });
    expect(s.getState().selected).toEqual([]);
  });
  it("drops selected items that left the inventory or changed status", () => {
    const s = createSelectionStore();
    for (const myId of [1, 2, 3]) s.getState().toggle({ myId, status: "available" });
    s.getState().retainAvailable([
      { myId: 1, status: "available" },
      { myId: 2, status: "in_bet" },
    ]);
    expect(s.getState().selected).toEqual([1]);
    s.getState().clear();
    expect(s.getState().selected).toEqual([]);
  });
  it("sums the selected prices in cents without float drift", () => {
    const items = [
      { myId: 1, price: 0.1 },
      { myId: 2, price: 0.2 },
      { myId: 3, price: 1000.05 },
    ];
    expect(selectedTotalCents(items, [1, 2])).toBe(30);
    expect(selectedTotalCents(items, [1, 2, 3])).toBe(100035);
    expect(selectedTotalCents(items, [])).toBe(0);
    expect(selectedTotalCents(items, [99])).toBe(0);
  });
});

describe("splitItemName", () => {
  it("splits a weapon skin with its exterior", () => {
    expect(splitItemName("AK-47 | Redline (Field-Tested)")).toEqual({
      weapon: "AK-47",
      skin: "Redline",
      exterior: "Field-Tested",
      stattrak: false,
      souvenir: false,
      starred: false,
    });
  });
  it("reads the star, StatTrak and Souvenir marks", () => {
    expect(splitItemName("★ StatTrak™ Karambit | Doppler (Factory New)")).toMatchObject({
      weapon: "Karambit",
      skin: "Doppler",
      starred: true,
      stattrak: true,
    });
    expect(splitItemName("Souvenir AWP | Dragon Lore (Field-Tested)")).toMatchObject({ weapon: "AWP", souvenir: true });
  });
  it("handles a vanilla knife and gloves", () => {
    expect(splitItemName("★ Karambit")).toMatchObject({ weapon: "Karambit", skin: "", exterior: "" });
    expect(splitItemName("★ Sport Gloves | Vice (Minimal Wear)")).toMatchObject({ weapon: "Sport Gloves", skin: "Vice" });
  });
});
