// The books' registry (docs/money.md "Money rules"): every check reconcile.ts runs, by domain. Adding a
// money domain: write its check beside its SQL (worker/<domain>/reconcile-sql.ts, bookCheck) and
// list it here; the report's figures and its `ok` follow.
import { bonusBooks } from "../bonus/reconcile-sql";
import { cashbackBooks } from "../cashback/reconcile-sql";
import { casesBooks } from "../cases/reconcile-sql";
import { crashBooks } from "../crash/reconcile-sql";
import { jackpotBooks } from "../jackpot/reconcile-sql";
import { moneyWithdrawBooks } from "../money-withdraw/reconcile-sql";
import { paymentsBooks } from "../payments/reconcile-sql";
import { revaluationBooks } from "../prices/revaluation";
import { LIVE_ITEM_STATUSES_SQL } from "../prices/valuation";
import { promoBooks } from "../promo/reconcile-sql";
import { skinsDepositBooks } from "../skins-deposit/reconcile-sql";
import { storeBooks } from "../store/reconcile-sql";
import { wheelBooks } from "../wheel/reconcile-sql";
import { withdrawBooks } from "../withdraws/reconcile-sql";
import { bookCheck } from "./check";

/**
 * The ledger itself. Money enters only by deposits and leaves only by withdrawals; every other
 * movement is two-sided (user ↔ house/bonus). So, to the cent: Σ user balances + Σ house account
 * balances = Σ deposits − Σ withdrawals (cashDifference = 0). Each account's balance must also
 * equal the sum of its own ledger rows (mismatchedAccounts: accounts with an unbooked change).
 * Items held by users are reported at their booked price (items are not cash on the books).
 */
const ledgerBooks = bookCheck({
  name: "ledger",
  sql: `
    SELECT t.*, t.user_balances + t.house_total - (t.deposits - t.withdrawals) AS cash_difference FROM (
      SELECT (SELECT COALESCE(SUM(balance), 0) FROM users) AS user_balances,
             (SELECT COALESCE(SUM(price), 0) FROM inventory_items WHERE owner_id IS NOT NULL AND status IN ${LIVE_ITEM_STATUSES_SQL}) AS user_items,
             (SELECT COALESCE(SUM(CASE WHEN name = 'house' THEN balance END), 0) FROM house_accounts) AS house,
             (SELECT COALESCE(SUM(CASE WHEN name = 'bonus' THEN balance END), 0) FROM house_accounts) AS bonus,
             (SELECT COALESCE(SUM(balance), 0) FROM house_accounts) AS house_total,
             (SELECT COALESCE(SUM(CASE WHEN kind = 'deposit' THEN delta END), 0) FROM ledger) AS deposits,
             (SELECT COALESCE(-SUM(CASE WHEN kind = 'withdrawal' THEN delta END), 0) FROM ledger) AS withdrawals,
             (SELECT COUNT(*) FROM users u
               WHERE u.balance <> COALESCE((SELECT SUM(delta) FROM ledger l WHERE l.user_id = u.id AND l.account = 'user'), 0))
           + (SELECT COUNT(*) FROM house_accounts h
               WHERE h.balance <> COALESCE((SELECT SUM(delta) FROM ledger l WHERE l.user_id IS NULL AND l.account = h.name), 0)) AS mismatched
    ) t`,
  figures: {
    userBalances: "user_balances",
    userItemsValue: "user_items",
    houseBalance: "house",
    bonusBalance: "bonus",
    deposits: "deposits",
    withdrawals: "withdrawals",
    mismatchedAccounts: "mismatched",
    cashDifference: "cash_difference",
  },
  mustBeZero: ["mismatchedAccounts", "cashDifference"],
});

export const BOOK_CHECKS = [
  ledgerBooks,
  revaluationBooks,
  crashBooks,
  storeBooks,
  casesBooks,
  withdrawBooks,
  skinsDepositBooks,
  promoBooks,
  paymentsBooks,
  cashbackBooks,
  moneyWithdrawBooks,
  jackpotBooks,
  wheelBooks,
  bonusBooks,
] as const;
