#!/usr/bin/env node
// Generates shared/catalogue/catalogue.json, the committed CS2 market catalogue: every weapon
// skin, knife (finishes and vanilla) and glove, with the exteriors its float range allows, its
// Steam rarity, image path, collection and the weapon cases that drop it.
//
// The source library is heavy (≈190 MB) and is NOT a dependency. To regenerate:
//   npm install --no-save @ianlucas/cs2-lib@7.33.1
//   node scripts/gen-catalogue.mjs
// (then `npm install` removes it again). The JSON is committed; nothing reads the library at
// build, test or run time. shared/catalogue/index.ts expands the file into market entries.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const LIB = "@ianlucas/cs2-lib";
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const out = path.join(root, "shared", "catalogue", "catalogue.json");

let lib;
try {
  lib = await import(LIB);
} catch {
  console.error(`${LIB} is not installed. Run: npm install --no-save ${LIB}@7.33.1`);
  process.exit(1);
}
const { CS2Economy, CS2_ITEMS } = lib;
// The package exports only "." and "./translations" (all languages, ≈190 MB); load English alone.
const { english } = await import(new URL("./translations/english.mjs", import.meta.resolve(LIB)).href);
const { version } = (await import(new URL("../package.json", import.meta.resolve(LIB)).href, { with: { type: "json" } })).default;
CS2Economy.use({ items: CS2_ITEMS, language: english });

// Steam rarity names by the library's rarity colour (weapons). ★ items are "Extraordinary".
const WEAPON_RARITY = {
  "#b0c3d9": "Consumer Grade",
  "#5e98d9": "Industrial Grade",
  "#4b69ff": "Mil-Spec Grade",
  "#8847ff": "Restricted",
  "#d32ce6": "Classified",
  "#eb4b4b": "Covert",
  "#e4ae39": "Contraband",
};
// Float intervals [min, max) of the five exteriors (same as shared/items.ts EXTERIORS).
const EXTERIORS = [
  ["FN", 0, 0.07],
  ["MW", 0.07, 0.15],
  ["FT", 0.15, 0.38],
  ["WW", 0.38, 0.45],
  ["BS", 0.45, 1],
];
const CATEGORY = { weapon: "weapon", melee: "knife", glove: "glove" };
const CATEGORY_ORDER = ["weapon", "knife", "glove"];

const all = CS2Economy.itemsAsArray;

// Weapon cases (not souvenir packages, capsules, graffiti boxes).
const cases = all
  .filter((i) => i.isContainer() && i.isWeaponCase())
  .map((c) => ({
    ids: new Set([...(c.rawContents ?? []), ...(c.rawSpecials ?? [])]),
    json: { name: c.name.replace(/^Container \| /, ""), image: c.image ?? null, collection: c.collectionName ?? null },
  }));

/** @type {Map<string, {libIds: number[], json: any}>} keyed by the item's name (phases merge) */
const skins = new Map();
for (const item of all) {
  const category = CATEGORY[item.type];
  if (!category || item.free || !item.image) continue;
  // Base weapons are not market items; base knives are ("★ Karambit"); base gloves are not.
  if (item.base && category !== "knife") continue;
  const [weapon, skin = null] = item.name.split(" | ");
  const key = `${category}:${item.name}`;
  const known = skins.get(key);
  if (known) {
    // Doppler / Gamma Doppler phases share one market name.
    known.libIds.push(item.id);
    continue;
  }
  const rarity = category === "weapon" ? WEAPON_RARITY[item.rarity] : "Extraordinary";
  if (!rarity) throw new Error(`unknown rarity ${item.rarity} for ${item.name}`);
  const wears = item.base ? [] : EXTERIORS.filter(([, lo, hi]) => (item.wearMin ?? 0) < hi && (item.wearMax ?? 1) > lo).map(([code]) => code);
  skins.set(key, {
    libIds: [item.id],
    json: { weapon, skin, category, rarity, image: item.image, wears, collection: item.collectionName ?? null, cases: [] },
  });
}

const sorted = [...skins.values()].sort(
  (a, b) =>
    CATEGORY_ORDER.indexOf(a.json.category) - CATEGORY_ORDER.indexOf(b.json.category) ||
    a.json.weapon.localeCompare(b.json.weapon, "en") ||
    (a.json.skin ?? "").localeCompare(b.json.skin ?? "", "en"),
);
for (const s of sorted) {
  s.json.cases = cases.flatMap((c, index) => (s.libIds.some((id) => c.ids.has(id)) ? [index] : []));
}

// One record per line: small diffs when the library moves.
const lines = [
  "{",
  `  "source": ${JSON.stringify(`${LIB} ${version}`)},`,
  `  "imageBase": "https://cdn.cstrike.app",`,
  `  "cases": [`,
  cases.map((c) => `    ${JSON.stringify(c.json)}`).join(",\n"),
  "  ],",
  `  "skins": [`,
  sorted.map((s) => `    ${JSON.stringify(s.json)}`).join(",\n"),
  "  ]",
  "}",
  "",
];
writeFileSync(out, lines.join("\n"));
const entries = sorted.reduce((n, s) => n + Math.max(1, s.json.wears.length), 0);
console.log(`wrote ${path.relative(root, out)}: ${sorted.length} skins, ${entries} market entries, ${cases.length} cases`);
