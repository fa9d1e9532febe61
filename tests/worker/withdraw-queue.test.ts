// The withdrawal queue (WithdrawQueue DO + worker/withdraws/queue.ts) against the fake trade bot:
// accepted → items 'withdrawn', withdrawal 'completed', a notification; declined / timed out /
// bot unreachable / refused → items back 'available', fee refunded (ledger), 'canceled'; a queue
// restart carries on from D1 without a second offer; getProfile rows; the books stay balanced.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { dashboardAnswer } from "../../shared/api/admin-ops";
import { OPS, WITHDRAW } from "../../shared/constants";
import { SECURITY_CODE_PATTERN } from "../../shared/trade-bot-signature";
import { reconcile } from "../../worker/books/reconcile";
import { tradeBotFromEnv } from "../../worker/withdraws/bot";
import { finishWithdrawal } from "../../worker/withdraws/finalize";
import { sendRetryDelay } from "../../worker/withdraws/rules";
import { withdrawQueue } from "../../worker/withdraws/WithdrawQueue";
import { balanceOf, makeUser, post } from "./user-fixtures";
import {
  botControl,
  botOffers,
  drive,
  itemStatuses,
  makeDue,
  notificationsOf,
  send,
  STALE,
  withdrawal,
  withdrawer,
  withdrawLedger,
  type BotMode,
} from "./withdraw-fixtures";

async function sent(mode: BotMode, prices = [1_000, 255]) {
  const me = await withdrawer({ prices, mode });
  const res = await send(me.token, { items: me.itemIds });
  expect(res.status).toBe(200);
  const { id } = (await res.json()) as { id: string };
  return { ...me, id };
}

async function expectBooksBalanced() {
  const books = await reconcile(env);
  expect(books).toMatchObject({ ok: true, withdrawMismatches: 0, mismatchedAccounts: 0 });
}

/** A canceled withdrawal: items back, fee refunded to the cent, the canceled notification. */
async function expectCanceled(me: Awaited<ReturnType<typeof sent>>, outcome: string) {
  // an offer the bot made first was told ("offer sent"), one never made was not
  const offerMade = !["unavailable", "failed"].includes(outcome);
  const row = await withdrawal(me.id);
  expect(row).toMatchObject({ status: "canceled", outcome, finished_at: expect.any(Number) });
  expect(await itemStatuses(me.itemIds)).toEqual(me.itemIds.map(() => "available"));
  expect(await balanceOf(me.user.id)).toBe(10_000);
  expect((await withdrawLedger(me.id)).map((r) => [r.account, r.kind, r.delta])).toEqual([
    ["user", "withdraw_fee", -251],
    ["house", "withdraw_fee", 251],
    ["user", "withdraw_fee_refund", 251],
    ["house", "withdraw_fee_refund", -251],
  ]);
  expect(await notificationsOf(me.user.id)).toEqual([
    ...(offerMade ? [{ name: "inventory_api.withdraw_sent", content: "$12.55" }] : []),
    { name: "inventory_api.withdraw_canceled", content: "$12.55" },
  ]);
  await expectBooksBalanced();
}

describe("the withdrawal queue", () => {
  it("completes an accepted offer: items leave the site, the player is notified", async () => {
    const me = await sent("accept");
    const row = await drive(me.id);
    expect(row).toMatchObject({ status: "completed", outcome: "accepted", attempts: 1, offer_id: expect.any(String) });
    expect(await itemStatuses(me.itemIds)).toEqual(["withdrawn", "withdrawn"]);
    expect(await balanceOf(me.user.id)).toBe(10_000 - 251); // the fee is kept
    // the bell told the offer, then its acceptance (each row written in its D1 batch)
    expect(await notificationsOf(me.user.id)).toEqual([
      { name: "inventory_api.withdraw_sent", content: "$12.55" },
      { name: "inventory_api.withdraw_completed", content: "$12.55" },
    ]);

    // the bot got exactly one offer: the items by id and market name, referenced by the withdrawal
    const { offers, sendCalls } = await botOffers(me.tradeLink);
    expect(sendCalls).toBe(1);
    expect(offers).toHaveLength(1);
    expect(offers[0]).toMatchObject({ offer_id: row.offer_id, reference: me.id, state: "accepted" });
    expect(offers[0]!.items.map((i) => i.id)).toEqual(me.itemIds);
    expect(offers[0]!.items[0]!.market_hash_name).toMatch(/^Withdraw .* \| Skin \(Field-Tested\)$/);

    // withdrawn items are gone from the inventory
    const inv = await post("/api/user/getInventory", { appId: 730 }, me.token);
    expect(((await inv.json()) as { items: unknown[] }).items).toEqual([]);
    const books = await reconcile(env);
    expect(books.withdrawnItemsValue).toBeGreaterThanOrEqual(1_255);
    await expectBooksBalanced();
    // the player may withdraw again now
    expect(await (await post("/api/withdraws/preview", { items: me.itemIds }, me.token)).json()).toMatchObject({ message: "inventory_api.item_not_found" });
  });

  it("runs by itself: the send kicks the queue, whose alarm sends the offer and finishes it", { timeout: 20_000 }, async () => {
    const me = await sent("accept");
    // no runNow here: only the kick of /send and the DO's alarm (a bot that answers "active" to the
    // send — a real one always does — is asked again one poll later)
    let row = await withdrawal(me.id);
    for (let i = 0; i < (WITHDRAW.pollMs + 3_000) / 50 && row?.status === "sending"; i++) {
      await new Promise((r) => setTimeout(r, 50));
      row = await withdrawal(me.id);
    }
    expect(row).toMatchObject({ status: "completed", outcome: "accepted" });
    expect(await itemStatuses(me.itemIds)).toEqual(["withdrawn", "withdrawn"]);
  });

  it("waits for an offer still pending, polling it, and completes it when accepted later", async () => {
    const me = await sent("timeout");
    let row = await drive(me.id, { maxPasses: 3 });
    expect(row).toMatchObject({ status: "sending", attempts: 1, offer_id: expect.any(String) });
    expect(row.next_attempt_at).toBeGreaterThan(Date.now() + WITHDRAW.pollMs / 2); // polled again in pollMs
    expect(await itemStatuses(me.itemIds)).toEqual(["withdrawing", "withdrawing"]);
    await botControl(me.tradeLink, "accept", 0);
    row = await drive(me.id);
    expect(row.status).toBe("completed");
    expect((await botOffers(me.tradeLink)).sendCalls).toBe(1);
  });

  it("cancels a declined offer: items back, fee refunded", async () => {
    const me = await sent("decline");
    await drive(me.id);
    await expectCanceled(me, "declined");
  });

  it("expires an offer nobody accepts within offerTtlMs: cancelled at the bot, items back, fee refunded", async () => {
    const me = await sent("timeout");
    await drive(me.id, { maxPasses: 1 });
    expect((await withdrawal(me.id))?.status).toBe("sending");
    await drive(me.id, { age: STALE });
    await expectCanceled(me, "expired");
    expect((await botOffers(me.tradeLink)).offers.map((o) => o.state)).toEqual(["expired"]);
  });

  it("completes an offer accepted after offerTtlMs rather than cancelling it", async () => {
    const me = await sent("timeout");
    await drive(me.id, { maxPasses: 1 });
    // the player accepts just as the offer turns stale
    await botControl(me.tradeLink, "accept", 0);
    const row = await drive(me.id, { age: STALE });
    expect(row).toMatchObject({ status: "completed", outcome: "accepted" });
    expect(await itemStatuses(me.itemIds)).toEqual(["withdrawn", "withdrawn"]);
  });

  it("retries a bot it cannot reach with backoff, then cancels and refunds", async () => {
    const me = await sent("unavailable");
    // (the send's own kick may already have made attempt 1: each pass is checked by its attempt number)
    const waits: [attempts: number, wait: number][] = [];
    for (let pass = 0; pass < WITHDRAW.maxSendAttempts + 2; pass++) {
      await makeDue(me.id);
      const before = Date.now();
      await withdrawQueue(env).runNow();
      const row = (await withdrawal(me.id))!;
      if (row.status !== "sending") break;
      expect(row.offer_id).toBeNull();
      waits.push([row.attempts, row.next_attempt_at - before]);
    }
    const row = (await withdrawal(me.id))!;
    expect(row).toMatchObject({ status: "canceled", outcome: "unavailable", attempts: WITHDRAW.maxSendAttempts, offer_id: null });
    // the waits grow: pollMs, 2·pollMs, 4·pollMs … after attempt 1, 2, 3 …
    expect(waits.length).toBeGreaterThanOrEqual(WITHDRAW.maxSendAttempts - 2);
    for (const [attempts, wait] of waits) {
      expect(wait).toBeGreaterThanOrEqual(sendRetryDelay(attempts) - 1_000);
      expect(wait).toBeLessThanOrEqual(sendRetryDelay(attempts) + 1_000);
    }
    expect(sendRetryDelay(2)).toBeGreaterThan(sendRetryDelay(1));
    expect((await botOffers(me.tradeLink)).sendCalls).toBe(WITHDRAW.maxSendAttempts);
    await expectCanceled(me, "unavailable");
  });

  it("never gives up a send whose answer was lost: the offer it made is found again by its reference", async () => {
    const me = await sent("lost");
    // more passes than maxSendAttempts: each one made (or found) the offer and lost the answer
    for (let pass = 0; pass < WITHDRAW.maxSendAttempts + 2; pass++) {
      await makeDue(me.id);
      await withdrawQueue(env).runNow();
      const row = (await withdrawal(me.id))!;
      expect(row).toMatchObject({ status: "sending", offer_id: null, outcome: null });
      expect(row.next_attempt_at - Date.now()).toBeLessThanOrEqual(WITHDRAW.offerTtlMs / 2 + 1_000);
    }
    expect(await itemStatuses(me.itemIds)).toEqual(["withdrawing", "withdrawing"]);
    const atBot = await botOffers(me.tradeLink);
    expect(atBot.sendCalls).toBeGreaterThan(WITHDRAW.maxSendAttempts);
    expect(atBot.offers).toHaveLength(1); // one offer, whatever the number of sends
    // waiting on the bot past OPS.stuckTradeMs: staff see it with its attempts, the player's
    // history says no offer has been made yet
    await env.DB.prepare("UPDATE withdrawals SET created_at = created_at - ?2 WHERE id = ?1").bind(me.id, OPS.stuckTradeMs).run();
    const boss = await makeUser({ isAdmin: true });
    const stuck = async () => dashboardAnswer.parse(await (await post("/api/admin/dashboard", {}, boss.token)).json()).stuck_trades;
    const listed = (await stuck()).oldest.find((t) => t.id === me.id);
    expect(listed).toMatchObject({ kind: "withdraw", user: { id: me.user.id }, amount: 12.55, attempts: WITHDRAW.maxSendAttempts + 2 }); // one per pass above
    expect((await stuck()).count).toBeGreaterThanOrEqual(1);
    const history = async () =>
      (await (await post("/api/user/history/withdraws", {}, me.token)).json()) as {
        rows: { id: string; status: string; offer: boolean; security_code: string | null }[];
      };
    expect((await history()).rows.find((r) => r.id === me.id)).toMatchObject({ status: "sending", offer: false });
    // the offer the player sees in Steam is not recorded yet: the check says so rather than "not ours"
    const early = await post("/api/user/checkOffer", { offer: atBot.offers[0]!.offer_id }, me.token);
    expect(await early.json()).toEqual({ ours: false, offer_id: atBot.offers[0]!.offer_id, pending: true });
    // the answers come through again: the same offer, accepted; the items leave once
    await botControl(me.tradeLink, "accept", 0);
    const row = await drive(me.id);
    expect(row).toMatchObject({ status: "completed", outcome: "accepted", offer_id: atBot.offers[0]!.offer_id });
    expect(await itemStatuses(me.itemIds)).toEqual(["withdrawn", "withdrawn"]);
    expect((await botOffers(me.tradeLink)).offers).toHaveLength(1);
    expect((await stuck()).oldest.map((t) => t.id)).not.toContain(me.id);
    expect((await history()).rows.find((r) => r.id === me.id)).toMatchObject({
      status: "completed",
      offer: true,
      security_code: expect.stringMatching(SECURITY_CODE_PATTERN),
    });
    // the offer check: this player's offer is the site's, with its code; to anyone else, and any
    // other id, it is not — and a link that is no trade offer is refused with its key
    const offerId = atBot.offers[0]!.offer_id;
    const check = async (token: string, offer: unknown) => post("/api/user/checkOffer", { offer }, token);
    const code = (await history()).rows.find((r) => r.id === me.id)!.security_code;
    for (const link of [`https://steamcommunity.com/tradeoffer/${offerId}/`, offerId, `https://steamcommunity.com/tradeoffer/${offerId}`]) {
      const res = await check(me.token, link);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        ours: true,
        offer_id: offerId,
        kind: "withdraw",
        status: "completed",
        security_code: code,
        created_at: expect.any(Number),
      });
    }
    const stranger = await makeUser();
    expect(await (await check(stranger.token, offerId)).json()).toEqual({ ours: false, offer_id: offerId, pending: false });
    expect(await (await check(me.token, "987654321")).json()).toEqual({ ours: false, offer_id: "987654321", pending: false });
    // typed without the scheme, or with www: the same offer
    for (const link of [`steamcommunity.com/tradeoffer/${offerId}/`, `https://www.steamcommunity.com/tradeoffer/${offerId}/?x=1`]) {
      expect(await (await check(me.token, link)).json()).toMatchObject({ ours: true, offer_id: offerId });
    }
    for (const bad of ["https://steamcommunity.com.evil.example/tradeoffer/1/", "steamcommunity.com/tradeoffer/abc/", "0", "1e9", "", 12345]) {
      const res = await check(me.token, bad);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ message: "user_api.offer_link_invalid" });
    }
    expect((await check("", offerId)).status).toBe(401);
    await expectBooksBalanced();
  });

  it("gives up on the bot's own 503 after a lost answer only when the bot made no offer", async () => {
    const me = await sent("lost");
    await makeDue(me.id);
    await withdrawQueue(env).runNow();
    // the bot goes down after it made the offer: a 503 is answered only for references it has no offer for
    await botControl(me.tradeLink, "unavailable", 0);
    const row = await drive(me.id, { maxPasses: WITHDRAW.maxSendAttempts + 2 });
    expect(row).toMatchObject({ status: "sending", offer_id: expect.any(String) });
    expect(await itemStatuses(me.itemIds)).toEqual(["withdrawing", "withdrawing"]);
  });

  it("cancels at once an offer the bot refuses for good", async () => {
    const me = await sent("reject");
    const row = await drive(me.id);
    expect(row.attempts).toBe(1);
    await expectCanceled(me, "failed");
  });

  it("a restarted queue carries on from D1: it polls the offer made before, never a second one", async () => {
    const me = await sent("timeout");
    await drive(me.id, { maxPasses: 1 });
    const before = (await withdrawal(me.id))!;
    expect(before.offer_id).not.toBeNull();

    // a fresh instance: no memory, no storage, no alarm — only D1 (and the bot) know the withdrawal
    const fresh = env.WITHDRAW_QUEUE.get(env.WITHDRAW_QUEUE.idFromName(`restarted-${crypto.randomUUID()}`));
    await botControl(me.tradeLink, "accept", 0);
    const row = await drive(me.id, { stub: fresh });
    expect(row).toMatchObject({ status: "completed", offer_id: before.offer_id, attempts: 1 });
    expect((await botOffers(me.tradeLink)).sendCalls).toBe(1);
    await expectBooksBalanced();
  });

  it("a queue that died after the bot made the offer but before D1 knew resends it and gets the same offer", async () => {
    const me = await sent("timeout");
    // the "lost" send: the bot has the offer, D1 does not
    const lost = await tradeBotFromEnv(env)!.sendOffer({
      tradeLink: me.tradeLink,
      items: [{ id: me.itemIds[0]!, market_hash_name: "x" }],
      reference: me.id,
    });
    await botControl(me.tradeLink, "decline", 0);
    const row = await drive(me.id);
    expect(row).toMatchObject({ status: "canceled", outcome: "declined", offer_id: lost.offerId });
    expect((await botOffers(me.tradeLink)).offers).toHaveLength(1);
    await expectCanceled(me, "declined");
  });

  it("a finished withdrawal is never finished twice (a second pass moves nothing)", async () => {
    const me = await sent("decline");
    await drive(me.id);
    const balance = await balanceOf(me.user.id);
    // pretend a slow pass still held the old row: force it due again and run more passes
    await env.DB.prepare("UPDATE withdrawals SET next_attempt_at = 0 WHERE id = ?1").bind(me.id).run();
    await withdrawQueue(env).runNow();
    const row = (await withdrawal(me.id))!;
    expect(await finishWithdrawal(env, { ...row }, "declined")).toBe(false);
    expect(await finishWithdrawal(env, { ...row }, "accepted")).toBe(false);
    expect(await balanceOf(me.user.id)).toBe(balance);
    expect(await itemStatuses(me.itemIds)).toEqual(["available", "available"]);
    expect(await notificationsOf(me.user.id)).toHaveLength(2); // sent + canceled, once each
    await expectCanceled(me, "declined");
  });

  it("getProfile lists skin withdrawals (newest first) with their status", async () => {
    const me = await sent("decline", [1_000, 255]);
    await drive(me.id);
    const second = await send(me.token, { items: [me.itemIds[0]] });
    const { id: secondId } = (await second.json()) as { id: string };

    const res = await post("/api/user/getProfile", {}, me.token);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { withdraws: unknown[] };
    expect(body.withdraws).toEqual([
      {
        id: secondId,
        system: "skins",
        wallet: me.tradeLink,
        amount: 10,
        status: "sending",
        offer: false,
        security_code: null,
        action: null,
        date: expect.any(Number),
      },
      {
        id: me.id,
        system: "skins",
        wallet: me.tradeLink,
        amount: 12.55,
        status: "canceled",
        offer: true,
        security_code: expect.stringMatching(SECURITY_CODE_PATTERN),
        action: null,
        date: expect.any(Number),
      },
    ]);
  });

  it("reconcile counts an item left 'withdrawing' outside any open withdrawal", async () => {
    const me = await sent("decline", [400]);
    await drive(me.id);
    await expectBooksBalanced();
    await env.DB.prepare("UPDATE inventory_items SET status = 'withdrawing' WHERE id = ?1").bind(me.itemIds[0]).run();
    expect(await reconcile(env)).toMatchObject({ ok: false, withdrawMismatches: 1 });
    await env.DB.prepare("UPDATE inventory_items SET status = 'available' WHERE id = ?1").bind(me.itemIds[0]).run();
    // a refund row gone missing is counted too
    await env.DB.prepare("UPDATE ledger SET reference = 'elsewhere' WHERE idempotency_key = ?1").bind(`withdraw:${me.id}:refund:house`).run();
    expect((await reconcile(env)).withdrawMismatches).toBe(2);
    await env.DB.prepare("UPDATE ledger SET reference = ?2 WHERE idempotency_key = ?1").bind(`withdraw:${me.id}:refund:house`, `withdrawal:${me.id}`).run();
    await expectBooksBalanced();

    // an item set 'withdrawing' by something else than a withdrawal breaks the books too
    const stray = await withdrawer({ prices: [100] });
    await env.DB.prepare("UPDATE inventory_items SET status = 'withdrawing' WHERE id = ?1").bind(stray.itemIds[0]).run();
    expect(await reconcile(env)).toMatchObject({ ok: false, strayWithdrawingItems: 1 });
    await env.DB.prepare("UPDATE inventory_items SET status = 'available' WHERE id = ?1").bind(stray.itemIds[0]).run();
    await expectBooksBalanced();
  });
});
