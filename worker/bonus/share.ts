// The one ledger path of the bonus pool (docs/games.md "Bonus pool"): a game room's bonus share (house →
// bonus account) also adds to the open round's bank, in the SAME batch as its ledger rows, so the
// bonus account's balance is always Σ the banks of the rounds not finished yet (the books check
// it: worker/bonus/reconcile-sql.ts). No open round yet (before the pool's first round): nothing
// here, and the first round's row takes what the account holds (rooms/bonus/settlement.ts).
import { type SQL, sql } from "../db/sql";

export function openRoundShare(amountCents: number): SQL {
  return sql`UPDATE bonus_rounds SET bank = bank + ${amountCents} WHERE status = 'open'`;
}
