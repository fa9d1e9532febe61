// The case editor's live numbers: what the server will compute for the case as it is being typed
// (shared/case-odds.ts, the same functions the worker checks a save and a publish with) — each
// item's chance, the expected value of one open, the RTP against the price, and whether that RTP
// lies within the band a published case needs (CASES.rtpBounds).
import { chancesPercent, expectedValueCents, rtpInBand, rtpPercent } from "../../../../../../shared/case-odds";
import { CASES } from "../../../../../../shared/constants";
import { toCents } from "../../../../../../shared/money";

/** One row of the editor: the catalogue price (dollars) and the weight as typed. */
export interface DraftItem {
  catalogue_id: number;
  price: number;
  weight: string;
}

export interface CasePreview {
  /** percent with 4 decimals per item (null: the weights are not all positive integers) */
  chances: (number | null)[];
  /** dollars, rounded to the cent; null when the weights or prices cannot give one */
  ev: number | null;
  /** percent with 2 decimals; null without a valid price and weights */
  rtp: number | null;
  inBand: boolean;
}

/** A weight as typed: a positive integer up to the server's limit, else null. */
export function parseWeight(text: string): number | null {
  if (!/^\d{1,10}$/.test(text.trim())) return null;
  const n = Number(text.trim());
  return n > 0 && n <= 1_000_000_000 ? n : null;
}

/** A price as typed: positive dollars with at most two decimals → cents, else null. */
export function parsePriceCents(text: string): number | null {
  try {
    const cents = toCents(text.trim());
    return cents > 0 ? cents : null;
  } catch {
    return null;
  }
}

export function previewCase(items: readonly DraftItem[], priceText: string): CasePreview {
  const weights = items.map((i) => parseWeight(i.weight));
  const none: CasePreview = { chances: items.map(() => null), ev: null, rtp: null, inBand: false };
  if (items.length === 0 || items.length > CASES.maxItemsPerCase || weights.some((w) => w === null)) return none;
  const weighted = items.map((it, i) => ({ weight: weights[i] as number, price: toCents(it.price) }));
  try {
    const chances = chancesPercent(weighted);
    const ev = Math.round(expectedValueCents(weighted)) / 100;
    const price = parsePriceCents(priceText);
    const rtp = price === null ? null : rtpPercent(weighted, price);
    return { chances, ev, rtp, inBand: rtp !== null && rtpInBand(rtp) };
  } catch {
    return none;
  }
}
