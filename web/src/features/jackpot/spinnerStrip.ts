// Where the jackpot spinner stands at any moment. The strip itself (user ids weighted by chance,
// the winner at winIndex) is the server's (startJackpot draw.strip); the draw is provably fair and
// nothing here decides who wins. The position is a pure function of the round (the landing point
// is seeded by it, no Math.random) and of the server's clock, so every viewer sees the strip at
// the same place, and a player who opens the page mid-spin sees it land at the same moment.

/** The strip's geometry: card width and gap in px (the component hands them to its CSS). */
export const STRIP = {
  /** the card under the marker before the spin starts */
  startIndex: 3,
  cardPx: 72,
  gapPx: 8,
  /** share of a card kept clear at each edge when the strip lands off-centre */
  edgeMargin: 0.15,
} as const;

export const STRIDE_PX = STRIP.cardPx + STRIP.gapPx;

/** A 32-bit FNV-1a hash of a text: the seed of a round's landing point. */
export function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small seeded generator in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Where inside the winner's card the marker stops: [-1, 1] of the allowed half-width, from the seed. */
export function landingJitter(seed: string): number {
  return seededRandom(seedOf(`${seed}:landing`))() * 2 - 1;
}

/** The marker's distance (px) from the strip's left edge when it sits `jitter` inside card `index`. */
export function markerOffset(index: number, jitter = 0): number {
  const j = Math.min(1, Math.max(-1, jitter));
  return index * STRIDE_PX + STRIP.cardPx / 2 + j * STRIP.cardPx * (0.5 - STRIP.edgeMargin);
}

/** Ease-out (quartic): fast start, long slow finish. */
export function easeOut(p: number): number {
  const x = Math.min(1, Math.max(0, p));
  return 1 - (1 - x) ** 4;
}

/** Share of the spin done at server time `serverNow` (0 before the start, 1 from the stop on). */
export function spinProgress(serverNow: number, startAt: number, stopAt: number): number {
  if (!(stopAt > startAt)) return serverNow >= stopAt ? 1 : 0;
  return Math.min(1, Math.max(0, (serverNow - startAt) / (stopAt - startAt)));
}

/**
 * The strip's translateX (px) at spin progress `p`: from the start card to the landing point in
 * the winner's card, eased. The strip's left edge sits at the marker (left: 50%), so translateX
 * alone says what is under it whatever the width of the screen.
 */
export function stripTranslate(p: number, jitter: number, winIndex: number): number {
  const from = markerOffset(STRIP.startIndex);
  const to = markerOffset(winIndex, jitter);
  return -(from + (to - from) * easeOut(p));
}

/** The card under the marker for a strip at translateX (-1 before the first card). */
export function indexUnderMarker(translateX: number): number {
  const x = -translateX;
  return x < 0 ? -1 : Math.floor(x / STRIDE_PX) + 0; // + 0: never -0
}
