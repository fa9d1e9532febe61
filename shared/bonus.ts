// The bonus pool's draw and split, pure (docs/games.md "Bonus pool", "Provably fair"): anyone can recompute
// a round's winners from its revealed secret, the salt and the participants in join order.
//
// Place p (1, 2, 3) takes n_p = the first 13 hex digits of keccak256(secret + ":" + salt + ":" + p)
// and picks index floor(n_p · m / 2^52) of the m participants not drawn yet (join order kept), so
// the winners are distinct and each place is a uniform pick among those left.
import { BONUS } from "./constants";
import { drawDistinct } from "./draw";

/** Up to BONUS.winnerShares.length distinct winners, first place first (ids as given). */
export function bonusWinners<T>(secret: string, salt: string, participants: readonly T[]): T[] {
  return drawDistinct(secret, salt, participants, BONUS.winnerShares.length);
}

/**
 * The bank's split in integer cents: place p gets floor(bank · share_p / 100) and the first place
 * also the odd cents (bank − Σ the floors of all three shares). Places nobody took (fewer than
 * three participants) are not paid: their shares stay in the pool for the next round.
 */
export function bonusSplit(bankCents: number, winners: number): number[] {
  if (!Number.isSafeInteger(bankCents) || bankCents < 0) throw new RangeError(`bad bank ${bankCents}`);
  const shares = BONUS.winnerShares.map((percent) => Math.floor((bankCents * percent) / 100));
  shares[0] = (shares[0] ?? 0) + bankCents - shares.reduce((sum, s) => sum + s, 0);
  return shares.slice(0, Math.max(0, Math.min(winners, shares.length)));
}
