// D1 reads for /api/crash/* and the room's history: rounds, bets with their items, shaped into
// the shared JSON (shared/api/crash.ts). Cents → dollars and hundredths → numbers happen here.
import { CRASH } from "../../shared/constants";
import { colourClass, toMultiplier } from "../../shared/crash-curve";
import { toDollars } from "../../shared/money";
import type { BetPublic, GameJson, HistoryEntry } from "../../shared/api/crash";
import { desc, eq, max } from "drizzle-orm";
import { db } from "../db/client";
import { crashRounds } from "../db/schema";
import { batch, rowsOf, sql } from "../db/sql";
import { itemsByBet, presentCrashItem, stakedItemsQuery, wonItemsQuery } from "./items";

type D1Env = Pick<Env, "DB">;

interface BetRow {
  id: string;
  user_id: number;
  username: string;
  avatar: string;
  bank: number;
  value: number;
  auto_withdraw: number;
  status: number;
  cashout: number | null;
  win: number;
  win_item_id: number | null;
}

/** The last crashed rounds, newest first (§9 colour classes). */
export async function history(env: D1Env, size: number = CRASH.historySize): Promise<HistoryEntry[]> {
  return (await crashedRounds(env, size)).map((r) => ({ id: r.id, value: toMultiplier(r.value), colourClass: colourClass(r.value) }));
}

/** The last crashed rounds with their points (hundredths), newest first: the pages' history and the room's. */
export async function crashedRounds(env: D1Env, size: number): Promise<{ id: number; value: number }[]> {
  const results = await db(env)
    .select({ id: crashRounds.id, value: crashRounds.crashPoint })
    .from(crashRounds)
    .where(eq(crashRounds.status, "crashed"))
    .orderBy(desc(crashRounds.id))
    .limit(size)
    .all();
  // a crashed round always has its point
  return results.map((r) => ({ id: r.id, value: r.value ?? 0 }));
}

async function findRound(env: D1Env, id: number) {
  return db(env).select().from(crashRounds).where(eq(crashRounds.id, id)).get();
}

/** The newest round (the one the room is playing or has just played), or null before the first. */
export async function currentRoundId(env: D1Env): Promise<number | null> {
  const row = await db(env)
    .select({ id: max(crashRounds.id) })
    .from(crashRounds)
    .get();
  return row?.id ?? null;
}

/**
 * Bets of a round (optionally one user's) with their items (all of them, or the first
 * `itemsShown` with the rest counted). Refunded bets of a voided round are not listed.
 */
export async function roundBets(env: D1Env, roundId: number, opts: { userId?: number; itemsShown?: number } = {}): Promise<BetPublic[]> {
  const byUser = opts.userId === undefined ? sql`` : sql` AND b.user_id = ${opts.userId}`;
  const [bets, items, winItems] = await batch(env.DB, [
    sql`SELECT b.id, b.user_id, u.username, u.avatar, b.bank, b.value, b.auto_withdraw, b.status, b.cashout, b.win, b.win_item_id
           FROM crash_bets b JOIN users u ON u.id = b.user_id
          WHERE b.round_id = ${roundId} AND b.status <> 3${byUser} ORDER BY b.created_at, b.rowid`,
    stakedItemsQuery(sql`b.round_id = ${roundId} AND b.status <> 3${byUser}`),
    wonItemsQuery(sql`b.round_id = ${roundId}${byUser}`),
  ]);
  const { stakedOf: itemsOf, wonOf: winOf } = itemsByBet(items, winItems);
  return rowsOf<BetRow>(bets).map((b) => {
    const all = itemsOf.get(b.id) ?? [];
    const shown = opts.itemsShown === undefined ? all : all.slice(0, opts.itemsShown);
    const winItem = winOf.get(b.id);
    return {
      id: b.id,
      user: { id: b.user_id, username: b.username, avatar: b.avatar },
      items: shown.map(presentCrashItem),
      itemsMore: all.length - shown.length,
      bank: toDollars(b.bank),
      value: toDollars(b.value),
      autoWithdraw: toMultiplier(b.auto_withdraw),
      is_win: b.status === 1 ? 1 : b.status === 2 ? 2 : 0,
      win: toDollars(b.win),
      winItem: winItem ? presentCrashItem(winItem) : null,
      result: b.status === 1 && b.cashout !== null ? toMultiplier(b.cashout) : null,
    };
  });
}

/** One round for /crash/{id}: the secret and the point only once it has crashed. */
export async function game(env: D1Env, id: number): Promise<GameJson | null> {
  const round = await findRound(env, id);
  if (!round) return null;
  const crashed = round.status === "crashed";
  return {
    id: round.id,
    status: round.status,
    public_hash: round.publicHash,
    secret_hash: crashed ? round.secret : null,
    day_of_month: round.dayOfMonth,
    multiplier: crashed && round.crashPoint !== null ? toMultiplier(round.crashPoint) : null,
    provably_fair: round.provablyFair,
    bank: toDollars(round.bank),
    created_at: round.createdAt,
    bets: await roundBets(env, id),
  };
}
