// One pass of the withdrawal queue over D1 (the WithdrawQueue DO only decides WHEN to run it).
// Every withdrawal 'sending' whose next_attempt_at has come is looked at once:
//   no offer yet → send it (retry with backoff on an outage; after WITHDRAW.maxSendAttempts
//                  cancel 'unavailable' only on the bot's own word that no offer stands, else
//                  keep sending with the same reference; a refused offer cancels 'failed' at once);
//   offer open   → ask the bot: accepted / declined / expired finish it; still active past
//                  WITHDRAW.offerTtlMs → cancel it at the bot, then finish 'expired'
//                  (unless the bot says it was accepted meanwhile); otherwise poll again later.
// All state is in the row (offer_id, offer_sent_at, attempts, next_attempt_at), so a pass can be
// cut off anywhere and the next one carries on. Row updates are guarded on the values read.
import { WITHDRAW } from "../../shared/constants";
import { BotRejectedError, BotUnavailableError, type OfferState, type TradeBot, type TradeOffer } from "./bot";
import { finishWithdrawal, NOTIFY_SENT, type OpenWithdrawal } from "./finalize";
import { notificationContent } from "../../shared/api/notifications";
import type { NotificationJson } from "../../shared/api/user";
import { classifyBatchError } from "../db/ledger";
import { expectChanges } from "../db/guards";
import { notificationOf, notificationStatement, pushNotification } from "../lib/notify";
import { decideOpenOffer, outcomeAfterCancel, sendAttemptsExhausted, sendRetryDelay, type Outcome } from "./rules";
import { and, eq, isNull, lte, min } from "drizzle-orm";
import { db } from "../db/client";
import { withdrawals } from "../db/schema";
import { all, batch, sql } from "../db/sql";

type QueueEnv = Pick<Env, "DB" | "HUB_ROOM">;

/** Withdrawals one pass looks at (the rest wait for the next pass, scheduled at once). */
export const PASS_SIZE = 25;

export interface PassResult {
  /** withdrawals looked at */
  seen: number;
  finished: { id: string; outcome: Outcome }[];
  /** epoch ms of the earliest next_attempt_at still open, null when the queue is empty */
  nextAt: number | null;
}

export async function processDue(env: QueueEnv, bot: TradeBot, now = Date.now()): Promise<PassResult> {
  const results: OpenWithdrawal[] = await db(env)
    .select({
      id: withdrawals.id,
      user_id: withdrawals.userId,
      trade_link: withdrawals.tradeLink,
      amount: withdrawals.amount,
      fee: withdrawals.fee,
      offer_id: withdrawals.offerId,
      offer_sent_at: withdrawals.offerSentAt,
      attempts: withdrawals.attempts,
      next_attempt_at: withdrawals.nextAttemptAt,
    })
    .from(withdrawals)
    .where(and(eq(withdrawals.status, "sending"), lte(withdrawals.nextAttemptAt, now)))
    .orderBy(withdrawals.nextAttemptAt, withdrawals.createdAt)
    .limit(PASS_SIZE)
    .all();
  const finished: PassResult["finished"] = [];
  for (const w of results) {
    try {
      const outcome = await step(env, bot, w, now);
      if (outcome) finished.push({ id: w.id, outcome });
    } catch (err) {
      // a D1 hiccup on one row must not stall the others; it is due again shortly
      console.error("withdraw queue step failed", { id: w.id, err: String(err) });
      await reschedule(env, w, now + WITHDRAW.pollMs).catch(() => undefined);
    }
  }
  return { seen: results.length, finished, nextAt: await nextDue(env) };
}

export async function nextDue(env: Pick<Env, "DB">): Promise<number | null> {
  const row = await db(env)
    .select({ at: min(withdrawals.nextAttemptAt) })
    .from(withdrawals)
    .where(eq(withdrawals.status, "sending"))
    .get();
  return row?.at ?? null;
}

/** Works one withdrawal; the outcome when it finished it. */
async function step(env: QueueEnv, bot: TradeBot, w: OpenWithdrawal, now: number): Promise<Outcome | null> {
  if (w.offer_id === null) return sendStep(env, bot, w, now);
  return pollStep(env, bot, w, now);
}

async function sendStep(env: QueueEnv, bot: TradeBot, w: OpenWithdrawal, now: number): Promise<Outcome | null> {
  const items = await all<{ id: number; market_hash_name: string }>(
    env.DB,
    sql`SELECT i.id, c.market_hash_name FROM withdrawal_items x
       JOIN inventory_items i ON i.id = x.item_id JOIN catalogue c ON c.id = i.catalogue_id
      WHERE x.withdrawal_id = ${w.id} ORDER BY i.id`,
  );
  try {
    const offer = await bot.sendOffer({ tradeLink: w.trade_link, items, reference: w.id });
    const sent = await recordSentOffer(env, w, offer, now);
    if (!sent) return null; // another pass got there first
    await pushNotification(env, w.user_id, sent);
    if (offer.state !== "active") {
      return pollStep(env, bot, { ...w, offer_id: offer.offerId, offer_sent_at: now, attempts: w.attempts + 1 }, now, offer.state);
    }
    return null;
  } catch (err) {
    const attempts = w.attempts + 1;
    if (err instanceof BotRejectedError) return finish(env, { ...w, attempts }, "failed", now);
    if (!(err instanceof BotUnavailableError)) throw err;
    console.warn("trade bot unavailable on send", { id: w.id, attempts, err: err.message });
    // given up only on the bot's own word: after an attempt without an answer an offer may stand at
    // the bot (made, its answer lost), and the next attempt with the same reference answers it
    if (sendAttemptsExhausted(attempts) && err.answered) return finish(env, { ...w, attempts }, "unavailable", now);
    await db(env)
      .update(withdrawals)
      .set({ attempts, nextAttemptAt: now + sendRetryDelay(attempts), updatedAt: now })
      .where(and(eq(withdrawals.id, w.id), eq(withdrawals.status, "sending"), isNull(withdrawals.offerId), eq(withdrawals.attempts, w.attempts)))
      .run();
    return null;
  }
}

/**
 * The offer id on the withdrawal and the "offer sent" bell row, in one batch guarded on the row
 * still waiting for its offer; the row (to push) or null when another pass recorded it first.
 */
async function recordSentOffer(env: QueueEnv, w: OpenWithdrawal, offer: TradeOffer, now: number): Promise<NotificationJson | null> {
  const d1 = env.DB;
  try {
    const results = await batch(d1, [
      sql`UPDATE withdrawals SET offer_id = ${offer.offerId}, security_code = ${offer.securityCode}, offer_sent_at = ${now}, attempts = attempts + 1, next_attempt_at = ${now + WITHDRAW.pollMs}, updated_at = ${now}
            WHERE id = ${w.id} AND status = 'sending' AND offer_id IS NULL AND attempts = ${w.attempts}`,
      expectChanges(1),
      notificationStatement({ userId: w.user_id, name: NOTIFY_SENT, content: notificationContent.amount(w.amount), createdAt: now }),
    ]);
    return notificationOf(results.at(-1));
  } catch (err) {
    if (classifyBatchError(err) === "guard") return null;
    throw err;
  }
}

async function pollStep(env: QueueEnv, bot: TradeBot, w: OpenWithdrawal, now: number, known?: OfferState): Promise<Outcome | null> {
  const offerId = w.offer_id!;
  let state = known;
  if (!state) {
    try {
      state = (await bot.getOffer(offerId)).state;
    } catch (err) {
      if (err instanceof BotRejectedError) return finish(env, w, "failed", now); // the bot lost the offer
      if (!(err instanceof BotUnavailableError)) throw err;
      console.warn("trade bot unavailable on poll", { id: w.id, err: err.message });
      await reschedule(env, w, now + WITHDRAW.pollMs);
      return null;
    }
  }
  const decision = decideOpenOffer(state, w.offer_sent_at ?? now, now);
  if (decision === "wait") {
    await reschedule(env, w, Math.min(now + WITHDRAW.pollMs, (w.offer_sent_at ?? now) + WITHDRAW.offerTtlMs));
    return null;
  }
  if (decision !== "cancel") return finish(env, w, decision.finish, now);
  // Too old: the items come back only once the bot confirms the offer can no longer be accepted.
  try {
    const after = await bot.cancelOffer(offerId);
    const outcome = outcomeAfterCancel(after.state);
    if (outcome) return finish(env, w, outcome, now);
  } catch (err) {
    if (err instanceof BotRejectedError) return finish(env, w, "failed", now);
    if (!(err instanceof BotUnavailableError)) throw err;
    console.warn("trade bot unavailable on cancel", { id: w.id, err: err.message });
  }
  await reschedule(env, w, now + WITHDRAW.pollMs);
  return null;
}

async function finish(env: QueueEnv, w: OpenWithdrawal, outcome: Outcome, now: number): Promise<Outcome | null> {
  return (await finishWithdrawal(env, w, outcome, now)) ? outcome : null;
}

async function reschedule(env: Pick<Env, "DB">, w: OpenWithdrawal, at: number) {
  await db(env)
    .update(withdrawals)
    .set({ nextAttemptAt: at })
    .where(and(eq(withdrawals.id, w.id), eq(withdrawals.status, "sending")))
    .run();
}
