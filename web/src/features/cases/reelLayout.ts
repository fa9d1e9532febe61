// The opening reel (cosmetic, client side): CASES.reel.length cards drawn from the case's items
// by their weights, with the SERVER's won item placed at CASES.reel.winIndex. The roll itself is
// the server's (provably fair); nothing here decides what the player gets.
import { CASES } from "../../../../shared/constants";

/** A random number in [0, 1). */
export type Rng = () => number;

export interface ReelCard {
  /** unique within one reel (React key, and the card under the marker in tests) */
  key: string;
  market_hash_name: string;
  name: string;
  /** the site's picture path, or null (ItemImage draws the card) */
  image: string | null;
  rarity_color: string;
  /** true for the card the reel lands on */
  win: boolean;
}

export type ReelItem = Omit<ReelCard, "key" | "win">;

/** The card that leads a new reel: "open again" starts from the card the last spin landed on. */
export const REEL_START_INDEX = 2;

/** Index picked by r ∈ [0, 1) over non-negative weights (the first whose cumulative share exceeds r). */
export function weightedIndex(weights: readonly number[], r: number): number {
  const total = weights.reduce((a, w) => a + Math.max(0, w), 0);
  if (!(total > 0)) throw new RangeError("weights must add up to more than 0");
  const target = Math.min(Math.max(r, 0), 1 - Number.EPSILON) * total;
  let cumulative = 0;
  for (let i = 0; i < weights.length; i++) {
    cumulative += Math.max(0, weights[i]!);
    if (cumulative > target) return i;
  }
  // r·total rounded up to the total: the last item with a weight
  for (let i = weights.length - 1; i >= 0; i--) if (weights[i]! > 0) return i;
  return weights.length - 1;
}

export interface BuildReelOptions {
  length?: number;
  winIndex?: number;
  /** the card the previous spin landed on: placed at REEL_START_INDEX so the new spin starts there */
  lead?: ReelItem | null;
}

/** A reel of `length` cards drawn by weight, the won item at `winIndex` (and only flagged there). */
export function buildReel<T extends ReelItem & { weight: number }>(items: readonly T[], winItem: ReelItem, rng: Rng, opts: BuildReelOptions = {}): ReelCard[] {
  const length = opts.length ?? CASES.reel.length;
  const winIndex = opts.winIndex ?? CASES.reel.winIndex;
  if (!Number.isInteger(length) || length < 1) throw new RangeError(`bad reel length ${length}`);
  if (!Number.isInteger(winIndex) || winIndex < 0 || winIndex >= length) throw new RangeError(`winIndex ${winIndex} outside the reel`);
  const weights = items.map((i) => i.weight);
  const drawable = weights.some((w) => w > 0);
  const cards: ReelCard[] = [];
  for (let i = 0; i < length; i++) {
    let item: ReelItem = winItem;
    if (i === winIndex) item = winItem;
    else if (i === REEL_START_INDEX && opts.lead && REEL_START_INDEX !== winIndex) item = opts.lead;
    else if (drawable) item = items[weightedIndex(weights, rng())]!;
    cards.push({
      key: `${i}`,
      market_hash_name: item.market_hash_name,
      name: item.name,
      image: item.image,
      rarity_color: item.rarity_color,
      win: i === winIndex,
    });
  }
  return cards;
}

/** Share of a card's width kept clear at each edge when landing off-centre. */
export const LANDING_EDGE_MARGIN = 0.12;

/**
 * Where the marker ends inside the landing card: a fraction in [-1, 1] of the allowed half-width
 * (rng 0 → the left limit, 0.5 → the centre). Cosmetic, so the reel does not always stop dead centre.
 */
export function landingJitter(rng: Rng): number {
  return rng() * 2 - 1;
}

/**
 * translateX (px) of a strip whose left edge starts at the marker (the reel's centre line) so
 * that the point `jitter` inside the card at cardLeft..cardLeft+cardWidth sits under the marker.
 * The point stays within the card, LANDING_EDGE_MARGIN of its width away from both edges.
 */
export function landingTranslate(cardLeft: number, cardWidth: number, jitter: number): number {
  const j = Math.min(1, Math.max(-1, jitter));
  const halfRange = cardWidth * (0.5 - LANDING_EDGE_MARGIN);
  return -(cardLeft + cardWidth / 2 + j * halfRange);
}

/**
 * Index of the card under the marker for a strip at translateX, with cards `stride` px apart
 * (width + gap) starting at 0; -1 before the first card. Used for the tick sound.
 */
export function indexUnderMarker(translateX: number, stride: number): number {
  if (!(stride > 0)) return -1;
  const x = -translateX;
  return x < 0 ? -1 : Math.floor(x / stride) + 0; // + 0: never -0
}
