// A drawn bonus round checked in the browser (docs/fairness.md "Provably fair", shared/bonus.ts): the public
// hash shown before the round from the revealed secret, the winners from the secret, the salt and
// the participants in join order, and each place's sum from the 50/25/25 split of the bank.
import type { BonusRoundJson } from "../../../../shared/api/bonus";
import { bonusSplit, bonusWinners } from "../../../../shared/bonus";
import { publicHash } from "../../../../shared/fairness";
import { toCents } from "../../../../shared/money";

export interface BonusVerdict {
  /** null: the round is drawn but its secret is not revealed yet */
  publicHash: string | null;
  publicHashMatches: boolean | null;
  /** the salt the round was drawn with is the published one (null: none published) */
  saltMatches: boolean | null;
  /** user ids, first place first, and their cents */
  winners: { user: number; cents: number }[];
  winnersMatch: boolean | null;
}

export function verifyBonusRound(round: BonusRoundJson, publishedSalt: string | null): BonusVerdict {
  const saltMatches = publishedSalt === null ? null : publishedSalt === round.salt;
  if (round.secret === null) return { publicHash: null, publicHashMatches: null, saltMatches, winners: [], winnersMatch: null };
  const computedHash = publicHash(round.secret, round.id, round.day_of_month);
  const ids = bonusWinners(round.secret, round.salt, round.participants);
  const cents = bonusSplit(toCents(round.bank), ids.length);
  const winners = ids.map((user, i) => ({ user, cents: cents[i] ?? 0 }));
  const stated = [...round.winners].sort((a, b) => a.place - b.place);
  // a round being paid (drawn, not finished) has no winners stated yet
  const winnersMatch =
    round.status !== "finished"
      ? null
      : stated.length === winners.length && stated.every((w, i) => w.user.id === winners[i]?.user && toCents(w.sum) === winners[i]?.cents);
  return { publicHash: computedHash, publicHashMatches: computedHash === round.public_hash, saltMatches, winners, winnersMatch };
}
