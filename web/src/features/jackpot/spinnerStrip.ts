// The jackpot spinner (cosmetic, client side): a strip of avatars drawn by each player's tickets,
// the SERVER's winner placed at STRIP.winIndex. The draw itself is the server's (provably fair);
// nothing here decides who wins. Everything is a pure function of the round (seeded, no
// Math.random) and of the clock, so every viewer sees the same strip at the same place, and a
// player who opens the page mid-spin sees it land at the same moment as everyone else.

/** The strip's geometry: card width and gap in px (the CSS reads them from the component). */
export const STRIP = {
  length: 72,
  winIndex: 64,
  /** the card under the marker before the spin starts */
  startIndex: 3,
  cardPx: 72,
  gapPx: 8,
  /** share of a card kept clear at each edge when the strip lands off-centre */
  edgeMargin: 0.15,
} as const;

export const STRIDE_PX = STRIP.cardPx + STRIP.gapPx;

export interface StripPlayer {
  userId: number;
  /** the player's tickets in the round (1 per cent): the weight on the strip */
  tickets: number;
}

/** A 32-bit FNV-1a hash of a text: the seed of a round's strip. */
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

/** The player whose cumulative tickets first exceed r·total (r in [0, 1)). */
export function weightedPlayer(players: readonly StripPlayer[], r: number): number {
  const total = players.reduce((a, p) => a + Math.max(0, p.tickets), 0);
  if (!(total > 0)) throw new RangeError("no tickets on the strip");
  const target = Math.min(Math.max(r, 0), 1 - Number.EPSILON) * total;
  let cumulative = 0;
  for (const p of players) {
    cumulative += Math.max(0, p.tickets);
    if (cumulative > target) return p.userId;
  }
  return players.findLast((p) => p.tickets > 0)!.userId;
}

/**
 * The strip: `length` user ids drawn by tickets from a generator seeded with `seed`, the winner at
 * `winIndex`. The same players, winner and seed always give the same strip.
 */
export function buildStrip(
  players: readonly StripPlayer[],
  winnerId: number,
  seed: string,
  length: number = STRIP.length,
  winIndex: number = STRIP.winIndex,
): number[] {
  if (!Number.isInteger(length) || length < 1) throw new RangeError(`bad strip length ${length}`);
  if (!Number.isInteger(winIndex) || winIndex < 0 || winIndex >= length) throw new RangeError(`winIndex ${winIndex} outside the strip`);
  const drawable = players.some((p) => p.tickets > 0);
  const random = seededRandom(seedOf(seed));
  const strip: number[] = [];
  for (let i = 0; i < length; i++) {
    const r = random(); // drawn for every card, so the winner's slot does not shift the others
    strip.push(i === winIndex || !drawable ? winnerId : weightedPlayer(players, r));
  }
  return strip;
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
export function stripTranslate(p: number, jitter: number, winIndex: number = STRIP.winIndex): number {
  const from = markerOffset(STRIP.startIndex);
  const to = markerOffset(winIndex, jitter);
  return -(from + (to - from) * easeOut(p));
}

/** The card under the marker for a strip at translateX (-1 before the first card). */
export function indexUnderMarker(translateX: number): number {
  const x = -translateX;
  return x < 0 ? -1 : Math.floor(x / STRIDE_PX) + 0; // + 0: never -0
}
