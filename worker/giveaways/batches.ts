// The giveaways' D1 batches (docs/games.md "Giveaways"): each move of the prize is a conditional update
// on (owner_id, status) in the batch that changes the giveaway, so the item is never in two places.
// The prize is a house item (owner NULL) in status 'giveaway' while its giveaway runs.
import type { NotificationJson } from "../../shared/api/user";
import type { ChainSeed } from "../lib/chain-seeds";
import { expectChanges, failedGuard, guard } from "../db/guards";
import { notExcluded } from "../protection/guards";
import { batch, first, type SQL, sql } from "../db/sql";
import { auditStatement } from "../lib/audit";
import { notificationOf, notificationStatement } from "../lib/notify";
import type { GiveawayRow } from "./queries";

type DbEnv = Pick<Env, "DB">;

/** The inventory status of a prize while its giveaway runs. */
export const GIVEAWAY_ITEM_STATUS = "giveaway";

export interface GiveawayPlan {
  /** a house item to give away, or a catalogue entry to mint one of */
  source: { itemId: number } | { catalogueId: number };
  durationMs: number;
  needTelegram: boolean;
  needUsername: boolean;
  minDepositCents: number;
  minGames: number;
  repeat: boolean;
}

/** The statements that reserve (or mint) the prize and write giveaway `seed.id`; none runs if one is open. */
function startStatements(plan: GiveawayPlan, seed: ChainSeed, createdBy: number | null, now: number): SQL[] {
  const insert = (itemIdSql: SQL, catalogueIdSql: SQL, when: SQL) =>
    sql`INSERT INTO giveaways (id, item_id, catalogue_id, status, public_hash, day_of_month, need_telegram, need_username, min_deposit, min_games, repeat, duration_ms, created_by, created_at, ends_at)
        SELECT ${seed.id}, ${itemIdSql}, ${catalogueIdSql}, 'open', ${seed.publicHash}, ${seed.dayOfMonth}, ${plan.needTelegram ? 1 : 0}, ${plan.needUsername ? 1 : 0},
               ${plan.minDepositCents}, ${plan.minGames}, ${plan.repeat ? 1 : 0}, ${plan.durationMs}, ${createdBy}, ${now}, ${now + plan.durationMs} WHERE ${when}`;
  const oneOpen = guard("giveaway.active", sql`EXISTS (SELECT 1 FROM giveaways WHERE status = 'open')`);
  if ("itemId" in plan.source) {
    const id = plan.source.itemId;
    return [
      oneOpen,
      sql`UPDATE inventory_items SET status = ${GIVEAWAY_ITEM_STATUS}, updated_at = ${now} WHERE id = ${id} AND owner_id IS NULL AND status = 'available'`,
      expectChanges(1, "giveaway.item"),
      insert(sql`${id}`, sql`(SELECT catalogue_id FROM inventory_items WHERE id = ${id})`, sql`1`),
    ];
  }
  const catalogueId = plan.source.catalogueId;
  return [
    oneOpen,
    sql`INSERT INTO inventory_items (owner_id, catalogue_id, price, status, created_at, updated_at)
        SELECT NULL, id, price, ${GIVEAWAY_ITEM_STATUS}, ${now}, ${now} FROM catalogue WHERE id = ${catalogueId} AND price > 0`,
    // the giveaway takes the item just minted; no item (no such entry, or priced 0): no giveaway
    insert(sql`last_insert_rowid()`, sql`${catalogueId}`, sql`changes() = 1`),
    expectChanges(1, "giveaway.item"),
  ];
}

export type StartResult = { ok: true } | { ok: false; key: "giveaway_api.item_unavailable" | "giveaway_api.already_active" };

function startRefusal(err: unknown): StartResult {
  const code = failedGuard(err);
  if (code === "giveaway.active") return { ok: false, key: "giveaway_api.already_active" };
  if (code === "giveaway.item") return { ok: false, key: "giveaway_api.item_unavailable" };
  throw err;
}

export async function startGiveaway(env: DbEnv, plan: GiveawayPlan, seed: ChainSeed, actorId: number, now: number): Promise<StartResult> {
  try {
    await batch(env.DB, [
      ...startStatements(plan, seed, actorId, now),
      auditStatement(
        {
          actorId,
          action: "giveaway.create",
          details: { giveaway_id: seed.id, ...plan },
          before: null,
          after: { giveaway_id: seed.id, status: "open", ...plan, ends_at: now + plan.durationMs },
        },
        now,
      ),
    ]);
    return { ok: true };
  } catch (err) {
    return startRefusal(err);
  }
}

/** The plan a repeating giveaway hands on: the same catalogue entry, length and conditions. */
export function repeatPlan(row: GiveawayRow): GiveawayPlan {
  return {
    source: { catalogueId: row.catalogue_id },
    durationMs: row.duration_ms,
    needTelegram: row.need_telegram === 1,
    needUsername: row.need_username === 1,
    minDepositCents: row.min_deposit,
    minGames: row.min_games,
    repeat: true,
  };
}

export type DrawResult = { result: "drawn"; notification: NotificationJson | null } | { result: "moved" };

/**
 * Draws giveaway `row` in ONE batch: the giveaway open → drawn (guarded, with the participants
 * counted when the draw read them, so a join landing meanwhile makes the caller read again), the
 * prize to the winner (or back to the house stock: nobody joined), the winner's bell, and — a
 * repeating giveaway — the next one. "moved": the guard saw another state (drawn already, or
 * a late join): nothing changed.
 */
export async function drawGiveaway(
  env: DbEnv,
  row: GiveawayRow,
  draw: { secret: string; winnerId: number | null; members: number; itemName: string },
  next: ChainSeed | null,
  now: number,
): Promise<DrawResult> {
  const statements: SQL[] = [
    sql`UPDATE giveaways SET status = 'drawn', secret = ${draw.secret}, winner_id = ${draw.winnerId}, drawn_at = ${now}
         WHERE id = ${row.id} AND status = 'open' AND members = ${draw.members}`,
    expectChanges(1, "giveaway.moved"),
    sql`UPDATE inventory_items SET owner_id = ${draw.winnerId}, status = 'available', updated_at = ${now}
         WHERE id = ${row.item_id} AND owner_id IS NULL AND status = ${GIVEAWAY_ITEM_STATUS}`,
    expectChanges(1, "giveaway.item"),
  ];
  if (next) statements.push(...startStatements(repeatPlan(row), next, null, now));
  if (draw.winnerId !== null) statements.push(notificationStatement({ userId: draw.winnerId, name: "giveaway_won", content: draw.itemName, createdAt: now }));
  try {
    const results = await batch(env.DB, statements);
    return { result: "drawn", notification: draw.winnerId !== null ? notificationOf(results.at(-1)) : null };
  } catch (err) {
    if (failedGuard(err) === "giveaway.moved") return { result: "moved" };
    throw err;
  }
}

export type CancelResult = { ok: true } | { ok: false; key: "giveaway_api.cannot_cancel" };

/** Staff cancel giveaway `row`: it ends without a draw and its prize goes back to the house stock. */
export async function cancelGiveaway(env: DbEnv, row: GiveawayRow, actorId: number, now: number): Promise<CancelResult> {
  try {
    await batch(env.DB, [
      sql`UPDATE giveaways SET status = 'canceled', drawn_at = ${now} WHERE id = ${row.id} AND status = 'open'`,
      expectChanges(1, "giveaway.moved"),
      sql`UPDATE inventory_items SET status = 'available', updated_at = ${now} WHERE id = ${row.item_id} AND owner_id IS NULL AND status = ${GIVEAWAY_ITEM_STATUS}`,
      expectChanges(1, "giveaway.item"),
      auditStatement(
        {
          actorId,
          action: "giveaway.cancel",
          details: { giveaway_id: row.id, item_id: row.item_id },
          before: { giveaway_id: row.id, status: "open", item_id: row.item_id, ends_at: row.ends_at },
          after: { giveaway_id: row.id, status: "canceled", item_id: row.item_id },
        },
        now,
      ),
    ]);
    return { ok: true };
  } catch (err) {
    if (failedGuard(err) === "giveaway.moved") return { ok: false, key: "giveaway_api.cannot_cancel" };
    throw err;
  }
}

export type JoinResult = { ok: true; members: number } | { ok: false; key: "giveaway_api.not_found" | "giveaway_api.already_member" | "user_api.excluded" };

/** The player joins giveaway `id` while it is open and before its end: one batch, the join order its members count. */
export async function joinGiveaway(env: DbEnv, id: number, userId: number, now: number): Promise<JoinResult> {
  try {
    await batch(env.DB, [
      // a player on a break joins no giveaway (docs/protection.md "Breaks"), judged with the join
      notExcluded(userId, now),
      guard("giveaway.member", sql`EXISTS (SELECT 1 FROM giveaway_participants WHERE giveaway_id = ${id} AND user_id = ${userId})`),
      sql`UPDATE giveaways SET members = members + 1 WHERE id = ${id} AND status = 'open' AND ends_at > ${now}`,
      expectChanges(1, "giveaway.closed"),
      sql`INSERT INTO giveaway_participants (giveaway_id, user_id, seq, joined_at) SELECT id, ${userId}, members, ${now} FROM giveaways WHERE id = ${id}`,
    ]);
  } catch (err) {
    const code = failedGuard(err);
    if (code === "giveaway.member") return { ok: false, key: "giveaway_api.already_member" };
    if (code === "protection.excluded") return { ok: false, key: "user_api.excluded" };
    if (code === "giveaway.closed") return { ok: false, key: "giveaway_api.not_found" };
    throw err;
  }
  const row = await first<{ members: number }>(env.DB, sql`SELECT members FROM giveaways WHERE id = ${id}`);
  return { ok: true, members: row?.members ?? 0 };
}
