// Opening a case (spec §7 /api/cases/open; docs/money.md "Money rules" and "Provably fair"):
// the roll is decided from the player's seed pair before anything moves, then ONE D1 batch
//   advances the nonce (guarded on the pair read) · checks the case and its items' prices did not
//   change meanwhile ·
//   debits the price (guarded balance, ledger 'case_open') and credits the house · mints the won
//   item for the player at its catalogue price · records the open (UNIQUE request_id) · writes
//   the bell row of a dear or rare drop (NOTIFY).
// Any guard failing rejects the whole batch: nothing moves.
import { notificationContent } from "../../shared/api/notifications";
import type { NotificationJson } from "../../shared/api/user";
import { NOTIFY } from "../../shared/constants";
import { rarityRank } from "../../shared/items";
import { betStats } from "../top/stats";
import { betPoints } from "../tournaments/points";
import { notificationOf, notificationStatement } from "../lib/notify";
import { rollIndex } from "./seeds";
import { casesPaused } from "../prices/cycle";
import { classifyBatchError, houseBalanceStatements, userBalanceStatements } from "../db/ledger";
import { expectChanges, failedGuard, guard } from "../db/guards";
import { lossWithin, notExcluded, type ProtectionRefusal, protectionRefusalOf, stakeWithin, termsCurrent } from "../protection/guards";
import { findCase, findOpen, openLedgerKey, type CaseItemRow, type CaseWithItems, type OpenRow } from "./queries";
import { ensureSeeds, type SeedRow } from "./seed-store";
import { sql, batch } from "../db/sql";

type DbEnv = Pick<Env, "DB">;

export interface OpenRequest {
  userId: number;
  caseId: number;
  /** the client's idempotency key, or one made up by the caller */
  requestId: string;
  now?: number;
}

export type OpenResult =
  /** notification: the bell row of a drop worth telling, written in the payment batch */
  { ok: true; open: OpenRow; replay: boolean; notification?: NotificationJson | null } | { ok: false; status: 400 | 403 | 404 | 409; message: OpenRefusalKey };

/** What an open is refused with (the route adds app_api.maintenance). */
export type OpenRefusalKey = "cases_api.case_not_found" | "cases_api.case_disabled" | "cases_api.busy" | "cases_api.insufficient_funds" | ProtectionRefusal;

/** Everything read and decided before the payment batch (the roll is fixed here). */
export interface OpenPlan {
  request: OpenRequest & { now: number };
  kase: CaseWithItems;
  seeds: SeedRow;
  won: CaseItemRow;
}

export type PlanResult = { ok: true; plan: OpenPlan } | { ok: true; open: OpenRow; replay: true } | Extract<OpenResult, { ok: false }>;

/** Reads the case and the player's seed pair and rolls. Nothing is written but a first seed pair. */
export async function planOpen(env: DbEnv, r: OpenRequest): Promise<PlanResult> {
  const now = r.now ?? Date.now();
  const replayed = await findOpen(env, r.userId, r.requestId);
  if (replayed) return { ok: true, open: replayed, replay: true };

  const [kase, paused] = await Promise.all([findCase(env, r.caseId), casesPaused(env, now)]);
  if (!kase) return { ok: false, status: 404, message: "cases_api.case_not_found" };
  if (!kase.active || kase.items.length === 0) return { ok: false, status: 409, message: "cases_api.case_disabled" };
  // a price refresh is writing prices and re-pricing the cases they pushed out of bounds
  if (paused) return { ok: false, status: 409, message: "cases_api.busy" };

  const seeds = await ensureSeeds(env, r.userId, now);
  const index = rollIndex(
    { serverSeed: seeds.server_seed, clientSeed: seeds.client_seed, nonce: seeds.nonce },
    kase.items.map((i) => i.weight),
  );
  return { ok: true, plan: { request: { ...r, now }, kase, seeds, won: kase.items[index]! } };
}

/** The payment batch of a plan: all of it lands, or (a guard failing) none of it. */
export async function payOpen(env: DbEnv, plan: OpenPlan): Promise<OpenResult> {
  const { request: r, kase, seeds, won } = plan;
  const d1 = env.DB;
  const key = openLedgerKey(r.userId, r.requestId);
  const reference = `case:${kase.id}`;
  const now = r.now;
  // a dear or rare drop reaches the bell, in the same batch as the payment
  const notifies = won.price >= NOTIFY.caseDropMinCents || rarityRank(won.rarity) >= NOTIFY.caseDropMinRarityRank;
  let results: D1Result[];
  try {
    results = await batch(d1, [
      // player protection (docs/protection.md): a case is a stake like a bet
      notExcluded(r.userId, now),
      termsCurrent(r.userId),
      stakeWithin(r.userId, sql`${kase.price}`, now),
      ...lossWithin(r.userId, sql`${kase.price}`, now),
      sql`UPDATE case_seeds SET nonce = nonce + 1 WHERE user_id = ${r.userId} AND nonce = ${seeds.nonce} AND server_seed_hash = ${seeds.server_seed_hash} AND client_seed = ${seeds.client_seed}`,
      expectChanges(1),
      // the case, its price and its items are what the roll used (an admin edit bumps updated_at)
      guard(
        "cases.case_changed",
        sql`NOT EXISTS (SELECT 1 FROM cases WHERE id = ${kase.id} AND active = 1 AND price = ${kase.price} AND updated_at = ${kase.updated_at})`,
      ),
      // its items' catalogue prices are the ones read (a price refresh meanwhile: the drop would
      // be minted at a stale price and the case's RTP is about to be re-checked)
      guard(
        "cases.prices_changed",
        sql`(SELECT COALESCE(SUM(ci.weight * c.price), -1)
             FROM case_items ci JOIN catalogue c ON c.id = ci.catalogue_id WHERE ci.case_id = ${kase.id}) != ${kase.items.reduce((sum, i) => sum + i.weight * i.price, 0)}`,
      ),
      ...userBalanceStatements({ userId: r.userId, delta: -kase.price, kind: "case_open", reference, idempotencyKey: key }, now),
      ...houseBalanceStatements({ account: "house", delta: kase.price, kind: "case_open", reference, idempotencyKey: `${key}:house` }, now),
      // this request, or this roll, opened once already (a racing retry)
      guard(
        "cases.opened",
        sql`EXISTS (SELECT 1 FROM case_opens WHERE (user_id = ${r.userId} AND request_id = ${r.requestId}) OR (server_seed_hash = ${seeds.server_seed_hash} AND nonce = ${seeds.nonce}))`,
      ),
      sql`INSERT INTO inventory_items (owner_id, catalogue_id, price, status, created_at, updated_at) VALUES (${r.userId}, ${won.catalogue_id}, ${won.price}, 'available', ${now}, ${now})`,
      // right after the insert: last_insert_rowid() is the minted item
      sql`INSERT INTO case_opens (user_id, case_id, price, catalogue_id, item_id, item_price, server_seed_hash, client_seed, nonce, request_id, created_at)
           VALUES (${r.userId}, ${kase.id}, ${kase.price}, ${won.catalogue_id}, last_insert_rowid(), ${won.price}, ${seeds.server_seed_hash}, ${seeds.client_seed}, ${seeds.nonce}, ${r.requestId}, ${now})`,
      // the case's price counts for the tournament and the top list (docs/games.md "Tournaments", "Top list")
      betPoints({ userId: r.userId, stake: kase.price, placedAt: now, now }),
      ...betStats({ userId: r.userId, wagered: kase.price, won: won.price, now }),
      ...(notifies
        ? [
            notificationStatement({
              userId: r.userId,
              name: "case_drop",
              content: notificationContent.caseDrop(won.market_hash_name, won.price),
              createdAt: now,
            }),
          ]
        : []),
    ]);
  } catch (err) {
    const protection = protectionRefusalOf(failedGuard(err));
    if (protection) {
      // a retry of a request that opened already: the loss limit now counts its own opening
      const first = await findOpen(env, r.userId, r.requestId);
      return first ? { ok: true, open: first, replay: true } : { ok: false, ...protection };
    }
    const failure = classifyBatchError(err);
    const raced = failure === "replay" || failure === "guard";
    if (raced) {
      // the same request_id may have won a race with this call: then answer what it answered
      const first = await findOpen(env, r.userId, r.requestId);
      if (first) return { ok: true, open: first, replay: true };
      return { ok: false, status: 409, message: "cases_api.busy" };
    }
    if (failure === "insufficient") return { ok: false, status: 400, message: "cases_api.insufficient_funds" };
    throw err;
  }
  const open = await findOpen(env, r.userId, r.requestId);
  if (!open) throw new Error("case open committed but not found");
  return { ok: true, open, replay: false, notification: notifies ? notificationOf(results.at(-1)) : null };
}

export async function openCase(env: DbEnv, r: OpenRequest): Promise<OpenResult> {
  const planned = await planOpen(env, r);
  if (!planned.ok || "open" in planned) return planned;
  return payOpen(env, planned.plan);
}
