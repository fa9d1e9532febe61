// A giveaway's draw, pure (docs/games.md "Giveaways", "Provably fair"): the one winner is place 1 of the
// distinct draw the bonus pool uses (shared/draw.ts) — keccak256(secret:GIVEAWAY_SALT:1) picks
// among the participants in join order. Anyone can recompute it from the revealed secret.
import { drawDistinct } from "./draw";

/** The winner of a giveaway, or null when nobody joined. */
export function giveawayWinner<T>(secret: string, salt: string, participants: readonly T[]): T | null {
  return drawDistinct(secret, salt, participants, 1)[0] ?? null;
}
