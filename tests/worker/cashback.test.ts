// Cashback (docs/money.md "Cashback"): the accrual in the crash loss batch (once, even replayed), the
// outbox's one updateCashback per loser per drain, POST /api/user/cashback/take and its rules,
// racing claims, and the books.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { CASHBACK } from "../../shared/constants";
import { reconcile } from "../../worker/books/reconcile";
import { cashbackAccrualStatements } from "../../worker/cashback/accrual";
import { claimCashback } from "../../worker/cashback/claim";
import { batch } from "../../worker/db/sql";
import { writeSetting } from "../../worker/lib/settings";
import { Outbox, type OutboxEntry } from "../../worker/rooms/crash/outbox";
import { placeBet, settleLoss, settleLossGroup } from "../../worker/rooms/crash/settlement";
import { giveItem, writeWaitingRound } from "./crash-fixtures";
import { balanceOf, deposit, makeUser, post } from "./user-fixtures";

let roundSeq = 7000;

/** A pending crash bet of `cents` by a fresh (or given) player. */
async function pendingBet(cents: number, userId?: number) {
  const id = userId ?? (await makeUser()).user.id;
  const roundId = (await writeWaitingRound(++roundSeq)).id;
  const item = await giveItem(id, cents);
  const betId = crypto.randomUUID();
  expect((await placeBet(env, { betId, roundId, userId: id, itemIds: [item], autoWithdraw: 999_999, now: Date.now() })).ok).toBe(true);
  return { betId, roundId, userId: id };
}

async function cashbackOf(userId: number): Promise<number> {
  return (await env.DB.prepare("SELECT cashback FROM users WHERE id = ?1").bind(userId).first<number>("cashback")) ?? -1;
}
async function accrualsOf(userId: number): Promise<number> {
  return (await env.DB.prepare("SELECT COUNT(*) AS n FROM cashback_accruals WHERE user_id = ?1").bind(userId).first<number>("n")) ?? -1;
}
/** Seeds cashback the way a game's loss batch does. */
async function accrue(userId: number, lostCents: number) {
  await batch(env.DB, cashbackAccrualStatements({ userId, lostCents, ref: `test:${crypto.randomUUID()}`, now: Date.now() }));
}
/** A player who may claim: deposits at the minimum, `cashback` hundredths of a cent. */
async function eligible(lostCents: number) {
  const { user, token } = await makeUser();
  await deposit(user.id, CASHBACK.minDepositCents);
  await accrue(user.id, lostCents);
  return { id: user.id, token };
}
const take = (token: string) => post("/api/user/cashback/take", {}, token);

describe("accrual in the crash settlement", () => {
  it("a lost bet accrues 2.5 % of its bank in hundredths of a cent, once; a replay accrues nothing", async () => {
    const bet = await pendingBet(1_234);
    expect(await settleLoss(env, { ...bet, now: Date.now() })).toEqual({ done: "settled" });
    expect(await cashbackOf(bet.userId)).toBe(3_085); // 1234 × 25 / 10 = 3085 (30.85¢)
    expect(await settleLoss(env, { ...bet, now: Date.now() })).toEqual({ done: "replay" });
    expect(await cashbackOf(bet.userId)).toBe(3_085);
    expect(await accrualsOf(bet.userId)).toBe(1);
    expect(await reconcile(env)).toMatchObject({ ok: true, cashbackMismatches: 0 });
  });

  it("a grouped loss batch accrues each bet; a group with a replayed bet lands nothing", async () => {
    const { user } = await makeUser();
    const a = await pendingBet(1, user.id);
    const b = await pendingBet(400, user.id);
    await settleLossGroup(
      env,
      [a, b].map((x) => ({ ...x, now: 5 })),
    );
    expect(await cashbackOf(user.id)).toBe(2 + 1_000); // 1¢ → 2 (2.5 floored), $4 → 10¢
    await expect(
      settleLossGroup(
        env,
        [a, b].map((x) => ({ ...x, now: 6 })),
      ),
    ).rejects.toThrow();
    expect(await cashbackOf(user.id)).toBe(1_002);
    expect(await accrualsOf(user.id)).toBe(2);
  });

  it("the same accrual ref twice is a replay: the batch fails whole", async () => {
    const { user } = await makeUser();
    const ref = `test:${crypto.randomUUID()}`;
    await batch(env.DB, cashbackAccrualStatements({ userId: user.id, lostCents: 100, ref, now: 1 }));
    await expect(batch(env.DB, cashbackAccrualStatements({ userId: user.id, lostCents: 100, ref, now: 2 }))).rejects.toThrow(/batch_guard:key\.replayed/);
    expect(await cashbackOf(user.id)).toBe(250);
  });
});

describe("the outbox pushes updateCashback once per loser per drain", () => {
  it("two lost bets of one player in a round: one frame with the new total; a replayed drain pushes nothing", async () => {
    const { user } = await makeUser();
    const bets = [await pendingBet(200, user.id), await pendingBet(100, user.id), await pendingBet(300)];
    const pushed: Array<{ userId: number; frame: { event: string; data: unknown } }> = [];
    const HUB_ROOM = {
      idFromName: (name: string) => ({ name }),
      get: () => ({
        notifyUser: async (userId: number, frame: { event: string; data: unknown }) => {
          pushed.push({ userId, frame });
          return { sent: 1 };
        },
        notifyUsers: async (pushes: Array<{ userId: number; frame: { event: string; data: unknown } }>) => {
          pushed.push(...pushes);
          return { sent: pushes.length, refused: 0 };
        },
      }),
    } as unknown as Env["HUB_ROOM"];
    const map = new Map<string, unknown>();
    const storage = {
      list: async ({ prefix }: { prefix: string }) => new Map([...map].filter(([k]) => k.startsWith(prefix))),
      get: async (keys: string[]) => new Map(keys.filter((k) => map.has(k)).map((k) => [k, map.get(k)])),
      put: async (entries: Record<string, unknown>) => {
        for (const [k, v] of Object.entries(entries)) map.set(k, structuredClone(v));
      },
      delete: async (keys: string[]) => {
        for (const k of keys) map.delete(k);
      },
    } as unknown as DurableObjectStorage;
    const outbox = new Outbox(storage, { ...env, HUB_ROOM });
    const entries: OutboxEntry[] = bets.map((b) => ({ kind: "settle", settlement: { kind: "loss", ...b } }));
    await storage.put(outbox.stage(entries));
    await outbox.drain();
    const frames = pushed.filter((p) => p.frame.event === "updateCashback");
    expect(frames.filter((p) => p.userId === user.id)).toEqual([{ userId: user.id, frame: { event: "updateCashback", data: { cashback: 750 } } }]);
    expect(frames.filter((p) => p.userId === bets[2]!.userId)).toHaveLength(1);
    pushed.length = 0;
    await storage.put(outbox.stage(entries.slice(0, 1))); // the room re-staging a settled loss
    await outbox.drain();
    expect(pushed.filter((p) => p.frame.event === "updateCashback")).toEqual([]);
    expect(await cashbackOf(user.id)).toBe(750);
  });
});

describe("POST /api/user/cashback/take", () => {
  it("moves the whole cents to the balance as a house-paid credit; the sub-cent rest stays", async () => {
    const p = await eligible(1_234); // 3085 → 30¢ taken, 85 left
    const before = await reconcile(env);
    const res = await take(p.token);
    expect(res.status).toBe(200);
    const body = await res.json<Record<string, unknown>>();
    expect(body).toMatchObject({ type: "success", message: "cashback_api.taken", amount: 0.3, cashback: 85, balance: 10.3 });
    expect(body.next_take_at).toBeGreaterThan(Date.now() + CASHBACK.periodMs - 60_000);
    expect(await balanceOf(p.id)).toBe(1_030);
    expect(await cashbackOf(p.id)).toBe(85);
    const rows = await env.DB.prepare(
      "SELECT account, delta, kind FROM ledger WHERE kind = 'cashback' AND idempotency_key LIKE 'cashback:take:%' AND (user_id = ?1 OR user_id IS NULL) ORDER BY id DESC LIMIT 2",
    )
      .bind(p.id)
      .all();
    expect(rows.results).toEqual(
      expect.arrayContaining([
        { account: "user", delta: 30, kind: "cashback" },
        { account: "house", delta: -30, kind: "cashback" },
      ]),
    );
    const bell = await env.DB.prepare("SELECT name, content FROM notifications WHERE user_id = ?1").bind(p.id).all();
    expect(bell.results).toEqual([{ name: "cashback", content: "$0.30" }]);
    const after = await reconcile(env);
    expect(after).toMatchObject({ ok: true, cashbackMismatches: 0 });
    expect(after.cashbackPaid - before.cashbackPaid).toBe(30);
    expect(after.houseBalance - before.houseBalance).toBe(-30);
  });

  it("refuses under one cent: nothing_to_take, nothing moves", async () => {
    const p = await eligible(39); // 97 hundredths: under a cent
    const res = await take(p.token);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ type: "error", message: "cashback_api.nothing_to_take" });
    expect(await cashbackOf(p.id)).toBe(97);
    expect(await balanceOf(p.id)).toBe(CASHBACK.minDepositCents);
  });

  it("refuses a player whose deposits are below the minimum", async () => {
    const { user, token } = await makeUser();
    await deposit(user.id, CASHBACK.minDepositCents - 1);
    await accrue(user.id, 10_000);
    const res = await take(token);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ message: "cashback_api.min_deposit", min_deposit: CASHBACK.minDepositCents / 100 });
    expect(await cashbackOf(user.id)).toBe(25_000);
    expect(await balanceOf(user.id)).toBe(CASHBACK.minDepositCents - 1);
  });

  it("refuses a second take within 24 h and names the time the next one is possible; after it, pays", async () => {
    const p = await eligible(1_000);
    const t0 = 1_900_000_000_000;
    const first = await claimCashback(env, p.id, t0);
    expect(first).toMatchObject({ ok: true, cents: 25, cashback: 0 });
    await accrue(p.id, 1_000);
    expect(await claimCashback(env, p.id, t0 + CASHBACK.periodMs - 1)).toEqual({
      ok: false,
      key: "cashback_api.too_soon",
      nextClaimAt: t0 + CASHBACK.periodMs,
    });
    expect(await claimCashback(env, p.id, t0 + CASHBACK.periodMs)).toMatchObject({ ok: true, cents: 25 });
    expect(await balanceOf(p.id)).toBe(CASHBACK.minDepositCents + 50);
    expect(await reconcile(env)).toMatchObject({ ok: true, cashbackMismatches: 0 });
  });

  it("answers too_soon over HTTP with next_take_at", async () => {
    const p = await eligible(1_000);
    expect((await take(p.token)).status).toBe(200);
    await accrue(p.id, 1_000);
    const res = await take(p.token);
    expect(res.status).toBe(409);
    const body = await res.json<{ message: string; next_take_at: number }>();
    expect(body.message).toBe("cashback_api.too_soon");
    expect(body.next_take_at).toBeGreaterThan(Date.now() + CASHBACK.periodMs - 60_000);
  });

  it("two racing takes pay once", async () => {
    const p = await eligible(4_000); // 10 000 hundredths = $1
    const now = Date.now();
    const results = await Promise.all([claimCashback(env, p.id, now), claimCashback(env, p.id, now), claimCashback(env, p.id, now + 1)]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    for (const r of results.filter((r) => !r.ok)) expect(r).toMatchObject({ key: "cashback_api.too_soon" });
    expect(await balanceOf(p.id)).toBe(CASHBACK.minDepositCents + 100);
    expect(await cashbackOf(p.id)).toBe(0);
    expect(await reconcile(env)).toMatchObject({ ok: true, cashbackMismatches: 0 });
  });

  it("refuses during maintenance and visitors, moving nothing", async () => {
    const p = await eligible(1_000);
    await writeSetting(env, "maintenance", "true");
    try {
      const res = await take(p.token);
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ message: "app_api.maintenance" });
    } finally {
      await writeSetting(env, "maintenance", "false");
    }
    expect(await cashbackOf(p.id)).toBe(2_500);
    expect((await post("/api/user/cashback/take", {})).status).toBe(401);
  });

  it("/api/user/get carries the cashback in hundredths of a cent", async () => {
    const p = await eligible(1);
    const body = await (await post("/api/user/get", {}, p.token)).json<{ user: { cashback: number } }>();
    expect(body.user.cashback).toBe(2);
  });
});
