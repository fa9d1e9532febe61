// POST /api/withdraws/send and /preview: the happy send (items 'withdrawing', fee debited with
// its house counterpart, one batch), every rule with its key (a refusal moves nothing), replays
// and double sends (one withdrawal only), the switch-off without a trade bot, visitors.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { WITHDRAW } from "../../shared/constants";
import app from "../../worker/index";
import { reconcile } from "../../worker/books/reconcile";
import { balanceOf } from "./user-fixtures";
import { itemStatuses, preview, send, stakeInCrash, withdrawal, withdrawalsOf, withdrawer, withdrawLedger } from "./withdraw-fixtures";

const failed = (key: string) => expect.objectContaining({ message: key, success: false });

/** Everything a send may touch for this user, to prove a refusal moved nothing. */
async function snapshot(userId: number, itemIds: number[]) {
  const [ledger, house] = await env.DB.batch([
    env.DB.prepare("SELECT COUNT(*) AS n FROM ledger WHERE user_id = ?1").bind(userId),
    env.DB.prepare("SELECT balance FROM house_accounts WHERE name = 'house'"),
  ]);
  return {
    balance: await balanceOf(userId),
    items: await itemStatuses(itemIds),
    withdrawals: (await withdrawalsOf(userId)).length,
    ledger: ledger!.results,
    house: house!.results,
  };
}

describe("POST /api/withdraws/send", () => {
  it("locks the items, debits the fee and answers the withdrawal id", async () => {
    // the fake bot would accept at once; this test only looks at what the send itself did
    const me = await withdrawer({ prices: [1_000, 255], mode: "timeout" });
    const houseBefore = (await reconcile(env)).houseBalance;

    const res = await send(me.token, { items: Object.fromEntries(me.itemIds.map((id) => [String(id), true])) });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { id: string };
    expect(body).toEqual({ status: "success", message: "inventory_api.withdraw_sent", id: expect.any(String) });

    expect(await itemStatuses(me.itemIds)).toEqual(["withdrawing", "withdrawing"]);
    // fee = ceil(12.55 · 20 %) = 2.51
    expect(await balanceOf(me.user.id)).toBe(10_000 - 251);
    const row = await withdrawal(body.id);
    expect(row).toMatchObject({ user_id: me.user.id, status: "sending", trade_link: me.tradeLink, amount: 1_255, fee: 251 });
    const { results: items } = await env.DB.prepare("SELECT item_id, price FROM withdrawal_items WHERE withdrawal_id = ?1 ORDER BY item_id")
      .bind(body.id)
      .all();
    expect(items).toEqual([
      { item_id: me.itemIds[0], price: 1_000 },
      { item_id: me.itemIds[1], price: 255 },
    ]);
    expect((await withdrawLedger(body.id)).map((r) => [r.account, r.kind, r.delta])).toEqual([
      ["user", "withdraw_fee", -251],
      ["house", "withdraw_fee", 251],
    ]);
    const books = await reconcile(env);
    expect(books.houseBalance - houseBefore).toBe(251);
    expect(books).toMatchObject({ ok: true, withdrawMismatches: 0 });
  });

  it("takes items as an array of ids too", async () => {
    const me = await withdrawer({ prices: [500], mode: "timeout" });
    const res = await send(me.token, { items: me.itemIds });
    expect(res.status).toBe(200);
    expect(await itemStatuses(me.itemIds)).toEqual(["withdrawing"]);
    expect(await balanceOf(me.user.id)).toBe(10_000 - 100);
  });

  it("answers every rule with its key and moves nothing", async () => {
    const cases: { name: string; setup: () => Promise<{ token: string; userId: number; itemIds: number[]; body: unknown }>; status: number; key: string }[] = [
      {
        name: "nothing selected",
        setup: async () => {
          const me = await withdrawer();
          return { token: me.token, userId: me.user.id, itemIds: me.itemIds, body: { items: {} } };
        },
        status: 400,
        key: "inventory_api.item_not_found",
      },
      {
        name: "too many items",
        setup: async () => {
          const me = await withdrawer({ prices: Array.from({ length: WITHDRAW.maxItems + 1 }, () => 10) });
          return { token: me.token, userId: me.user.id, itemIds: me.itemIds, body: { items: me.itemIds } };
        },
        status: 400,
        key: "inventory_api.too_many_items",
      },
      {
        name: "trade link missing",
        setup: async () => {
          const me = await withdrawer({ tradeLink: null });
          return { token: me.token, userId: me.user.id, itemIds: me.itemIds, body: { items: me.itemIds } };
        },
        status: 400,
        key: "inventory_api.trade_link_required",
      },
      {
        name: "no deposit",
        setup: async () => {
          const me = await withdrawer({ depositCents: 0 });
          return { token: me.token, userId: me.user.id, itemIds: me.itemIds, body: { items: me.itemIds } };
        },
        status: 403,
        key: "inventory_api.deposit_required",
      },
      {
        name: "item not owned",
        setup: async () => {
          const me = await withdrawer();
          const other = await withdrawer();
          return { token: me.token, userId: me.user.id, itemIds: [...me.itemIds, ...other.itemIds], body: { items: [me.itemIds[0], other.itemIds[0]] } };
        },
        status: 409,
        key: "inventory_api.item_not_found",
      },
      {
        name: "no such item",
        setup: async () => {
          const me = await withdrawer();
          return { token: me.token, userId: me.user.id, itemIds: me.itemIds, body: { items: [me.itemIds[0], 987_654_321] } };
        },
        status: 409,
        key: "inventory_api.item_not_found",
      },
      {
        name: "item staked in a crash bet",
        setup: async () => {
          const me = await withdrawer();
          await stakeInCrash(me.user.id, [me.itemIds[0]!]);
          return { token: me.token, userId: me.user.id, itemIds: me.itemIds, body: { items: me.itemIds } };
        },
        status: 409,
        key: "inventory_api.item_not_found",
      },
      {
        name: "fee above the balance",
        setup: async () => {
          // items worth $100 → fee $20; balance $19.99
          const me = await withdrawer({ prices: [10_000], depositCents: 1_999 });
          return { token: me.token, userId: me.user.id, itemIds: me.itemIds, body: { items: me.itemIds } };
        },
        status: 400,
        key: "inventory_api.insufficient_funds",
      },
    ];
    for (const c of cases) {
      const { token, userId, itemIds, body } = await c.setup();
      const before = await snapshot(userId, itemIds);
      const res = await send(token, body);
      expect(res.status, c.name).toBe(c.status);
      expect(await res.json(), c.name).toEqual(failed(c.key));
      expect(await snapshot(userId, itemIds), c.name).toEqual(before);
    }
    expect((await reconcile(env)).ok).toBe(true);
  });

  it("accepts a fee of exactly the balance", async () => {
    const me = await withdrawer({ prices: [10_000], depositCents: 2_000, mode: "timeout" });
    const res = await send(me.token, { items: me.itemIds });
    expect(res.status).toBe(200);
    expect(await balanceOf(me.user.id)).toBe(0);
  });

  it("waits for the last withdrawal, and knows items already being withdrawn", async () => {
    const me = await withdrawer({ prices: [300, 400], mode: "timeout" });
    expect((await send(me.token, { items: [me.itemIds[0]] })).status).toBe(200);

    const before = await snapshot(me.user.id, me.itemIds);
    const again = await send(me.token, { items: [me.itemIds[1]] });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual(failed("inventory_api.wait_last_withdraw"));
    expect(await snapshot(me.user.id, me.itemIds)).toEqual(before);

    // with the first one no longer open (marked completed by hand, its item still 'withdrawing'),
    // the item still being withdrawn is refused with its own key; once it has left, the other may go
    await env.DB.prepare("UPDATE withdrawals SET status = 'completed' WHERE user_id = ?1").bind(me.user.id).run();
    const stillWithdrawing = await send(me.token, { items: me.itemIds });
    expect(stillWithdrawing.status).toBe(409);
    expect(await stillWithdrawing.json()).toEqual(failed("inventory_api.items_withdrawing"));
    await env.DB.prepare("UPDATE inventory_items SET status = 'withdrawn' WHERE id = ?1").bind(me.itemIds[0]).run();
    expect((await send(me.token, { items: [me.itemIds[1]] })).status).toBe(200);
  });

  it("a double POST of the same items makes one withdrawal; a request_id replay answers the first", async () => {
    const me = await withdrawer({ prices: [700, 800], mode: "timeout" });
    const body = { items: me.itemIds };
    const [a, b] = await Promise.all([send(me.token, body), send(me.token, body)]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = (a.status === 409 ? a : b).json() as Promise<{ message: string }>;
    expect(["inventory_api.wait_last_withdraw", "inventory_api.items_withdrawing"]).toContain((await loser).message);
    expect(await withdrawalsOf(me.user.id)).toHaveLength(1);
    expect(await balanceOf(me.user.id)).toBe(10_000 - 300);

    const other = await withdrawer({ prices: [100], mode: "timeout" });
    const first = await send(other.token, { items: other.itemIds, request_id: "retry-me-1" });
    const replay = await send(other.token, { items: other.itemIds, request_id: "retry-me-1" });
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual(await first.json());
    expect(await withdrawalsOf(other.user.id)).toHaveLength(1);
    expect(await balanceOf(other.user.id)).toBe(10_000 - 20);
    expect((await reconcile(env)).ok).toBe(true);
  });

  it("is switched off (409 withdraw_blocked) while no trade bot is configured", async () => {
    const me = await withdrawer();
    const ctx = createExecutionContext();
    const res = await app.fetch(
      new Request("http://x/api/withdraws/send", {
        method: "POST",
        headers: { Authorization: `Bearer ${me.token}`, "Content-Type": "application/json" },
        body: JSON.stringify({ items: me.itemIds }),
      }),
      { ...env, TRADE_BOT_URL: "" },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual(failed("inventory_api.withdraw_blocked"));
    expect(await itemStatuses(me.itemIds)).toEqual(["available", "available"]);
    expect(await withdrawalsOf(me.user.id)).toHaveLength(0);
  });

  it("refuses visitors and malformed bodies", async () => {
    const visitor = await send(undefined, { items: [1] });
    expect(visitor.status).toBe(401);
    expect(await visitor.json()).toEqual(failed("user_api.unauthorized"));
    expect((await preview(undefined, { items: [1] })).status).toBe(401);

    const me = await withdrawer();
    for (const bad of [{}, { items: "1" }, { items: { abc: 1 } }, { items: [1], request_id: "no spaces allowed" }]) {
      const res = await send(me.token, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(await res.json()).toEqual(failed("app_api.invalid_request"));
    }
    expect(await itemStatuses(me.itemIds)).toEqual(["available", "available"]);
  });
});

describe("POST /api/withdraws/preview", () => {
  it("shows the amount and the 20 % fee without moving anything", async () => {
    const me = await withdrawer({ prices: [1_000, 256] });
    const res = await preview(me.token, { items: Object.fromEntries(me.itemIds.map((id) => [id, 1])) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ amount: 12.56, fee: 2.52, fee_percent: 20 });
    expect(await itemStatuses(me.itemIds)).toEqual(["available", "available"]);
    expect(await balanceOf(me.user.id)).toBe(10_000);
  });

  it("answers the refusal a send would get, with its key", async () => {
    const me = await withdrawer();
    const other = await withdrawer();
    const noLink = await withdrawer({ tradeLink: null });
    const noDeposit = await withdrawer({ depositCents: 0 });
    const poor = await withdrawer({ prices: [10_000], depositCents: 1_999 });
    const busy = await withdrawer({ prices: [100, 200], mode: "timeout" });
    expect((await send(busy.token, { items: [busy.itemIds[0]] })).status).toBe(200);
    const cases: [string, unknown, number, string][] = [
      [me.token, { items: [] }, 400, "inventory_api.item_not_found"],
      [me.token, { items: Array.from({ length: WITHDRAW.maxItems + 1 }, (_, i) => i + 1) }, 400, "inventory_api.too_many_items"],
      [me.token, { items: [other.itemIds[0]] }, 409, "inventory_api.item_not_found"],
      [noLink.token, { items: noLink.itemIds }, 400, "inventory_api.trade_link_required"],
      [noDeposit.token, { items: noDeposit.itemIds }, 403, "inventory_api.deposit_required"],
      [poor.token, { items: poor.itemIds }, 400, "inventory_api.insufficient_funds"],
      [busy.token, { items: [busy.itemIds[1]] }, 409, "inventory_api.wait_last_withdraw"],
    ];
    for (const [token, body, status, key] of cases) {
      const res = await preview(token, body);
      expect(res.status, key).toBe(status);
      expect(await res.json()).toEqual(failed(key));
    }
  });

  it("is switched off like send without a trade bot", async () => {
    const me = await withdrawer();
    const ctx = createExecutionContext();
    const res = await app.fetch(
      new Request("http://x/api/withdraws/preview", {
        method: "POST",
        headers: { Authorization: `Bearer ${me.token}`, "Content-Type": "application/json" },
        body: JSON.stringify({ items: me.itemIds }),
      }),
      { ...env, TRADE_BOT_URL: "" },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual(failed("inventory_api.withdraw_blocked"));
  });
});
