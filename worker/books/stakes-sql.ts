// The balance part of a bet in the books (docs/money.md "Money rules"): every bet's `value` left the
// bettor for the house when it was placed (ledger keys '<game>:bet:<id>:stake' and ':stake:house'),
// and came back exactly once if the bet was refunded (':refund', ':refund:house'), never otherwise.

/** A condition over `b` (a row of <game>_bets) that is true when its balance part is not booked so. */
export function stakeMismatch(game: "crash" | "wheel"): string {
  const key = (suffix: string) => `(SELECT COALESCE(SUM(delta), 0) FROM ledger l WHERE l.idempotency_key = '${game}:bet:' || b.id || '${suffix}')`;
  return `(b.value <> -${key(":stake")} OR b.value <> ${key(":stake:house")}
        OR (CASE WHEN b.status = 3 THEN b.value ELSE 0 END) <> ${key(":refund")}
        OR (CASE WHEN b.status = 3 THEN b.value ELSE 0 END) <> -${key(":refund:house")})`;
}
