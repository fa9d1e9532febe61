import { describe, expect, it } from "vitest";
import { exteriorsForFloatRange, itemName, marketHashName, rarityColor, rarityRank } from "../../shared/items";

describe("shared/items helpers", () => {
  it("writes market hash names the Steam way", () => {
    expect(marketHashName("AK-47", "Redline", "weapon", "Field-Tested")).toBe("AK-47 | Redline (Field-Tested)");
    expect(marketHashName("Karambit", "Doppler", "knife", "Factory New")).toBe("★ Karambit | Doppler (Factory New)");
    expect(marketHashName("Hand Wraps", "Slaughter", "glove", "Minimal Wear")).toBe("★ Hand Wraps | Slaughter (Minimal Wear)");
    expect(marketHashName("Karambit", null, "knife", null)).toBe("★ Karambit");
    expect(itemName("AWP", "Asiimov", "weapon")).toBe("AWP | Asiimov");
  });

  it("derives exteriors from a float range (overlap of intervals)", () => {
    expect(exteriorsForFloatRange()).toEqual(["FN", "MW", "FT", "WW", "BS"]);
    expect(exteriorsForFloatRange(0.1, 0.7)).toEqual(["MW", "FT", "WW", "BS"]);
    expect(exteriorsForFloatRange(0, 0.08)).toEqual(["FN", "MW"]);
    expect(exteriorsForFloatRange(0, 0.07)).toEqual(["FN"]);
    expect(exteriorsForFloatRange(0.45, 1)).toEqual(["BS"]);
    expect(exteriorsForFloatRange(0.06, 0.8)).toEqual(["FN", "MW", "FT", "WW", "BS"]);
  });

  it("maps rarities to Steam colours and ranks", () => {
    expect(rarityColor("Mil-Spec Grade")).toBe("#4b69ff");
    expect(rarityColor("Restricted")).toBe("#8847ff");
    expect(rarityColor("Covert")).toBe("#eb4b4b");
    expect(rarityColor("nonsense")).toBe("#ded6cc");
    expect(rarityRank("Consumer Grade")).toBe(0);
    expect(rarityRank("Covert")).toBeGreaterThan(rarityRank("Classified"));
    expect(rarityRank("nonsense")).toBe(-1);
  });
});
