// The books (README "Money rules"). Money enters only by deposits and
// leaves only by withdrawals; every other movement is two-sided (user ↔ house/bonus). So, to the
// cent: Σ user balances + Σ house account balances = Σ deposits − Σ withdrawals.
// Each account's balance must also equal the sum of its own ledger rows (no unbooked change).
// All figures are integer cents. It sits in books/, not db/, because it reads every money
// domain's SQL (cases, prices, withdraws); db/ keeps the client, schema and ledger helpers.

import { batch, rowsOf, sql } from "../db/sql";
import { CASHBACK_FLOWS_SQL, CASHBACK_MISMATCHES_SQL } from "../cashback/reconcile-sql";
import { CASES_FLOWS_SQL, CASES_MISMATCHES_SQL } from "../cases/reconcile-sql";
import { JACKPOT_FLOWS_SQL, JACKPOT_MISMATCHES_SQL } from "../jackpot/reconcile-sql";
import { REVALUATION_RECONCILE_SQL } from "../prices/revaluation";
import { PROMO_FLOWS_SQL, PROMO_MISMATCHES_SQL } from "../promo/reconcile-sql";
import { PAYMENTS_FLOWS_SQL, PAYMENTS_MISMATCHES_SQL } from "../payments/reconcile-sql";
import { LIVE_ITEM_STATUSES_SQL } from "../prices/valuation";
import { SKIN_DEPOSIT_RECONCILE_SQL } from "../skins-deposit/reconcile-sql";
import { MONEY_WITHDRAW_FLOWS_SQL, MONEY_WITHDRAW_MISMATCHES_SQL } from "../money-withdraw/reconcile-sql";
import { STRAY_WITHDRAWING_SQL, WITHDRAW_FLOWS_SQL, WITHDRAW_MISMATCHES_SQL } from "../withdraws/reconcile-sql";
import { WHEEL_FLOWS_SQL, WHEEL_MISMATCHES_SQL } from "../wheel/reconcile-sql";

export interface Reconciliation {
  userBalances: number;
  /** items held by users at their booked price (reported; items are not cash on the books) */
  userItemsValue: number;
  /**
   * Revaluation (issue 11 §1; prices/revaluation.ts). Every path values an item at its current
   * catalogue price, and a refresh re-books held items at it in the same batch as the price, so
   * userItemsCurrentValue = userItemsValue once prices came from a refresh. The house's revaluation
   * result (Σ 'revaluation' rows: + when prices fell, − when they rose) is not cash and is not in
   * the cash equation; revaluationMismatches (rows off the 'revaluation' account or breaking its
   * running total) must be 0. staleItems: held items booked at another price than the catalogue's
   * (reported; a catalogue edited outside a refresh — the next refresh re-books them).
   */
  userItemsCurrentValue: number;
  revaluationResult: number;
  revaluationMismatches: number;
  staleItems: number;
  houseBalance: number;
  bonusBalance: number;
  /** Σ deposit deltas (money in) */
  deposits: number;
  /** Σ withdrawals as a positive amount (money out) */
  withdrawals: number;
  /** accounts (users and house accounts) whose balance differs from the sum of their ledger rows */
  mismatchedAccounts: number;
  /**
   * Crash items (reported): staked value the house took from settled bets, and the value of the
   * win items it minted for winners (a house payout in items: win − remainder, the catalogue price at the win).
   */
  crashItemsTaken: number;
  crashItemsPaid: number;
  /**
   * Won crash bets whose win ≠ remainder without a win item (with one: a remainder above the win,
   * or the item missing — its value is win − remainder: its booked price moves with price
   * refreshes, prices/revaluation.ts), or whose remainder lacks its ledger
   * rows (user credit and house debit); settled bets whose items the bettor still holds locked
   * outside any pending bet. Must be 0.
   */
  crashMismatches: number;
  /**
   * Storehouse trades (worker/store/trade.ts) whose totals disagree with their items (bought,
   * sold, tax) or with their ledger rows (user rows = delta, house rows = −delta), plus store
   * ledger rows of no trade. Must be 0.
   */
  storeMismatches: number;
  /**
   * Cases (worker/cases/reconcile-sql.ts): what users paid for case opens (the house's takings)
   * and the booked value of the items minted for them (reported); opens whose ledger rows or
   * minted item do not match, or case_open ledger rows of no open. Must be 0.
   */
  casesPaid: number;
  casesItemsMinted: number;
  casesMismatches: number;
  /**
   * Skin withdrawals (worker/withdraws/reconcile-sql.ts): the booked value of items that left the
   * site and the fees the house kept on them (reported); withdrawals whose fee / refund ledger
   * rows or items disagree, and 'withdrawing' items outside an open withdrawal. Must be 0.
   */
  withdrawnItemsValue: number;
  withdrawFeesKept: number;
  withdrawMismatches: number;
  /** 'withdrawing' items no withdrawal ever held (see STRAY_WITHDRAWING_SQL). Must be 0. */
  strayWithdrawingItems: number;
  /**
   * Skins deposits (worker/skins-deposit/reconcile-sql.ts): the value of the items credited (at
   * their credit; no cash moves, reported) and deposits disagreeing with their minted items. Must be 0.
   */
  skinDepositsValue: number;
  skinDepositMismatches: number;
  /**
   * Promo codes and referrals (worker/promo/reconcile-sql.ts): what the house paid in promo
   * credits and referral shares (reported); uses or earnings rows without their ledger rows, and
   * promo / referral ledger rows of no record. Must be 0.
   */
  promoPaid: number;
  referralShared: number;
  promoMismatches: number;
  /**
   * Money deposits through providers (worker/payments/reconcile-sql.ts): credited payments and the
   * bonuses paid on top (reported), payments in review (a provider report support must look at,
   * reported); payments disagreeing with their callback and ledger rows. Must be 0.
   */
  paymentsDeposited: number;
  paymentsBonus: number;
  paymentsInReview: number;
  paymentMismatches: number;
  /**
   * Cashback (worker/cashback/reconcile-sql.ts): Σ accrued (hundredths of a cent, not cash) and Σ
   * taken (cents, house-paid; reported); users whose cashback ≠ accruals − takes, takes without
   * their ledger rows, cashback ledger rows of no take. Must be 0.
   */
  cashbackAccrued: number;
  cashbackPaid: number;
  cashbackMismatches: number;
  /**
   * Money withdrawals (worker/money-withdraw/reconcile-sql.ts): Σ payouts the house paid out
   * (in `withdrawals`) and Σ amounts still open (reported); withdrawals disagreeing with their
   * items or their 'withdrawal' ledger rows. Must be 0.
   */
  moneyWithdrawPaid: number;
  moneyWithdrawOpen: number;
  moneyWithdrawMismatches: number;
  /**
   * Jackpot (worker/jackpot/reconcile-sql.ts): the items the house took as commission (at their bet
   * value; not cash) and the bonus shares booked (reported); rounds, bets and bonus ledger rows that
   * disagree, and items of closed rounds left in_bet. Must be 0.
   */
  jackpotCommission: number;
  jackpotBonusShared: number;
  jackpotMismatches: number;
  /**
   * Wheel (worker/wheel/reconcile-sql.ts): staked value the house took from settled bets and the
   * value of the win items it minted (reported); won bets off their ledger rows or win item,
   * settled bets whose items stay locked, wheel win rows of no bet. Must be 0.
   */
  wheelItemsTaken: number;
  wheelItemsPaid: number;
  wheelMismatches: number;
  ok: boolean;
}

const HELD_STATUSES = LIVE_ITEM_STATUSES_SQL;

/** See Reconciliation.storeMismatches; ledger references are 'store_trade:' || trade id. */
const STORE_MISMATCHES_SQL = `
  SELECT (SELECT COUNT(*) FROM store_trades t
            LEFT JOIN (SELECT trade_id,
                              SUM(CASE WHEN side = 'bought' THEN price ELSE 0 END) AS bought,
                              SUM(CASE WHEN side = 'sold' THEN price ELSE 0 END) AS sold,
                              SUM(tax) AS tax
                         FROM store_trade_items GROUP BY trade_id) x ON x.trade_id = t.id
            LEFT JOIN (SELECT reference,
                              SUM(CASE WHEN account = 'user' THEN delta ELSE 0 END) AS u,
                              SUM(CASE WHEN account <> 'user' THEN delta ELSE 0 END) AS h
                         FROM ledger WHERE kind IN ('store_buy', 'store_sell') GROUP BY reference) l ON l.reference = 'store_trade:' || t.id
           WHERE t.delta <> t.sold - t.tax - t.bought
              OR t.bought <> COALESCE(x.bought, 0) OR t.sold <> COALESCE(x.sold, 0) OR t.tax <> COALESCE(x.tax, 0)
              OR t.delta <> COALESCE(l.u, 0) OR -t.delta <> COALESCE(l.h, 0))
       + (SELECT COUNT(*) FROM ledger l
           WHERE l.kind IN ('store_buy', 'store_sell')
             AND NOT EXISTS (SELECT 1 FROM store_trades t WHERE t.id = substr(l.reference, 13))) AS v`;

export async function reconcile(env: Pick<Env, "DB">): Promise<Reconciliation> {
  const [
    totals,
    items,
    house,
    flows,
    userMismatch,
    houseMismatch,
    crashItems,
    crashBad,
    storeBad,
    casesFlows,
    casesBad,
    withdrawFlows,
    withdrawBad,
    strayWithdrawing,
    revaluation,
    skinDeposits,
    promoFlows,
    promoBad,
    paymentFlows,
    paymentBad,
    cashbackFlows,
    cashbackBad,
    moneyFlows,
    moneyBad,
    jackpotFlows,
    jackpotBad,
    wheelFlows,
    wheelBad,
  ] = await batch(env.DB, [
    sql`SELECT COALESCE(SUM(balance), 0) AS v FROM users`,
    sql`SELECT COALESCE(SUM(price), 0) AS v FROM inventory_items WHERE owner_id IS NOT NULL AND status IN ${sql.raw(HELD_STATUSES)}`,
    sql`SELECT COALESCE(SUM(CASE WHEN name = 'house' THEN balance END), 0) AS house,
              COALESCE(SUM(CASE WHEN name = 'bonus' THEN balance END), 0) AS bonus,
              COALESCE(SUM(balance), 0) AS total
         FROM house_accounts`,
    sql`SELECT COALESCE(SUM(CASE WHEN kind = 'deposit' THEN delta END), 0) AS deposits,
              COALESCE(-SUM(CASE WHEN kind = 'withdrawal' THEN delta END), 0) AS withdrawals
         FROM ledger`,
    sql`SELECT COUNT(*) AS v FROM users u
        WHERE u.balance <> COALESCE((SELECT SUM(delta) FROM ledger l WHERE l.user_id = u.id AND l.account = 'user'), 0)`,
    sql`SELECT COUNT(*) AS v FROM house_accounts h
        WHERE h.balance <> COALESCE((SELECT SUM(delta) FROM ledger l WHERE l.user_id IS NULL AND l.account = h.name), 0)`,
    sql`SELECT COALESCE(SUM(CASE WHEN b.status IN (1, 2) THEN b.bank END), 0) AS taken,
              COALESCE((SELECT SUM(w.win - w.remainder) FROM crash_bets w WHERE w.status = 1 AND w.win_item_id IS NOT NULL), 0) AS paid
         FROM crash_bets b`,
    sql`SELECT COUNT(*) AS v FROM crash_bets b
        WHERE (b.status = 1 AND (
                 (b.win_item_id IS NULL AND b.win <> b.remainder)
              OR (b.win_item_id IS NOT NULL AND (b.win < b.remainder OR NOT EXISTS (SELECT 1 FROM inventory_items i WHERE i.id = b.win_item_id)))
              OR b.remainder <> COALESCE((SELECT SUM(delta) FROM ledger l WHERE l.idempotency_key = 'crash:bet:' || b.id || ':win'), 0)
              OR b.remainder <> -COALESCE((SELECT SUM(delta) FROM ledger l WHERE l.idempotency_key = 'crash:bet:' || b.id || ':win:house'), 0)))
           OR (b.status IN (1, 2) AND EXISTS (
                 SELECT 1 FROM crash_bet_items x JOIN inventory_items i ON i.id = x.item_id
                  WHERE x.bet_id = b.id AND i.owner_id = b.user_id AND i.status = 'in_bet'
                    AND NOT EXISTS (SELECT 1 FROM crash_bet_items y JOIN crash_bets p ON p.id = y.bet_id WHERE y.item_id = i.id AND p.status = 0)
                    AND NOT EXISTS (SELECT 1 FROM wheel_bet_items y JOIN wheel_bets p ON p.id = y.bet_id WHERE y.item_id = i.id AND p.status = 0)))`,
    sql.raw(STORE_MISMATCHES_SQL),
    sql.raw(CASES_FLOWS_SQL),
    sql.raw(CASES_MISMATCHES_SQL),
    sql.raw(WITHDRAW_FLOWS_SQL),
    sql.raw(WITHDRAW_MISMATCHES_SQL),
    sql.raw(STRAY_WITHDRAWING_SQL),
    sql.raw(REVALUATION_RECONCILE_SQL),
    sql.raw(SKIN_DEPOSIT_RECONCILE_SQL),
    sql.raw(PROMO_FLOWS_SQL),
    sql.raw(PROMO_MISMATCHES_SQL),
    sql.raw(PAYMENTS_FLOWS_SQL),
    sql.raw(PAYMENTS_MISMATCHES_SQL),
    sql.raw(CASHBACK_FLOWS_SQL),
    sql.raw(CASHBACK_MISMATCHES_SQL),
    sql.raw(MONEY_WITHDRAW_FLOWS_SQL),
    sql.raw(MONEY_WITHDRAW_MISMATCHES_SQL),
    sql.raw(JACKPOT_FLOWS_SQL),
    sql.raw(JACKPOT_MISMATCHES_SQL),
    sql.raw(WHEEL_FLOWS_SQL),
    sql.raw(WHEEL_MISMATCHES_SQL),
  ]);
  const one = (r: D1Result | undefined, col = "v") => Number(rowsOf<Record<string, number | null>>(r)[0]?.[col] ?? 0);

  const userBalances = one(totals);
  const houseTotal = one(house, "total");
  const deposits = one(flows, "deposits");
  const withdrawals = one(flows, "withdrawals");
  const mismatchedAccounts = one(userMismatch) + one(houseMismatch);
  const crashMismatches = one(crashBad);
  const storeMismatches = one(storeBad);
  const casesMismatches = one(casesBad);
  const withdrawMismatches = one(withdrawBad);
  const strayWithdrawingItems = one(strayWithdrawing);
  const revaluationMismatches = one(revaluation, "bad_rows") + one(revaluation, "foreign_rows");
  const skinDepositMismatches = one(skinDeposits, "bad");
  const promoMismatches = one(promoBad);
  const paymentMismatches = one(paymentBad);
  const cashbackMismatches = one(cashbackBad);
  const moneyWithdrawMismatches = one(moneyBad);
  const jackpotMismatches = one(jackpotBad);
  const wheelMismatches = one(wheelBad);
  return {
    userBalances,
    userItemsValue: one(items),
    userItemsCurrentValue: one(revaluation, "current_value"),
    revaluationResult: one(revaluation, "result"),
    revaluationMismatches,
    staleItems: one(revaluation, "stale"),
    houseBalance: one(house, "house"),
    bonusBalance: one(house, "bonus"),
    deposits,
    withdrawals,
    mismatchedAccounts,
    crashItemsTaken: one(crashItems, "taken"),
    crashItemsPaid: one(crashItems, "paid"),
    crashMismatches,
    storeMismatches,
    casesPaid: one(casesFlows, "paid"),
    casesItemsMinted: one(casesFlows, "minted"),
    casesMismatches,
    withdrawnItemsValue: one(withdrawFlows, "withdrawn"),
    withdrawFeesKept: one(withdrawFlows, "fees"),
    withdrawMismatches,
    strayWithdrawingItems,
    skinDepositsValue: one(skinDeposits, "minted"),
    skinDepositMismatches,
    promoPaid: one(promoFlows, "paid"),
    referralShared: one(promoFlows, "shared"),
    promoMismatches,
    paymentsDeposited: one(paymentFlows, "deposited"),
    paymentsBonus: one(paymentFlows, "bonus"),
    paymentsInReview: one(paymentFlows, "review"),
    paymentMismatches,
    cashbackAccrued: one(cashbackFlows, "accrued"),
    cashbackPaid: one(cashbackFlows, "paid"),
    cashbackMismatches,
    moneyWithdrawPaid: one(moneyFlows, "paid"),
    moneyWithdrawOpen: one(moneyFlows, "open"),
    moneyWithdrawMismatches,
    jackpotCommission: one(jackpotFlows, "commission"),
    jackpotBonusShared: one(jackpotFlows, "bonus"),
    jackpotMismatches,
    wheelItemsTaken: one(wheelFlows, "taken"),
    wheelItemsPaid: one(wheelFlows, "paid"),
    wheelMismatches,
    ok:
      userBalances + houseTotal === deposits - withdrawals &&
      mismatchedAccounts === 0 &&
      crashMismatches === 0 &&
      storeMismatches === 0 &&
      casesMismatches === 0 &&
      withdrawMismatches === 0 &&
      strayWithdrawingItems === 0 &&
      revaluationMismatches === 0 &&
      skinDepositMismatches === 0 &&
      promoMismatches === 0 &&
      paymentMismatches === 0 &&
      cashbackMismatches === 0 &&
      moneyWithdrawMismatches === 0 &&
      jackpotMismatches === 0 &&
      wheelMismatches === 0,
  };
}
