// Crediting an accepted skins deposit: ONE D1 batch —
//   the deposit marked credited (guarded: state = 'accepted' AND credited_at IS NULL, so a repeated
//   poll or two racing passes credit once: the loser's batch aborts at expectChanges and moves
//   nothing), tradable_after = now + SKINS_DEPOSIT.protectionMs;
//   one inventory item per asked asset, minted to the player at the current catalogue price (the
//   booked price = the value, docs/security.md "One valuation rule for items"), linked from its deposit item;
//   the amount = Σ those prices; the bell row (kind skins_deposit).
// No money moves: items are not cash on the books (books/reconcile.ts reports their value and
// checks every credited deposit minted all its items — skins-deposit/reconcile-sql.ts).
import { notificationContent } from "../../shared/api/notifications";
import { SKINS_DEPOSIT } from "../../shared/constants";
import { classifyBatchError } from "../db/ledger";
import { expectChanges } from "../db/guards";
import { all, batch, type SQL, sql } from "../db/sql";
import { notificationOf, notificationStatement, pushNotification } from "../lib/notify";

type CreditEnv = Pick<Env, "DB" | "HUB_ROOM">;

export const NOTIFY_CREDITED = "skins_deposit";

interface DepositItemRow {
  asset_id: string;
  catalogue_id: number;
  price: number;
}

export function creditStatements(deposit: { id: string; userId: number }, items: readonly DepositItemRow[], amount: number, now: number): SQL[] {
  const out: SQL[] = [
    sql`UPDATE skin_deposits SET credited_at = ${now}, tradable_after = ${now + SKINS_DEPOSIT.protectionMs}, finished_at = COALESCE(finished_at, ${now}), updated_at = ${now}
          WHERE id = ${deposit.id} AND state = 'accepted' AND credited_at IS NULL`,
    expectChanges(1),
  ];
  for (const item of items) {
    out.push(
      sql`INSERT INTO inventory_items (owner_id, catalogue_id, price, status, created_at, updated_at)
           SELECT ${deposit.userId}, c.id, c.price, 'available', ${now}, ${now} FROM catalogue c WHERE c.id = ${item.catalogue_id}`,
      expectChanges(1),
      // expectChanges inserts nothing when it passes, so last_insert_rowid() is still the item
      sql`UPDATE skin_deposit_items SET item_id = last_insert_rowid(), price = (SELECT price FROM inventory_items WHERE id = last_insert_rowid())
            WHERE deposit_id = ${deposit.id} AND asset_id = ${item.asset_id} AND item_id IS NULL`,
      expectChanges(1),
    );
  }
  out.push(
    sql`UPDATE skin_deposits SET amount = (SELECT COALESCE(SUM(price), 0) FROM skin_deposit_items WHERE deposit_id = ${deposit.id}) WHERE id = ${deposit.id}`,
    notificationStatement({ userId: deposit.userId, name: NOTIFY_CREDITED, content: notificationContent.amount(amount), createdAt: now }),
  );
  return out;
}

/** Credits an accepted deposit; false when it was credited already (nothing moved). */
export async function creditDeposit(env: CreditEnv, deposit: { id: string; userId: number }, now = Date.now()): Promise<boolean> {
  const items = await all<DepositItemRow>(
    env.DB,
    sql`SELECT x.asset_id, x.catalogue_id, c.price FROM skin_deposit_items x JOIN catalogue c ON c.id = x.catalogue_id
         WHERE x.deposit_id = ${deposit.id} ORDER BY x.asset_id`,
  );
  const amount = items.reduce((sum, i) => sum + i.price, 0);
  let results: D1Result[];
  try {
    results = await batch(env.DB, creditStatements(deposit, items, amount, now));
  } catch (err) {
    if (classifyBatchError(err) === "guard") return false;
    throw err;
  }
  await pushNotification(env, deposit.userId, notificationOf(results.at(-1)));
  return true;
}
