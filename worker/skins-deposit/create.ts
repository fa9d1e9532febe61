// POST /api/payment/skins/create against the bot and D1:
//   1. the rules on a fresh read (trade link, no open deposit, 1 … SKINS_DEPOSIT.maxItems items);
//   2. the bot's listing now: every asked asset must be listed, tradable and known to the catalogue;
//   3. ONE batch writes the deposit ('sending') and its items at the current catalogue price
//      (db/guards.ts requestGuards: a retry of the same request_id answers the first deposit, a
//      second open deposit is refused even when two creates race);
//   4. the bot makes the offer (idempotent on the deposit id) → 'active' with its offer id.
// When the bot does not answer in step 4 the row stays 'sending' and the queue asks again with
// the same reference (queue.ts), so an offer the bot made but could not report is never orphaned.
import { SKINS_DEPOSIT, WITHDRAW } from "../../shared/constants";
import { and, eq } from "drizzle-orm";
import { db } from "../db/client";
import { skinDeposits, users } from "../db/schema";
import { failedGuard, requestGuards } from "../db/guards";
import { batch, sql } from "../db/sql";
import { BotRejectedError, BotUnavailableError, type DepositBot } from "../withdraws/bot";
import { matchListing } from "./listing";
import { openDepositOf } from "./history";
import { depositRefusalOf, depositWithin, notExcluded, termsCurrent } from "../protection/guards";

export type CreateRefusal =
  | { status: 400; key: "deposit_api.trade_link_required" | "deposit_api.none_selected" | "deposit_api.too_many_items" | "deposit_api.items_not_accepted" }
  | { status: 409; key: "deposit_api.offer_pending" }
  | { status: 503; key: "deposit_api.bot_unavailable" }
  | { status: 403; key: "user_api.excluded" | "user_api.terms_outdated" }
  | { status: 409; key: "deposit_api.deposit_limit"; period: "day" | "week" | "month"; resetsAt: number };

export type CreateOutcome = { ok: true; id: string } | ({ ok: false } & CreateRefusal);

export interface CreateRequest {
  userId: number;
  assetIds: string[];
  requestId: string;
  now?: number;
}

export async function tradeLinkOf(env: Pick<Env, "DB">, userId: number): Promise<string | null> {
  const row = await db(env).select({ link: users.tradeLink }).from(users).where(eq(users.id, userId)).get();
  return row?.link || null;
}

export async function createSkinDeposit(env: Pick<Env, "DB">, bot: DepositBot, r: CreateRequest): Promise<CreateOutcome> {
  const first = await findByRequest(env, r.userId, r.requestId);
  if (first) return { ok: true, id: first };
  if (r.assetIds.length === 0) return { ok: false, status: 400, key: "deposit_api.none_selected" };
  if (r.assetIds.length > SKINS_DEPOSIT.maxItems) return { ok: false, status: 400, key: "deposit_api.too_many_items" };
  const tradeLink = await tradeLinkOf(env, r.userId);
  if (!tradeLink) return { ok: false, status: 400, key: "deposit_api.trade_link_required" };
  if (await openDepositOf(env, r.userId)) return { ok: false, status: 409, key: "deposit_api.offer_pending" };

  let listed: Awaited<ReturnType<typeof matchListing>>;
  try {
    listed = await matchListing(env, await bot.listInventory(tradeLink));
  } catch (err) {
    if (err instanceof BotUnavailableError) return { ok: false, status: 503, key: "deposit_api.bot_unavailable" };
    if (err instanceof BotRejectedError) return { ok: false, status: 400, key: "deposit_api.items_not_accepted" };
    throw err;
  }
  const byAsset = new Map(listed.map((l) => [l.bot.assetId, l]));
  const picked = r.assetIds.map((id) => byAsset.get(id));
  if (picked.some((p) => !p?.accepted || !p.catalogue)) return { ok: false, status: 400, key: "deposit_api.items_not_accepted" };
  const items = picked.map((p) => ({ asset_id: p!.bot.assetId, catalogue_id: p!.catalogue!.id, market_hash_name: p!.bot.marketHashName }));

  const id = crypto.randomUUID();
  const now = r.now ?? Date.now();
  try {
    await batch(env.DB, [
      ...requestGuards({ table: "skin_deposits", open: "state IN ('sending', 'active')", userId: r.userId, requestId: r.requestId }),
      // player protection (docs/protection.md): no deposit during a break or on an old agreement
      notExcluded(r.userId, now),
      termsCurrent(r.userId),
      sql`INSERT INTO skin_deposits (id, user_id, request_id, trade_link, state, amount, next_attempt_at, created_at, updated_at)
           VALUES (${id}, ${r.userId}, ${r.requestId}, ${tradeLink}, 'sending', 0, ${now + WITHDRAW.pollMs}, ${now}, ${now})`,
      sql`INSERT INTO skin_deposit_items (deposit_id, asset_id, catalogue_id, market_hash_name, price)
           SELECT ${id}, json_extract(value, '$.asset_id'), c.id, c.market_hash_name, c.price
             FROM json_each(${JSON.stringify(items)}) JOIN catalogue c ON c.id = json_extract(value, '$.catalogue_id')`,
      sql`UPDATE skin_deposits SET amount = (SELECT COALESCE(SUM(price), 0) FROM skin_deposit_items WHERE deposit_id = ${id}) WHERE id = ${id}`,
      // the deposit limits, this deposit's row (and its value) counted already
      ...depositWithin(r.userId, 0, now),
    ]);
  } catch (err) {
    const code = failedGuard(err);
    if (code === "request.replayed") {
      const again = await findByRequest(env, r.userId, r.requestId);
      if (again) return { ok: true, id: again };
    }
    if (code === "request.open") return { ok: false, status: 409, key: "deposit_api.offer_pending" };
    const refusal = depositRefusalOf(code, now);
    if (refusal) return { ok: false, ...refusal };
    throw err;
  }
  await sendOffer(env, bot, { id, tradeLink, items: items.map((i) => ({ asset_id: i.asset_id, market_hash_name: i.market_hash_name })) }, now);
  return { ok: true, id };
}

export interface SendingDeposit {
  id: string;
  tradeLink: string;
  items: { asset_id: string; market_hash_name: string }[];
}

/**
 * Asks the bot for the offer of a 'sending' deposit (idempotent on the deposit id): 'active' with
 * its offer id, 'failed' when the bot refuses it for good; an outage leaves it 'sending' (retried).
 * `giveUp` (the deposit is past its time): an outage fails it too, but only on the bot's own 503 —
 * after a send without an answer an offer may stand at the bot, and a player who accepts it must be
 * credited (docs/operations.md "Trade bot").
 */
export async function sendOffer(
  env: Pick<Env, "DB">,
  bot: DepositBot,
  d: SendingDeposit,
  now: number,
  giveUp = false,
): Promise<"active" | "failed" | "sending"> {
  try {
    const offer = await bot.requestItems({ tradeLink: d.tradeLink, items: d.items, reference: d.id });
    await db(env)
      .update(skinDeposits)
      .set({ state: "active", offerId: offer.offerId, securityCode: offer.securityCode, nextAttemptAt: now + WITHDRAW.pollMs, updatedAt: now })
      .where(and(eq(skinDeposits.id, d.id), eq(skinDeposits.state, "sending")))
      .run();
    return "active";
  } catch (err) {
    if (err instanceof BotRejectedError || (giveUp && err instanceof BotUnavailableError && err.answered)) {
      await db(env)
        .update(skinDeposits)
        .set({ state: "failed", finishedAt: now, updatedAt: now })
        .where(and(eq(skinDeposits.id, d.id), eq(skinDeposits.state, "sending")))
        .run();
      return "failed";
    }
    if (!(err instanceof BotUnavailableError)) throw err;
    console.warn("trade bot unavailable on deposit offer", { id: d.id, err: err.message });
    await db(env)
      .update(skinDeposits)
      // a stale one is asked again less often: it waits for the bot, not for the player
      .set({ nextAttemptAt: now + (giveUp ? WITHDRAW.offerTtlMs / 2 : WITHDRAW.pollMs), updatedAt: now })
      .where(and(eq(skinDeposits.id, d.id), eq(skinDeposits.state, "sending")))
      .run();
    return "sending";
  }
}

async function findByRequest(env: Pick<Env, "DB">, userId: number, requestId: string): Promise<string | null> {
  const row = await db(env)
    .select({ id: skinDeposits.id })
    .from(skinDeposits)
    .where(and(eq(skinDeposits.userId, userId), eq(skinDeposits.requestId, requestId)))
    .get();
  return row?.id ?? null;
}
