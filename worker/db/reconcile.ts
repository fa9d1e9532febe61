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
  ok: boolean;
}

const HELD_STATUSES = "('available', 'in_bet', 'withdrawing')";

export async function reconcile(env: Pick<Env, "DB">): Promise<Reconciliation> {
  const d1 = env.DB;
  const [totals, items, house, flows, userMismatch, houseMismatch] = await d1.batch<Record<string, number | null>>([
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
  ]);
  const one = (r: D1Result<Record<string, number | null>> | undefined, col = "v") => Number(r?.results[0]?.[col] ?? 0);

  const userBalances = one(totals);
  const houseTotal = one(house, "total");
  const deposits = one(flows, "deposits");
  const withdrawals = one(flows, "withdrawals");
  const mismatchedAccounts = one(userMismatch) + one(houseMismatch);
  return {
    userBalances,
    userItemsValue: one(items),
    houseBalance: one(house, "house"),
    bonusBalance: one(house, "bonus"),
    deposits,
    withdrawals,
    mismatchedAccounts,
    ok: userBalances + houseTotal === deposits - withdrawals && mismatchedAccounts === 0,
  };
}
