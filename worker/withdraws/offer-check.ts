// The offer check (docs/trade-bot.md "Security code"): a player pastes a trade offer they received
// and learns whether the site's bot sent it to them — the API-key scam's look-alike comes from
// another account, so its id is none of theirs — and the code its message must carry.
import type { CheckOfferAnswer } from "../../shared/api/user";
import { OFFER_LINK_PATTERN } from "../../shared/api/user";
import { all, sql } from "../db/sql";

interface OfferSqlRow {
  kind: "withdraw" | "deposit";
  status: string;
  security_code: string | null;
  created_at: number;
}

/** `offer`: the link or id the contract accepted. Only the player's own withdrawals and deposits count. */
export async function checkOffer(env: Pick<Env, "DB">, userId: number, offer: string): Promise<CheckOfferAnswer> {
  const offerId = OFFER_LINK_PATTERN.exec(offer)?.[1] ?? "";
  const rows = await all<OfferSqlRow>(
    env.DB,
    sql`SELECT 'withdraw' AS kind, status, security_code, created_at FROM withdrawals WHERE user_id = ${userId} AND offer_id = ${offerId}
        UNION ALL
        SELECT 'deposit' AS kind, state AS status, security_code, created_at FROM skin_deposits WHERE user_id = ${userId} AND offer_id = ${offerId}`,
  );
  const row = rows[0];
  if (!row) {
    // a request whose offer the bot may have made, its answer not recorded yet (a lost answer)
    const waiting = await all<{ n: number }>(
      env.DB,
      sql`SELECT 1 AS n FROM withdrawals WHERE user_id = ${userId} AND status = 'sending' AND offer_id IS NULL
          UNION ALL SELECT 1 AS n FROM skin_deposits WHERE user_id = ${userId} AND state = 'sending' AND offer_id IS NULL LIMIT 1`,
    );
    return { ours: false, offer_id: offerId, pending: waiting.length > 0 };
  }
  return { ours: true, offer_id: offerId, kind: row.kind, status: row.status, security_code: row.security_code, created_at: row.created_at };
}
