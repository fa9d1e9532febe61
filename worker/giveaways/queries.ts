// Giveaway reads (docs/games.md "Giveaways"): the running one as the card shows it, the history, a
// giveaway's whole record for the provably-fair check, and a player's games count.
import type { ActiveGiveawayJson, AdminPastGiveawayJson, GiveawayRecordJson, GiveawayRules, PastGiveawayJson } from "../../shared/api/giveaways";
import { CONSOLE, GIVEAWAY } from "../../shared/constants";
import { toDollars } from "../../shared/money";
import { CRASH_ITEM_COLUMNS, type CrashItemRow, presentCrashItem } from "../crash/items";
import type { GiveawayStatus } from "../db/schema";
import { all, first, sql } from "../db/sql";
import { giveawayConfig } from "./config";

type DbEnv = Pick<Env, "DB">;

export interface GiveawayRow {
  id: number;
  item_id: number;
  catalogue_id: number;
  status: GiveawayStatus;
  public_hash: string;
  secret: string | null;
  day_of_month: number;
  need_telegram: number;
  need_username: number;
  min_deposit: number;
  min_games: number;
  repeat: number;
  duration_ms: number;
  members: number;
  winner_id: number | null;
  created_at: number;
  ends_at: number;
  drawn_at: number | null;
}

type UserJson = { id: number; username: string; avatar: string };

export async function giveawayRow(env: DbEnv, id: number): Promise<GiveawayRow | null> {
  return first<GiveawayRow>(env.DB, sql`SELECT * FROM giveaways WHERE id = ${id}`);
}

export async function openGiveawayRow(env: DbEnv): Promise<GiveawayRow | null> {
  return first<GiveawayRow>(env.DB, sql`SELECT * FROM giveaways WHERE status = 'open' LIMIT 1`);
}

export function rulesOf(row: GiveawayRow): GiveawayRules {
  return { telegram: row.need_telegram === 1, username: row.need_username === 1, min_deposit: toDollars(row.min_deposit), min_games: row.min_games };
}

async function itemOf(env: DbEnv, itemId: number) {
  const row = await first<CrashItemRow>(
    env.DB,
    sql`SELECT ${CRASH_ITEM_COLUMNS}, i.price AS price FROM inventory_items i JOIN catalogue c ON c.id = i.catalogue_id WHERE i.id = ${itemId}`,
  );
  if (!row) throw new Error(`giveaway item ${itemId} is missing`);
  return presentCrashItem(row);
}

async function userOf(env: DbEnv, id: number | null): Promise<UserJson | null> {
  if (id === null) return null;
  return first<UserJson>(env.DB, sql`SELECT id, username, COALESCE(avatar, '') AS avatar FROM users WHERE id = ${id}`);
}

export async function activeJson(env: DbEnv, row: GiveawayRow): Promise<ActiveGiveawayJson> {
  const [item, people] = await Promise.all([
    itemOf(env, row.item_id),
    all<UserJson & { seq: number }>(
      env.DB,
      sql`SELECT u.id, u.username, COALESCE(u.avatar, '') AS avatar, p.seq FROM giveaway_participants p JOIN users u ON u.id = p.user_id
           WHERE p.giveaway_id = ${row.id} ORDER BY p.seq DESC LIMIT ${GIVEAWAY.participantsShown}`,
    ),
  ]);
  return {
    id: row.id,
    item,
    members: row.members,
    participants: people.map(({ seq, ...user }) => ({ user, place_id: seq })),
    rules: rulesOf(row),
    public_hash: row.public_hash,
    end_time: row.ends_at,
    created_at: row.created_at,
  };
}

export async function pastJson(env: DbEnv, row: GiveawayRow): Promise<PastGiveawayJson> {
  const [item, user] = await Promise.all([itemOf(env, row.item_id), userOf(env, row.winner_id)]);
  return { id: row.id, user, item, members: row.members, created_at: row.drawn_at ?? row.ends_at };
}

export async function activeGiveaway(env: DbEnv): Promise<ActiveGiveawayJson | null> {
  const row = await openGiveawayRow(env);
  return row ? activeJson(env, row) : null;
}

/** The last drawn giveaways with their item and winner, in one read (the card and the modal ask it often). */
export async function giveawayHistory(env: DbEnv): Promise<PastGiveawayJson[]> {
  const rows = await all<
    CrashItemRow & { giveaway_id: number; members: number; drawn_at: number; user_id: number | null; username: string | null; avatar: string | null }
  >(
    env.DB,
    sql`SELECT g.id AS giveaway_id, g.members, COALESCE(g.drawn_at, g.ends_at) AS drawn_at, ${CRASH_ITEM_COLUMNS}, i.price AS price,
               w.id AS user_id, w.username, w.avatar
          FROM giveaways g JOIN inventory_items i ON i.id = g.item_id JOIN catalogue c ON c.id = i.catalogue_id LEFT JOIN users w ON w.id = g.winner_id
         WHERE g.status = 'drawn' ORDER BY g.id DESC LIMIT ${GIVEAWAY.historyLength}`,
  );
  return rows.map((r) => ({
    id: r.giveaway_id,
    user: r.user_id === null ? null : { id: r.user_id, username: r.username ?? "", avatar: r.avatar ?? "" },
    item: presentCrashItem(r),
    members: r.members,
    created_at: r.drawn_at,
  }));
}

/** The console's past giveaways: a page of CONSOLE.pageSize before `cursor` (an id), newest first. */
export async function adminPastGiveaways(env: DbEnv, cursor: number | undefined): Promise<{ giveaways: AdminPastGiveawayJson[]; next: number | null }> {
  const before = cursor === undefined ? sql`` : sql`AND g.id < ${cursor}`;
  const rows = await all<{
    id: number;
    status: "drawn" | "canceled";
    market_hash_name: string;
    price: number;
    members: number;
    created_at: number;
    ends_at: number;
    drawn_at: number | null;
    user_id: number | null;
    username: string | null;
    avatar: string | null;
  }>(
    env.DB,
    sql`SELECT g.id, g.status, c.market_hash_name, i.price, g.members, g.created_at, g.ends_at, g.drawn_at, w.id AS user_id, w.username, w.avatar
          FROM giveaways g JOIN inventory_items i ON i.id = g.item_id JOIN catalogue c ON c.id = g.catalogue_id LEFT JOIN users w ON w.id = g.winner_id
         WHERE g.status IN ('drawn', 'canceled') ${before} ORDER BY g.id DESC LIMIT ${CONSOLE.pageSize + 1}`,
  );
  const page = rows.slice(0, CONSOLE.pageSize);
  return {
    giveaways: page.map((r) => ({
      id: r.id,
      status: r.status,
      prize: { market_hash_name: r.market_hash_name, price: toDollars(r.price) },
      winner: r.user_id === null ? null : { id: r.user_id, username: r.username ?? "", avatar: r.avatar ?? "" },
      members: r.members,
      created_at: r.created_at,
      ends_at: r.ends_at,
      drawn_at: r.drawn_at,
    })),
    next: rows.length > CONSOLE.pageSize ? (page.at(-1)?.id ?? null) : null,
  };
}

/** The user ids of a giveaway in join order: the list the draw picks from. */
export async function participantIds(env: DbEnv, id: number): Promise<number[]> {
  const rows = await all<{ user_id: number }>(env.DB, sql`SELECT user_id FROM giveaway_participants WHERE giveaway_id = ${id} ORDER BY seq`);
  return rows.map((r) => r.user_id);
}

export async function isParticipant(env: DbEnv, id: number, userId: number): Promise<boolean> {
  return (await first(env.DB, sql`SELECT 1 AS x FROM giveaway_participants WHERE giveaway_id = ${id} AND user_id = ${userId}`)) !== null;
}

/** A giveaway's record; the secret and the participants only once it is drawn (before that they would tell the winner). */
export async function giveawayRecord(env: Pick<Env, "DB" | "GIVEAWAY_SALT">, id: number): Promise<GiveawayRecordJson | null> {
  const row = await giveawayRow(env, id);
  if (!row) return null;
  const drawn = row.status === "drawn";
  const [item, winner, participants] = await Promise.all([itemOf(env, row.item_id), userOf(env, row.winner_id), drawn ? participantIds(env, id) : []]);
  return {
    id: row.id,
    status: row.status,
    item,
    rules: rulesOf(row),
    repeat: row.repeat === 1,
    public_hash: row.public_hash,
    secret: drawn ? row.secret : null,
    salt: giveawayConfig(env).salt,
    day_of_month: row.day_of_month,
    end_time: row.ends_at,
    created_at: row.created_at,
    participants,
    winner,
  };
}

/** Games played: crash, wheel and jackpot bets not refunded, and cases opened. */
export async function gamesPlayed(env: DbEnv, userId: number): Promise<number> {
  const row = await first<{ n: number }>(
    env.DB,
    sql`SELECT (SELECT COUNT(*) FROM crash_bets WHERE user_id = ${userId} AND status IN (0, 1, 2))
             + (SELECT COUNT(*) FROM wheel_bets WHERE user_id = ${userId} AND status IN (0, 1, 2))
             + (SELECT COUNT(*) FROM jackpot_bets b JOIN jackpot_rounds r ON r.id = b.round_id WHERE b.user_id = ${userId} AND r.status <> 'refunded')
             + (SELECT COUNT(*) FROM case_opens WHERE user_id = ${userId}) AS n`,
  );
  return row?.n ?? 0;
}
