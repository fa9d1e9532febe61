// A draw of distinct winners from a revealed secret, pure (docs/fairness.md "Provably fair"): the bonus pool
// draws three places, a giveaway one. Anyone can recompute it from the secret, the salt and the
// participants in join order.
//
// Place p (1, 2, …) takes n_p = the first 13 hex digits of keccak256(secret + ":" + salt + ":" + p)
// and picks index floor(n_p · m / 2^52) of the m participants not drawn yet (join order kept), so
// the winners are distinct and each place is a uniform pick among those left.
import { E, hashToN, keccakHex } from "./fairness";

/** The hash of place `place` (1-based): keccak256(secret:salt:place). */
export function placeHash(secret: string, salt: string, place: number): string {
  return keccakHex(`${secret}:${salt}:${place}`);
}

/**
 * Up to `places` distinct winners, first place first (ids as given): place p picks index
 * floor(n_p · m / 2^52) of the m participants not drawn yet.
 */
export function drawDistinct<T>(secret: string, salt: string, participants: readonly T[], places: number): T[] {
  const left = [...participants];
  const winners: T[] = [];
  for (let place = 1; place <= places && left.length > 0; place++) {
    const n = hashToN(placeHash(secret, salt, place));
    const index = Number((n * BigInt(left.length)) / E);
    winners.push(...left.splice(index, 1));
  }
  return winners;
}
