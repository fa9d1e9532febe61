// The usual CS2 case odds (CASES.tierOddsBp) split over a case's items, pure. Each tier keeps its
// exact share: its basis points × WEIGHT_SCALE are divided over its items, the remainder going
// one unit each to the first items, so per-item weights differ by at most 1 unit in a tier.
import { CASES } from "../../shared/constants";

export type Tier = keyof typeof CASES.tierOddsBp;
export const TIERS = Object.keys(CASES.tierOddsBp) as Tier[];

/** Weight units per basis point: enough to split a tier over ~100 items evenly. */
export const WEIGHT_SCALE = 1_000;

/** The tier of an item: knives and gloves are the rare special tier, weapons go by rarity. */
export function tierOf(item: { category: string; rarity: string }): Tier | null {
  if (item.category === "knife" || item.category === "glove") return "Extraordinary";
  return (TIERS as string[]).includes(item.rarity) && item.rarity !== "Extraordinary" ? (item.rarity as Tier) : null;
}

/**
 * Integer weights for `items` (same order). Items outside the tiers get no weight and are
 * dropped: the answer lists the kept indices with their weights.
 */
export function tierWeights<T extends { category: string; rarity: string }>(items: readonly T[]): { item: T; weight: number }[] {
  const byTier = new Map<Tier, T[]>();
  for (const item of items) {
    const tier = tierOf(item);
    if (tier) byTier.set(tier, [...(byTier.get(tier) ?? []), item]);
  }
  const out: { item: T; weight: number }[] = [];
  for (const tier of TIERS) {
    const members = byTier.get(tier) ?? [];
    if (members.length === 0) continue;
    const units = CASES.tierOddsBp[tier] * WEIGHT_SCALE;
    const base = Math.floor(units / members.length);
    const rest = units - base * members.length;
    for (const [i, item] of members.entries()) out.push({ item, weight: base + (i < rest ? 1 : 0) });
  }
  return out;
}
