// Which events reach the bell (docs/money.md "Notifications", shared/api/notifications.ts, NOTIFY thresholds): each
// kind is written in the same D1 batch as the move it reports (a replay writes no second row)
// and is pushed live once committed. Withdrawals (sent / completed / canceled) are covered in
// withdraw-queue.test.ts, the quiz prize in chat-quiz.test.ts.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { notificationSchema } from "../../shared/api/user";
import { NOTIFY } from "../../shared/constants";
import { notificationOf, notificationStatement, pushNotification } from "../../worker/lib/notify";
import { placeBet, settleWin, writeRound } from "../../worker/rooms/crash/settlement";
import type { RoundRow } from "../../worker/rooms/crash/effects";
import { makeCase, openCase } from "./cases-fixtures";
import { addCatalogue, crashRound, giveItem } from "./crash-fixtures";
import { deposit, makeUser, post } from "./user-fixtures";
import { batch } from "../../worker/db/sql";

async function bell(userId: number) {
  const { results } = await env.DB.prepare("SELECT name, content, is_read FROM notifications WHERE user_id = ?1 ORDER BY id")
    .bind(userId)
    .all<{ name: string; content: string; is_read: number }>();
  return results;
}

let roundSeq = 700_000;
const round = (id: number, status: RoundRow["status"]): RoundRow => crashRound(id, { status, startedAt: status === "running" ? 2 : null });

/** A pending bet of `bankCents` in a running round. */
async function crashBet(userId: number, bankCents: number) {
  const roundId = ++roundSeq;
  await writeRound(env, round(roundId, "waiting"));
  const item = await giveItem(userId, bankCents);
  const betId = crypto.randomUUID();
  expect((await placeBet(env, { betId, roundId, userId, itemIds: [item], autoWithdraw: 200, now: Date.now() })).ok).toBe(true);
  await writeRound(env, round(roundId, "running"));
  return { betId, roundId };
}

describe("crash wins", () => {
  it("a win above the stake and NOTIFY.crashWinMinCents: one crash_win row in the settlement batch, returned for the push; a replay adds none", async () => {
    const { user } = await makeUser();
    const { betId, roundId } = await crashBet(user.id, 1_000);
    const prize = await addCatalogue(2_400, "Notify Prize");
    const settle = { betId, roundId, userId: user.id, cashout: 250, win: 2_500, winItem: { catalogueId: prize, price: 2_400 }, now: Date.now() };
    const first = await settleWin(env, settle);
    expect(first.done).toBe("settled");
    expect(await bell(user.id)).toEqual([{ name: "crash_win", content: "$25.00 · ×2.50 · Notify Prize", is_read: 0 }]);
    expect(notificationSchema.parse(first.notification)).toMatchObject({ name: "crash_win", content: "$25.00 · ×2.50 · Notify Prize", is_read: false });

    expect(await settleWin(env, settle)).toEqual({ done: "replay" });
    expect(await bell(user.id)).toHaveLength(1);
  });

  it("no row for a cash-out paying only the stake back ($0.05 at ×1.10) nor for a gain under the threshold", async () => {
    const { user } = await makeUser();
    const even = await crashBet(user.id, 5);
    expect(await settleWin(env, { ...even, userId: user.id, cashout: 110, win: 5, winItem: null, now: Date.now() })).toEqual({ done: "settled" });
    const small = await crashBet(user.id, NOTIFY.crashWinMinCents / 2);
    const smallWin = NOTIFY.crashWinMinCents - 1;
    expect(await settleWin(env, { ...small, userId: user.id, cashout: 198, win: smallWin, winItem: null, now: Date.now() })).toMatchObject({ done: "settled" });
    // a win of exactly the stake at a bigger bank, above the threshold: still no gain
    const big = await crashBet(user.id, 5_000);
    expect(await settleWin(env, { ...big, userId: user.id, cashout: 100, win: 5_000, winItem: null, now: Date.now() })).toMatchObject({ done: "settled" });
    expect(await bell(user.id)).toEqual([]);
  });
});

describe("case drops", () => {
  it("a drop at or above NOTIFY.caseDropMinCents: a case_drop row with the item and its price", async () => {
    const kase = await makeCase(100, [{ price: NOTIFY.caseDropMinCents, weight: 1 }]);
    const { user, token } = await makeUser();
    await deposit(user.id, 100);
    const { status, body } = await openCase(token, kase.id);
    expect(status).toBe(200);
    const rows = await bell(user.id);
    expect(rows).toEqual([{ name: "case_drop", content: `${body.winItem.market_hash_name} · $${(NOTIFY.caseDropMinCents / 100).toFixed(2)}`, is_read: 0 }]);
  });

  it("a cheap but rare (Covert) drop notifies; a cheap common one does not; a request_id replay adds nothing", async () => {
    const rare = await makeCase(100, [{ price: 50, weight: 1 }]);
    await env.DB.prepare("UPDATE catalogue SET rarity = 'Covert' WHERE id = ?1").bind(rare.items[0]!.catalogueId).run();
    const common = await makeCase(100, [{ price: 50, weight: 1 }]);
    const { user, token } = await makeUser();
    await deposit(user.id, 300);
    const requestId = crypto.randomUUID();
    const res = await post("/api/cases/open", { id: rare.id, request_id: requestId }, token);
    expect(res.status).toBe(200);
    expect((await post("/api/cases/open", { id: rare.id, request_id: requestId }, token)).status).toBe(200);
    expect((await openCase(token, common.id)).status).toBe(200);
    expect((await bell(user.id)).map((r) => r.name)).toEqual(["case_drop"]);
  });
});

describe("admin balance credit", () => {
  it("one balance_adjusted row with the batch; a replay of the same key adds none", async () => {
    const admin = await makeUser({ isAdmin: true });
    const { user } = await makeUser();
    const body = { user_id: user.id, amount: 5, reason: "compensation", idempotency_key: crypto.randomUUID() };
    expect((await post("/api/admin/users/adjust", body, admin.token)).status).toBe(200);
    expect((await post("/api/admin/users/adjust", body, admin.token)).status).toBe(200);
    expect(await bell(user.id)).toEqual([{ name: "balance_adjusted", content: "+5.00", is_read: 0 }]);
  });
});

describe("the batch helpers", () => {
  it("notificationStatement returns the row a batch wrote; pushNotification sends it as a notification frame", async () => {
    const { user } = await makeUser();
    const results = await batch(env.DB, [notificationStatement({ userId: user.id, name: "deposit", content: "$10.00", createdAt: 123 })]);
    const json = notificationOf(results[0]);
    expect(json).toEqual({ id: expect.any(Number), name: "deposit", content: "$10.00", is_read: false, created_at: 123 });
    const sent: unknown[] = [];
    const HUB_ROOM = {
      idFromName: (name: string) => ({ name }),
      get: () => ({
        notifyUser: async (userId: number, frame: unknown) => {
          sent.push([userId, frame]);
          return { sent: 1 };
        },
      }),
    } as unknown as Env["HUB_ROOM"];
    expect(await pushNotification({ DB: env.DB, HUB_ROOM }, user.id, json)).toBe(true);
    expect(sent).toEqual([[user.id, { event: "notification", data: json }]]);
    expect(await pushNotification({ DB: env.DB, HUB_ROOM }, user.id, null)).toBe(false);
  });
});
