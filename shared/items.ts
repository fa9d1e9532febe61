// CS2 item vocabulary shared by the worker, the SPA and the scripts: rarities with their Steam
// colours, exteriors with their float ranges, and how Steam writes a market_hash_name.
// Pure and dependency-free (the seed script runs it through Node's type stripping).

/** Rarities in ascending order, named as the Steam market names them. */
export const RARITIES = [
  { name: "Consumer Grade", color: "#b0c3d9" },
  { name: "Industrial Grade", color: "#5e98d9" },
  { name: "Mil-Spec Grade", color: "#4b69ff" },
  { name: "Restricted", color: "#8847ff" },
  { name: "Classified", color: "#d32ce6" },
  { name: "Covert", color: "#eb4b4b" },
  // ★ items (knives, gloves). Steam tags gloves "Extraordinary" (knives "Covert"); both are the
  // case's "rare special item" and are shown in its gold, as skin sites do.
  { name: "Extraordinary", color: "#e4ae39" },
  // M4A4 | Howl only.
  { name: "Contraband", color: "#e4ae39" },
] as const;

export type Rarity = (typeof RARITIES)[number]["name"];
export const RARITY_NAMES: readonly Rarity[] = RARITIES.map((r) => r.name);

/** Colour of anything we cannot place (Steam's "Default"). */
export const DEFAULT_RARITY_COLOR = "#ded6cc";

export function rarityColor(rarity: string): string {
  return RARITIES.find((r) => r.name === rarity)?.color ?? DEFAULT_RARITY_COLOR;
}

/** 0 for Consumer Grade … 7 for Contraband; -1 when unknown. */
export function rarityRank(rarity: string): number {
  return RARITY_NAMES.indexOf(rarity as Rarity);
}

export function isRarity(s: string): s is Rarity {
  return rarityRank(s) >= 0;
}

/** Exteriors, best first, with the float (wear) interval each covers: [min, max). */
export const EXTERIORS = [
  { code: "FN", name: "Factory New", min: 0, max: 0.07 },
  { code: "MW", name: "Minimal Wear", min: 0.07, max: 0.15 },
  { code: "FT", name: "Field-Tested", min: 0.15, max: 0.38 },
  { code: "WW", name: "Well-Worn", min: 0.38, max: 0.45 },
  { code: "BS", name: "Battle-Scarred", min: 0.45, max: 1 },
] as const;

export type ExteriorCode = (typeof EXTERIORS)[number]["code"];
export type Exterior = (typeof EXTERIORS)[number]["name"];

export function exteriorName(code: ExteriorCode): Exterior {
  return EXTERIORS.find((e) => e.code === code)!.name;
}

/**
 * The exteriors a skin can drop in, given its float range [wearMin, wearMax] (a skin exists in
 * an exterior when the two intervals overlap). Without a known range: all five.
 */
export function exteriorsForFloatRange(wearMin = 0, wearMax = 1): ExteriorCode[] {
  return EXTERIORS.filter((e) => wearMin < e.max && wearMax > e.min).map((e) => e.code);
}

export const ITEM_CATEGORIES = ["weapon", "knife", "glove"] as const;
export type ItemCategory = (typeof ITEM_CATEGORIES)[number];

/** The star Steam puts before knives and gloves. */
export const STAR = "★";

/**
 * The item's name without exterior, as Steam's inventory "name" field writes it:
 * "AK-47 | Redline", "★ Karambit | Doppler", "★ Karambit" (a vanilla knife has no skin).
 */
export function itemName(weapon: string, skin: string | null, category: ItemCategory): string {
  const base = skin ? `${weapon} | ${skin}` : weapon;
  return category === "weapon" ? base : `${STAR} ${base}`;
}

/** "AK-47 | Redline (Field-Tested)", "★ Karambit | Doppler (Factory New)", "★ Karambit". */
export function marketHashName(weapon: string, skin: string | null, category: ItemCategory, exterior: Exterior | null): string {
  const name = itemName(weapon, skin, category);
  return exterior ? `${name} (${exterior})` : name;
}
