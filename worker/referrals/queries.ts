// The profile's referral block (getProfile, docs/money.md "Referrals"): the player's code, share,
// earnings, and the newest referees with what each earned them.
import type { ReferralInfoJson, ReferralRowJson } from "../../shared/api/promo";
import { PROMO } from "../../shared/constants";
import { toDollars } from "../../shared/money";
import { batch, rowsOf, sql } from "../db/sql";
import { referralCode } from "./code";
import { referralSharePercent } from "./share";

interface RefereeSqlRow {
  id: number;
  username: string;
  avatar: string;
  created_at: number;
  earned: number;
}

export async function referralsOf(
  env: Pick<Env, "DB"> & { REFERRAL_SHARE_PERCENT?: string },
  userId: number,
): Promise<{ referrals: ReferralRowJson[]; referral: ReferralInfoJson }> {
  const [list, totals] = await batch(env.DB, [
    sql`SELECT u.id, u.username, u.avatar, r.created_at,
               COALESCE((SELECT SUM(e.amount) FROM referral_earnings e WHERE e.referrer_id = r.referrer_id AND e.referee_id = r.referee_id), 0) AS earned
          FROM referrals r JOIN users u ON u.id = r.referee_id
         WHERE r.referrer_id = ${userId}
         ORDER BY r.created_at DESC, r.referee_id DESC LIMIT ${PROMO.referralsShown}`,
    sql`SELECT (SELECT COUNT(*) FROM referrals WHERE referrer_id = ${userId}) AS count,
               (SELECT COALESCE(SUM(amount), 0) FROM referral_earnings WHERE referrer_id = ${userId}) AS earned`,
  ]);
  const t = rowsOf<{ count: number; earned: number }>(totals)[0] ?? { count: 0, earned: 0 };
  return {
    referrals: rowsOf<RefereeSqlRow>(list).map((r) => ({
      user: { id: r.id, username: r.username, avatar: r.avatar },
      created_at: r.created_at,
      earned: toDollars(r.earned),
    })),
    referral: { code: referralCode(userId), share_percent: referralSharePercent(env), earned: toDollars(t.earned), count: t.count },
  };
}
