// Tournament reads (docs/games.md "Tournaments"): the running (or last) tournament, a page of its table,
// a player's own row wherever it ranks, past tournaments with their winners (and the console's
// pages of them), the template.
import type { AdminPastTournamentJson, RankedJson, TournamentJson } from "../../shared/api/tournaments";
import { z } from "zod";
import { CONSOLE, TOURNAMENT } from "../../shared/constants";
import { toDollars } from "../../shared/money";
import { all, first, type SQL, sql } from "../db/sql";

type DbEnv = Pick<Env, "DB">;
export type Lang = "ru" | "en";

export interface TournamentRow {
  id: number;
  status: "open" | "finished" | "canceled";
  name_ru: string;
  name_en: string;
  description_ru: string;
  description_en: string;
  prizes: string;
  min_payment: number;
  members: number;
  created_at: number;
  ends_at: number;
  finished_at: number | null;
  winners: string | null;
}

export interface TemplateRow {
  enabled: number;
  name_ru: string;
  name_en: string;
  description_ru: string;
  description_en: string;
  duration_ms: number;
  prizes: string;
  min_payment: number;
}

/** The five prizes in cents (a stored JSON array). */
export function prizesOf(row: { prizes: string }): number[] {
  const parsed: unknown = JSON.parse(row.prizes);
  if (!Array.isArray(parsed) || parsed.length !== TOURNAMENT.prizes || !parsed.every((p) => Number.isSafeInteger(p) && p >= 0)) {
    throw new Error("bad tournament prizes");
  }
  return parsed as number[];
}

export function tournamentJson(row: TournamentRow, lang: Lang): TournamentJson {
  const [p1, p2, p3, p4, p5] = prizesOf(row).map(toDollars) as [number, number, number, number, number];
  return {
    id: row.id,
    name: lang === "en" ? row.name_en : row.name_ru,
    description: lang === "en" ? row.description_en : row.description_ru,
    status: row.status === "open" ? 0 : row.status === "finished" ? 1 : 2,
    prize_1: p1,
    prize_2: p2,
    prize_3: p3,
    prize_4: p4,
    prize_5: p5,
    min_payment: toDollars(row.min_payment),
    end_time: row.ends_at,
    created_at: row.created_at,
    members: row.members,
  };
}

export async function openTournament(env: DbEnv): Promise<TournamentRow | null> {
  return first<TournamentRow>(env.DB, sql`SELECT * FROM tournaments WHERE status = 'open' LIMIT 1`);
}

export async function latestTournament(env: DbEnv): Promise<TournamentRow | null> {
  return first<TournamentRow>(env.DB, sql`SELECT * FROM tournaments ORDER BY (status = 'open') DESC, id DESC LIMIT 1`);
}

export async function templateRow(env: DbEnv): Promise<TemplateRow | null> {
  return first<TemplateRow>(env.DB, sql`SELECT * FROM tournament_template WHERE id = 1`);
}

/** The table's order: points down, then who reached them first, then who joined first. */
const RANK_ORDER = sql.raw("p.points DESC, p.reached_at ASC, p.joined_at ASC, p.user_id ASC");

interface RankRow {
  place: number;
  id: number;
  username: string;
  avatar: string;
  points: number;
}

const ranked = (r: RankRow): RankedJson => ({ place: r.place, user: { id: r.id, username: r.username, avatar: r.avatar }, points: r.points });

function rankedSql(tournamentId: number, where: SQL, limit: number, offset: number): SQL {
  return sql`SELECT * FROM (
      SELECT ROW_NUMBER() OVER (ORDER BY ${RANK_ORDER}) AS place, u.id, u.username, u.avatar, p.points
        FROM tournament_participants p JOIN users u ON u.id = p.user_id WHERE p.tournament_id = ${tournamentId}
    ) WHERE ${where} ORDER BY place LIMIT ${limit} OFFSET ${offset}`;
}

/** A page of the table (1-based) and whether more follow. */
export async function tablePage(env: DbEnv, tournamentId: number, page: number): Promise<{ users: RankedJson[]; hasMore: boolean }> {
  const rows = await all<RankRow>(env.DB, rankedSql(tournamentId, sql`1`, TOURNAMENT.pageSize + 1, (page - 1) * TOURNAMENT.pageSize));
  return { users: rows.slice(0, TOURNAMENT.pageSize).map(ranked), hasMore: rows.length > TOURNAMENT.pageSize };
}

/** The player's own row wherever it ranks (null: not in it). */
export async function ownRow(env: DbEnv, tournamentId: number, userId: number): Promise<RankedJson | null> {
  const row = await first<RankRow>(env.DB, rankedSql(tournamentId, sql`id = ${userId}`, 1, 0));
  return row ? ranked(row) : null;
}

/** The first `n` places (the payout). */
export async function topPlaces(env: DbEnv, tournamentId: number, n: number): Promise<RankedJson[]> {
  return (await all<RankRow>(env.DB, rankedSql(tournamentId, sql`1`, n, 0))).map(ranked);
}

const winnerRecord = z.strictObject({
  user_id: z.number().int().positive(),
  place: z.number().int().min(1).max(TOURNAMENT.prizes),
  points: z.number().int().nonnegative(),
  prize: z.number().int().nonnegative(),
});
export type WinnerRecord = z.infer<typeof winnerRecord>;

/** A finished tournament's stored winners (tournaments.winners, written by finishTournament). */
const winnersOf = (row: { winners: string | null }): WinnerRecord[] => z.array(winnerRecord).parse(JSON.parse(row.winners ?? "[]"));

/** The winners' names and avatars of these tournaments, by user id. */
async function winnerUsers(env: DbEnv, rows: readonly TournamentRow[]) {
  const ids = [...new Set(rows.flatMap((r) => winnersOf(r).map((w) => w.user_id)))];
  const people = ids.length
    ? await all<{ id: number; username: string; avatar: string }>(
        env.DB,
        sql`SELECT id, username, avatar FROM users WHERE id IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`,
      )
    : [];
  const byId = new Map(people.map((p) => [p.id, p]));
  return (row: TournamentRow) =>
    winnersOf(row).flatMap((w) => {
      const user = byId.get(w.user_id);
      return user ? [{ place: w.place, user, points: w.points, prize: toDollars(w.prize) }] : [];
    });
}

/** Past tournaments (finished: paid; canceled: none), newest first, with their paid places. */
export async function pastTournaments(env: DbEnv, lang: Lang) {
  const rows = await all<TournamentRow>(
    env.DB,
    sql`SELECT * FROM tournaments WHERE status IN ('finished', 'canceled') ORDER BY id DESC LIMIT ${TOURNAMENT.historyLength}`,
  );
  const winners = await winnerUsers(env, rows);
  return rows.map((row) => ({ ...tournamentJson(row, lang), winners: winners(row) }));
}

/** The console's past tournaments: a page of CONSOLE.pageSize before `cursor` (an id), newest first. */
export async function adminPastTournaments(env: DbEnv, cursor: number | undefined): Promise<{ tournaments: AdminPastTournamentJson[]; next: number | null }> {
  const before = cursor === undefined ? sql`` : sql`AND id < ${cursor}`;
  const rows = await all<TournamentRow>(
    env.DB,
    sql`SELECT * FROM tournaments WHERE status IN ('finished', 'canceled') ${before} ORDER BY id DESC LIMIT ${CONSOLE.pageSize + 1}`,
  );
  const page = rows.slice(0, CONSOLE.pageSize);
  const winners = await winnerUsers(env, page);
  return {
    tournaments: page.map((row) => ({
      id: row.id,
      status: row.status === "canceled" ? "canceled" : "finished",
      name_ru: row.name_ru,
      name_en: row.name_en,
      prizes: prizesOf(row).map(toDollars),
      members: row.members,
      created_at: row.created_at,
      ends_at: row.ends_at,
      finished_at: row.finished_at,
      winners: winners(row),
    })),
    next: rows.length > CONSOLE.pageSize ? (page.at(-1)?.id ?? null) : null,
  };
}

/** Money deposited by the player since `since` (cents): the min_payment condition's window. */
export async function depositedSince(env: DbEnv, userId: number, since: number): Promise<number> {
  const row = await first<{ v: number }>(
    env.DB,
    sql`SELECT COALESCE(SUM(delta), 0) AS v FROM ledger WHERE user_id = ${userId} AND account = 'user' AND kind = 'deposit' AND created_at >= ${since}`,
  );
  return Math.max(0, row?.v ?? 0);
}

export async function isMember(env: DbEnv, tournamentId: number, userId: number): Promise<boolean> {
  return (await first(env.DB, sql`SELECT 1 AS x FROM tournament_participants WHERE tournament_id = ${tournamentId} AND user_id = ${userId}`)) !== null;
}
