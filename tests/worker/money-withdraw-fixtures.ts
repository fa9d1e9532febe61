// Helpers for the money-withdrawal tests (README "Money withdrawals").
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { reconcile } from "../../worker/books/reconcile";
import { writeWaitingRound } from "./crash-fixtures";
import { catalogueItem, tag, userItem } from "./store-fixtures";
import { deposit, makeUser, post } from "./user-fixtures";

let roundSeq = 91_000;

/** A settled (lost) crash bet of `cents` by the player: it counts as a stake. */
export async function bet(userId: number, cents: number) {
  // a finished round (a waiting one would become the crash room's current round)
  const round = await writeWaitingRound(++roundSeq, {
    status: "crashed",
    crashPoint: 100,
    bank: cents,
    betsCount: 1,
    startedAt: 1,
    crashedAt: 2,
    secretHash: "s",
  });
  await env.DB.prepare("INSERT INTO crash_bets (id, round_id, user_id, bank, auto_withdraw, status) VALUES (?1, ?2, ?3, ?4, 200, 2)")
    .bind(crypto.randomUUID(), round.id, userId, cents)
    .run();
}

/** Items owned by the player, each its own catalogue entry priced `price` cents; their ids. */
export async function items(userId: number, prices: number[]): Promise<number[]> {
  const ids: number[] = [];
  for (const p of prices) ids.push(await userItem(userId, await catalogueItem(p, `Money ${tag()} | Skin (Field-Tested)`), p));
  return ids;
}

/** A player who deposited `depositCents` and bet as much, holding items at `prices`. */
export async function withdrawer(prices: number[], depositCents = 10_000) {
  const { user, token } = await makeUser();
  await deposit(user.id, depositCents);
  await bet(user.id, depositCents);
  return { id: user.id, token, items: await items(user.id, prices) };
}

export const CARD = "4111 1111 1111 1111";

export const create = (token: string, body: Record<string, unknown>) => post("/api/user/createWithdraw", body, token);
export const cancel = (token: string, id: number) => post("/api/user/cancelWithdraw", { id, type: "money" }, token);
export const decide = (token: string, body: Record<string, unknown>) => post("/api/admin/withdraws/decide", body, token);

export async function createOk(token: string, itemIds: number[], sum: number, extra: Record<string, unknown> = {}) {
  const res = await create(token, { sum, wallet: CARD, system: 3, items: itemIds, ...extra });
  expect(res.status).toBe(200);
  return ((await res.json()) as { withdraw: { id: number; status: string } }).withdraw;
}

export async function row(id: number) {
  return env.DB.prepare("SELECT * FROM money_withdrawals WHERE id = ?1")
    .bind(id)
    .first<{ status: string; amount: number; tax: number; payout: number; reason: string | null }>();
}

export async function statuses(ids: number[]) {
  const out: { owner_id: number | null; status: string }[] = [];
  for (const id of ids)
    out.push(
      (await env.DB.prepare("SELECT owner_id, status FROM inventory_items WHERE id = ?1").bind(id).first<{ owner_id: number | null; status: string }>())!,
    );
  return out;
}

export async function booksBalance() {
  const books = await reconcile(env);
  expect(books, JSON.stringify(books)).toMatchObject({ ok: true, moneyWithdrawMismatches: 0, withdrawMismatches: 0, strayWithdrawingItems: 0 });
}
