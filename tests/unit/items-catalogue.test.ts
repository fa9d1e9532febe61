import { statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { catalogueCases, catalogueEntries, catalogueFile } from "../../shared/catalogue";
import { EXTERIORS, RARITY_NAMES, rarityColor } from "../../shared/items";

const entries = catalogueEntries();
const byName = new Map(entries.map((e) => [e.market_hash_name, e]));

describe("the committed CS2 catalogue (shared/catalogue/catalogue.json)", () => {
  it("is a few thousand market entries in a file well under 3 MB", () => {
    expect(entries.length).toBeGreaterThan(5_000);
    const file = path.resolve(import.meta.dirname, "../../shared/catalogue/catalogue.json");
    expect(statSync(file).size).toBeLessThan(3_000_000);
  });

  it("has unique market_hash_names", () => {
    expect(byName.size).toBe(entries.length);
  });

  it("names items exactly as the Steam market does, with the right rarity and colour", () => {
    expect(byName.get("AK-47 | Redline (Field-Tested)")).toMatchObject({
      name: "AK-47 | Redline",
      weapon: "AK-47",
      category: "weapon",
      rarity: "Classified",
      rarity_color: "#d32ce6",
      exterior: "Field-Tested",
    });
    expect(byName.get("AWP | Asiimov (Field-Tested)")).toMatchObject({ rarity: "Covert", rarity_color: "#eb4b4b" });
    expect(byName.get("P250 | Sand Dune (Battle-Scarred)")).toMatchObject({ rarity: "Consumer Grade", rarity_color: "#b0c3d9" });
    expect(byName.get("M4A4 | Howl (Field-Tested)")).toMatchObject({ rarity: "Contraband", rarity_color: "#e4ae39" });
    expect(byName.get("★ Karambit | Doppler (Factory New)")).toMatchObject({
      name: "★ Karambit | Doppler",
      weapon: "Karambit",
      category: "knife",
      rarity: "Extraordinary",
      rarity_color: "#e4ae39",
    });
    expect(byName.get("★ Sport Gloves | Pandora's Box (Field-Tested)")).toMatchObject({ category: "glove", weapon: "Sport Gloves" });
  });

  it("lists only the exteriors a skin really has (by its float range)", () => {
    // Redline's floats are 0.10–0.70: no Factory New
    expect(byName.has("AK-47 | Redline (Factory New)")).toBe(false);
    expect(byName.has("AK-47 | Redline (Minimal Wear)")).toBe(true);
    expect(byName.has("AK-47 | Redline (Battle-Scarred)")).toBe(true);
    // Doppler knives are 0.00–0.08: Factory New and Minimal Wear only
    expect(byName.has("★ Karambit | Doppler (Minimal Wear)")).toBe(true);
    expect(byName.has("★ Karambit | Doppler (Field-Tested)")).toBe(false);
    // a vanilla knife has no exterior at all
    expect(byName.get("★ Karambit")).toMatchObject({ exterior: null, name: "★ Karambit", category: "knife" });
  });

  it("stars every knife and glove and no weapon; every entry is well formed", () => {
    const exteriors = EXTERIORS.map((e) => e.name as string);
    for (const e of entries) {
      expect(e.market_hash_name.startsWith("★ "), e.market_hash_name).toBe(e.category !== "weapon");
      expect(RARITY_NAMES).toContain(e.rarity);
      expect(e.rarity_color).toBe(rarityColor(e.rarity));
      expect(e.image).toMatch(/^https:\/\/\S+\.webp$/);
      expect(e.weapon.length).toBeGreaterThan(0);
      if (e.exterior === null) expect(e.market_hash_name).toBe(e.name);
      else {
        expect(exteriors).toContain(e.exterior);
        expect(e.market_hash_name).toBe(`${e.name} (${e.exterior})`);
      }
    }
    const categories = new Set(entries.map((e) => e.category));
    expect([...categories].sort()).toEqual(["glove", "knife", "weapon"]);
  });

  it("merges Doppler phases into one market name", () => {
    expect(entries.filter((e) => e.market_hash_name === "★ Karambit | Doppler (Factory New)")).toHaveLength(1);
  });

  it("keeps collections and the weapon cases that drop each skin", () => {
    const redline = catalogueFile.skins.find((s) => s.weapon === "AK-47" && s.skin === "Redline")!;
    expect(redline.collection).toBe("The Phoenix Collection");
    const cases = catalogueCases();
    expect(redline.cases.map((i) => cases[i]!.name)).toEqual(["Operation Phoenix Weapon Case"]);
    const phoenix = cases.find((c) => c.name === "Operation Phoenix Weapon Case")!;
    expect(phoenix.items).toContain("AK-47 | Redline");
    expect(phoenix.items).toContain("★ Karambit"); // the case's rare special items
    for (const s of catalogueFile.skins) for (const i of s.cases) expect(i).toBeLessThan(catalogueFile.cases.length);
  });
});
