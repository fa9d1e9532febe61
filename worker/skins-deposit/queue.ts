// One pass over open skins deposits, run by the trade-bot queue (withdraws/WithdrawQueue.ts) next
// to the withdrawals, so deposits learn their offer's state exactly as withdrawals do (polled every
// WITHDRAW.pollMs on the DO's alarm). Each due deposit is looked at once:
//   sending            → ask the bot for the offer again (same reference: the same offer);
//                        past SKINS_DEPOSIT.offerTtlMs → 'failed' only on the bot's word that no
//                        offer stands (a send without an answer may have made one), asked every 5 min;
//   active             → ask the bot: accepted → 'accepted' then credited (credit.ts);
//                        declined / expired → finished, nothing credited; still active past
//                        SKINS_DEPOSIT.offerTtlMs, or its player on a break → cancelled at the
//                        bot, then as it answers (accepted in between: credited all the same);
//   accepted, not credited (a pass cut off between the two) → credited.
// Row updates are guarded on the state read, so a pass can stop anywhere and two passes agree.
import { SKINS_DEPOSIT, WITHDRAW } from "../../shared/constants";
import { and, eq, inArray, isNull, lte, min, or } from "drizzle-orm";
import { db } from "../db/client";
import { skinDepositItems, skinDeposits } from "../db/schema";
import { BotRejectedError, BotUnavailableError, type DepositBot, type OfferState } from "../withdraws/bot";
import { isExcluded } from "../protection/queries";
import { sendOffer } from "./create";
import { creditDeposit } from "./credit";

type QueueEnv = Pick<Env, "DB" | "HUB_ROOM">;

import { PASS_SIZE } from "../withdraws/queue";

export interface DepositPass {
  seen: number;
  credited: string[];
  nextAt: number | null;
}

interface OpenDeposit {
  id: string;
  userId: number;
  tradeLink: string;
  offerId: string | null;
  state: string;
  createdAt: number;
  creditedAt: number | null;
}

export async function processDueDeposits(env: QueueEnv, bot: DepositBot, now = Date.now()): Promise<DepositPass> {
  const d = db(env);
  const rows: OpenDeposit[] = await d
    .select({
      id: skinDeposits.id,
      userId: skinDeposits.userId,
      tradeLink: skinDeposits.tradeLink,
      offerId: skinDeposits.offerId,
      state: skinDeposits.state,
      createdAt: skinDeposits.createdAt,
      creditedAt: skinDeposits.creditedAt,
    })
    .from(skinDeposits)
    .where(
      or(
        and(inArray(skinDeposits.state, ["sending", "active"]), lte(skinDeposits.nextAttemptAt, now)),
        and(eq(skinDeposits.state, "accepted"), isNull(skinDeposits.creditedAt)),
      ),
    )
    .orderBy(skinDeposits.nextAttemptAt)
    .limit(PASS_SIZE)
    .all();
  const credited: string[] = [];
  for (const row of rows) {
    try {
      if (await step(env, bot, row, now)) credited.push(row.id);
    } catch (err) {
      console.error("skins deposit step failed", { id: row.id, err: String(err) });
      await reschedule(env, row.id, now + WITHDRAW.pollMs).catch(() => undefined);
    }
  }
  return { seen: rows.length, credited, nextAt: await nextDeposit(env) };
}

/** Earliest next_attempt_at of an open or accepted-but-uncredited deposit (null: none). */
export async function nextDeposit(env: Pick<Env, "DB">): Promise<number | null> {
  const row = await db(env)
    .select({ at: min(skinDeposits.nextAttemptAt) })
    .from(skinDeposits)
    .where(or(inArray(skinDeposits.state, ["sending", "active"]), and(eq(skinDeposits.state, "accepted"), isNull(skinDeposits.creditedAt))))
    .get();
  return row?.at ?? null;
}

/** Works one deposit; true when this step credited it. */
async function step(env: QueueEnv, bot: DepositBot, row: OpenDeposit, now: number): Promise<boolean> {
  if (row.state === "accepted") return creditDeposit(env, row, now);
  // an offer made before the player's break is withdrawn at its start (docs/protection.md "Breaks")
  const cancel = now - row.createdAt >= SKINS_DEPOSIT.offerTtlMs || (await isExcluded(env, row.userId, now));
  if (row.state === "sending") {
    // a stale one is asked once more, not failed outright: an earlier send may have made the offer
    // (its answer lost), and the same reference answers it (then cancelled below, or credited)
    const items = await db(env)
      .select({ asset_id: skinDepositItems.assetId, market_hash_name: skinDepositItems.marketHashName })
      .from(skinDepositItems)
      .where(eq(skinDepositItems.depositId, row.id))
      .all();
    const sent = await sendOffer(env, bot, { id: row.id, tradeLink: row.tradeLink, items }, now, cancel);
    if (sent !== "active" || !cancel) return false;
    // made just now for a deposit to cancel: cancelled at once, not a poll later
    const made = await db(env).select({ offerId: skinDeposits.offerId }).from(skinDeposits).where(eq(skinDeposits.id, row.id)).get();
    return made?.offerId ? settleOffer(env, bot, { ...row, state: "active", offerId: made.offerId }, now, true) : false;
  }
  return settleOffer(env, bot, row, now, cancel);
}

/** An active deposit: its offer's state at the bot (cancelled first when `cancel`), then what follows from it. */
async function settleOffer(env: QueueEnv, bot: DepositBot, row: OpenDeposit, now: number, cancel: boolean): Promise<boolean> {
  let state: OfferState;
  try {
    state = (await bot.getOffer(row.offerId!)).state;
    if (state === "active" && cancel) state = (await bot.cancelOffer(row.offerId!)).state;
  } catch (err) {
    if (err instanceof BotRejectedError) return finish(env, row.id, "active", "failed", now).then(() => false);
    if (!(err instanceof BotUnavailableError)) throw err;
    console.warn("trade bot unavailable on deposit poll", { id: row.id, err: err.message });
    await reschedule(env, row.id, now + WITHDRAW.pollMs);
    return false;
  }
  if (state === "active") {
    await reschedule(env, row.id, Math.min(now + WITHDRAW.pollMs, row.createdAt + SKINS_DEPOSIT.offerTtlMs));
    return false;
  }
  await finish(env, row.id, "active", state, now);
  return state === "accepted" ? creditDeposit(env, row, now) : false;
}

/** Moves a deposit on from `from` (guarded); accepted ones keep finished_at for the credit. */
async function finish(env: Pick<Env, "DB">, id: string, from: "sending" | "active", to: "accepted" | "declined" | "expired" | "failed", now: number) {
  await db(env)
    .update(skinDeposits)
    .set({ state: to, finishedAt: now, updatedAt: now })
    .where(and(eq(skinDeposits.id, id), eq(skinDeposits.state, from)))
    .run();
}

async function reschedule(env: Pick<Env, "DB">, id: string, at: number) {
  await db(env)
    .update(skinDeposits)
    .set({ nextAttemptAt: at })
    .where(and(eq(skinDeposits.id, id), inArray(skinDeposits.state, ["sending", "active"])))
    .run();
}
