import { beforeEach, describe, expect, it } from "vitest";
import type { LiveDropJson } from "../../shared/api/cases";
import { CASES } from "../../shared/constants";
import { mergeDrops } from "../../web/src/features/cases/liveDropsMerge";
import { receiveLiveDrop, useCasesStore } from "../../web/src/features/cases/store";

const drop = (id: number, time = 1_000 + id, userId = 7): LiveDropJson => ({
  id,
  user: { id: userId, username: `u${userId}`, avatar: "default" },
  item: { id: 100 + id, market_hash_name: `item ${id}`, name: `item ${id}`, image: "", rarity: "Covert", rarity_color: "#eb4b4b", price: 1.5 },
  case: { id: 1, name: "Case", image: "" },
  time,
});

describe("mergeDrops", () => {
  it("keeps the CASES.liveDropsKept newest, newest first", () => {
    const many = Array.from({ length: 25 }, (_, i) => drop(i + 1));
    const merged = mergeDrops([], many);
    expect(merged).toHaveLength(CASES.liveDropsKept);
    expect(merged.map((d) => d.id)).toEqual([25, 24, 23, 22, 21, 20, 19, 18, 17, 16]);
  });

  it("orders by time, then id, and lists an opening once", () => {
    const merged = mergeDrops([drop(1, 500), drop(2, 900)], [drop(3, 900), drop(1, 500)]);
    expect(merged.map((d) => d.id)).toEqual([3, 2, 1]);
    expect(mergeDrops([drop(1)], [drop(2)], 0)).toEqual([]);
  });
});

describe("the live drops store", () => {
  beforeEach(() => useCasesStore.setState({ drops: [], fresh: [], held: [], heldUserId: null, rolls: [] }));

  it("seeds from the list and adds hub drops on top, 10 kept", () => {
    useCasesStore.getState().seed(Array.from({ length: 10 }, (_, i) => drop(i + 1)));
    receiveLiveDrop(drop(11));
    receiveLiveDrop(drop(12));
    const { drops, fresh } = useCasesStore.getState();
    expect(drops.map((d) => d.id)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
    expect(fresh).toEqual([11, 12]);
    // a later list answer (older drops) does not push the live ones out
    useCasesStore.getState().seed([drop(1), drop(2)]);
    expect(useCasesStore.getState().drops[0]!.id).toBe(12);
  });

  it("holds this player's drops while their reel spins, then releases them", () => {
    const s = useCasesStore.getState();
    s.hold(7);
    receiveLiveDrop(drop(1, 1_001, 7));
    receiveLiveDrop(drop(2, 1_002, 8)); // somebody else's drop shows at once
    expect(useCasesStore.getState().drops.map((d) => d.id)).toEqual([2]);
    useCasesStore.getState().release();
    expect(useCasesStore.getState().drops.map((d) => d.id)).toEqual([2, 1]);
    expect(useCasesStore.getState().heldUserId).toBeNull();
    receiveLiveDrop(drop(3, 1_003, 7));
    expect(useCasesStore.getState().drops[0]!.id).toBe(3);
  });
});
