// POST /api/user/usePromo: a balance code credits its amount once per player, within its daily
// limit (docs/money.md "Promo codes"). One D1 batch: the use row — inserted only while the code is
// live and today's uses are under the limit (INSERT … SELECT … WHERE count < limit; D1 runs a
// batch as one transaction, so racing players cannot overrun it) and only once per player
// (UNIQUE promo + user) —, the credit with its ledger row, the house's counterpart and the bell
// row. Any refusal inside the batch aborts all of it.
import { notificationContent } from "../../shared/api/notifications";
import { classifyBatchError, houseBalanceStatements, userBalanceStatements } from "../db/ledger";
import { expectChanges, failedGuard, guard } from "../db/guards";
import { batch, sql } from "../db/sql";
import { notificationOf, notificationStatement, pushBalance, pushNotification } from "../lib/notify";
import { judgePromo } from "./queries";
import { type PromoRefusal, utcDay } from "./rules";

type RedeemEnv = Pick<Env, "DB" | "HUB_ROOM">;

export type RedeemResult = { ok: true; amount: number } | { ok: false; refusal: PromoRefusal };

/** Ledger keys of one player's use of one code: a second use can never book twice. */
export function promoLedgerKeys(promoId: number, userId: number) {
  const user = `promo:${promoId}:${userId}`;
  return { user, house: `${user}:house` };
}

export async function redeemBalancePromo(env: RedeemEnv, userId: number, code: string | null, now = Date.now()): Promise<RedeemResult> {
  const judged = await judgePromo(env, code, "balance", userId, now);
  if (judged.refusal || !judged.promo) return { ok: false, refusal: judged.refusal ?? "not_found" };
  const promo = judged.promo;
  const day = utcDay(now);
  const keys = promoLedgerKeys(promo.id, userId);
  const reference = `promo:${promo.id}`;

  let results: D1Result[];
  try {
    results = await batch(env.DB, [
      guard("promo.used", sql`EXISTS (SELECT 1 FROM promo_uses WHERE promo_id = ${promo.id} AND user_id = ${userId})`),
      sql`INSERT INTO promo_uses (promo_id, user_id, day, amount, created_at)
          SELECT id, ${userId}, ${day}, amount, ${now} FROM promo_codes
           WHERE id = ${promo.id} AND kind = 'balance' AND active = 1
             AND (expires_at IS NULL OR expires_at > ${now})
             AND (SELECT COUNT(*) FROM promo_uses WHERE promo_id = ${promo.id} AND day = ${day}) < daily_limit`,
      expectChanges(1),
      ...userBalanceStatements({ userId, delta: promo.amount, kind: "promo", reference, idempotencyKey: keys.user }, now),
      ...houseBalanceStatements({ account: "house", delta: -promo.amount, kind: "promo", reference, idempotencyKey: keys.house }, now),
      notificationStatement({ userId, name: "promo_used", content: notificationContent.amount(promo.amount), createdAt: now }),
    ]);
  } catch (err) {
    if (isOncePerPlayer(err)) return { ok: false, refusal: "already_used" };
    if (classifyBatchError(err) !== "guard") throw err;
    // The code ended or the day's uses ran out between the read and the batch: say which.
    const again = await judgePromo(env, code, "balance", userId, now);
    return { ok: false, refusal: again.refusal ?? "daily_limit" };
  }
  await pushBalance(env, userId);
  await pushNotification(env, userId, notificationOf(results.at(-1)));
  return { ok: true, amount: promo.amount };
}

/** The promo_uses guard (one use per player) or the use's ledger key: this player used the code already. */
function isOncePerPlayer(err: unknown): boolean {
  return failedGuard(err) === "promo.used" || classifyBatchError(err) === "replay";
}
