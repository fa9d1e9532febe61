// The tournaments' D1 batches (docs/games.md "Tournaments"): a start from the template, a join, the
// payout at the end — the tournament open → finished and places 1–5 paid from the house in ONE
// batch with their bells; the status guard and the ledger keys make a second run pay nothing — and
// staff's cancel — open → canceled, nothing paid, every participant's bell and the audit row in ONE
// batch under the same status guard, so a cancel and the payout racing each other: one of them.
import { TOURNAMENT } from "../../shared/constants";
import { formatCents, toDollars } from "../../shared/money";
import type { NotificationJson } from "../../shared/api/user";
import { expectChanges, failedGuard, guard } from "../db/guards";
import { notExcluded } from "../protection/guards";
import { classifyBatchError, houseBalanceStatements, userBalanceStatements } from "../db/ledger";
import { batch, first, rowsOf, type SQL, sql } from "../db/sql";
import { auditStatement } from "../lib/audit";
import { notificationJson, notificationOf, notificationStatement, type NotificationSqlRow } from "../lib/notify";
import { notificationContent } from "../../shared/api/notifications";
import type { RankedJson } from "../../shared/api/tournaments";
import { prizesOf, type TemplateRow, templateRow, type TournamentRow, type WinnerRecord } from "./queries";

type DbEnv = Pick<Env, "DB">;

/** A tournament from the template, starting `now` (nothing when one is open already). */
export function startStatement(t: TemplateRow, now: number): SQL {
  return sql`INSERT INTO tournaments (status, name_ru, name_en, description_ru, description_en, prizes, min_payment, created_at, ends_at)
              SELECT 'open', ${t.name_ru}, ${t.name_en}, ${t.description_ru}, ${t.description_en}, ${t.prizes}, ${t.min_payment}, ${now}, ${now + t.duration_ms}
               WHERE NOT EXISTS (SELECT 1 FROM tournaments WHERE status = 'open')`;
}

export interface TemplateInput {
  enabled: boolean;
  name_ru: string;
  name_en: string;
  description_ru: string;
  description_en: string;
  duration_ms: number;
  prizes: number[];
  min_payment: number;
}

/** The template as an audit row keeps it (money in dollars); null when none was saved yet. */
function templateAudit(t: TemplateRow | null) {
  if (!t) return null;
  return { ...t, enabled: t.enabled === 1, prizes: prizesOf(t).map(toDollars), min_payment: toDollars(t.min_payment) };
}

/** Saves the template (and, asked, starts one from it when none runs), audited in the same batch. */
export async function saveTemplate(env: DbEnv, t: TemplateInput, startNow: boolean, actorId: number, now: number): Promise<void> {
  const row: TemplateRow = { ...t, enabled: t.enabled ? 1 : 0, prizes: JSON.stringify(t.prizes) };
  const before = await templateRow(env);
  await batch(env.DB, [
    sql`INSERT INTO tournament_template (id, enabled, name_ru, name_en, description_ru, description_en, duration_ms, prizes, min_payment, updated_at)
        VALUES (1, ${row.enabled}, ${row.name_ru}, ${row.name_en}, ${row.description_ru}, ${row.description_en}, ${row.duration_ms}, ${row.prizes}, ${row.min_payment}, ${now})
        ON CONFLICT (id) DO UPDATE SET enabled = excluded.enabled, name_ru = excluded.name_ru, name_en = excluded.name_en, description_ru = excluded.description_ru,
          description_en = excluded.description_en, duration_ms = excluded.duration_ms, prizes = excluded.prizes, min_payment = excluded.min_payment, updated_at = excluded.updated_at`,
    ...(startNow ? [startStatement(row, now)] : []),
    auditStatement({ actorId, action: "tournament.template", details: { start_now: startNow }, before: templateAudit(before), after: templateAudit(row) }, now),
  ]);
}

export type JoinResult = { ok: true; members: number } | { ok: false; key: "tournament_api.not_found" | "user_api.excluded" };

/** The player joins tournament `id` while it runs; joining twice adds nothing (and answers the same). */
export async function joinTournament(env: DbEnv, id: number, userId: number, now: number): Promise<JoinResult> {
  try {
    await batch(env.DB, [
      // a player on a break joins no tournament (docs/protection.md "Breaks"), judged with the join
      notExcluded(userId, now),
      guard("tournament.closed", sql`NOT EXISTS (SELECT 1 FROM tournaments WHERE id = ${id} AND status = 'open' AND ends_at > ${now})`),
      sql`INSERT INTO tournament_participants (tournament_id, user_id, points, joined_at, reached_at) VALUES (${id}, ${userId}, 0, ${now}, ${now})
          ON CONFLICT (tournament_id, user_id) DO NOTHING`,
      sql`UPDATE tournaments SET members = members + changes() WHERE id = ${id}`,
    ]);
  } catch (err) {
    const code = failedGuard(err);
    if (code === "tournament.closed") return { ok: false, key: "tournament_api.not_found" };
    if (code === "protection.excluded") return { ok: false, key: "user_api.excluded" };
    throw err;
  }
  const row = await first<{ members: number }>(env.DB, sql`SELECT members FROM tournaments WHERE id = ${id}`);
  return { ok: true, members: row?.members ?? 0 };
}

export type FinishResult = { done: "paid"; notifications: { userId: number; json: NotificationJson | null }[] } | { done: "replay" };

/**
 * Pays tournament `row`: places 1–5 of `top` (fewer participants: fewer prizes; a place with 0
 * points wins nothing — it played no game) from the house, each with its bell, the tournament
 * finished with its winners, and — the template on — the next one started, all in ONE batch.
 * Keys `tournament:<id>:place:<p>`; a second run finds it finished (or the keys booked): "replay".
 */
export async function finishTournament(
  env: DbEnv,
  row: TournamentRow,
  top: readonly RankedJson[],
  next: TemplateRow | null,
  now: number,
): Promise<FinishResult> {
  const prizes = prizesOf(row);
  const winners: WinnerRecord[] = top
    .slice(0, TOURNAMENT.prizes)
    .filter((r) => r.points > 0)
    .map((r) => ({ user_id: r.user.id, place: r.place, points: r.points, prize: prizes[r.place - 1] ?? 0 }))
    .filter((w) => w.prize > 0);
  const reference = `tournament:${row.id}`;
  const statements: SQL[] = [
    sql`UPDATE tournaments SET status = 'finished', finished_at = ${now}, winners = ${JSON.stringify(winners)} WHERE id = ${row.id} AND status = 'open'`,
    expectChanges(1, "tournament.finished"),
  ];
  const bells: number[] = [];
  for (const w of winners) {
    const key = `${reference}:place:${w.place}`;
    statements.push(
      ...userBalanceStatements({ userId: w.user_id, delta: w.prize, kind: "tournament_prize", reference, idempotencyKey: key }, now),
      ...houseBalanceStatements({ account: "house", delta: -w.prize, kind: "tournament_prize", reference, idempotencyKey: `${key}:house` }, now),
      notificationStatement({ userId: w.user_id, name: "tournament_prize", content: `${w.place} · ${formatCents(w.prize)}`, createdAt: now }),
    );
    bells.push(statements.length - 1);
  }
  if (next?.enabled) statements.push(startStatement(next, now));
  try {
    const results = await batch(env.DB, statements);
    return { done: "paid", notifications: winners.map((w, i) => ({ userId: w.user_id, json: notificationOf(results[bells[i]!]) })) };
  } catch (err) {
    if (failedGuard(err) === "tournament.finished" || classifyBatchError(err) === "replay") return { done: "replay" };
    throw err;
  }
}

export type CancelResult =
  | { ok: true; row: TournamentRow; notifications: { userId: number; json: NotificationJson }[] }
  | { ok: false; key: "tournament_api.none_running" };

const NOT_OPEN = "tournament.not_open";

/**
 * Staff cancel the open tournament: status canceled (finished_at the cancel's time, no winners),
 * no prize paid, a `tournament_canceled` bell for each participant, the audit row — one batch.
 * Nothing open, or the payout (or another cancel) got there first: tournament_api.none_running.
 */
export async function cancelTournament(env: DbEnv, reason: string, actorId: number, now: number): Promise<CancelResult> {
  const row = await first<TournamentRow>(env.DB, sql`SELECT * FROM tournaments WHERE status = 'open' LIMIT 1`);
  if (!row) return { ok: false, key: "tournament_api.none_running" };
  const content = notificationContent.tournamentCanceled(row.id, reason);
  const state = (r: Pick<TournamentRow, "status" | "finished_at" | "winners" | "members">) => ({
    status: r.status,
    finished_at: r.finished_at,
    winners: r.winners,
    members: r.members,
  });
  const after = { ...row, status: "canceled" as const, finished_at: now, winners: "[]" };
  try {
    const results = await batch(env.DB, [
      sql`UPDATE tournaments SET status = 'canceled', finished_at = ${now}, winners = '[]' WHERE id = ${row.id} AND status = 'open'`,
      expectChanges(1, NOT_OPEN),
      auditStatement(
        {
          actorId,
          action: "tournament.cancel",
          details: { tournament_id: row.id, reason, members: row.members },
          before: state(row),
          after: state(after),
        },
        now,
      ),
      sql`INSERT INTO notifications (user_id, name, content, is_read, created_at)
          SELECT user_id, 'tournament_canceled', ${content}, 0, ${now} FROM tournament_participants WHERE tournament_id = ${row.id} ORDER BY user_id
          RETURNING id, user_id, name, content, is_read, created_at`,
    ]);
    const bells = rowsOf<NotificationSqlRow & { user_id: number }>(results[3]);
    return { ok: true, row: after, notifications: bells.map((b) => ({ userId: b.user_id, json: notificationJson(b) })) };
  } catch (err) {
    if (failedGuard(err) === NOT_OPEN) return { ok: false, key: "tournament_api.none_running" };
    throw err;
  }
}
