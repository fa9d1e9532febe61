// Money withdrawals, the player's and the staff's routes (docs/payments.md "Money withdrawals"): every rule
// of getAvailableWithdraw / createWithdraw as its own case, idempotency, racing creates, cancel,
// the staff decision (and a cancel racing it), the history rows, and the books after each.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { MONEY_WITHDRAW } from "../../shared/constants";
import { reconcile } from "../../worker/books/reconcile";
import { auditRows, deposit, makeUser, post } from "./user-fixtures";
import { bet, booksBalance, jackpotBet, wheelBet, CARD, cancel, create, createOk, decide, items, row, statuses, withdrawer } from "./money-withdraw-fixtures";

const available = async (token: string) => (await (await post("/api/user/getAvailableWithdraw", {}, token)).json()) as Record<string, unknown>;
const admin = () => makeUser({ isAdmin: true });

describe("getAvailableWithdraw", () => {
  it("no deposit → deposit_required, nothing available", async () => {
    const { token } = await makeUser();
    expect(await available(token)).toMatchObject({ available: 0, blocked: "withdrawal_api.deposit_required", min_sum: 5, tax_percent: 20 });
  });
  it("bets below deposits → wager_required", async () => {
    const { user, token } = await makeUser();
    await deposit(user.id, 10_000);
    await bet(user.id, 4_000);
    expect(await available(token)).toMatchObject({ blocked: "withdrawal_api.wager_required", wager: { deposits: 100, bets: 40, withdrawn: 0, factor: 3 } });
  });
  it("jackpot and wheel stakes count as bets; refunded ones do not", async () => {
    const { user, token } = await makeUser();
    await deposit(user.id, 10_000);
    await bet(user.id, 1_000);
    await jackpotBet(user.id, 2_000);
    await jackpotBet(user.id, 5_000, "refunded");
    await wheelBet(user.id, 3_000);
    await wheelBet(user.id, 7_000, 3);
    expect(await available(token)).toMatchObject({ blocked: "withdrawal_api.wager_required", wager: { deposits: 100, bets: 60 } });
    await wheelBet(user.id, 4_000);
    expect(await available(token)).toMatchObject({ blocked: null, wager: { deposits: 100, bets: 100 } });
  });
  it("wagered: deposits × factor, capped by the rolling money limit; all four systems configured", async () => {
    const p = await withdrawer([], 10_000);
    const a = await available(p.token);
    expect(a).toMatchObject({ blocked: null, available: 300, money_limit: { limit: 500, used: 0, window_hours: 24 } });
    expect((a.systems as { available: boolean }[]).every((s) => s.available)).toBe(true);
    const rich = await withdrawer([], 1_000_000);
    expect(await available(rich.token)).toMatchObject({ available: MONEY_WITHDRAW.moneyLimitCents / 100 });
  });
});

describe("createWithdraw rules", () => {
  it("deposit_required (403)", async () => {
    const { user, token } = await makeUser();
    const [i] = await items(user.id, [1_000]);
    const res = await create(token, { sum: 10, wallet: CARD, system: 3, items: [i] });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ message: "withdrawal_api.deposit_required" });
  });
  it("wager_required (403) with what is left to bet", async () => {
    const { user, token } = await makeUser();
    await deposit(user.id, 10_000);
    await bet(user.id, 2_500);
    const [i] = await items(user.id, [1_000]);
    const res = await create(token, { sum: 10, wallet: CARD, system: 3, items: [i] });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ message: "withdrawal_api.wager_required", left: 75 });
  });
  it("wait_last_withdraw (409) while one is open", async () => {
    const p = await withdrawer([3_000, 3_000]);
    await createOk(p.token, [p.items[0]!], 30);
    const res = await create(p.token, { sum: 30, wallet: CARD, system: 3, items: [p.items[1]] });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ message: "withdrawal_api.wait_last_withdraw" });
  });
  it("money_limit (409) once the window's limit is used", async () => {
    const p = await withdrawer([50_000, 1_000], 1_000_000);
    const w = await createOk(p.token, [p.items[0]!], 500);
    const a = await admin();
    expect((await decide(a.token, { id: w.id, decision: "approve" })).status).toBe(200);
    // marked completed by hand (no payout row, items still the player's): the books see it
    await env.DB.prepare("UPDATE money_withdrawals SET status = 'completed' WHERE id = ?1").bind(w.id).run();
    expect((await reconcile(env)).moneyWithdrawMismatches).toBeGreaterThanOrEqual(2);
    const res = await create(p.token, { sum: 10, wallet: CARD, system: 3, items: [p.items[1]] });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ message: "withdrawal_api.money_limit" });
    await env.DB.prepare("UPDATE money_withdrawals SET status = 'canceled' WHERE id = ?1").bind(w.id).run();
    await env.DB.prepare("UPDATE inventory_items SET status = 'available' WHERE id = ?1").bind(p.items[0]).run();
    await booksBalance();
  });
  it("no_items, too_many_items, min_sum (400)", async () => {
    const p = await withdrawer([100, 100]);
    const keyOf = async (body: Record<string, unknown>) => {
      const res = await create(p.token, { sum: 1, wallet: CARD, system: 3, ...body });
      expect(res.status).toBe(400);
      return ((await res.json()) as { message: string }).message;
    };
    expect(await keyOf({ items: [] })).toBe("withdrawal_api.no_items");
    expect(await keyOf({ items: Array.from({ length: 21 }, (_, i) => i + 1) })).toBe("withdrawal_api.too_many_items");
    expect(await keyOf({ items: p.items, sum: 2 })).toBe("withdrawal_api.min_sum");
  });
  it("item_not_found (409): another's item, or one staked", async () => {
    const p = await withdrawer([1_000]);
    const other = await withdrawer([1_000]);
    for (const ids of [
      other.items,
      await items(p.id, [1_000]).then(async (ids) => {
        await env.DB.prepare("UPDATE inventory_items SET status = 'in_bet' WHERE id = ?1").bind(ids[0]).run();
        return ids;
      }),
    ]) {
      const res = await create(p.token, { sum: 10, wallet: CARD, system: 3, items: ids });
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({ message: "withdrawal_api.item_not_found" });
    }
  });
  it("trade_protected (409): an item in its deposit's protection window", async () => {
    const p = await withdrawer([1_000]);
    const dep = crypto.randomUUID();
    await env.DB.prepare(
      "INSERT INTO skin_deposits (id, user_id, request_id, trade_link, state, amount, next_attempt_at, credited_at, tradable_after) VALUES (?1, ?2, ?1, 'x', 'accepted', 0, 0, ?3, ?4)",
    )
      .bind(dep, p.id, Date.now(), Date.now() + 86_400_000)
      .run();
    const cat = await env.DB.prepare("SELECT catalogue_id FROM inventory_items WHERE id = ?1").bind(p.items[0]).first<number>("catalogue_id");
    await env.DB.prepare(
      "INSERT INTO skin_deposit_items (deposit_id, asset_id, catalogue_id, market_hash_name, price, item_id) VALUES (?1, 'a1', ?2, 'x', 0, ?3)",
    )
      .bind(dep, cat, p.items[0])
      .run();
    const res = await create(p.token, { sum: 10, wallet: CARD, system: 3, items: p.items });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ message: "withdrawal_api.trade_protected" });
  });
  it("sum_changed (409) with the value now", async () => {
    const p = await withdrawer([1_000, 2_345]);
    const res = await create(p.token, { sum: 30, wallet: CARD, system: 3, items: p.items });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ message: "withdrawal_api.sum_changed", sum: 33.45 });
  });
  it("max_withdraw (409) above deposits × factor", async () => {
    const p = await withdrawer([31_000], 10_000);
    const res = await create(p.token, { sum: 310, wallet: CARD, system: 3, items: p.items });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ message: "withdrawal_api.max_withdraw", available: 300 });
  });
  it("invalid_wallet (400): a card failing Luhn, a short phone", async () => {
    const p = await withdrawer([1_000]);
    for (const [system, wallet] of [
      [3, "4111 1111 1111 1112"],
      [1, "12345"],
    ] as const) {
      const res = await create(p.token, { sum: 10, wallet, system, items: p.items });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ message: "withdrawal_api.invalid_wallet" });
    }
    expect(await statuses(p.items)).toEqual([{ owner_id: p.id, status: "available" }]);
  });
});

describe("createWithdraw", () => {
  it("items leave the inventory, amount/tax/payout at the catalogue price, moderation above the auto-approve value", async () => {
    const p = await withdrawer([2_499, 1_002]);
    const w = await createOk(p.token, p.items, 35.01);
    expect(w).toMatchObject({ status: "moderation", amount: 35.01, tax: 7, payout: 28.01, action: "cancel", wallet: "****1111", type: "money", system: 3 });
    expect(await row(w.id)).toMatchObject({ amount: 3_501, tax: 700, payout: 2_801 });
    expect(await statuses(p.items)).toEqual(p.items.map(() => ({ owner_id: p.id, status: "withdrawing" })));
    const profile = (await (await post("/api/user/getProfile", {}, p.token)).json()) as { withdraws: { id: unknown; type?: string }[] };
    expect(profile.withdraws[0]).toMatchObject({ id: w.id, type: "money", status: "moderation", action: "cancel" });
    await booksBalance();
  });
  it("at most autoApproveCents goes straight to sending", async () => {
    const p = await withdrawer([MONEY_WITHDRAW.autoApproveCents]);
    const res = await create(p.token, { sum: MONEY_WITHDRAW.autoApproveCents / 100, wallet: "+7 (999) 123-45-67", system: 1, items: p.items });
    expect(await res.json()).toMatchObject({ message: "withdrawal_api.sending", withdraw: { status: "sending", wallet: "****4567" } });
  });
  it("a retry with the same request_id answers the first; racing creates make one", async () => {
    const p = await withdrawer([3_000, 3_000, 3_000]);
    const body = { sum: 30, wallet: CARD, system: 3, items: [p.items[0]], request_id: "same-1" };
    const a = (await (await create(p.token, body)).json()) as { withdraw: { id: number } };
    const b = (await (await create(p.token, body)).json()) as { withdraw: { id: number } };
    expect(b.withdraw.id).toBe(a.withdraw.id);
    expect((await cancel(p.token, a.withdraw.id)).status).toBe(200);
    const race = await Promise.all([
      create(p.token, { sum: 30, wallet: CARD, system: 3, items: [p.items[1]] }),
      create(p.token, { sum: 30, wallet: CARD, system: 3, items: [p.items[2]] }),
    ]);
    expect(race.map((r) => r.status).sort()).toEqual([200, 409]);
    const open = await env.DB.prepare("SELECT COUNT(*) AS n FROM money_withdrawals WHERE user_id = ?1 AND status IN ('moderation', 'sending')")
      .bind(p.id)
      .first<number>("n");
    expect(open).toBe(1);
    expect((await statuses([p.items[1]!, p.items[2]!])).filter((s) => s.status === "withdrawing")).toHaveLength(1);
    await booksBalance();
  });
});

describe("cancelWithdraw", () => {
  it("the owner cancels in moderation: items back; a second cancel or a stranger's is refused", async () => {
    const p = await withdrawer([3_000]);
    const w = await createOk(p.token, p.items, 30);
    const stranger = await makeUser();
    expect((await cancel(stranger.token, w.id)).status).toBe(404);
    const res = await cancel(p.token, w.id);
    expect(await res.json()).toEqual({ type: "success", message: "withdrawal_api.canceled" });
    expect(await statuses(p.items)).toEqual([{ owner_id: p.id, status: "available" }]);
    expect(await row(w.id)).toMatchObject({ status: "canceled" });
    const again = await cancel(p.token, w.id);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ message: "withdrawal_api.cannot_cancel" });
    await booksBalance();
  });
  it("a withdrawal already sending cannot be cancelled", async () => {
    const p = await withdrawer([1_000]);
    const w = await createOk(p.token, p.items, 10);
    expect(w.status).toBe("sending");
    expect((await cancel(p.token, w.id)).status).toBe(409);
  });
  it("a cancel racing an approval: exactly one wins", async () => {
    for (let n = 0; n < 3; n++) {
      const p = await withdrawer([3_000]);
      const a = await admin();
      const w = await createOk(p.token, p.items, 30);
      const [c, d] = await Promise.all([cancel(p.token, w.id), decide(a.token, { id: w.id, decision: "approve" })]);
      expect([c.status, d.status].sort()).toEqual([200, 409]);
      const after = await row(w.id);
      expect(after?.status).toBe(c.status === 200 ? "canceled" : "sending");
      expect((await statuses(p.items))[0]?.status).toBe(c.status === 200 ? "available" : "withdrawing");
      await booksBalance();
    }
  });
});

describe("staff", () => {
  it("list and decide are admin only", async () => {
    const { token } = await makeUser();
    expect((await post("/api/admin/withdraws/list", {}, token)).status).toBe(403);
    expect((await decide(token, { id: 1, decision: "approve" })).status).toBe(403);
  });
  it("the queue shows the player's record; reject needs a reason, returns the items and is audited", async () => {
    const p = await withdrawer([3_000]);
    const a = await admin();
    const w = await createOk(p.token, p.items, 30);
    const list = (await (await post("/api/admin/withdraws/list", { status: "moderation" }, a.token)).json()) as { withdraws: Record<string, unknown>[] };
    expect(list.withdraws.find((x) => x.id === w.id)).toMatchObject({ wallet_full: "4111111111111111", player: { deposits: 100, bets: 100, withdrawn: 30 } });
    const noReason = await decide(a.token, { id: w.id, decision: "reject" });
    expect(noReason.status).toBe(400);
    expect(await noReason.json()).toMatchObject({ message: "withdrawal_api.reason_required" });
    const res = await decide(a.token, { id: w.id, decision: "reject", reason: "wallet mismatch" });
    expect(await res.json()).toMatchObject({ success: true, withdraw: { status: "canceled", reason: "wallet mismatch" } });
    expect(await statuses(p.items)).toEqual([{ owner_id: p.id, status: "available" }]);
    expect((await auditRows()).some((r) => r.action === "withdrawal.reject" && r.target_user_id === p.id)).toBe(true);
    const twice = await decide(a.token, { id: w.id, decision: "approve" });
    expect(twice.status).toBe(409);
    expect(await twice.json()).toMatchObject({ message: "withdrawal_api.already_decided" });
    await booksBalance();
  });
  it("approve → sending, audited", async () => {
    const p = await withdrawer([3_000]);
    const a = await admin();
    const w = await createOk(p.token, p.items, 30);
    const res = await decide(a.token, { id: w.id, decision: "approve" });
    expect(await res.json()).toMatchObject({ withdraw: { status: "sending", action: null } });
    const row = (await auditRows()).find((r) => r.action === "withdrawal.approve" && r.target_user_id === p.id) as
      | { before?: string; after?: string }
      | undefined;
    expect(row).toMatchObject({ before: '{"status":"moderation"}', after: '{"status":"sending"}' });
    await booksBalance();
  });
});
