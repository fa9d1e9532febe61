// The console's user reads (admins): the search (keyset, sorted: newest, balance, wagered) and one user's page,
// built from the profile's own lists (worker/history/*, worker/user/*, worker/tickets/read.ts).
import type { ConsoleSessionJson, ConsoleUserJson, ConsoleUserRowJson, ModeBetsJson, StaffRole, UserDetailAnswer, UserSort } from "../../shared/api/admin";
import { CONSOLE } from "../../shared/constants";
import { toDollars } from "../../shared/money";
import { afterPosition, type KeysetOrder, keysetPage, orderTerms, positionOf } from "../db/keyset";
import { all, first, type SQL, sql } from "../db/sql";
import type { UserRow } from "../db/types";
import { casesGameResults } from "../history/cases";
import { depositPage, referralPage, skinDepositPage, withdrawPage } from "../history/money";
import { ticketsOf } from "../tickets/read";
import { crashGameResults } from "../user/crash-history";
import type { GameResult } from "../user/game-result";
import { jackpotGameResults } from "../user/jackpot-history";
import { presentInventoryItem } from "../user/presenters";
import { inventoryOf } from "../user/queries";
import { wheelGameResults } from "../wheel/history";
import { readProtection } from "../protection/queries";

type DbEnv = Pick<Env, "DB">;

/** The first 64-bit Steam id; a trade link's partner is the account id, the Steam id minus this. */
const STEAM_ID_BASE = 76561197960265728n;

export function roleOf(u: { isAdmin: boolean; isModerator: boolean }): StaffRole {
  return u.isAdmin ? "admin" : u.isModerator ? "moderator" : "player";
}

interface UserSqlRow {
  id: number;
  username: string;
  avatar: string;
  balance: number;
  banned: number;
  is_admin: number;
  is_moderator: number;
  created_at: number;
}

function consoleUser(r: UserSqlRow): ConsoleUserJson {
  return {
    id: r.id,
    username: r.username,
    avatar: r.avatar,
    balance: toDollars(r.balance),
    banned: Boolean(r.banned),
    role: roleOf({ isAdmin: Boolean(r.is_admin), isModerator: Boolean(r.is_moderator) }),
    created_at: r.created_at,
  };
}

/** What `q` may be: a trade link (its partner), a 64-bit Steam id, a user id, or a part of a name. */
function queryCondition(q: string): SQL {
  const partner = /[?&]partner=(\d{1,10})(?:&|$)/.exec(q)?.[1];
  if (partner) {
    const steamId = String(STEAM_ID_BASE + BigInt(partner));
    return sql`(steam_id = ${steamId} OR instr(trade_link, ${`partner=${partner}&`}) > 0 OR trade_link = ${q})`;
  }
  if (/^7656\d{13}$/.test(q)) return sql`steam_id = ${q}`;
  // instr, not LIKE: the text is literal, and D1 caps LIKE patterns short
  const byName = sql`instr(lower(username), ${q.toLowerCase()}) > 0`;
  if (/^[1-9]\d{0,15}$/.test(q)) return sql`(id = ${Number(q)} OR ${byName})`;
  return byName;
}

function roleCondition(role: StaffRole): SQL {
  if (role === "admin") return sql`is_admin <> 0`;
  if (role === "moderator") return sql`is_admin = 0 AND is_moderator <> 0`;
  return sql`is_admin = 0 AND is_moderator = 0`;
}

/** What a user wagered in all, cents (the top list's running sums). */
const WAGERED = sql`COALESCE((SELECT t.wagered FROM player_totals t WHERE t.user_id = users.id), 0)`;

/** The users table's sorts (shared/api/admin.ts USER_SORTS), each largest first. */
const USER_ORDERS: Record<UserSort, KeysetOrder> = {
  newest: { value: sql`users.id`, key: sql`users.id`, dir: "desc", kind: "int" },
  balance: { value: sql`users.balance`, key: sql`users.id`, dir: "desc", kind: "int" },
  wagered: { value: WAGERED, key: sql`users.id`, dir: "desc", kind: "int" },
};

export async function searchUsers(
  env: DbEnv,
  f: { q?: string | undefined; cursor?: string | undefined; sort: UserSort; role?: StaffRole | undefined; banned?: boolean | undefined },
): Promise<{ users: ConsoleUserRowJson[]; next_cursor: string | null }> {
  const order = USER_ORDERS[f.sort];
  const where: SQL[] = [afterPosition(order, positionOf(order, f.sort, f.cursor))];
  if (f.q) where.push(queryCondition(f.q));
  if (f.role) where.push(roleCondition(f.role));
  if (f.banned !== undefined) where.push(f.banned ? sql`banned <> 0` : sql`banned = 0`);
  const rows = await all<UserSqlRow & { wagered: number; sort_value: number; sort_key: number }>(
    env.DB,
    sql`SELECT id, username, avatar, balance, banned, is_admin, is_moderator, created_at, ${WAGERED} AS wagered, ${order.value} AS sort_value, users.id AS sort_key FROM users
         WHERE ${sql.join(where, sql` AND `)} ORDER BY ${orderTerms(order)} LIMIT ${CONSOLE.pageSize + 1}`,
  );
  const page = keysetPage(rows, CONSOLE.pageSize, f.sort);
  return { users: page.rows.map((r) => ({ ...consoleUser(r), wagered: toDollars(r.wagered) })), next_cursor: page.next };
}

function modeBets(results: readonly GameResult[]): ModeBetsJson {
  let wagered = 0;
  let won = 0;
  for (const r of results) {
    wagered += Number(r.stake);
    won += Number(r.payout);
  }
  return { count: results.length, wagered: toDollars(wagered), won: toDollars(won), house: toDollars(wagered - won) };
}

/** A session's handle on the console: the first 16 hex digits of its token's hash. */
export const sessionHandle = (tokenHash: string) => tokenHash.slice(0, 16);

interface SessionSqlRow {
  token_hash: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
  second_factor_at: number | null;
}

async function sessionsOf(env: DbEnv, userId: number): Promise<ConsoleSessionJson[]> {
  const rows = await all<SessionSqlRow>(
    env.DB,
    sql`SELECT token_hash, created_at, expires_at, revoked_at, second_factor_at FROM sessions WHERE user_id = ${userId}
         ORDER BY created_at DESC, token_hash LIMIT ${CONSOLE.userListSize}`,
  );
  return rows.map((s) => ({
    id: sessionHandle(s.token_hash),
    created_at: s.created_at,
    expires_at: s.expires_at,
    revoked: s.revoked_at !== null,
    revoked_at: s.revoked_at,
    second_factor_at: s.second_factor_at,
  }));
}

export async function userDetail(env: DbEnv, u: UserRow): Promise<UserDetailAnswer> {
  const page = { size: CONSOLE.userListSize };
  const [items, deposits, skinDeposits, withdrawals, crash, jackpot, wheel, cases, tickets, sessions, referrals, referralTotals, otp, protection] =
    await Promise.all([
      inventoryOf(env, u.id),
      depositPage(env, u.id, page),
      skinDepositPage(env, u.id, page),
      withdrawPage(env, u.id, page),
      crashGameResults(env, u.id),
      jackpotGameResults(env, u.id),
      wheelGameResults(env, u.id),
      casesGameResults(env, u.id),
      ticketsOf(env, u.id),
      sessionsOf(env, u.id),
      referralPage(env, u.id, page),
      first<{ n: number; earned: number }>(
        env.DB,
        sql`SELECT (SELECT COUNT(*) FROM referrals WHERE referrer_id = ${u.id}) AS n,
                 (SELECT COALESCE(SUM(amount), 0) FROM referral_earnings WHERE referrer_id = ${u.id}) AS earned`,
      ),
      first<{ confirmed_at: number | null }>(env.DB, sql`SELECT confirmed_at FROM staff_otp WHERE user_id = ${u.id}`),
      readProtection(env, u.id),
    ]);
  return {
    user: {
      id: u.id,
      username: u.username,
      avatar: u.avatar,
      balance: toDollars(u.balance),
      banned: u.banned,
      role: roleOf(u),
      created_at: u.createdAt,
      cashback: toDollars(u.cashback),
      trade_link: u.tradeLink,
      steam_id: u.steamId,
      terms_version: u.termsVersion,
      terms_accepted_at: u.termsAcceptedAt,
      second_factor: otp?.confirmed_at != null,
    },
    items: items.slice(0, CONSOLE.userListSize).map(presentInventoryItem),
    deposits: deposits.rows,
    skin_deposits: skinDeposits.rows,
    withdrawals: withdrawals.rows,
    bets: { crash: modeBets(crash), jackpot: modeBets(jackpot), wheel: modeBets(wheel), cases: modeBets(cases) },
    tickets,
    sessions,
    referrals: { count: Number(referralTotals?.n ?? 0), earned: toDollars(Number(referralTotals?.earned ?? 0)), latest: referrals.rows },
    protection,
  };
}
