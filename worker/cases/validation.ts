// Admin case checks, pure: items distinct, known to the catalogue, weights positive integers,
// and an RTP within CASES.rtpBounds at the given price (spec: "weights and prices consistent") —
// the band only for a case players can open: an unpublished draft may sit outside it while an
// operator works on it, and publishing checks the band (admin-save.ts).
import { CASES } from "../../shared/constants";
import { rtpInBand, rtpPercent, totalWeight, type WeightedItem } from "../../shared/case-odds";

/** Keeps Σ weights (≤ maxItemsPerCase × this) a safe integer with room to spare. */
export const MAX_WEIGHT = 1_000_000_000;

export interface ItemChoice {
  catalogue_id: number;
  weight: number;
}

/** Why a case is refused: its items, or its price (the RTP out of bounds). */
export type CaseCheckKey = "cases_api.invalid_items" | "cases_api.invalid_price";

export type CaseCheck = { ok: true; items: (ItemChoice & WeightedItem)[]; rtp: number } | { ok: false; message: CaseCheckKey };

/**
 * `prices` maps the catalogue ids that exist to their current price (cents). Items come back in
 * pick order (catalogue id ascending) with their prices.
 */
export function checkCase(choices: readonly ItemChoice[], prices: ReadonlyMap<number, number>, priceCents: number, published = true): CaseCheck {
  const invalidItems = { ok: false, message: "cases_api.invalid_items" } as const;
  if (choices.length === 0 || choices.length > CASES.maxItemsPerCase) return invalidItems;
  const seen = new Set<number>();
  for (const c of choices) {
    if (seen.has(c.catalogue_id) || !prices.has(c.catalogue_id)) return invalidItems;
    if (!Number.isSafeInteger(c.weight) || c.weight <= 0 || c.weight > MAX_WEIGHT) return invalidItems;
    seen.add(c.catalogue_id);
  }
  const items = [...choices]
    .sort((a, b) => a.catalogue_id - b.catalogue_id)
    .map((c) => ({ catalogue_id: c.catalogue_id, weight: c.weight, price: prices.get(c.catalogue_id)! }));
  try {
    totalWeight(items);
  } catch {
    return invalidItems;
  }
  if (!Number.isSafeInteger(priceCents) || priceCents <= 0) return { ok: false, message: "cases_api.invalid_price" };
  const rtp = rtpPercent(items, priceCents);
  if (published && !rtpInBand(rtp)) return { ok: false, message: "cases_api.invalid_price" };
  return { ok: true, items, rtp };
}
