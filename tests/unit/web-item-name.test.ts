// The one helper every screen shows an item's full name through (web/src/ui/itemName.ts
// localizeExteriors, behind useItemName): the bracketed exterior in the current language.
import { describe, expect, it } from "vitest";
import ruItems from "../../web/src/locales/ru/items.json";
import enItems from "../../web/src/locales/en/items.json";
import { EXTERIORS, type Exterior } from "../../shared/items";
import { notificationContent } from "../../shared/api/notifications";
import { localizeExteriors } from "../../web/src/ui/itemName";

const ru = (e: Exterior) => ruItems.exterior[e];
const en = (e: Exterior) => enItems.exterior[e];

describe("localizeExteriors", () => {
  it("shows a market name's exterior in Russian, the CS2 client's words", () => {
    expect(localizeExteriors("AK-47 | Redline (Field-Tested)", ru)).toBe("AK-47 | Redline (После полевых испытаний)");
    expect(localizeExteriors("★ StatTrak™ Karambit | Doppler (Factory New)", ru)).toBe("★ StatTrak™ Karambit | Doppler (Прямо с завода)");
    expect(localizeExteriors("Souvenir AWP | Dragon Lore (Battle-Scarred)", ru)).toBe("Souvenir AWP | Dragon Lore (Закалённое в боях)");
  });

  it("covers all five exteriors, and English stays English", () => {
    for (const { name } of EXTERIORS) {
      const shown = localizeExteriors(`M4A1-S | Hot Rod (${name})`, ru);
      expect(shown).not.toContain(name);
      expect(shown).toBe(`M4A1-S | Hot Rod (${ruItems.exterior[name]})`);
      expect(localizeExteriors(`M4A1-S | Hot Rod (${name})`, en)).toBe(`M4A1-S | Hot Rod (${name})`);
    }
  });

  it("leaves names without an exterior, and unknown brackets, as they came", () => {
    expect(localizeExteriors("★ Karambit", ru)).toBe("★ Karambit");
    expect(localizeExteriors("Sticker | Titan (Holo) | Katowice 2014", ru)).toBe("Sticker | Titan (Holo) | Katowice 2014");
    expect(localizeExteriors("CS:GO Weapon Case", ru)).toBe("CS:GO Weapon Case");
    expect(localizeExteriors("", ru)).toBe("");
    // a bare word (no brackets) is not an exterior of a name
    expect(localizeExteriors("Field-Tested", ru)).toBe("Field-Tested");
  });

  it("keeps the English word when the translation is missing (an empty word)", () => {
    expect(localizeExteriors("AK-47 | Redline (Well-Worn)", () => "")).toBe("AK-47 | Redline (Well-Worn)");
  });

  it("localizes item names inside notification contents, every one of them", () => {
    const crash = notificationContent.crashWin(2000, 250, "AK-47 | Redline (Minimal Wear)");
    expect(localizeExteriors(crash, ru)).toBe("$20.00 · ×2.50 · AK-47 | Redline (Немного поношенное)");
    const drop = notificationContent.caseDrop("AWP | Asiimov (Well-Worn)", 4510);
    expect(localizeExteriors(drop, ru)).toBe("AWP | Asiimov (Поношенное) · $45.10");
    const two = "AK-47 | Redline (Field-Tested), AWP | Asiimov (Battle-Scarred)";
    expect(localizeExteriors(two, ru)).toBe("AK-47 | Redline (После полевых испытаний), AWP | Asiimov (Закалённое в боях)");
    expect(localizeExteriors(notificationContent.amount(1000), ru)).toBe("$10.00");
  });
});
