// The trade batch's own guards (worker/store/trade.ts: one batch, nothing read before it), reached
// by changing the world right before the batch runs: a store unit taken, the balance spent, a given
// item staked. The whole batch must be refused and nothing may move.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { reconcile } from "../../worker/books/reconcile";
import { userBalanceStatements } from "../../worker/db/ledger";
import { buy, sell, type TradeRequest } from "../../worker/store/trade";
import { deposit, makeUser } from "./user-fixtures";
import { catalogueItem, houseUnits, item, snapshot, stakeInCrash, tag, userItem } from "./store-fixtures";
import { batch } from "../../worker/db/sql";

/** env whose D1 runs `meanwhile` right before the trade's batch (its first and only one). */
function interleaved(meanwhile: () => Promise<void>): Pick<Env, "DB"> {
  let batches = 0;
  const DB = new Proxy(env.DB, {
    get(target, prop) {
      if (prop === "batch") {
        return async (statements: D1PreparedStatement[]) => {
          batches += 1;
          if (batches === 1) await meanwhile();
          return target.batch(statements);
        };
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { DB };
}

const request = (userId: number, fields: Partial<TradeRequest>): TradeRequest => ({
  userId,
  buyIds: [],
  sellIds: [],
  requestId: crypto.randomUUID(),
  taxPercent: 10,
  ...fields,
});

describe("the trade batch refuses a world that changed after the check", () => {
  it("the last store unit taken meanwhile: items_unavailable, nothing moves (the exchange part neither)", async () => {
    const t = tag();
    const cat = await catalogueItem(300, `Store ${t} | Snatched`);
    const [unit] = await houseUnits(cat);
    const { user } = await makeUser();
    await deposit(user.id, 1_000);
    const giveCat = await catalogueItem(100, `Store ${t} | Given`);
    const mine = await userItem(user.id, giveCat, 100);
    let before: Awaited<ReturnType<typeof snapshot>> | undefined;
    const outcome = await buy(
      interleaved(async () => {
        await env.DB.prepare("UPDATE inventory_items SET status = 'quiz' WHERE id = ?1").bind(unit).run();
        before = await snapshot();
      }),
      request(user.id, { buyIds: [cat], sellIds: [mine] }),
    );
    expect(outcome).toEqual({ ok: false, key: "storehouse_api.items_unavailable" });
    expect(await snapshot()).toEqual(before);
    expect(await item(mine)).toMatchObject({ owner_id: user.id, status: "available" });
  });

  it("the balance spent meanwhile: insufficient_funds, nothing moves", async () => {
    const t = tag();
    const cat = await catalogueItem(300, `Store ${t} | Spent`);
    const [unit] = await houseUnits(cat);
    const { user } = await makeUser();
    await deposit(user.id, 300);
    let before: Awaited<ReturnType<typeof snapshot>> | undefined;
    const outcome = await buy(
      interleaved(async () => {
        await batch(env.DB, userBalanceStatements({ userId: user.id, delta: -1, kind: "withdrawal", idempotencyKey: `spend-${t}` }));
        before = await snapshot();
      }),
      request(user.id, { buyIds: [cat] }),
    );
    expect(outcome).toEqual({ ok: false, key: "storehouse_api.insufficient_funds" });
    expect(await snapshot()).toEqual(before);
    expect(await item(unit!)).toMatchObject({ owner_id: null, status: "available" });
  });

  it("an item staked in a crash bet meanwhile: the sale is refused, nothing moves", async () => {
    const t = tag();
    const cat = await catalogueItem(500, `Store ${t} | Staked`);
    const { user } = await makeUser();
    const a = await userItem(user.id, cat, 500);
    const b = await userItem(user.id, cat, 500);
    let before: Awaited<ReturnType<typeof snapshot>> | undefined;
    const outcome = await sell(
      interleaved(async () => {
        await stakeInCrash(user.id, [b]);
        before = await snapshot();
      }),
      request(user.id, { sellIds: [a, b] }),
    );
    expect(outcome).toEqual({ ok: false, key: "storehouse_api.items_unavailable" });
    expect(await snapshot()).toEqual(before);
    expect(await item(a)).toMatchObject({ owner_id: user.id, status: "available" });
    expect(await item(b)).toMatchObject({ owner_id: user.id, status: "in_bet" });
    expect((await reconcile(env)).ok).toBe(true);
  });

  it("with several units in stock a unit taken meanwhile is no conflict: the next one is picked", async () => {
    const t = tag();
    const cat = await catalogueItem(200, `Store ${t} | Next`);
    const [first, second] = await houseUnits(cat, 2);
    const { user } = await makeUser();
    await deposit(user.id, 200);
    const outcome = await buy(
      interleaved(async () => {
        await env.DB.prepare("UPDATE inventory_items SET status = 'quiz' WHERE id = ?1").bind(first).run();
      }),
      request(user.id, { buyIds: [cat] }),
    );
    expect(outcome).toMatchObject({ ok: true, answer: { balance: 0, items: [{ myId: second }] } });
    expect((await reconcile(env)).ok).toBe(true);
  });
});

// Without the route's per-user lock (worker/store/lock.ts) two trades of one user can meet in D1:
// the one batch keeps them apart on its own.
describe("one batch per trade, without the route's lock", () => {
  it("one request_id twice at once: one trade pays, the other answers it (replay)", async () => {
    const t = tag();
    const cat = await catalogueItem(250, `Store ${t} | Twice`);
    await houseUnits(cat, 3);
    const { user } = await makeUser();
    await deposit(user.id, 1_000);
    const r = request(user.id, { buyIds: [cat] });
    const [a, b] = await Promise.all([buy(env, r), buy(env, r)]);
    expect([a.ok, b.ok]).toEqual([true, true]);
    expect([a.ok && a.replay, b.ok && b.replay].sort()).toEqual([false, true]);
    expect(a.ok && b.ok && a.answer).toEqual(b.ok && b.answer);
    expect(await env.DB.prepare("SELECT balance FROM users WHERE id = ?1").bind(user.id).first("balance")).toBe(750);
    expect((await reconcile(env)).ok).toBe(true);
  });

  it("one item given in two exchanges at once: it moves once, the other trade moves nothing", async () => {
    const t = tag();
    const cat = await catalogueItem(300, `Store ${t} | Wanted`);
    await houseUnits(cat, 2);
    const giveCat = await catalogueItem(300, `Store ${t} | GivenTwice`);
    const { user } = await makeUser();
    const mine = await userItem(user.id, giveCat, 300);
    await deposit(user.id, 100);
    const outcomes = await Promise.all([
      buy(env, request(user.id, { buyIds: [cat], sellIds: [mine] })),
      buy(env, request(user.id, { buyIds: [cat], sellIds: [mine] })),
    ]);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.find((o) => !o.ok)).toEqual({ ok: false, key: "storehouse_api.items_unavailable" });
    // 100 + 300 − 30 tax − 300
    expect(await env.DB.prepare("SELECT balance FROM users WHERE id = ?1").bind(user.id).first("balance")).toBe(70);
    expect(await item(mine)).toMatchObject({ owner_id: null, status: "available" });
    expect((await reconcile(env)).ok).toBe(true);
  });
});
