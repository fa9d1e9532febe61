// What staff see of a player next to his ticket (docs/support.md "The staff queue"): balance,
// the latest deposits, withdrawals and bets of every mode, and every payment in review.
import type { PlayerContextJson } from "../../shared/api/tickets";
import { TICKET } from "../../shared/constants";
import { toDollars } from "../../shared/money";
import { all, sql } from "../db/sql";
import { casesHistory } from "../history/cases";
import { depositPage, withdrawPage } from "../history/money";
import { paymentsWithReports } from "../payments/admin";
import type { UserRow } from "../db/types";

type DbEnv = Pick<Env, "DB">;

interface BetRow {
  mode: "crash" | "jackpot" | "wheel";
  game_id: number;
  bank: number;
  win: number;
  created_at: number;
}

const rows = TICKET.contextRows;

export async function playerContext(env: DbEnv, user: UserRow): Promise<PlayerContextJson> {
  const size = { size: rows };
  const [deposits, withdraws, games, cases, review] = await Promise.all([
    depositPage(env, user.id, size),
    withdrawPage(env, user.id, size),
    all<BetRow>(
      env.DB,
      sql`SELECT * FROM (SELECT 'crash' AS mode, round_id AS game_id, bank, CASE WHEN status = 1 THEN win ELSE 0 END AS win, created_at FROM crash_bets WHERE user_id = ${user.id} ORDER BY created_at DESC LIMIT ${rows})
          UNION ALL SELECT * FROM (SELECT 'jackpot' AS mode, b.round_id AS game_id, SUM(b.price) AS bank, CASE WHEN r.winner_id = ${user.id} THEN COALESCE(r.win, 0) ELSE 0 END AS win, MIN(b.created_at) AS created_at
                 FROM jackpot_bets b JOIN jackpot_rounds r ON r.id = b.round_id WHERE b.user_id = ${user.id} GROUP BY b.round_id ORDER BY created_at DESC LIMIT ${rows})
          UNION ALL SELECT * FROM (SELECT 'wheel' AS mode, round_id AS game_id, bank, CASE WHEN status = 1 THEN win ELSE 0 END AS win, created_at FROM wheel_bets WHERE user_id = ${user.id} ORDER BY created_at DESC LIMIT ${rows})`,
    ),
    casesHistory(env, user.id, size),
    paymentsWithReports(env, sql`WHERE p.user_id = ${user.id} AND p.status = 'review' ORDER BY p.created_at DESC`),
  ]);
  const bets = [
    ...games.map((b) => ({ mode: b.mode, game_id: b.game_id, bank: toDollars(b.bank), win: toDollars(b.win), created_at: b.created_at })),
    ...cases.rows.map((o) => ({ mode: "cases" as const, game_id: o.id, bank: o.price, win: o.item.price, created_at: o.created_at })),
  ].sort((a, b) => b.created_at - a.created_at);
  return {
    user: { id: user.id, username: user.username, avatar: user.avatar, balance: toDollars(user.balance), banned: user.banned, created_at: user.createdAt },
    deposits: deposits.rows,
    withdraws: withdraws.rows,
    bets,
    review,
  };
}
