// The jackpot section of worker/books/reconcile.ts (docs/games.md "Jackpot"). Items move player to player
// (losers → winner) and player to house (the commission); a bet's balance part goes to the house
// when placed ('jackpot:bet:<id>:stake', back on a refund ':refund'), the winner is paid the
// round's balance part less the cash commission ('jackpot:<id>:win' and ':win:house'), and the
// round's bonus share moves house → bonus. This checks the rounds' books:
//   bank (finished / refunded)  = Σ its bets' prices; each bet's price = Σ its items' prices + its value
//   commission (finished)       = Σ its commission items + commission_cash ≤ commission_due; win = bank − commission
//   cash (finished)             ↔ ledger 'jackpot:<id>:win' of Σ value − commission_cash and its house row
//   bonus share (finished)      ↔ ledger 'jackpot:<id>:bonus' of +floor(bank · 1 %) and its house row
//   no item of a closed round is still in_bet outside an open jackpot round or a pending crash bet
//   every jackpot bonus_share ledger row belongs to a finished round.
import { JACKPOT } from "../../shared/constants";
import { bookCheck } from "../books/check";

const SHARE = `r.bank * ${Number(JACKPOT.bonusSharePercent)} / 100`;
/** The round's balance part: Σ its bets' value. */
const CASH = "(SELECT COALESCE(SUM(value), 0) FROM jackpot_bets v WHERE v.round_id = r.id)";
/** The ledger sum under one idempotency key (an SQL expression of it). */
const KEY = (key: string) => `(SELECT COALESCE(SUM(delta), 0) FROM ledger l WHERE l.idempotency_key = ${key})`;

/** commission: Σ commission items taken by the house (at their bet value); bonus: Σ bonus shares. Reported. */
const JACKPOT_FLOWS_SQL = `
  SELECT (SELECT COALESCE(SUM(commission), 0) FROM jackpot_rounds WHERE status = 'finished') AS commission,
         (SELECT COALESCE(SUM(delta), 0) FROM ledger WHERE kind = 'bonus_share' AND account = 'bonus' AND reference LIKE 'jackpot:%') AS bonus`;

/** Rounds, bets and ledger rows off the rules above. Must be 0. */
const JACKPOT_MISMATCHES_SQL = `
  SELECT (SELECT COUNT(*) FROM jackpot_rounds r
           WHERE r.status IN ('finished', 'refunded')
             AND r.bank <> COALESCE((SELECT SUM(price) FROM jackpot_bets b WHERE b.round_id = r.id), 0))
       + (SELECT COUNT(*) FROM jackpot_bets b
           WHERE b.price <> b.value + COALESCE((SELECT SUM(price) FROM jackpot_bet_items x WHERE x.bet_id = b.id), 0)
              OR b.value <> -${KEY("'jackpot:bet:' || b.id || ':stake'")} OR b.value <> ${KEY("'jackpot:bet:' || b.id || ':stake:house'")}
              OR (SELECT CASE WHEN r.status = 'refunded' THEN b.value ELSE 0 END FROM jackpot_rounds r WHERE r.id = b.round_id) <> ${KEY("'jackpot:bet:' || b.id || ':refund'")}
              OR (SELECT CASE WHEN r.status = 'refunded' THEN b.value ELSE 0 END FROM jackpot_rounds r WHERE r.id = b.round_id) <> -${KEY("'jackpot:bet:' || b.id || ':refund:house'")})
       + (SELECT COUNT(*) FROM jackpot_rounds r
           WHERE r.status = 'finished'
             AND (r.commission <> r.commission_cash + COALESCE((SELECT SUM(price) FROM jackpot_bet_items x WHERE x.round_id = r.id AND x.commission = 1), 0)
                  OR ${CASH} - r.commission_cash <> ${KEY("'jackpot:' || r.id || ':win'")}
                  OR ${CASH} - r.commission_cash <> -${KEY("'jackpot:' || r.id || ':win:house'")}
                  OR r.commission > r.commission_due OR r.win IS NULL OR r.win <> r.bank - r.commission
                  OR ${SHARE} <> COALESCE((SELECT SUM(delta) FROM ledger l WHERE l.idempotency_key = 'jackpot:' || r.id || ':bonus' AND l.account = 'bonus'), 0)
                  OR -(${SHARE}) <> COALESCE((SELECT SUM(delta) FROM ledger l WHERE l.idempotency_key = 'jackpot:' || r.id || ':bonus:house' AND l.account = 'house'), 0)))
       + (SELECT COUNT(*) FROM jackpot_bet_items x JOIN jackpot_rounds r ON r.id = x.round_id JOIN inventory_items i ON i.id = x.item_id
           WHERE r.status IN ('finished', 'refunded') AND i.status = 'in_bet'
             AND NOT EXISTS (SELECT 1 FROM jackpot_bet_items y JOIN jackpot_rounds o ON o.id = y.round_id WHERE y.item_id = i.id AND o.status IN ('open', 'drawn'))
             AND NOT EXISTS (SELECT 1 FROM crash_bet_items y JOIN crash_bets p ON p.id = y.bet_id WHERE y.item_id = i.id AND p.status = 0))
       + (SELECT COUNT(*) FROM ledger l
           WHERE l.kind = 'bonus_share' AND l.reference LIKE 'jackpot:%'
             AND NOT EXISTS (SELECT 1 FROM jackpot_rounds r WHERE r.status = 'finished' AND l.reference = 'jackpot:' || r.id)) AS v`;

/**
 * The jackpot in the books: the items the house took as commission (at their bet value; not cash)
 * and the bonus shares booked, reported; rounds, bets and bonus ledger rows that disagree, and
 * items of closed rounds left in_bet: must be 0.
 */
export const jackpotBooks = bookCheck({
  name: "jackpot",
  sql: `SELECT f.commission, f.bonus, m.v AS mismatches FROM (${JACKPOT_FLOWS_SQL}) f, (${JACKPOT_MISMATCHES_SQL}) m`,
  figures: { jackpotCommission: "commission", jackpotBonusShared: "bonus", jackpotMismatches: "mismatches" },
  mustBeZero: ["jackpotMismatches"],
});
