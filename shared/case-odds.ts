// Case maths, pure (docs/fairness.md "Provably fair"; spec §9): integer weights → chances,
// the expected value of one open, its RTP against the price, and the price that gives an RTP.
// Money is integer cents; sums of weight × price are exact BigInt, never rounded floats. Shared:
// the worker checks a case with it and the console's case editor shows the same numbers live.
import { CASES } from "./constants";

/** What the maths needs of a case item: its integer weight and its price in cents. */
export interface WeightedItem {
  weight: number;
  price: number;
}

/** Σ weights (each a positive safe integer; throws otherwise). */
export function totalWeight(items: readonly Pick<WeightedItem, "weight">[]): number {
  let total = 0;
  for (const [i, it] of items.entries()) {
    if (!Number.isSafeInteger(it.weight) || it.weight <= 0) throw new RangeError(`weight ${i} is not a positive integer: ${it.weight}`);
    total += it.weight;
  }
  if (!Number.isSafeInteger(total) || total <= 0) throw new RangeError(`weights must add up to a positive safe integer: ${total}`);
  return total;
}

/** Chance of each item in percent, rounded to 4 decimals (display only; the roll uses the weights). */
export function chancesPercent(items: readonly Pick<WeightedItem, "weight">[]): number[] {
  const total = totalWeight(items);
  return items.map((it) => round((it.weight * 100) / total, 4));
}

/** Σ weight × price (cents × weight units), exact. EV in cents = this / Σ weights. */
function weightedValue(items: readonly WeightedItem[]): bigint {
  let sum = 0n;
  for (const [i, it] of items.entries()) {
    if (!Number.isSafeInteger(it.price) || it.price < 0) throw new RangeError(`price ${i} is not integer cents: ${it.price}`);
    sum += BigInt(it.weight) * BigInt(it.price);
  }
  return sum;
}

/** Expected value of one open in cents (a float: informational, e.g. 412.3377). */
export function expectedValueCents(items: readonly WeightedItem[]): number {
  const total = totalWeight(items);
  return Number(weightedValue(items)) / total;
}

/** RTP in percent with 2 decimals: EV / price × 100. */
export function rtpPercent(items: readonly WeightedItem[], priceCents: number): number {
  if (!Number.isSafeInteger(priceCents) || priceCents <= 0) throw new RangeError(`price must be positive integer cents: ${priceCents}`);
  const total = BigInt(totalWeight(items));
  // hundredths of a percent, rounded half up: EV·10000 / price = Σwp·10000 / (W·price)
  const den = total * BigInt(priceCents);
  const bp = (weightedValue(items) * 20_000n + den) / (2n * den);
  return Number(bp) / 100;
}

/** Whether an RTP (percent, as rtpPercent gives it) lies within CASES.rtpBounds: the band a case must be in to be saved with new odds or published. */
export function rtpInBand(rtp: number): boolean {
  return rtp >= CASES.rtpBounds.min && rtp <= CASES.rtpBounds.max;
}

/**
 * The case price (cents) at which EV = rtp % of the price: the smallest price whose RTP does not
 * exceed the target (ceil(EV · 100 / rtp)), at least 1 cent. rtp is a percent with ≤ 2 decimals.
 */
export function priceForRtp(items: readonly WeightedItem[], rtp: number): number {
  const rtpBp = Math.round(rtp * 100);
  if (!Number.isFinite(rtp) || rtpBp <= 0 || Math.abs(rtp * 100 - rtpBp) > 1e-6)
    throw new RangeError(`rtp must be a positive percent with ≤ 2 decimals: ${rtp}`);
  const total = BigInt(totalWeight(items));
  const num = weightedValue(items) * 10_000n;
  const den = total * BigInt(rtpBp);
  const price = (num + den - 1n) / den;
  return Math.max(1, Number(price));
}

function round(x: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(x * f) / f;
}
