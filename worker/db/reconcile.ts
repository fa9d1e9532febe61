// The books (architecture.md "The house is an account too"). Money enters only by deposits and
// leaves only by withdrawals; every other movement is two-sided (user ↔ house/bonus). So, to the
// cent: Σ user balances + Σ house account balances = Σ deposits − Σ withdrawals.
// Each account's balance must also equal the sum of its own ledger rows (no unbooked change).
// All figures are integer cents.

export interface Reconciliation {
  userBalances: number;
  /** items held by users at their booked price (reported; items are not cash on the books) */
  userItemsValue: number;
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
   * win items it minted for winners (a house payout in items, booked at catalogue price).
   */
  crashItemsTaken: number;
  crashItemsPaid: number;
  /**
   * Won crash bets whose win ≠ win item price + remainder, or whose remainder lacks its ledger
   * rows (user credit and house debit); settled bets whose items the bettor still holds locked
   * outside any pending bet. Must be 0.
   */
  crashMismatches: number;
  ok: boolean;
}

const HELD_STATUSES = "('available', 'in_bet', 'withdrawing')";

export async function reconcile(env: Pick<Env, "DB">): Promise<Reconciliation> {
  const d1 = env.DB;
  const [totals, items, house, flows, userMismatch, houseMismatch, crashItems, crashBad] = await d1.batch<Record<string, number | null>>([
    d1.prepare("SELECT COALESCE(SUM(balance), 0) AS v FROM users"),
    d1.prepare(`SELECT COALESCE(SUM(price), 0) AS v FROM inventory_items WHERE owner_id IS NOT NULL AND status IN ${HELD_STATUSES}`),
    d1.prepare(
      `SELECT COALESCE(SUM(CASE WHEN name = 'house' THEN balance END), 0) AS house,
              COALESCE(SUM(CASE WHEN name = 'bonus' THEN balance END), 0) AS bonus,
              COALESCE(SUM(balance), 0) AS total
         FROM house_accounts`,
    ),
    d1.prepare(
      `SELECT COALESCE(SUM(CASE WHEN kind = 'deposit' THEN delta END), 0) AS deposits,
              COALESCE(-SUM(CASE WHEN kind = 'withdrawal' THEN delta END), 0) AS withdrawals
         FROM ledger`,
    ),
    d1.prepare(
      `SELECT COUNT(*) AS v FROM users u
        WHERE u.balance <> COALESCE((SELECT SUM(delta) FROM ledger l WHERE l.user_id = u.id AND l.account = 'user'), 0)`,
    ),
    d1.prepare(
      `SELECT COUNT(*) AS v FROM house_accounts h
        WHERE h.balance <> COALESCE((SELECT SUM(delta) FROM ledger l WHERE l.user_id IS NULL AND l.account = h.name), 0)`,
    ),
    d1.prepare(
      `SELECT COALESCE(SUM(CASE WHEN b.status IN (1, 2) THEN b.bank END), 0) AS taken,
              COALESCE((SELECT SUM(i.price) FROM crash_bets w JOIN inventory_items i ON i.id = w.win_item_id WHERE w.status = 1), 0) AS paid
         FROM crash_bets b`,
    ),
    d1.prepare(
      `SELECT COUNT(*) AS v FROM crash_bets b
        WHERE (b.status = 1 AND (
                 b.win <> b.remainder + COALESCE((SELECT price FROM inventory_items i WHERE i.id = b.win_item_id), 0)
              OR b.remainder <> COALESCE((SELECT SUM(delta) FROM ledger l WHERE l.idempotency_key = 'crash:bet:' || b.id || ':win'), 0)
              OR b.remainder <> -COALESCE((SELECT SUM(delta) FROM ledger l WHERE l.idempotency_key = 'crash:bet:' || b.id || ':win:house'), 0)))
           OR (b.status IN (1, 2) AND EXISTS (
                 SELECT 1 FROM crash_bet_items x JOIN inventory_items i ON i.id = x.item_id
                  WHERE x.bet_id = b.id AND i.owner_id = b.user_id AND i.status = 'in_bet'
                    AND NOT EXISTS (SELECT 1 FROM crash_bet_items y JOIN crash_bets p ON p.id = y.bet_id WHERE y.item_id = i.id AND p.status = 0)))`,
    ),
  ]);
  const one = (r: D1Result<Record<string, number | null>> | undefined, col = "v") => Number(r?.results[0]?.[col] ?? 0);

  const userBalances = one(totals);
  const houseTotal = one(house, "total");
  const deposits = one(flows, "deposits");
  const withdrawals = one(flows, "withdrawals");
  const mismatchedAccounts = one(userMismatch) + one(houseMismatch);
  const crashMismatches = one(crashBad);
  return {
    userBalances,
    userItemsValue: one(items),
    houseBalance: one(house, "house"),
    bonusBalance: one(house, "bonus"),
    deposits,
    withdrawals,
    mismatchedAccounts,
    crashItemsTaken: one(crashItems, "taken"),
    crashItemsPaid: one(crashItems, "paid"),
    crashMismatches,
    ok: userBalances + houseTotal === deposits - withdrawals && mismatchedAccounts === 0 && crashMismatches === 0,
  };
}
